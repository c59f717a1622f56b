// SPDX-License-Identifier: MIT
// The NCCL test window (its NcclTestPanel), fed as the runner feeds it (sizes
// as they are measured, then the finished run), with no SSH: the live chart,
// NVIDIA's bar, the verdict, the cluster's history and the exports; and the
// build of what a Spark lacks, fed as the builder feeds it.
#include "core/nccl/nccltesthistory.h"
#include "core/nccl/nccltestverdict.h"
#include "ui/progress/nodeprogresslist.h"
#include "ui/nccl/ncclbuilddialog.h"
#include "ui/nccl/nccltestchart.h"
#include "ui/nccl/nccltestwindow.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QLabel>
#include <QLineSeries>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "support/ncclruns.h"
#include "support/historyfile.h"
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
    return spark::testsupport::historyIn<NcclTestHistory>(dir, QStringLiteral("nccltests.json"), runs);
}

// A source whose jobs are only counted (and fail: no sessions here), and
// whose build has no nodes.
struct CountingSource
{
    std::shared_ptr<QList<NcclTestRequest>> asked = std::make_shared<QList<NcclTestRequest>>();

    NcclJobSource source() const
    {
        return {[asked = asked](const NcclTestRequest &request) {
                    asked->append(request);
                    return Expected<NcclTestJob>(Error(QStringLiteral("No sessions in this test.")));
                },
                [](const SudoCredential &) {
                    return Expected<QList<NcclBuildNode>>(Error(QStringLiteral("No sessions to build over.")));
                }};
    }
};

NcclBuildNeeds lackingNeeds(const QString &node)
{
    NcclNodeReadiness readiness = ncclLacking(node);
    readiness.missingBuildTools = {QStringLiteral("make")};
    return NcclBuildPlan::needs(readiness);
}

