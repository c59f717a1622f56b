// SPDX-License-Identifier: MIT
// The link-test window with no SSH: canned runs of a cluster kept in its
// history, shown again and compared; the comparison's figures; the exports;
// the controls as the runner's options; a run that cannot be planned.
#include "core/linktest/linktesthistory.h"
#include "ui/linktest/linktestview.h"
#include "ui/linktest/linktestwindow.h"
#include "ui/linktest/runcomparisonview.h"
#include "ui/linktest/throughputchart.h"

#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "support/historyfile.h"
#include "support/screenshots.h"

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

const QString cluster = QStringLiteral("ring");

LinkResult link(const QString &id, const QString &label, double gbps, bool pass)
{
    LinkResult result;
    result.link = id;
    result.label = label;
    result.nodeA = QStringLiteral("spark-1");
    result.nodeB = QStringLiteral("spark-2");
    result.method = QStringLiteral("tcp");
    // Each phase's means, as a kept run has them; the slowest is `gbps`.
    result.throughput = {PortThroughput{id, LinkPhase::AToB, LinkDirection::AToB, {gbps / 2, gbps / 2}, {9, 9}, gbps},
                         PortThroughput{id, LinkPhase::BToA, LinkDirection::BToA, {gbps, gbps}, {9, 9}, 2 * gbps}};
    result.latencyUs = 48;
    result.verdict = {pass, pass ? LinkVerdictReason::Pass : LinkVerdictReason::Degraded,
                      pass ? QStringLiteral("%1 carries what it should.").arg(label)
                           : QStringLiteral("%1 carries half of what it should: reseat the cable.").arg(label)};
    return result;
}

// The same link with the per-second readings a run keeps since it keeps them:
// three seconds of each phase, each twin and the port.
LinkResult withSamples(LinkResult result)
{
    for (const PortThroughput &port : std::as_const(result.throughput)) {
        for (int second = 1; second <= 3; ++second) {
            for (int twin : {0, 1, LinkSample::wholePort})
                result.samples.append(LinkSample{double(second), result.link, twin, port.phase, port.direction,
                                                 twin == LinkSample::wholePort ? port.totalGbps : port.twinGbps[size_t(twin)]});
        }
    }
    return result;
}

LinkTestRun run(const QDateTime &started, const QList<LinkResult> &links)
{
    LinkTestRun r;
    r.cluster = cluster;
    r.started = started;
    r.scale = 0.01;
    r.links = links;
    return r;
}

// Last week's: both cables pass.
LinkTestRun earlier()
{
    return run(QDateTime(QDate(2026, 3, 1), QTime(16, 40), Qt::UTC),
               {link(QStringLiteral("c1"), QStringLiteral("cable 1"), 1.80, true),
                link(QStringLiteral("c2"), QStringLiteral("cable 2"), 1.80, true)});
}

// Today's: cable 2 at half its rate, and a third cable added; kept with its samples.
LinkTestRun later()
{
    return run(QDateTime(QDate(2026, 3, 2), QTime(10, 15), Qt::UTC),
               {withSamples(link(QStringLiteral("c1"), QStringLiteral("cable 1"), 1.83, true)),
                withSamples(link(QStringLiteral("c2"), QStringLiteral("cable 2"), 0.90, false)),
                withSamples(link(QStringLiteral("c3"), QStringLiteral("cable 3"), 1.85, true))});
}

QString historyIn(const QTemporaryDir &dir, const QList<LinkTestRun> &runs)
{
    return spark::testsupport::historyIn<LinkTestHistory>(dir, QStringLiteral("linktests.json"), runs);
}

QTableWidget *resultsOf(const LinkTestWindow &window)
{
    return window.view()->findChild<QTableWidget *>(QStringLiteral("linkTestResults"));
}

} // namespace

class TestLinkTestWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void theControlsAreTheRunnersOptions_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("seconds");
        QTest::addColumn<int>("direction");
        QTest::addColumn<int>("expectedMode");
        QTest::addColumn<bool>("tcpWhereRdmaCannot");
        QTest::addColumn<QList<LinkPhase>>("phases");
        QTest::newRow("default: RDMA where it can run, all directions")
            << 0 << 10 << 0 << int(LinkTestMode::Rdma) << true << LinkTestOptions::allPhases();
        QTest::newRow("TCP, A to B") << 1 << 5 << 1 << int(LinkTestMode::Tcp) << false << QList<LinkPhase>{LinkPhase::AToB};
        QTest::newRow("RDMA only, B to A") << 2 << 30 << 2 << int(LinkTestMode::Rdma) << false
                                           << QList<LinkPhase>{LinkPhase::BToA};
        QTest::newRow("TCP, both at once") << 1 << 2 << 3 << int(LinkTestMode::Tcp) << false
                                           << QList<LinkPhase>{LinkPhase::Both};
    }

    void theControlsAreTheRunnersOptions()
    {
        QFETCH(int, mode);
        QFETCH(int, seconds);
        QFETCH(int, direction);
        QFETCH(int, expectedMode);
        QFETCH(bool, tcpWhereRdmaCannot);
        QFETCH(QList<LinkPhase>, phases);
        QTemporaryDir dir;
        LinkTestWindow window(cluster, {}, historyIn(dir, {}));
        if (mode == 0 && seconds == 10 && direction == 0) {
            // What a new window asks for, untouched.
            QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("linkTestMode"))->currentIndex(), 0);
            QCOMPARE(window.findChild<QSpinBox *>(QStringLiteral("linkTestSeconds"))->value(), 10);
        }
        window.findChild<QComboBox *>(QStringLiteral("linkTestMode"))->setCurrentIndex(mode);
        window.findChild<QSpinBox *>(QStringLiteral("linkTestSeconds"))->setValue(seconds);
        window.findChild<QComboBox *>(QStringLiteral("linkTestDirection"))->setCurrentIndex(direction);
        const LinkTestOptions options = window.options();
        QCOMPARE(int(options.mode), expectedMode);
        QCOMPARE(options.tcpWhereRdmaCannot, tcpWhereRdmaCannot);
        QCOMPARE(options.seconds, seconds);
        QCOMPARE(options.phases, phases);
    }

    void aRunThatCannotBePlannedSaysWhy()
    {
        QTemporaryDir dir;
        LinkTestOptions asked;
        LinkTestWindow window(cluster,
                              [&asked](const LinkTestOptions &options) {
                                  asked = options;
                                  return Expected<LinkTestJob>(Error(QStringLiteral("spark-2 did not answer over SSH.")));
                              },
                              historyIn(dir, {}));
        window.findChild<QSpinBox *>(QStringLiteral("linkTestSeconds"))->setValue(7);
        window.start();
        QVERIFY(window.isRunning());
        QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("linkTestRun"))->isEnabled());
        QTRY_VERIFY(!window.isRunning());
        QCOMPARE(asked.seconds, 7);
        auto *message = window.findChild<QLabel *>(QStringLiteral("linkTestMessage"));
        QCOMPARE(message->text(), QStringLiteral("spark-2 did not answer over SSH."));
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("linkTestRun"))->isEnabled());
        // No source at all: said at once.
        LinkTestWindow nothing(cluster, {}, historyIn(dir, {}));
        nothing.start();
        QVERIFY(!nothing.isRunning());
    }

    void anEarlierRunIsShownAgain_data()
    {
        QTest::addColumn<int>("row"); // newest first
        QTest::addColumn<QStringList>("rates");
        QTest::addColumn<QStringList>("verdicts");
        QTest::addColumn<QString>("listed");
        QTest::addColumn<bool>("charts");
        QTest::newRow("today's, with its samples")
            << 0 << QStringList{QStringLiteral("1.83 Gb/s"), QStringLiteral("0.9 Gb/s"), QStringLiteral("1.85 Gb/s")}
            << QStringList{QStringLiteral("Pass: "), QStringLiteral("Fail: "), QStringLiteral("Pass: ")}
            << QStringLiteral("fail, slowest cable 2: 0.90 Gb/s") << true;
        QTest::newRow("last week's, kept before samples were")
            << 1 << QStringList{QStringLiteral("1.8 Gb/s"), QStringLiteral("1.8 Gb/s")}
            << QStringList{QStringLiteral("Pass: "), QStringLiteral("Pass: ")}
            << QStringLiteral("pass, slowest cable 1: 1.8 Gb/s") << false;
    }

    void anEarlierRunIsShownAgain()
    {
        QFETCH(int, row);
        QFETCH(QStringList, rates);
        QFETCH(QStringList, verdicts);
        QFETCH(QString, listed);
        QFETCH(bool, charts);
        QTemporaryDir dir;
        LinkTestWindow window(cluster, {}, historyIn(dir, {earlier(), later()}));
        auto *list = window.findChild<QListWidget *>(QStringLiteral("linkTestHistory"));
        QCOMPARE(list->count(), 2);
        QVERIFY(window.shownRun()); // the newest, at first
        QCOMPARE(window.shownRun()->started, later().started);
        if (row == 0)
            list->setCurrentRow(1); // away and back: the charts are drawn again from the file
        list->setCurrentRow(row);
        QVERIFY2(list->item(row)->text().endsWith(listed), qPrintable(list->item(row)->text()));
        const LinkTestRun expected = row == 0 ? later() : earlier();
        QCOMPARE(window.shownRun()->started, expected.started);
        QTableWidget *table = resultsOf(window);
        QCOMPARE(table->rowCount(), rates.size());
        for (int i = 0; i < rates.size(); ++i) {
            QCOMPARE(table->item(i, 0)->text(), expected.links.at(i).label);
            QCOMPARE(table->item(i, 1)->text(), rates.at(i));
            QCOMPARE(table->item(i, 3)->text(), verdicts.at(i) + expected.links.at(i).verdict.sentence);
        }
        auto *tabs = window.view()->findChild<QTabWidget *>(QStringLiteral("linkTestTabs"));
        QCOMPARE(tabs->currentIndex(), 0); // the summary first
        if (!charts) {
            // No per-second samples: the summary only, no empty charts.
            QCOMPARE(tabs->count(), 1);
            QVERIFY(!window.view()->chart(expected.links.first().link));
            return;
        }
        QCOMPARE(tabs->count(), 1 + expected.links.size());
        for (const LinkResult &kept : expected.links) {
            QVERIFY(window.view()->chart(kept.link));
            QCOMPARE(window.view()->chart(kept.link)->pointCount(), kept.samples.size());
        }
    }

    void twoRunsAreComparedLinkByLink_data()
    {
        QTest::addColumn<int>("link");
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("beforeVerdict");
        QTest::addColumn<QString>("now");
        QTest::addColumn<QString>("nowVerdict");
        QTest::addColumn<QString>("difference");
        QTest::addColumn<bool>("worse");
        QTest::newRow("about the same") << 0 << QStringLiteral("1.8 Gb/s") << QStringLiteral("Pass") << QStringLiteral("1.8 Gb/s")
                                        << QStringLiteral("Pass") << QStringLiteral("+0.03 Gb/s (+2 %)") << false;
        QTest::newRow("halved, fails now") << 1 << QStringLiteral("1.8 Gb/s") << QStringLiteral("Pass")
                                           << QStringLiteral("0.90 Gb/s") << QStringLiteral("Fail")
                                           << QStringLiteral("−0.90 Gb/s (−50 %)") << true;
        QTest::newRow("new") << 2 << QStringLiteral("–") << QStringLiteral("–") << QStringLiteral("1.9 Gb/s")
                             << QStringLiteral("Pass") << QStringLiteral("–") << false;
    }

    void twoRunsAreComparedLinkByLink()
    {
        QFETCH(int, link);
        QFETCH(QString, before);
        QFETCH(QString, beforeVerdict);
        QFETCH(QString, now);
        QFETCH(QString, nowVerdict);
        QFETCH(QString, difference);
        QFETCH(bool, worse);
        QTemporaryDir dir;
        LinkTestWindow window(cluster, {}, historyIn(dir, {earlier(), later()}));
        auto *list = window.findChild<QListWidget *>(QStringLiteral("linkTestHistory"));
        // Selected in either order, the earlier run is "before".
        list->item(0)->setSelected(true);
        list->item(1)->setSelected(true);
        QVERIFY(!window.shownRun()); // nothing single to export
        QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("linkTestExport"))->isEnabled());
        auto *views = window.findChild<QStackedWidget *>(QStringLiteral("linkTestViews"));
        QCOMPARE(views->currentWidget(), window.comparisonView());
        const RunComparison &comparison = window.comparisonView()->comparison();
        QCOMPARE(comparison.before, earlier().started);
        QCOMPARE(comparison.now, later().started);
        QCOMPARE(comparison.links.size(), 3);
        QCOMPARE(comparison.links.at(link).isWorse(), worse);
        auto *table = window.comparisonView()->findChild<QTableWidget *>(QStringLiteral("linkTestComparisonTable"));
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->item(link, RunComparisonView::BeforeColumn)->text(), before);
        QCOMPARE(table->item(link, RunComparisonView::BeforeVerdictColumn)->text(), beforeVerdict);
        QCOMPARE(table->item(link, RunComparisonView::NowColumn)->text(), now);
        QCOMPARE(table->item(link, RunComparisonView::NowVerdictColumn)->text(), nowVerdict);
        QCOMPARE(table->item(link, RunComparisonView::DifferenceColumn)->text(), difference);
        auto *outcome = window.comparisonView()->findChild<QLabel *>(QStringLiteral("linkTestComparisonOutcome"));
        QVERIFY(outcome->text().startsWith(QLatin1String("At least one link")));
        // One selected again: that run on show.
        list->item(0)->setSelected(false);
        QCOMPARE(views->currentWidget(), window.view());
        QCOMPARE(window.shownRun()->started, earlier().started);
    }

    void aFinishedRunJoinsTheHistory()
    {
        QTemporaryDir dir;
        const QString path = historyIn(dir, {earlier()});
        LinkTestWindow window(cluster, {}, path);
        QSignalSpy finished(&window, &LinkTestWindow::runFinished);
        LinkTestRun today = later();
        window.view()->start(today); // live, with per-second charts
        window.finishRun(today);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(window.earlierRuns().size(), 2);
        QCOMPARE(window.shownRun()->started, today.started);
        // The live view stays: its per-second charts are not replaced.
        QVERIFY(window.view()->chart(QStringLiteral("c1")));
        auto *message = window.findChild<QLabel *>(QStringLiteral("linkTestMessage"));
        QVERIFY2(message->text().contains(QStringLiteral("cable 2: 1.8 → 0.90 Gb/s")), qPrintable(message->text()));
        LinkTestHistory history(path);
        QVERIFY(history.load());
        QCOMPARE(history.runs(cluster).size(), 2);
        // A run that fails to finish says why and keeps nothing.
        window.finishRun(Error(QStringLiteral("spark-2 went away.")));
        QVERIFY(message->text().contains(QLatin1String("spark-2 went away.")));
        QCOMPARE(window.earlierRuns().size(), 2);
    }

    void theRunOnShowIsExported_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("csv") << QStringLiteral("run.csv");
        QTest::newRow("json") << QStringLiteral("run.JSON");
    }

    void theRunOnShowIsExported()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        LinkTestWindow empty(cluster, {}, historyIn(dir, {}));
        QVERIFY(!empty.exportRun(dir.filePath(file))); // nothing on show
        LinkTestWindow window(cluster, {}, historyIn(dir, {earlier(), later()}));
        window.findChild<QListWidget *>(QStringLiteral("linkTestHistory"))->setCurrentRow(1);
        const QString path = dir.filePath(file);
        QVERIFY(window.exportRun(path));
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray bytes = written.readAll();
        if (file.endsWith(QLatin1String(".csv"))) {
            QCOMPARE(QString::fromUtf8(bytes), earlier().toCsv());
        } else {
            const auto back = LinkTestRun::fromJson(QJsonDocument::fromJson(bytes).object());
            QVERIFY(back);
            QCOMPARE(back->started, earlier().started);
            QCOMPARE(back->links.size(), 2);
        }
        QVERIFY(!window.exportRun(QStringLiteral("/nonexistent-folder/") + file));
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        QTemporaryDir dir;
        LinkTestWindow window(cluster, {}, historyIn(dir, {earlier(), later()}));
        window.resize(960, 640);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("linktest-window"), look));
        auto *list = window.findChild<QListWidget *>(QStringLiteral("linkTestHistory"));
        list->item(1)->setSelected(true);
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("linktest-compare"), look));
        window.resize(640, 480);
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("linktest-compare-small"), look));
        list->item(1)->setSelected(false);
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("linktest-window-small"), look));
    }
};

QTEST_MAIN(TestLinkTestWindow)
#include "tst_linktestwindow.moc"
