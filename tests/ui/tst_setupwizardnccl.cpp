// SPDX-License-Identifier: MIT
// The set-up wizard's optional NCCL test page after the link test, against
// the fake backend: said to be optional and what it needs, skipped with Next,
// fed a canned run (or a build) as the runner feeds it, and in every look.
#include "core/nccl/nccltesthistory.h"
#include "ui/nccl/nccltestpanel.h"
#include "ui/wizard/donepage.h"
#include "ui/wizard/nccltestpage.h"
#include "ui/wizard/setupstate.h"
#include "ui/wizard/setupwizard.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include "support/fakeclusterbackend.h"
#include "support/ncclruns.h"
#include "support/screenshots.h"
#include "support/wizardwalk.h"

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

class TestSetupWizardNccl final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // After the link test, NVIDIA's NCCL test: said to be optional and what it
    // needs, skipped with Next, or a run fed to its panel as the runner feeds
    // it (Next waits while it runs); the run's sizes and verdict show, it joins
    // the cluster's history and the Done page says how it went.
    void theNcclTestIsOptional_data()
    {
        QTest::addColumn<double>("pace"); // of the canned run's rates; 0: not run
        QTest::addColumn<bool>("pass");
        QTest::newRow("skipped") << 0.0 << false;
        QTest::newRow("at the bar") << 1.0 << true;
        QTest::newRow("below the bar") << 0.3 << false;
    }

    void theNcclTestIsOptional()
    {
        QFETCH(double, pace);
        QFETCH(bool, pass);
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::LinkTestPage));
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::NcclTestPage));
        auto *page = current<NcclTestPage>(wizard);
        QVERIFY(page->isComplete());
        const QString intro = page->findChild<QLabel *>(QStringLiteral("ncclTestIntro"))->text();
        for (const char *said : {"CUDA", "Open MPI", "NCCL", "nccl-tests", "Spark by Spark", "Next goes on without it",
                                 "sparkctl nccl-test --cluster spark-cluster"})
            QVERIFY2(intro.contains(QLatin1String(said)), qPrintable(intro));
        QCOMPARE(backend.ncclClusters.size(), 1);
        QCOMPARE(backend.ncclClusters.constFirst().devices, kRing);
        NcclTestPanel *panel = page->panel();
        QVERIFY(panel);
        QVERIFY(panel->findChild<QWidget *>(QStringLiteral("ncclHistoryPane"))->isHidden());
        QVERIFY(panel->findChild<QPushButton *>(QStringLiteral("ncclRun"))->isEnabled());
        const QString cluster = wizard.state()->clusterName();
        std::optional<NcclTestRun> run;
        if (pace > 0) {
            const QList<NcclSizeRow> rows = ncclSixSizes(pace);
            run = ncclRun(cluster, ClusterLayout::Ring3, kRing, rows, QDateTime::currentDateTimeUtc());
            QCOMPARE(run->verdict.pass, pass);
            panel->beginRun(panel->request());
            QVERIFY(!page->isComplete());
            QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
            for (const NcclSizeRow &row : rows)
                panel->addRow(row);
            panel->finishRun(*run);
            QVERIFY(page->isComplete());
            QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
            auto *table = panel->findChild<QTableWidget *>(QStringLiteral("ncclRows"));
            QCOMPARE(table->rowCount(), 6);
            QCOMPARE(table->item(0, 0)->text(), QStringLiteral("8 MiB"));
            QCOMPARE(table->item(5, 0)->text(), QStringLiteral("256 MiB"));
            const QString verdict = panel->findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text();
            QVERIFY2(verdict.startsWith(pass ? QLatin1String("Pass: ") : QLatin1String("Fail: ")), qPrintable(verdict));
            QVERIFY2(verdict.contains(run->verdict.sentence), qPrintable(verdict));
            NcclTestHistory history(backend.ncclTestHistoryFile());
            QVERIFY(history.load());
            QCOMPARE(history.runs(cluster).size(), 1);
            QCOMPARE(wizard.state()->ncclTestRun()->verdict.sentence, run->verdict.sentence);
        }
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::DonePage));
        const QString summary = current<DonePage>(wizard)->findChild<QLabel *>(QStringLiteral("doneSummary"))->text();
        if (run) {
            QVERIFY2(summary.contains((pass ? QStringLiteral("NCCL test passed: ") : QStringLiteral("NCCL test failed: "))
                                      + run->verdict.sentence),
                     qPrintable(summary));
        } else {
            QVERIFY2(!summary.contains(QLatin1String("NCCL test")), qPrintable(summary));
        }
        // Back on the page, the run is still on show.
        wizard.back();
        QCOMPARE(page->panel(), panel);
        QCOMPARE(panel->shownRun().has_value(), run.has_value());
    }

    // Run where the job cannot be had: the sentence says why (as a missing
    // prerequisite would), nothing runs and Next still goes on.
    void anNcclRunThatCannotStartSaysWhy_data()
    {
        QTest::addColumn<bool>("noSource");
        QTest::addColumn<QString>("why");
        QTest::newRow("no sessions") << false << QStringLiteral("no sessions to run NCCL over");
        QTest::newRow("a Spark gone") << true << QStringLiteral("spark-2, which is no longer a registered Spark");
    }

    void anNcclRunThatCannotStartSaysWhy()
    {
        QFETCH(bool, noSource);
        QFETCH(QString, why);
        FakeClusterBackend backend;
        if (noSource)
            backend.ncclJobsError = Error(QStringLiteral("The cluster \"spark-cluster\" names spark-2, which is no longer "
                                                         "a registered Spark. Add it again, or set the cluster up again."));
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::NcclTestPage));
        auto *page = current<NcclTestPage>(wizard);
        NcclTestPanel *panel = page->panel();
        if (noSource) // said before anything is tried
            QVERIFY(panel->findChild<QLabel *>(QStringLiteral("ncclProgress"))->text().contains(why));
        panel->findChild<QPushButton *>(QStringLiteral("ncclRun"))->click();
        QVERIFY(!panel->isRunning());
        const QString verdict = panel->findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text();
        QVERIFY2(verdict.contains(why), qPrintable(verdict));
        QVERIFY(page->isComplete());
        QVERIFY(!wizard.state()->ncclTestRun());
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::DonePage));
    }

    // A Spark lacking what the test needs: Build is offered; while a build
    // goes, Next waits as for a run; the fake backend has no nodes to build
    // on, and says so.
    void anNcclBuildHoldsThePage_data()
    {
        QTest::addColumn<bool>("ready");
        QTest::newRow("built") << true;
        QTest::newRow("failed") << false;
    }

    void anNcclBuildHoldsThePage()
    {
        QFETCH(bool, ready);
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::NcclTestPage));
        auto *page = current<NcclTestPage>(wizard);
        NcclTestPanel *panel = page->panel();
        auto *build = panel->findChild<QPushButton *>(QStringLiteral("ncclBuild"));
        QVERIFY(build->isHidden());
        panel->beginRun(panel->request());
        panel->finishRun(ncclPrerequisitesError(kRing.mid(1)));
        QVERIFY(build->isVisible());
        panel->startBuild(SudoCredential());
        QVERIFY(!panel->isBuilding());
        const QString verdict = panel->findChild<QLabel *>(QStringLiteral("ncclVerdict"))->text();
        QVERIFY2(verdict.contains(QLatin1String("no sessions to run NCCL over")), qPrintable(verdict));

        panel->beginBuild(kRing);
        QVERIFY(!page->isComplete());
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        NcclBuildReport report;
        for (const QString &node : kRing)
            report.nodes.append({node, {}, ready || node != kRing.constLast() ? QString() : QStringLiteral("No disk.")});
        panel->finishBuild(report);
        QVERIFY(page->isComplete()); // built: the run it starts cannot, here, and says why
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        QCOMPARE(build->isVisible(), !ready);
    }

    // Reached again (Back, then Next from the link test), the page starts
    // afresh for the cluster as it is now.
    void theNcclPageStartsAfreshWhenReachedAgain()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::NcclTestPage));
        auto *page = current<NcclTestPage>(wizard);
        page->panel()->finishRun(ncclRun(wizard.state()->clusterName(), ClusterLayout::Ring3, kRing, ncclSixSizes(),
                                         QDateTime::currentDateTimeUtc()));
        QVERIFY(wizard.state()->ncclTestRun());
        wizard.back();
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::NcclTestPage));
        QCOMPARE(backend.ncclClusters.size(), 2);
        QVERIFY(!page->panel()->shownRun());
        QVERIFY(!wizard.state()->ncclTestRun());
    }

    void ncclScreenshots_data() { addLookRows(); }

    // The NCCL page as reached, then with a run, in the wizard's size and a
    // small window, then the Done page that mentions it.
    void ncclScreenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QVERIFY(walkTo(wizard, SetupWizard::NcclTestPage));
        QTest::qWait(50);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-nccltest"), look));
        NcclTestPanel *panel = current<NcclTestPage>(wizard)->panel();
        panel->beginRun(panel->request());
        const QList<NcclSizeRow> rows = ncclSixSizes();
        for (const NcclSizeRow &row : rows.mid(0, 3))
            panel->addRow(row);
        panel->setProgress(QStringLiteral("Measuring 64 MiB of 8 MiB to 1 GiB…"));
        QTest::qWait(50);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-nccltest-live"), look));
        for (const NcclSizeRow &row : rows.mid(3))
            panel->addRow(row);
        panel->finishRun(ncclRun(wizard.state()->clusterName(), ClusterLayout::Ring3, kRing, rows,
                                 QDateTime(QDate(2026, 3, 2), QTime(10, 15), Qt::UTC)));
        QTest::qWait(50);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-nccltest-run"), look));
        wizard.resize(700, 560);
        QTest::qWait(50);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-nccltest-small"), look));
        wizard.resize(900, 680);
        wizard.next();
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-done-nccl"), look));
    }
};

QTEST_MAIN(TestSetupWizardNccl)
#include "tst_setupwizardnccl.moc"