// A build under way on the pair: spark-1 had everything, spark-2 builds NCCL.
void feedBuildUnderWay(NcclTestPanel *panel)
{
    panel->beginBuild(pairNodes);
    const NcclBuildNeeds needs = lackingNeeds(QStringLiteral("spark-2"));
    panel->finishBuildNode({QStringLiteral("spark-1"), {}, {}});
    panel->showBuildStep({QStringLiteral("spark-2"), 0, NcclBuildPlan::stepSentence(NcclBuildStep::Packages, needs)});
    for (const char *line : {"Setting up openmpi-bin (4.1.6-7ubuntu2) ...", "Setting up make (4.3-4.1build2) ..."})
        panel->addBuildOutput(QStringLiteral("spark-2"), QString::fromLatin1(line));
    panel->showBuildStep({QStringLiteral("spark-2"), 0.5, NcclBuildPlan::stepSentence(NcclBuildStep::BuildNccl, needs)});
    for (const char *line : {"Compiling  bootstrap.cc                   > /home/nvidia/nccl/build/obj/bootstrap.o",
                             "Compiling  channel.cc                     > /home/nvidia/nccl/build/obj/channel.o",
                             "Compiling  collectives.cc                 > /home/nvidia/nccl/build/obj/collectives.o"})
        panel->addBuildOutput(QStringLiteral("spark-2"), QString::fromLatin1(line));
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

    // Only a run that finds a Spark lacking something offers to build it.
    void theBuildIsOfferedForWhatIsMissing_data()
    {
        QTest::addColumn<int>("ending"); // 0: lacking, 1: another failure, 2: a finished run
        QTest::addColumn<bool>("offered");
        QTest::newRow("lacking") << 0 << true;
        QTest::newRow("unreachable") << 1 << false;
        QTest::newRow("finished") << 2 << false;
    }

    void theBuildIsOfferedForWhatIsMissing()
    {
        QFETCH(int, ending);
        QFETCH(bool, offered);
        QTemporaryDir dir;
        NcclTestWindow window(cluster, {}, historyIn(dir, {}));
        auto *build = window.findChild<QPushButton *>(QStringLiteral("ncclBuild"));
        QVERIFY(build->isHidden());
        window.beginRun(window.request());
        QVERIFY(build->isHidden());
        const Error lacking = ncclPrerequisitesError({QStringLiteral("spark-2")});
        if (ending == 0)
            window.finishRun(lacking);
        else if (ending == 1)
            window.finishRun(Error(QStringLiteral("spark-2 could not be reached: connection refused.")));
        else
            window.finishRun(passing());
        QCOMPARE(!build->isHidden(), offered);
        QVERIFY(build->isEnabled());
        const QString verdict = window.findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text();
        if (offered) { // every sentence of what is missing, as before
            for (const QString &sentence : lacking.message.split(QLatin1Char('\n')))
                QVERIFY2(verdict.contains(sentence), qPrintable(verdict));
        }
        // Another run, or one from the history, takes its place.
        window.beginRun(window.request());
        QVERIFY(build->isHidden());
        window.finishRun(passing());
    }

    // The button asks first, saying what will happen, and builds only on Build.
    void theBuildIsAskedForFirst_data()
    {
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("password");
        QTest::newRow("cancelled") << false << QString();
        QTest::newRow("built, no password") << true << QString();
        QTest::newRow("built, with a password") << true << QStringLiteral("s3cret");
    }

    void theBuildIsAskedForFirst()
    {
        QFETCH(bool, accepted);
        QFETCH(QString, password);
        QTemporaryDir dir;
        std::optional<SudoCredential> given;
        NcclJobSource source{{}, [&given](const SudoCredential &sudo) {
                                 given = sudo;
                                 return Expected<QList<NcclBuildNode>>(Error(QStringLiteral("No sessions to build over.")));
                             }};
        NcclTestWindow window(cluster, source, historyIn(dir, {}));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.beginRun(window.request());
        window.finishRun(ncclPrerequisitesError({QStringLiteral("spark-2")}));
        window.findChild<QPushButton *>(QStringLiteral("ncclBuild"))->click();
        auto *dialog = window.findChild<NcclBuildDialog *>();
        QVERIFY(dialog && dialog->isVisible());
        const QString said = dialog->explanation();
        for (const char *part : {"openmpi-bin", "libopenmpi-dev", "git", "make", "g++", "sudo apt-get", "only step",
                                 "NCCL v2.28.9-1", "GitHub", "~/nccl", "sm_121", "several minutes", "~/nccl-tests",
                                 "MPI=1", "Nothing else changes", "next time"})
            QVERIFY2(said.contains(QLatin1String(part)), qPrintable(said));
        auto *field = dialog->findChild<QLineEdit *>(QStringLiteral("ncclBuildPassword"));
        QCOMPARE(field->echoMode(), QLineEdit::Password);
        field->setText(password);
        if (accepted)
            dialog->findChild<QPushButton *>(QStringLiteral("ncclBuildStart"))->click();
        else
            dialog->reject();
        QTRY_VERIFY(!window.findChild<NcclBuildDialog *>()); // gone with its answer
        QCOMPARE(given.has_value(), accepted);
        if (accepted)
            QCOMPARE(*given, SudoCredential(password));
        QVERIFY(!window.panel()->isBuilding());
        if (accepted) { // no nodes: said, and the button stays to try again
            QVERIFY(window.findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text().contains(
                QLatin1String("No sessions to build over.")));
            QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("ncclBuild"))->isHidden());
        }
    }

    // Fed as the builder feeds it: each Spark's step and the tools' output as
    // they come; all ready, the test runs again with the request that found
    // them lacking; a Spark that failed says why, and Build stays.
    void aBuildShowsItsProgress_data()
    {
        QTest::addColumn<bool>("fails");
        QTest::newRow("every Spark ready") << false;
        QTest::newRow("spark-2 fails") << true;
    }

    void aBuildShowsItsProgress()
    {
        QFETCH(bool, fails);
        QTemporaryDir dir;
        CountingSource counting;
        NcclTestWindow window(cluster, counting.source(), historyIn(dir, {}));
        NcclTestPanel *panel = window.panel();
        auto *collective = window.findChild<QComboBox *>(QStringLiteral("ncclCollective"));
        collective->setCurrentIndex(collective->findData(int(NcclCollective::AllReduce)));
        const NcclTestRequest failed = window.request();
        window.beginRun(failed);
        window.finishRun(ncclPrerequisitesError({QStringLiteral("spark-2")}));
        collective->setCurrentIndex(collective->findData(int(NcclCollective::AllGather))); // changed since
        QSignalSpy running(panel, &NcclTestPanel::runningChanged);

        feedBuildUnderWay(panel);
        QVERIFY(panel->isBuilding());
        QVERIFY(window.isRunning());
        QCOMPARE(running.size(), 1);
        QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("ncclRun"))->isEnabled());
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("ncclBuild"))->isHidden());
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("ncclCancel"))->isHidden());
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("ncclBuildStop"))->text().contains(
            QLatin1String("what is built stays")));
        auto *nodes = window.findChild<NodeProgressList *>(QStringLiteral("ncclBuildProgress"));
        QCOMPARE(nodes->nodes(), pairNodes);
        QVERIFY2(nodes->sentence(QStringLiteral("spark-1")).contains(QLatin1String("has everything")),
                 qPrintable(nodes->sentence(QStringLiteral("spark-1"))));
        QCOMPARE(nodes->percent(QStringLiteral("spark-2")), 50);
        QVERIFY(nodes->sentence(QStringLiteral("spark-2")).contains(QLatin1String("Building NCCL v2.28.9-1 on spark-2")));
        auto *log = window.findChild<QPlainTextEdit *>(QStringLiteral("ncclBuildLog"));
        QVERIFY(log->isVisible() || !window.isVisible());
        QVERIFY(log->isReadOnly());
        QVERIFY2(log->toPlainText().contains(QLatin1String("spark-2 | Setting up openmpi-bin")), qPrintable(log->toPlainText()));
        QVERIFY(log->toPlainText().contains(QLatin1String("spark-2 | Compiling  channel.cc")));
        // A long make keeps only the last lines.
        for (int i = 0; i < 2500; ++i)
            panel->addBuildOutput(QStringLiteral("spark-2"), QStringLiteral("line %1").arg(i));
        QVERIFY(log->blockCount() <= 2000);
        QVERIFY(log->toPlainText().endsWith(QLatin1String("spark-2 | line 2499")));

        const QString problem = QStringLiteral("Building NCCL on spark-2 failed (make ended with 2): out of disk space.");
        const NcclBuildNodeResult spark1{QStringLiteral("spark-1"), {}, {}};
        const NcclBuildNodeResult spark2{QStringLiteral("spark-2"), {NcclBuildStep::Packages, NcclBuildStep::BuildNccl},
                                         fails ? problem : QString()};
        panel->finishBuildNode(spark2);
        panel->finishBuild(NcclBuildReport{{spark1, spark2}});
        QVERIFY(!panel->isBuilding());
        const QString verdict = window.findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text();
        if (fails) {
            QVERIFY(counting.asked->isEmpty()); // no run
            QVERIFY(nodes->sentence(QStringLiteral("spark-2")).startsWith(QStringLiteral("✘ ") + problem));
            QVERIFY2(verdict.contains(problem), qPrintable(verdict));
            QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("ncclBuild"))->isHidden());
        } else {
            QVERIFY(nodes->sentence(QStringLiteral("spark-2")).startsWith(QStringLiteral("✔ Built")));
            QCOMPARE(counting.asked->size(), 1); // the run again, as it was asked for
            QVERIFY(counting.asked->constFirst().collective == NcclCollective::AllReduce);
            QCOMPARE(counting.asked->constFirst().maxBytes, failed.maxBytes);
            QVERIFY2(verdict.contains(QLatin1String("No sessions in this test.")), qPrintable(verdict));
        }
        QVERIFY(!window.isRunning());
        QCOMPARE(running.size(), 2); // once on, once off: the build's end into its run is not a stop
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("ncclRun"))->isEnabled());
        QVERIFY(!window.findChild<QPushButton *>(QStringLiteral("ncclCancel"))->isHidden());
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

    // A Spark lacking what the test needs, the build's question, and the build
    // under way: in the window's size and a small one.
    void buildScreenshots_data() { addLookRows(); }

    void buildScreenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        QTemporaryDir dir;
        NcclTestWindow window(cluster, {}, historyIn(dir, {earlierBelowTheBar()}));
        window.resize(900, 620);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.beginRun(window.request());
        window.finishRun(ncclPrerequisitesError({QStringLiteral("spark-2")}));
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-missing"), look));
        window.resize(640, 480);
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-missing-small"), look));
        window.resize(900, 620);

        window.findChild<QPushButton *>(QStringLiteral("ncclBuild"))->click();
        auto *dialog = window.findChild<NcclBuildDialog *>();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QTest::qWait(50);
        QVERIFY(saveScreenshot(*dialog, QStringLiteral("nccltest-build-ask"), look));
        dialog->reject();

        feedBuildUnderWay(window.panel());
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-building"), look));
        window.resize(640, 480);
        QTest::qWait(100);
        QVERIFY(saveScreenshot(window, QStringLiteral("nccltest-building-small"), look));
        window.panel()->finishBuild(NcclBuildReport{{{QStringLiteral("spark-2"), {NcclBuildStep::BuildNccl},
                                                      QStringLiteral("Building NCCL on spark-2 failed.")}}});
    }
};

QTEST_MAIN(TestNcclTestWindow)
#include "tst_nccltestwindow.moc"
