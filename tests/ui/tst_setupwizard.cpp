// SPDX-License-Identifier: MIT
// The set-up wizard page by page against a fake backend that answers with
// real probe and discovery outputs of the emulated cluster: choosing and
// ordering devices, the checks' verdicts, the rear-panel port choice, a
// miswired cable drawn and fixed, the apply with progress, failure and
// cancel, the link-test page passed over (the NCCL page after it:
// tst_setupwizardnccl). Screenshots of every page in every look.
#include "ui/drawings/rearpanelview.h"
#include "ui/drawings/topologyview.h"
#include "ui/wizard/cablingpage.h"
#include "ui/wizard/checkspage.h"
#include "ui/wizard/configurepage.h"
#include "ui/wizard/devicespage.h"
#include "ui/wizard/donepage.h"
#include "core/nccl/nccltesthistory.h"
#include "ui/nccl/nccltestpanel.h"
#include "ui/wizard/layoutpage.h"
#include "ui/wizard/linktestpage.h"
#include "ui/wizard/nccltestpage.h"
#include "ui/progress/nodeprogresslist.h"
#include "ui/wizard/peertrustpage.h"
#include "ui/wizard/setupstate.h"
#include "ui/wizard/setupwizard.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

#include "support/fakeclusterbackend.h"
#include "support/ncclruns.h"
#include "support/screenshots.h"
#include "support/wizardwalk.h"

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;


