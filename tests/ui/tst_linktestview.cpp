// SPDX-License-Identifier: MIT
// The link test's live charts, fed with samples recorded on sparklab (both
// twins of a healthy cable at once, and a degraded cable), as the runner
// sends them: twin samples, port totals, latency, then each link's verdict.
#include "core/linktest/iperf3parser.h"
#include "core/linktest/livetotals.h"
#include "ui/linktest/linktestview.h"
#include "ui/linktest/throughputchart.h"
#include "ui/wizard/linktestpage.h"
#include "ui/wizard/setupwizard.h"

#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QFile>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QLineSeries>
#include <QLegendMarker>
#include <QLegend>
#include <QChart>
#include <QTest>

#include "support/screenshots.h"

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

const QString healthy = QStringLiteral("spark-1:0-spark-2:1");
const QString degraded = QStringLiteral("spark-2:0-spark-3:1");

QList<LinkSample> recorded(const QString &file, const QString &link, int twin, LinkPhase phase)
{
    QFile f(QStringLiteral(SPARK_FIXTURES_DIR "/linktest/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(file));
    Iperf3Parser parser(4);
    auto lines = parser.feed(f.readAll());
    lines += parser.finish();
    return Iperf3Parser::samples(lines, {link, twin, phase, true, phase == LinkPhase::BToA});
}

LinkTestRun planned()
{
    LinkTestRun run;
    run.cluster = QStringLiteral("ring");
    run.scale = 0.01;
    run.expectedGbps = 184;
    run.links.append(LinkResult{healthy, QStringLiteral("cable 1"), QStringLiteral("spark-1"), 0, QStringLiteral("spark-2"), 1,
                                QStringLiteral("tcp"), {}, -1, 0, {}, {}});
    run.links.append(LinkResult{degraded, QStringLiteral("cable 2"), QStringLiteral("spark-2"), 0, QStringLiteral("spark-3"), 1,
                                QStringLiteral("tcp"), {}, -1, 0, {}, {}});
    return run;
}

// What the runner would send for the two links, in order; returns the samples fed.
QList<LinkSample> feed(LinkTestView &view)
{
    LinkTestRun run = planned();
    view.start(run);
    QList<LinkSample> all;
    const auto send = [&](const QList<LinkSample> &twin0, const QList<LinkSample> &twin1) {
        LiveTotals totals;
        for (qsizetype i = 0; i < std::max(twin0.size(), twin1.size()); ++i) {
            for (const QList<LinkSample> *twin : {&twin0, &twin1}) {
                if (i >= twin->size())
                    continue;
                all.append(twin->at(i));
                view.addSample(twin->at(i));
                if (const auto total = totals.feed(twin->at(i))) {
                    all.append(*total);
                    view.addSample(*total);
                }
            }
        }
    };
    view.setLatency(healthy, 48, 0);
    for (LinkPhase phase : {LinkPhase::AToB, LinkPhase::BToA})
        send(recorded(QStringLiteral("sparklab-iperf3-twin0-P4.txt"), healthy, 0, phase),
             recorded(QStringLiteral("sparklab-iperf3-twin1-P4.txt"), healthy, 1, phase));
    const LinkExpectation expectation{184, 0.01};
    const auto judge = [&](LinkResult result, const QList<LinkSample> &samples) {
        result.throughput = PortThroughput::fromSamples(samples);
        QList<LinkObservation> observations;
        for (const PortThroughput &port : std::as_const(result.throughput))
            observations.append(LinkObservation{result.label, result.nodeA, result.portA, false, port, 200000, 0, 0, {}, {}, false});
        result.verdict = LinkVerdict::judge(observations, expectation);
        view.setResult(result);
        return result;
    };
    judge(run.links.at(0), all);
    view.setLatency(degraded, 52, 0);
    const qsizetype before = all.size();
    send(recorded(QStringLiteral("sparklab-iperf3-degraded-P4.txt"), degraded, 0, LinkPhase::AToB),
         recorded(QStringLiteral("sparklab-iperf3-degraded-P4.txt"), degraded, 1, LinkPhase::AToB));
    judge(run.links.at(1), all.mid(before));
    return all;
}

} // namespace

class TestLinkTestView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void linksSideBySideKeepTheShownChartUntilItsResult()
    {
        // Two links measured at once send their samples interleaved: the tab
        // follows the first link with samples, stays there while the other
        // link's samples arrive, and moves on once its result is in.
        LinkTestView view;
        view.start(planned());
        auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("linkTestTabs"));
        QVERIFY(tabs);
        const QList<LinkSample> first = recorded(QStringLiteral("sparklab-iperf3-twin0-P4.txt"), healthy, 0, LinkPhase::AToB);
        const QList<LinkSample> second = recorded(QStringLiteral("sparklab-iperf3-degraded-P4.txt"), degraded, 0, LinkPhase::AToB);
        QVERIFY(first.size() >= 2 && second.size() >= 3);
        for (qsizetype i = 0; i < 2; ++i) {
            view.addSample(first.at(i));
            view.addSample(second.at(i));
            QCOMPARE(tabs->currentWidget(), view.chart(healthy));
        }
        LinkResult done = planned().links.at(0);
        done.verdict = LinkVerdict{true, LinkVerdictReason::Pass, QStringLiteral("fine")};
        view.setResult(done);
        view.addSample(second.at(2));
        QCOMPARE(tabs->currentWidget(), view.chart(degraded));
        QCOMPARE(view.chart(healthy)->pointCount(), 2);
        QCOMPARE(view.chart(degraded)->pointCount(), 3);
    }

    void everySampleIsDrawnAndEveryLinkJudged()
    {
        LinkTestView view;
        const QList<LinkSample> samples = feed(view);
        int healthyPoints = 0;
        int degradedPoints = 0;
        for (const LinkSample &sample : samples)
            (sample.link == healthy ? healthyPoints : degradedPoints) += 1;
        QVERIFY(healthyPoints >= 2 * 2 * 3); // two phases, two twins, three seconds, plus the totals
        QCOMPARE(view.chart(healthy)->pointCount(), healthyPoints);
        QCOMPARE(view.chart(degraded)->pointCount(), degradedPoints);
        auto *table = view.findChild<QTableWidget *>(QStringLiteral("linkTestResults"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 2);
        QVERIFY2(table->item(0, 3)->text().startsWith(QLatin1String("Pass")), qPrintable(table->item(0, 3)->text()));
        QVERIFY2(table->item(1, 3)->text().contains(QLatin1String("reboot both Sparks")), qPrintable(table->item(1, 3)->text()));
        QVERIFY(table->item(0, 2)->text().contains(QLatin1String("48")));
        auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("linkTestTabs"));
        QCOMPARE(tabs->count(), 3); // summary and one per link
    }

    void theWizardPageWaitsForAJob()
    {
        LinkTestPage standalone; // on its own, as the main window may show it
        auto *page = &standalone;
        QVERIFY(!page->isComplete());
        auto *start = page->findChild<QPushButton *>(QStringLiteral("startLinkTest"));
        QVERIFY(start);
        QVERIFY(!start->isEnabled());
        LinkTestJob job;
        page->setJob(job);
        QVERIFY(start->isEnabled());
        QVERIFY(!page->findChild<QPushButton *>(QStringLiteral("cancelLinkTest"))->isEnabled());
    }

    void anEarlierRunIsShownAndExported()
    {
        LinkTestPage page;
        LinkTestRun run = planned();
        run.started = QDateTime(QDate(2026, 11, 26), QTime(9, 30), Qt::UTC);
        run.links[0].throughput = PortThroughput::fromSamples(
            recorded(QStringLiteral("sparklab-iperf3-twin0-P4.txt"), healthy, 0, LinkPhase::AToB)
            + recorded(QStringLiteral("sparklab-iperf3-twin1-P4.txt"), healthy, 1, LinkPhase::AToB));
        run.links[0].verdict = LinkVerdict{true, LinkVerdictReason::Pass, QStringLiteral("Cable 1 reaches 1.9 Gb/s.")};
        run.links[0].latencyUs = 48;
        QVERIFY(!page.exportResults(QDir::temp().filePath(QStringLiteral("never.csv"))));
        page.showRun(run);
        QVERIFY(page.isComplete());
        auto *table = page.findChild<QTableWidget *>(QStringLiteral("linkTestResults"));
        QVERIFY(table->item(0, 1)->text().startsWith(QLatin1String("1.9")));
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("run.csv"));
        const QString json = dir.filePath(QStringLiteral("run.json"));
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(page.exportResults(csv));
        QVERIFY(page.exportResults(json));
        QVERIFY(page.saveChart(png));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(csvFile.readAll()), run.toCsv());
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const auto back = LinkTestRun::fromJson(QJsonDocument::fromJson(jsonFile.readAll()).object());
        QVERIFY(back);
        QCOMPARE(back->links.first().verdict.sentence, run.links.first().verdict.sentence);
        QVERIFY(!QImage(png).isNull());
        QVERIFY(!page.exportResults(QStringLiteral("/nonexistent-folder/run.csv")));
    }

    // A line is not drawn across a phase in which it had no samples: twin 0's
    // A→B line of the A→B phase and of the "both at once" phase are two pieces,
    // with the B→A phase between them empty of it.
    void noLineCrossesAPhaseWithoutItsSamples()
    {
        ThroughputChart chart(QStringLiteral("cable 1"), 1.84);
        chart.resize(640, 360);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QString link = QStringLiteral("l");
        // The phases one after the other, as the runner measures them.
        for (int second = 1; second <= 3; ++second)
            chart.addSample(LinkSample{double(second), link, 0, LinkPhase::AToB, LinkDirection::AToB, 0.9});
        for (int second = 1; second <= 3; ++second)
            chart.addSample(LinkSample{double(second), link, 0, LinkPhase::BToA, LinkDirection::BToA, 0.9});
        for (int second = 1; second <= 3; ++second) {
            chart.addSample(LinkSample{double(second), link, 0, LinkPhase::Both, LinkDirection::AToB, 0.9});
            chart.addSample(LinkSample{double(second), link, 0, LinkPhase::Both, LinkDirection::BToA, 0.9});
        }
        chart.flush();
        const QList<QLineSeries *> forward = chart.segments(0, LinkDirection::AToB);
        QCOMPARE(forward.size(), 2);
        const QList<QLineSeries *> backward = chart.segments(0, LinkDirection::BToA);
        QCOMPARE(backward.size(), 2);
        QCOMPARE(chart.pointCount(), 12);
        // The first A→B piece ends before the B→A phase begins; the second starts after it.
        const double firstEnd = forward.at(0)->points().constLast().x();
        const double backwardStart = backward.at(0)->points().constFirst().x();
        const double backwardEnd = backward.at(0)->points().constLast().x();
        const double secondStart = forward.at(1)->points().constFirst().x();
        QVERIFY(firstEnd < backwardStart && backwardEnd < secondStart);
        for (QLineSeries *piece : forward + backward)
            QCOMPARE(piece->count(), 3);
        // Each line is named once in the legend: its later pieces have no marker shown.
        QTest::qWait(100); // the legend lays its markers out on the event loop
        QLegend *legend = chart.chart()->legend();
        QVERIFY(legend->markers(forward.at(0)).constFirst()->isVisible());
        QVERIFY(!legend->markers(forward.at(1)).constFirst()->isVisible());
        QVERIFY(!legend->markers(backward.at(1)).constFirst()->isVisible());
    }

    void chartLoad()
    {
        // The load: 8 series at 10 samples a second for 60 s. Each tick
        // the chart draws what came (one flush and one repaint per tick: more
        // than the event loop would do); the sum is the GUI thread's busy time
        // over the 60 s the samples take (the benchmark prints the ratio).
        // A chart holds six series (two twins and the port, each way): two charts for eight.
        QWidget window;
        auto *first = new ThroughputChart(QStringLiteral("cable 1"), 1.84, &window);
        auto *second = new ThroughputChart(QStringLiteral("cable 2"), 1.84, &window);
        first->setGeometry(0, 0, 640, 360);
        second->setGeometry(0, 360, 640, 360);
        window.resize(640, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QElapsedTimer timer;
        timer.start();
        int fed = 0;
        for (int tick = 1; tick <= 600; ++tick) {
            for (int series = 0; series < 8; ++series) {
                const int twin = series % 3 == 2 ? LinkSample::wholePort : series % 3;
                const LinkDirection direction = series % 6 < 3 ? LinkDirection::AToB : LinkDirection::BToA;
                (series < 6 ? first : second)
                    ->addSample(LinkSample{tick / 10.0, QStringLiteral("l"), twin, LinkPhase::Both, direction, 0.9 + 0.01 * series});
                ++fed;
            }
            first->flush();
            second->flush();
            window.repaint();
        }
        QCOMPARE(first->pointCount() + second->pointCount(), fed);
        qInfo("chart: %d samples and %d repaints in %lld ms", fed, 600, timer.elapsed());
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        LinkTestPage page;
        feed(*page.view());
        page.view()->setProgress(0.66, LinkTestView::tr("Measuring %1, %2.").arg(QStringLiteral("cable 2"), QStringLiteral("A to B")));
        auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("linkTestTabs"));
        page.resize(760, 560);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTest::qWait(100); // the charts draw what came a moment later
        tabs->setCurrentIndex(1);
        QVERIFY(saveScreenshot(page, QStringLiteral("linktest-page"), look));
        tabs->setCurrentIndex(2);
        QVERIFY(saveScreenshot(page, QStringLiteral("linktest-degraded"), look));
        tabs->setCurrentIndex(0);
        QVERIFY(saveScreenshot(page, QStringLiteral("linktest-summary"), look));
        tabs->setCurrentIndex(1);
        page.resize(420, 360);
        QTest::qWait(100);
        QVERIFY(saveScreenshot(page, QStringLiteral("linktest-page-small"), look));
    }
};

QTEST_MAIN(TestLinkTestView)
#include "tst_linktestview.moc"
