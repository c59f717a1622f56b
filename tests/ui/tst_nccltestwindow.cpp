// SPDX-License-Identifier: MIT
// The NCCL test window (its NcclTestPanel), fed as the runner feeds it (sizes
// as they are measured, then the finished run), with no SSH: the live chart,
// NVIDIA's bar, the verdict, the cluster's history and the exports.
#include "core/linktest/nccltesthistory.h"
#include "core/linktest/nccltestverdict.h"
#include "ui/nccl/nccltestchart.h"
#include "ui/nccl/nccltestwindow.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "support/ncclruns.h"
#include "support/screenshots.h"

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

const QString cluster = QStringLiteral("pair");

const QStringList pairNodes{QStringLiteral("spark-1"), QStringLiteral("spark-2")};

NcclTestRun passing()
{
    return ncclRun(cluster, ClusterLayout::Direct2, pairNodes, ncclSixSizes(),
                   QDateTime(QDate(2026, 3, 2), QTime(10, 15), Qt::UTC));
}

NcclTestRun earlierBelowTheBar()
{
    return ncclRun(cluster, ClusterLayout::Direct2, pairNodes, ncclSlowSizes(),
                   QDateTime(QDate(2026, 3, 1), QTime(16, 40), Qt::UTC));
}

QString historyIn(const QTemporaryDir &dir, const QList<NcclTestRun> &runs)
{
    const QString path = dir.filePath(QStringLiteral("nccltests.json"));
    NcclTestHistory history(path);
    for (const NcclTestRun &r : runs)
        history.add(r);
    if (!runs.isEmpty() && !history.save())
        qFatal("cannot write the history");
    return path;
}

} // namespace

class TestNcclTestWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyMeasuredSizeIsAPoint()
    {
        QTemporaryDir dir;
        NcclTestWindow window(cluster, {}, historyIn(dir, {}));
        QVERIFY(window.request().collective == NcclCollective::AllGather);
        window.beginRun(window.request());
        QVERIFY(window.isRunning());
        QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("ncclRun"))->isEnabled());
        const QList<NcclSizeRow> rows = ncclSixSizes();
        for (int i = 0; i < rows.size(); ++i) {
            window.addRow(rows.at(i));
            QCOMPARE(window.chart()->pointCount(), i + 1);
        }
        QCOMPARE(window.chart()->measured()->at(5).y(), rows.at(5).busbwGBps());
        QVERIFY(!window.chart()->bar()); // the rate scale comes with the finished run
        auto *table = window.findChild<QTableWidget *>(QStringLiteral("ncclRows"));
        QCOMPARE(table->rowCount(), 6);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("8 MiB"));
        QCOMPARE(table->item(5, 1)->text(), QStringLiteral("0.238 GB/s"));
    }

    void theFinishedRunIsJudgedAgainstTheScaledBar()
    {
        QTemporaryDir dir;
        const QString path = historyIn(dir, {});
        NcclTestWindow window(cluster, {}, path);
        window.beginRun(window.request());
        for (const NcclSizeRow &r : ncclSixSizes())
            window.addRow(r);
        const NcclTestRun finished = passing();
        window.finishRun(finished);
        QVERIFY(!window.isRunning());
        QCOMPARE(window.chart()->pointCount(), 6);
        QVERIFY(window.chart()->bar());
        QCOMPARE(*window.chart()->bar(), 21.875 * 0.01);
        QLineSeries *bar = window.chart()->barLine();
        QCOMPARE(bar->count(), 2);
        QCOMPARE(bar->at(0).y(), 0.21875);
        QCOMPARE(bar->at(1).y(), 0.21875);
        QVERIFY(bar->name().contains(QLatin1String("0.219")));
        auto *verdict = window.findChild<QLabel *>(QStringLiteral("ncclVerdict"));
        QVERIFY(finished.verdict.pass);
        QVERIFY2(verdict->text().contains(finished.verdict.sentence), qPrintable(verdict->text()));
        // Kept in the cluster's history.
        NcclTestHistory history(path);
        QVERIFY(history.load());
        QCOMPARE(history.runs(cluster).size(), 1);
        QCOMPARE(window.findChild<QListWidget *>(QStringLiteral("ncclHistory"))->count(), 1);
    }

    void aFailedRunSaysWhy()
    {
        QTemporaryDir dir;
        NcclTestWindow window(cluster, {}, historyIn(dir, {}));
        window.start(); // no job source: nothing runs, the sentence says so
        QVERIFY(!window.isRunning());
        QVERIFY(!window.findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text().isEmpty());
        window.beginRun(window.request());
        window.finishRun(Error(QStringLiteral("spark-2 has no Open MPI: install libopenmpi-dev.")));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text().contains(QLatin1String("no Open MPI")));
        QCOMPARE(window.findChild<QListWidget *>(QStringLiteral("ncclHistory"))->count(), 1); // "None yet"
    }

    void anEarlierRunIsShownAgain()
    {
        QTemporaryDir dir;
        const NcclTestRun earlier = earlierBelowTheBar();
        QVERIFY(!earlier.verdict.pass);
        NcclTestWindow window(cluster, {}, historyIn(dir, {earlier}));
        auto *list = window.findChild<QListWidget *>(QStringLiteral("ncclHistory"));
        auto *verdict = window.findChild<QLabel *>(QStringLiteral("ncclVerdict"));
        QCOMPARE(list->count(), 1);
        QCOMPARE(window.chart()->pointCount(), 4); // the newest is on show at first
        window.beginRun(window.request());
        window.addRow(ncclSixSizes().constFirst());
        window.finishRun(passing());
        QCOMPARE(list->count(), 2);
        QCOMPARE(list->currentRow(), 0);
        QCOMPARE(window.chart()->pointCount(), 6);
        list->setCurrentRow(1);
        QCOMPARE(window.chart()->pointCount(), 4);
        QCOMPARE(window.chart()->measured()->at(3).y(), earlier.rows.at(3).busbwGBps());
        QVERIFY(verdict->text().contains(earlier.verdict.sentence));
        QCOMPARE(window.findChild<QTableWidget *>(QStringLiteral("ncclRows"))->rowCount(), 4);
    }

    void theRunOnShowIsExported()
    {
        QTemporaryDir dir;
        NcclTestWindow window(cluster, {}, historyIn(dir, {}));
        QVERIFY(!window.exportRun(dir.filePath(QStringLiteral("never.csv"))));
        window.resize(800, 600);
        window.finishRun(passing());
        const QString csv = dir.filePath(QStringLiteral("run.csv"));
        QVERIFY(window.exportRun(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 7);
        QCOMPARE(lines.at(0), QStringLiteral("size,busbw,algbw,time_us,wrong"));
        QCOMPARE(lines.at(1), QStringLiteral("8388608,0.181,0.362,23170,0"));
        QCOMPARE(lines.at(6), QStringLiteral("268435456,0.238,0.476,564000,0"));
        const QString json = dir.filePath(QStringLiteral("run.json"));
        QVERIFY(window.exportRun(json));
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const auto back = NcclTestRun::fromJson(QJsonDocument::fromJson(jsonFile.readAll()).object());
        QVERIFY(back);
        QCOMPARE(back->rows.size(), 6);
        QCOMPARE(back->verdict.sentence, passing().verdict.sentence);
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(window.saveChart(png));
        QVERIFY(!QImage(png).isNull());
        QVERIFY(!window.exportRun(QStringLiteral("/nonexistent-folder/run.csv")));
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        QTemporaryDir dir;
        NcclTestWindow window(cluster, {}, historyIn(dir, {earlierBelowTheBar(), passing()}));
        window.setProgress(NcclTestPanel::tr("Finished in %1 s.").arg(QLocale().toString(41.2, 'f', 1)));
        window.resize(900, 620);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-window"), look));
        window.findChild<QListWidget *>(QStringLiteral("ncclHistory"))->setCurrentRow(1);
        QTest::qWait(50);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-earlier"), look));
        window.findChild<QListWidget *>(QStringLiteral("ncclHistory"))->setCurrentRow(0);
        window.resize(640, 480);
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-window-small"), look));
        // Live, half-way through.
        window.resize(900, 620);
        window.beginRun(window.request());
        for (const NcclSizeRow &r : ncclSixSizes().mid(0, 3))
            window.addRow(r);
        window.setProgress(QStringLiteral("Measuring 32 MiB of 8 MiB to 1 GiB…"));
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-live"), look));
        window.finishRun(passing()); // nothing left running
    }
};

QTEST_MAIN(TestNcclTestWindow)
#include "tst_nccltestwindow.moc"