class TestSetupWizard final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void devicesAreTickedAndOrdered()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QVERIFY(walkTo(wizard, SetupWizard::DevicesPage, ClusterLayout::Direct2));
        auto *page = current<DevicesPage>(wizard);
        QTRY_COMPARE(page->statusText(QStringLiteral("spark-1")), QStringLiteral("online"));
        QVERIFY(!page->isComplete());
        auto *list = page->findChild<QTreeWidget *>(QStringLiteral("deviceChoice"));
        QCOMPARE(list->topLevelItemCount(), 3);
        // Tick spark-3 then spark-1, and move spark-3 above spark-1 with the button.
        list->topLevelItem(2)->setCheckState(DevicesPage::NameColumn, Qt::Checked);
        list->topLevelItem(0)->setCheckState(DevicesPage::NameColumn, Qt::Checked);
        QVERIFY(page->isComplete());
        list->setCurrentItem(list->topLevelItem(2));
        page->findChild<QPushButton *>(QStringLiteral("moveUp"))->click();
        page->findChild<QPushButton *>(QStringLiteral("moveUp"))->click();
        QCOMPARE(page->chosen(), (QStringList{QStringLiteral("spark-3"), QStringLiteral("spark-1")}));
        QCOMPARE(list->topLevelItem(0)->text(DevicesPage::PositionColumn), QStringLiteral("Spark 1"));
        // Three ticked for a two-Spark layout: not complete, and said so.
        list->topLevelItem(2)->setCheckState(DevicesPage::NameColumn, Qt::Checked);
        QVERIFY(!page->isComplete());
        QVERIFY(page->findChild<QLabel *>(QStringLiteral("devicesSummary"))->text().contains(QLatin1String("2")));
        list->topLevelItem(2)->setCheckState(DevicesPage::NameColumn, Qt::Unchecked);
        wizard.next();
        QCOMPARE(wizard.state()->deviceNames(), (QStringList{QStringLiteral("spark-3"), QStringLiteral("spark-1")}));
    }

    // Three Sparks registered and a ring of three planned: they are ticked for
    // the person, in the order they were registered.
    void exactlyTheNeededSparksAreTicked()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        current<LayoutPage>(wizard)->setChoice(ClusterLayout::Ring3, 3);
        wizard.next();
        auto *page = current<DevicesPage>(wizard);
        QCOMPARE(page->chosen(), (QStringList{QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")}));
        QTRY_VERIFY(page->isComplete());
        // Unticking one and adding nothing keeps the person's choice on a reload.
        auto *list = page->findChild<QTreeWidget *>(QStringLiteral("deviceChoice"));
        list->topLevelItem(1)->setCheckState(DevicesPage::NameColumn, Qt::Unchecked);
        page->findChild<QPushButton *>(QStringLiteral("checkStatus"))->click();
        QCOMPARE(page->chosen().size(), 2);
    }

    void anOfflineDeviceStopsTheFlow()
    {
        FakeClusterBackend backend;
        backend.offline.insert(QStringLiteral("spark-2"), true);
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::DevicesPage, ClusterLayout::Direct2));
        auto *page = current<DevicesPage>(wizard);
        page->choose({QStringLiteral("spark-1"), QStringLiteral("spark-2")});
        QTRY_VERIFY(page->statusText(QStringLiteral("spark-2")).startsWith(QLatin1String("offline")));
        QVERIFY(!page->isComplete());
        QVERIFY(page->findChild<QLabel *>(QStringLiteral("devicesSummary"))->text().contains(QLatin1String("spark-2")));
        QVERIFY(page->findChild<QLineEdit *>(QStringLiteral("clusterName")));
    }

    void badClusterNameIsSaidInASentence()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::DevicesPage, ClusterLayout::Direct2));
        auto *page = current<DevicesPage>(wizard);
        page->choose({QStringLiteral("spark-1"), QStringLiteral("spark-2")});
        QTRY_VERIFY(page->isComplete());
        page->findChild<QLineEdit *>(QStringLiteral("clusterName"))->setText(QStringLiteral("my cluster!"));
        QVERIFY(!page->isComplete());
        QCOMPARE(page->findChild<QLabel *>(QStringLiteral("clusterNameError"))->text(), ClusterDefinition::nameRule());
    }

    void checksGiveTheVerdict_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("readiness");
        QTest::addColumn<bool>("guide");
        QTest::newRow("ready") << QStringLiteral("sparklab-ring3-root.txt") << int(Readiness::Ready) << false;
        QTest::newRow("warnings") << QStringLiteral("sparklab-stale-netplan-root.txt") << int(Readiness::Warnings) << false;
        QTest::newRow("old release") << QStringLiteral("sparklab-old-release.txt") << int(Readiness::Blockers) << true;
        QTest::newRow("unreachable") << QString() << int(Readiness::Blockers) << false;
    }

    void checksGiveTheVerdict()
    {
        QFETCH(QString, fixture);
        QFETCH(int, readiness);
        QFETCH(bool, guide);
        FakeClusterBackend backend;
        backend.probeFixture.insert(QStringLiteral("spark-2"), fixture);
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::ChecksPage));
        auto *page = current<ChecksPage>(wizard);
        QTRY_VERIFY(page->verdict().has_value());
        QCOMPARE(int(*page->verdict()), readiness);
        QCOMPARE(page->isComplete(), readiness == int(Readiness::Ready));
        QCOMPARE(page->findChild<QLabel *>(QStringLiteral("updateGuide"))->isVisible(), guide);
        auto *accept = page->findChild<QCheckBox *>(QStringLiteral("acceptWarnings"));
        QCOMPARE(accept->isVisible(), readiness == int(Readiness::Warnings));
        if (readiness == int(Readiness::Warnings)) {
            accept->click();
            QVERIFY(page->isComplete());
        }
        auto *tree = page->findChild<QTreeWidget *>(QStringLiteral("checkFindings"));
        QCOMPARE(tree->topLevelItemCount() >= 3, true);
        QVERIFY(tree->topLevelItem(1)->text(0).startsWith(QLatin1String("spark-2")));
    }

    // A finding every Spark has alike is said once; long sentences wrap in a
    // small window instead of being cut.
    void aFindingOnEverySparkIsSaidOnceAndWraps()
    {
        FakeClusterBackend backend;
        for (const QString &node : kRing)
            backend.probeFixture.insert(node, QStringLiteral("sparklab-stale-netplan-root.txt"));
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::DevicesPage));
        current<DevicesPage>(wizard)->choose(kRing);
        wizard.next();
        auto *checks = current<ChecksPage>(wizard);
        QTRY_VERIFY(checks->verdict().has_value());
        auto *tree = checks->findChild<QTreeWidget *>(QStringLiteral("checkFindings"));
        QTreeWidgetItem *every = nullptr;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            if (tree->topLevelItem(i)->text(0) == QLatin1String("The same on every Spark"))
                every = tree->topLevelItem(i);
        }
        QVERIFY(every);
        QVERIFY(every->childCount() >= 1);
        for (int i = 0; i < every->childCount(); ++i) {
            const QString sentence = every->child(i)->text(0);
            QVERIFY2(!sentence.contains(QLatin1String("spark-1")) && !sentence.contains(QLatin1String("spark-3")),
                     qPrintable(sentence));
        }
        for (int node = 0; node < 3; ++node) // the shared ones are not repeated under each Spark
            QCOMPARE(tree->topLevelItem(node)->childCount(), 0);
        // A small window: the first shared sentence takes more than one line.
        wizard.resize(620, 560);
        QTest::qWait(50);
        const QModelIndex first = tree->model()->index(0, 0, tree->model()->index(tree->indexOfTopLevelItem(every), 0));
        QVERIFY(tree->visualRect(first).height() > 2 * tree->fontMetrics().height());
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-checks-shared-small"), allLooks().first()));
    }

    void clickingAPortChoosesIt()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QVERIFY(walkTo(wizard, SetupWizard::CablingPage, ClusterLayout::Direct2,
                       {QStringLiteral("spark-1"), QStringLiteral("spark-2")}));
        auto *page = current<CablingPage>(wizard);
        page->setWatching(false);
        QCOMPARE(page->panels().size(), 2);
        RearPanelView *panel = page->panels().at(1);
        QVERIFY(panel->model().selectable);
        QCOMPARE(panel->model().ports[0].state, DrawState::Next);
        QCOMPARE(panel->model().ports[1].state, DrawState::None);
        // A real click on the right cage of Spark 2's drawing.
        QTest::mouseClick(panel, Qt::LeftButton, {}, panel->portCentre(1).toPoint());
        QCOMPARE(wizard.state()->port(), 1);
        QCOMPARE(page->panels().at(0)->model().ports[1].state, DrawState::Next);
        QCOMPARE(page->panels().at(0)->model().ports[0].state, DrawState::None);
        QVERIFY(page->findChild<QLabel *>(QStringLiteral("cablingStep"))->text().contains(QLatin1String("Port 1")));
        // And from the keyboard: Tab to the left port, Space.
        auto *left = page->panels().at(0)->findChild<QAbstractButton *>(QStringLiteral("port0"));
        left->setFocus();
        QTest::keyClick(left, Qt::Key_Space);
        QCOMPARE(wizard.state()->port(), 0);
    }

    void aRingTakesNoPortChoice()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::CablingPage));
        auto *page = current<CablingPage>(wizard);
        page->setWatching(false);
        QVERIFY(!page->panels().at(0)->model().selectable);
        QVERIFY(!page->findChild<QLabel *>(QStringLiteral("portChoiceHelp"))->isVisible());
        QCOMPARE(page->findChild<QListWidget *>(QStringLiteral("cableList"))->count(), 3);
    }

    void aMiswiredCableIsDrawnAndThenFixed()
    {
        FakeClusterBackend backend;
        backend.discoverySet = QStringLiteral("miswired3");
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::CablingPage));
        auto *page = current<CablingPage>(wizard);
        page->setWatching(false);
        QSignalSpy finished(page, &CablingPage::checkFinished);
        page->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_COMPARE(finished.size(), 1);
        QVERIFY(!page->isComplete());
        // Cabled 1:0–2:0 instead of 1:0–2:1: Spark 2's left port is wrong, its right one empty, an arrow between.
        const RearPanelModel spark2 = page->panels().at(1)->model();
        QCOMPARE(spark2.ports[0].state, DrawState::Wrong);
        QCOMPARE(spark2.ports[1].state, DrawState::Next);
        QCOMPARE(spark2.arrowFrom, 0);
        QCOMPARE(spark2.arrowTo, 1);
        QVERIFY(!spark2.ports[0].note.isEmpty());
        QCOMPARE(page->panels().at(2)->model().ports[0].state, DrawState::Ok);
        QVERIFY(!page->topology()->model().arrows.isEmpty());
        const QString findings = page->findChild<QLabel *>(QStringLiteral("cablingFindings"))->text();
        QVERIFY2(findings.contains(QLatin1String("move that end to its right port")), qPrintable(findings));
        // Re-plugged: the next check is clean and the page lets the user on.
        backend.discoverySet = QStringLiteral("ring3");
        page->checkCabling();
        QTRY_COMPARE(finished.size(), 2);
        QTRY_VERIFY(page->isComplete()); // after the quick check
        for (RearPanelView *panel : page->panels()) {
            QCOMPARE(panel->model().ports[0].state, DrawState::Ok);
            QCOMPARE(panel->model().ports[1].state, DrawState::Ok);
        }
    }

    // Once the cabling matches, every twin is measured for a few seconds: a
    // cable that came up slow gets the reboot advice before anything is set up;
    // Next waits for the check but does not require a pass.
    void theQuickCheckFollowsAMatchingCabling()
    {
        FakeClusterBackend backend;
        backend.quickTwinGbpsByLink.insert(QStringLiteral("spark-1:0-spark-2:1"), 13);
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::CablingPage));
        auto *page = current<CablingPage>(wizard);
        page->setWatching(false);
        QSignalSpy measured(page, &CablingPage::quickCheckFinished);
        page->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_COMPARE(measured.size(), 1);
        QCOMPARE(backend.quickChecks, 1);
        QVERIFY(page->isComplete());
        const auto &result = page->quickCheckResult();
        QVERIFY(result && *result);
        QCOMPARE((*result)->links.size(), 3);
        QVERIFY(!(*result)->passed());
        const QString text = page->findChild<QLabel *>(QStringLiteral("quickCheckResult"))->text();
        QVERIFY2(text.contains(QLatin1String("reboot both Sparks")) && text.contains(QStringLiteral("✗"))
                     && text.count(QStringLiteral("✓")) == 2,
                 qPrintable(text));
        // Watching again does not measure again; asking again does.
        page->checkCabling();
        QTRY_VERIFY(!page->checking());
        QTest::qWait(50);
        QCOMPARE(backend.quickChecks, 1);
        backend.quickTwinGbpsByLink.clear();
        page->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_COMPARE(measured.size(), 2);
        QVERIFY((*page->quickCheckResult())->passed());
        QVERIFY(page->findChild<QLabel *>(QStringLiteral("quickCheckResult"))->text().contains(QLatin1String("every cable carries")));
    }

    void watchingChecksWithoutAClick()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::CablingPage));
        auto *page = current<CablingPage>(wizard);
        QVERIFY(page->findChild<QCheckBox *>(QStringLiteral("watchPorts"))->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(page->isComplete(), CablingPage::WatchIntervalMs * 3);
        QVERIFY(backend.discoveries >= 1);
    }

    void applyShowsProgressAndKeepsTheEventLoopTurning()
    {
        FakeClusterBackend backend;
        backend.holdApply = true;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::ConfigurePage));
        auto *page = current<ConfigurePage>(wizard);
        auto *table = page->findChild<QTableWidget *>(QStringLiteral("addressPlan"));
        QCOMPARE(table->rowCount(), 12); // 3 cables × 2 ends × 2 twins
        page->findChild<QPushButton *>(QStringLiteral("applyButton"))->click();
        QTRY_VERIFY(backend.applyRunning());
        QVERIFY(page->busy());
        QVERIFY(!page->isComplete());
        QCOMPARE(backend.lastPasswords, QStringList(3, QStringLiteral("nvidia"))); // remembered ones
        auto *progress = page->findChild<NodeProgressList *>(QStringLiteral("applyProgress"));
        QTRY_COMPARE(progress->percent(QStringLiteral("spark-2")), 50);
        // The GUI thread stays free while the apply runs.
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, this, [&ticks] { ++ticks; });
        timer.start(10);
        QTRY_VERIFY(ticks >= 10);
        QVERIFY(backend.applyRunning());
        backend.finishApply();
        QTRY_VERIFY(page->isComplete());
        QCOMPARE(backend.saved.size(), 1);
        QCOMPARE(backend.saved.first().devices, kRing);
        QVERIFY(progress->sentence(QStringLiteral("spark-1")).contains(QLatin1String("new settings")));
    }

    void cancellingTheApplyUndoesIt()
    {
        FakeClusterBackend backend;
        backend.holdApply = true;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::ConfigurePage));
        auto *page = current<ConfigurePage>(wizard);
        page->apply();
        QTRY_VERIFY(backend.applyRunning());
        page->findChild<QPushButton *>(QStringLiteral("cancelApply"))->click();
        QVERIFY(backend.applyCancelled);
        QTRY_VERIFY(!page->busy());
        QVERIFY(!page->isComplete());
        QVERIFY(page->outcomeText().contains(QLatin1String("earlier settings")));
    }

    void aFailedApplyIsSaidInSentences_data()
    {
        QTest::addColumn<bool>("inPrepare");
        QTest::newRow("prepare") << true;
        QTest::newRow("apply") << false;
    }

    void aFailedApplyIsSaidInSentences()
    {
        QFETCH(bool, inPrepare);
        const QString cause = QStringLiteral("sudo on spark-2 did not accept the password.");
        FakeClusterBackend backend;
        (inPrepare ? backend.prepareError : backend.applyError) = Error(cause);
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::ConfigurePage));
        auto *page = current<ConfigurePage>(wizard);
        QSignalSpy finished(page, &ConfigurePage::finished);
        page->apply();
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(!page->isComplete());
        QVERIFY2(page->outcomeText().contains(cause), qPrintable(page->outcomeText()));
        if (!inPrepare) {
            QVERIFY(page->outcomeText().contains(QLatin1String("earlier settings")));
            QVERIFY(page->findChild<NodeProgressList *>()->sentence(QStringLiteral("spark-1")).contains(QStringLiteral("✘")));
        }
        QVERIFY(page->findChild<QPushButton *>(QStringLiteral("applyButton"))->isEnabled());
    }

    void aSilentKeychainDoesNotLeaveThePageWaiting()
    {
        FakeClusterBackend backend;
        backend.keychainSilent = true;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::ConfigurePage));
        auto *page = current<ConfigurePage>(wizard);
        page->apply();
        QVERIFY(page->busy());
        QTRY_VERIFY_WITH_TIMEOUT(!page->busy(), ConfigurePage::KeychainTimeoutMs + 5000);
        QVERIFY(page->outcomeText().contains(QLatin1String("keychain")));
        QVERIFY(!backend.applyRunning());
        // A typed password needs no keychain.
        page->findChild<QLineEdit *>(QStringLiteral("sudoPassword"))->setText(QStringLiteral("secret"));
        page->apply();
        QTRY_VERIFY(page->isComplete());
        QCOMPARE(backend.lastPasswords, QStringList(3, QStringLiteral("secret")));
    }

    void theWholeFlowCanSkipTheLinkTest()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::PeerTrustPage));
        auto *trust = current<PeerTrustPage>(wizard);
        QTRY_VERIFY(trust->isComplete());
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::LinkTestPage));
        auto *test = current<LinkTestPage>(wizard);
        QVERIFY(test);
        // The fake cannot measure: the page says why, Start stays off, and Next skips.
        const auto *message = test->findChild<QLabel *>(QStringLiteral("linkTestMessage"));
        QVERIFY(message->isVisible());
        QVERIFY(message->text().contains(QLatin1String("no sessions")));
        QVERIFY(!test->findChild<QPushButton *>(QStringLiteral("startLinkTest"))->isEnabled());
        QVERIFY(test->findChild<QLabel *>(QStringLiteral("linkTestSkipHint"))->text().contains(QLatin1String("sparkctl linktest")));
        QVERIFY(test->isComplete());
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::NcclTestPage));
        wizard.next(); // the NCCL test is optional too
        QCOMPARE(wizard.currentId(), int(SetupWizard::DonePage));
        auto *done = current<DonePage>(wizard);
        QVERIFY(done->findChild<QLabel *>(QStringLiteral("doneSummary"))->text().contains(QLatin1String("not been tested")));
        QVERIFY(!done->findChild<QLabel *>(QStringLiteral("doneSummary"))->text().contains(QLatin1String("NCCL")));
        QVERIFY(done->exportText(QStringLiteral("hostfile")).contains(QLatin1String("10.131.60.12 slots=1")));
        QVERIFY(done->exportText(QStringLiteral("nccl")).contains(QLatin1String("NCCL_IB_HCA")));
        QVERIFY(done->exportText(QStringLiteral("ansible")).contains(QLatin1String("spark-3")));
        wizard.back();
        QCOMPARE(wizard.currentId(), int(SetupWizard::NcclTestPage));
        wizard.back();
        QCOMPARE(wizard.currentId(), int(SetupWizard::LinkTestPage));
    }

    void openTheDashboardFinishesWithTheCluster()
    {
        FakeClusterBackend backend;
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::DonePage));
        QSignalSpy requested(&wizard, &SetupWizard::dashboardRequested);
        QSignalSpy finished(&wizard, &QWizard::finished);
        auto *open = current<DonePage>(wizard)->findChild<QPushButton *>(QStringLiteral("openDashboard"));
        QVERIFY(open && open->isVisible() && open->isEnabled());
        open->click();
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.at(0).at(0).toString(), wizard.state()->clusterName());
        QVERIFY(!wizard.state()->clusterName().isEmpty());
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.at(0).at(0).toInt(), int(QDialog::Accepted));
    }

    void anUnfinishedSetupIsOfferedAndContinued()
    {
        FakeClusterBackend backend;
        {
            SetupWizard first(&backend);
            first.show();
            QVERIFY(!first.page(SetupWizard::WelcomePage)->findChild<QFrame *>(QStringLiteral("continueOffer"))->isVisible());
            QVERIFY(walkTo(first, SetupWizard::CablingPage, ClusterLayout::Ring3,
                           {QStringLiteral("spark-3"), QStringLiteral("spark-1"), QStringLiteral("spark-2")}));
        } // closed half-way

        SetupWizard wizard(&backend);
        wizard.show();
        auto *offer = wizard.page(SetupWizard::WelcomePage)->findChild<QFrame *>(QStringLiteral("continueOffer"));
        QVERIFY(offer->isVisible());
        const QString sentence = offer->findChild<QLabel *>(QStringLiteral("continueOfferText"))->text();
        QVERIFY2(sentence.contains(QLatin1String("spark-3, spark-1, spark-2")), qPrintable(sentence));
        QVERIFY2(sentence.contains(QLatin1String("Cabling")), qPrintable(sentence));
        offer->findChild<QPushButton *>(QStringLiteral("continueSetup"))->click();

        // The choices are back, in their order, and the checks run again.
        QCOMPARE(wizard.currentId(), int(SetupWizard::ChecksPage));
        QCOMPARE(wizard.state()->layout(), std::optional<ClusterLayout>(ClusterLayout::Ring3));
        QCOMPARE(wizard.state()->deviceNames(), (QStringList{QStringLiteral("spark-3"), QStringLiteral("spark-1"), QStringLiteral("spark-2")}));
        QVERIFY(!offer->isVisible());

        // Finishing forgets it: the next wizard offers nothing.
        QVERIFY(walkTo(wizard, SetupWizard::DonePage, ClusterLayout::Ring3,
                       {QStringLiteral("spark-3"), QStringLiteral("spark-1"), QStringLiteral("spark-2")}));
        SetupWizard after(&backend);
        QVERIFY(after.page(SetupWizard::WelcomePage)->findChild<QFrame *>(QStringLiteral("continueOffer"))->isHidden());
    }

    void startingOverForgetsTheUnfinishedSetup()
    {
        FakeClusterBackend backend;
        {
            SetupWizard first(&backend);
            first.show();
            QVERIFY(walkTo(first, SetupWizard::ChecksPage));
        }
        SetupWizard wizard(&backend);
        wizard.show();
        auto *offer = wizard.page(SetupWizard::WelcomePage)->findChild<QFrame *>(QStringLiteral("continueOffer"));
        QVERIFY(offer->isVisible());
        offer->findChild<QPushButton *>(QStringLiteral("startOver"))->click();
        QVERIFY(!offer->isVisible());
        QCOMPARE(wizard.currentId(), int(SetupWizard::WelcomePage));
        SetupWizard after(&backend);
        QVERIFY(after.page(SetupWizard::WelcomePage)->findChild<QFrame *>(QStringLiteral("continueOffer"))->isHidden());
    }

    void aFailedPeerTrustCanBeRetried()
    {
        FakeClusterBackend backend;
        backend.trustError = Error(QStringLiteral("spark-3 refused the key of spark-1."));
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(walkTo(wizard, SetupWizard::PeerTrustPage));
        auto *trust = current<PeerTrustPage>(wizard);
        QTRY_VERIFY(trust->outcomeText().contains(QLatin1String("refused")));
        QVERIFY(!trust->isComplete());
        backend.trustError.reset();
        trust->findChild<QPushButton *>(QStringLiteral("trustAgain"))->click();
        QTRY_VERIFY(trust->isComplete());
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        FakeClusterBackend backend;
        backend.discoverySet = QStringLiteral("miswired3");
        backend.probeFixture.insert(QStringLiteral("spark-2"), QStringLiteral("sparklab-stale-netplan-root.txt"));
        SetupWizard wizard(&backend);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-welcome"), look));
        QVERIFY(walkTo(wizard, SetupWizard::DevicesPage));
        current<DevicesPage>(wizard)->choose(kRing);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-devices"), look));
        wizard.next();
        auto *checks = current<ChecksPage>(wizard);
        QTRY_VERIFY(checks->verdict().has_value());
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-checks"), look));
        checks->findChild<QCheckBox *>(QStringLiteral("acceptWarnings"))->click();
        wizard.next();
        auto *cabling = current<CablingPage>(wizard);
        cabling->setWatching(false);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-cabling"), look));
        QSignalSpy checked(cabling, &CablingPage::checkFinished);
        cabling->checkCabling();
        QTRY_COMPARE(checked.size(), 1);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-cabling-miswired"), look));
        backend.discoverySet = QStringLiteral("ring3");
        backend.quickTwinGbpsByLink.insert(QStringLiteral("spark-1:0-spark-2:1"), 13);
        cabling->checkCabling();
        QTRY_VERIFY(cabling->isComplete());
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-cabling-slow-link"), look));
        backend.quickTwinGbpsByLink.clear();
        cabling->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_VERIFY(cabling->quickCheckResult() && *cabling->quickCheckResult() && (*cabling->quickCheckResult())->passed());
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-cabling-ok"), look));
        wizard.next();
        auto *configure = current<ConfigurePage>(wizard);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-configure"), look));
        backend.applyError = Error(QStringLiteral("spark-3 could not ping 10.200.1.2 (spark-2, enP2p1s0f1np1) with "
                                                  "9000-byte packets."));
        configure->apply();
        QTRY_VERIFY(!configure->busy());
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-configure-failed"), look));
        backend.applyError.reset();
        // DGX OS's default: each port's DHCP auto-profile steps back, and the page says so.
        for (const QString &node : {QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")}) {
            NmProfile first;
            first.id = QStringLiteral("Wired connection 1");
            first.interfaceName = QStringLiteral("enp1s0f0np0");
            first.ipv4Method = QStringLiteral("auto");
            NmProfile second = first;
            second.id = QStringLiteral("Wired connection 2");
            second.interfaceName = QStringLiteral("enP2p1s0f0np0");
            backend.setAside.insert(node, {first, second});
        }
        configure->apply();
        QTRY_VERIFY(configure->isComplete());
        const auto *handover = configure->findChild<QLabel *>(QStringLiteral("networkManagerHandover"));
        QVERIFY(handover && handover->isVisible());
        QVERIFY2(handover->text().contains(QLatin1Char('6')) && handover->text().contains(QLatin1String("spark-1, spark-2, spark-3")),
                 qPrintable(handover->text()));
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-configure-done"), look));
        wizard.next();
        QTRY_VERIFY(current<PeerTrustPage>(wizard)->isComplete());
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-peertrust"), look));
        {
            // Closed here, the next wizard offers to continue.
            SetupWizard again(&backend);
            again.show();
            QVERIFY(QTest::qWaitForWindowExposed(&again));
            QVERIFY(saveScreenshot(again, QStringLiteral("wizard-welcome-continue"), look));
        }
        wizard.next();
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-linktest-skip"), look));
        wizard.next();
        wizard.next(); // past the NCCL test, which has its own screenshots
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-done"), look));
        // The quick check's verdicts in a small window: they wrap, nothing is cut.
        wizard.restart();
        backend.discoverySet = QStringLiteral("ring3");
        backend.quickTwinGbpsByLink.insert(QStringLiteral("spark-1:0-spark-2:1"), 13);
        QVERIFY(walkTo(wizard, SetupWizard::CablingPage));
        auto *small = current<CablingPage>(wizard);
        small->setWatching(false);
        small->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_VERIFY(small->quickCheckResult().has_value());
        wizard.resize(700, 560);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-cabling-quickcheck-small"), look));
        backend.quickTwinGbpsByLink.clear();
        // The cabling page of a two-Spark layout in a small window.
        wizard.restart();
        QVERIFY(walkTo(wizard, SetupWizard::CablingPage, ClusterLayout::Direct2,
                       {QStringLiteral("spark-1"), QStringLiteral("spark-2")}));
        current<CablingPage>(wizard)->setWatching(false);
        wizard.resize(700, 560);
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-cabling-small"), look));
        wizard.restart();
        QVERIFY(walkTo(wizard, SetupWizard::ConfigurePage));
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-configure-small"), look));
    }
};

QTEST_MAIN(TestSetupWizard)
#include "tst_setupwizard.moc"
