// SPDX-License-Identifier: MIT
// The set-up wizard, offscreen, driving the live backend over real SSH against
// a private sparklab ring of three (lab "h7-wizard", 10.131.60.0/24): devices
// enrolled once, the checks, a miswired cable found and drawn then fixed, the
// safe apply, node-to-node SSH, the link test, NVIDIA's NCCL test over the ring
// (real mpirun, sparklab's stand-in nccl-tests) and the exports, page by page
// as a person would.
// Then a switch of four (lab "h7-wizsw", 10.131.65.0/24, at half the usual
// rate scale), where the port is chosen by clicking it on the rear-panel
// drawing: first the wrong one; its link test and NCCL test pass.
#include "core/cluster/clusterstore.h"
#include "core/devices/deviceenroller.h"
#include "core/linktest/linktesthistory.h"
#include "ui/drawings/rearpanelview.h"
#include "ui/wizard/cablingpage.h"
#include "ui/wizard/checkspage.h"
#include "ui/wizard/configurepage.h"
#include "ui/wizard/devicespage.h"
#include "ui/wizard/donepage.h"
#include "ui/wizard/layoutpage.h"
#include "ui/nccl/nccltestpanel.h"
#include "ui/wizard/linktestpage.h"
#include "ui/wizard/nccltestpage.h"
#include "ui/wizard/peertrustpage.h"
#include "ui/wizard/setupstate.h"
#include "ui/wizard/setupwizard.h"
#include "support/clusterlab.h"
#include "support/registereddevices.h"

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>

using namespace spark;
using namespace spark::testsupport;
using namespace spark::ui;

class TestWizardLab final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;

    template<typename Page>
    static Page *current(SetupWizard &wizard)
    {
        return qobject_cast<Page *>(wizard.currentPage());
    }

    static QString findingsOf(CablingPage *page)
    {
        return page->findChild<QLabel *>(QStringLiteral("cablingFindings"))->text();
    }

    // The quick check ran over every twin's link-local address before set-up, and passed.
    static void verifyQuickCheckPassed(CablingPage *cabling, int links)
    {
        const auto &quick = cabling->quickCheckResult();
        QVERIFY(quick.has_value());
        QVERIFY2(*quick, *quick ? "" : qPrintable(quick->error().message));
        const QString shown = cabling->findChild<QLabel *>(QStringLiteral("quickCheckResult"))->text();
        QVERIFY2((*quick)->passed(), qPrintable(shown));
        QCOMPARE((*quick)->links.size(), links);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h7-wizard"), QStringLiteral("10.131.60.0/24"), {QStringLiteral("ring3")}));
        for (int i = 0; i < m_lab.size(); ++i) {
            const LabNode &node = m_lab.lab().node(i);
            EnrolmentRequest request;
            request.name = node.name;
            request.host = node.address;
            request.port = node.port;
            request.user = node.user;
            request.password = node.password;
            request.approveHostKey = [fingerprint = node.fingerprint](const HostKey &key) {
                return key.fingerprint == fingerprint;
            };
            const auto enrolled = DeviceEnroller().enrol(request).result();
            QVERIFY2(enrolled, enrolled ? "" : qPrintable(enrolled.error().message));
        }
    }

    void cleanupTestCase() { m_lab.down(); }

    void aRingIsSetUpPageByPage()
    {
        SetupWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        current<LayoutPage>(wizard)->setChoice(ClusterLayout::Ring3);
        wizard.next();

        // Devices: the enrolled Sparks answer.
        auto *devices = current<DevicesPage>(wizard);
        QVERIFY(devices);
        const QStringList names = m_lab.nodeNames();
        devices->choose(names);
        for (const QString &name : names)
            QTRY_COMPARE_WITH_TIMEOUT(devices->statusText(name), QStringLiteral("online"), 30000);
        QVERIFY(devices->isComplete());
        wizard.next();

        // Checks: every node probed at once.
        qInfo("page: %s", "Checks");
        auto *checks = current<ChecksPage>(wizard);
        QVERIFY(checks);
        QTRY_VERIFY_WITH_TIMEOUT(checks->verdict().has_value(), 120000);
        QVERIFY2(*checks->verdict() != Readiness::Blockers,
                 qPrintable(checks->findChild<QLabel *>(QStringLiteral("checksVerdict"))->text()));
        if (*checks->verdict() == Readiness::Warnings)
            checks->findChild<QCheckBox *>(QStringLiteral("acceptWarnings"))->click();
        QCOMPARE(wizard.state()->facts().size(), 3);
        wizard.next();

        // Cabling: a cable moved to the wrong port is drawn, then fixed.
        qInfo("page: %s", "Cabling");
        auto *cabling = current<CablingPage>(wizard);
        QVERIFY(cabling);
        cabling->setWatching(false);
        QCOMPARE(m_lab.fault({QStringLiteral("unplug"), QStringLiteral("2:0-3:1")}).exitCode, 0);
        QCOMPARE(m_lab.fault({QStringLiteral("miswire"), QStringLiteral("1:0-2:1"), QStringLiteral("--to"),
                              QStringLiteral("2:0")}).exitCode, 0);
        QSignalSpy checked(cabling, &CablingPage::checkFinished);
        cabling->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(checked.size(), 1, 30000);
        QVERIFY(!cabling->isComplete());
        QVERIFY2(findingsOf(cabling).contains(QLatin1String("move that end")), qPrintable(findingsOf(cabling)));
        QCOMPARE(cabling->panels().at(1)->model().ports[0].state, DrawState::Wrong);
        QCOMPARE(cabling->panels().at(1)->model().arrowTo, 1);
        QCOMPARE(m_lab.fault({QStringLiteral("miswire"), QStringLiteral("1:0-2:1"), QStringLiteral("--clear")}).exitCode, 0);
        QCOMPARE(m_lab.fault({QStringLiteral("unplug"), QStringLiteral("2:0-3:1"), QStringLiteral("--clear")}).exitCode, 0);
        // Watching picks the fix up without a click.
        cabling->setWatching(true);
        QTRY_VERIFY2_WITH_TIMEOUT(cabling->isComplete(), qPrintable(findingsOf(cabling)), 60000);
        verifyQuickCheckPassed(cabling, 3);
        if (QTest::currentTestFailed())
            return;
        wizard.next();

        // Configure: the address plan, then the safe apply with the sudo password.
        qInfo("page: %s", "Configure");
        auto *configure = current<ConfigurePage>(wizard);
        QVERIFY(configure);
        QCOMPARE(configure->findChild<QTableWidget *>(QStringLiteral("addressPlan"))->rowCount(), 12);
        // Typed, as a person would (every lab node has the same one).
        configure->findChild<QLineEdit *>(QStringLiteral("sudoPassword"))->setText(m_lab.lab().node(0).password);
        configure->findChild<QPushButton *>(QStringLiteral("applyButton"))->click();
        QVERIFY(configure->busy());
        QTRY_VERIFY_WITH_TIMEOUT(!configure->busy(), 400000);
        qInfo("apply: %s", qPrintable(configure->outcomeText()));
        QVERIFY2(configure->isComplete(), qPrintable(configure->outcomeText()));
        wizard.next();

        // Node-to-node SSH, then past the link-test placeholder to the end.
        qInfo("page: %s", "Node-to-node SSH");
        auto *trust = current<PeerTrustPage>(wizard);
        QVERIFY(trust);
        QTRY_VERIFY2_WITH_TIMEOUT(!trust->running(), qPrintable(trust->outcomeText()), 120000);
        QVERIFY2(trust->isComplete(), qPrintable(trust->outcomeText()));
        const ProcessResult hop = m_lab.lab().exec(
            0, {QStringLiteral("su"), QStringLiteral("-"), m_lab.lab().node(0).user, QStringLiteral("-c"),
                QStringLiteral("ssh -o BatchMode=yes %1 hostname").arg(m_lab.lab().node(1).address)});
        QVERIFY2(hop.exitCode == 0, hop.err.constData());
        QCOMPARE(hop.out.trimmed(), m_lab.nodeNames().at(1).toUtf8());
        wizard.next();

        // Link test: every cable measured over the wizard's sessions, kept with the cluster's runs.
        qInfo("page: %s", "Link test");
        auto *test = current<LinkTestPage>(wizard);
        QVERIFY(test);
        test->setSecondsPerDirection(2);
        test->findChild<QPushButton *>(QStringLiteral("startLinkTest"))->click();
        QVERIFY(test->isRunning());
        QVERIFY(!test->isComplete());
        QTRY_VERIFY_WITH_TIMEOUT(!test->isRunning(), 300000);
        QVERIFY2(test->lastRun(), qPrintable(test->findChild<QLabel *>(QStringLiteral("linkTestMessage"))->text()));
        QCOMPARE(test->lastRun()->links.size(), 3);
        for (const LinkResult &link : test->lastRun()->links)
            QVERIFY2(link.verdict.pass, qPrintable(link.verdict.sentence));
        LinkTestHistory history;
        QVERIFY(history.load());
        QCOMPARE(history.runs(wizard.state()->clusterName()).size(), 1);
        QVERIFY(test->findChild<QLabel *>(QStringLiteral("linkTestComparison"))->isHidden());
        // Testing again compares with the run before.
        test->startTest();
        QTRY_VERIFY_WITH_TIMEOUT(!test->isRunning(), 300000);
        QVERIFY(history.load());
        QVERIFY2(history.runs(wizard.state()->clusterName()).size() == 2,
                 qPrintable(test->findChild<QLabel *>(QStringLiteral("linkTestMessage"))->text()));
        const QString comparison = test->findChild<QLabel *>(QStringLiteral("linkTestComparison"))->text();
        QVERIFY2(comparison.startsWith(QLatin1String("Compared with the run of")) && comparison.count(QLatin1String("Gb/s")) == 3,
                 qPrintable(comparison));
        // Nothing is left running on the nodes.
        for (int node = 0; node < 3; ++node) {
            const QByteArray left = m_lab.lab().processesOn(node, QStringLiteral("iperf3"))
                + m_lab.lab().sh(node, QStringLiteral("ls /tmp/spark-linktest-* 2>/dev/null; true")).out;
            QVERIFY2(left.trimmed().isEmpty(), left.constData());
        }
        wizard.next();

        // The NCCL test (optional): all_gather over the ring from the first
        // Spark, at sizes the lab's rate scale runs in seconds.
        qInfo("page: %s", "NCCL test");
        auto *nccl = current<NcclTestPage>(wizard);
        QVERIFY(nccl);
        QVERIFY(nccl->isComplete());
        nccl->panel()->chooseSizes(8LL << 20, 128LL << 20);
        nccl->panel()->start();
        QVERIFY(nccl->isRunning());
        QVERIFY(!nccl->isComplete());
        QTRY_VERIFY_WITH_TIMEOUT(!nccl->isRunning(), 240000);
        const std::optional<NcclTestRun> &ran = nccl->panel()->shownRun();
        QVERIFY(ran);
        qInfo("%s", qPrintable(ran->verdict.sentence));
        QVERIFY2(ran->verdict.pass, qPrintable(ran->verdict.sentence));
        QCOMPARE(ran->layout, ClusterLayout::Ring3);
        QCOMPARE(ran->nodes.size(), 3);
        QCOMPARE(ran->network, QStringLiteral("IB"));
        for (int node = 0; node < 3; ++node) {
            const QByteArray left = m_lab.lab().processesOn(node, QStringLiteral("all_gather_perf"));
            QVERIFY2(left.trimmed().isEmpty(), left.constData());
        }
        wizard.next();

        auto *done = current<DonePage>(wizard);
        QVERIFY(done->findChild<QLabel *>(QStringLiteral("doneSummary"))->text().contains(QLatin1String("every link")));
        QVERIFY(done->exportText(QStringLiteral("hostfile")).contains(m_lab.lab().node(2).address));

        // The cluster is kept for sparkctl, and rolling back from the wizard works.
        ClusterStore store;
        QVERIFY(store.load());
        QVERIFY(store.find(wizard.state()->clusterName()));
        for (int page = 0; page < 4; ++page) // Done, NCCL test, link test, node-to-node SSH
            wizard.back();
        QCOMPARE(wizard.currentId(), int(SetupWizard::ConfigurePage));
        configure->findChild<QLineEdit *>(QStringLiteral("sudoPassword"))->setText(m_lab.lab().node(0).password);
        configure->rollback();
        QTRY_VERIFY_WITH_TIMEOUT(!configure->busy(), 120000);
        QVERIFY2(configure->outcomeText().contains(QLatin1String("back on")), qPrintable(configure->outcomeText()));
    }

    // A switch of four, straight through: every page over real SSH, the link
    // test over the switch legs paired 1–2 and 3–4.
    void aSwitchOfFourIsSetUp()
    {
        m_lab.down();
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h7-wizsw"), QStringLiteral("10.131.65.0/24"),
                         {QStringLiteral("switch"), QStringLiteral("--nodes"), QStringLiteral("4"),
                          // Four Sparks' NCCL traffic at the default scale needs more than two cores.
                          QStringLiteral("--rate-scale"), QStringLiteral("0.005")}));
        QCOMPARE(registerLabDevices(m_lab, *m_home).size(), 4);

        SetupWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        current<LayoutPage>(wizard)->setChoice(ClusterLayout::Switch, 4);
        wizard.next();
        auto *devices = current<DevicesPage>(wizard);
        QVERIFY(devices);
        devices->choose(m_lab.nodeNames());
        for (const QString &name : m_lab.nodeNames())
            QTRY_COMPARE_WITH_TIMEOUT(devices->statusText(name), QStringLiteral("online"), 30000);
        wizard.next();

        qInfo("page: %s", "Checks");
        auto *checks = current<ChecksPage>(wizard);
        QTRY_VERIFY_WITH_TIMEOUT(checks->verdict().has_value(), 120000);
        QVERIFY2(*checks->verdict() != Readiness::Blockers,
                 qPrintable(checks->findChild<QLabel *>(QStringLiteral("checksVerdict"))->text()));
        if (*checks->verdict() == Readiness::Warnings)
            checks->findChild<QCheckBox *>(QStringLiteral("acceptWarnings"))->click();
        wizard.next();

        qInfo("page: %s", "Cabling");
        auto *cabling = current<CablingPage>(wizard);
        cabling->setWatching(false);
        QSignalSpy checked(cabling, &CablingPage::checkFinished);
        // The person clicks the right-hand port on Spark 1's drawing, but the lab's
        // cables are in Port 0: the check finds every cable in the other port.
        RearPanelView *panel = cabling->panels().at(0);
        QTest::mouseClick(panel, Qt::LeftButton, {}, panel->portCentre(1).toPoint());
        QCOMPARE(wizard.state()->port(), 1);
        cabling->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(checked.size(), 1, 30000);
        QVERIFY(!cabling->isComplete());
        QVERIFY(!findingsOf(cabling).isEmpty());
        // Clicking the left port makes the plan follow the cables.
        QTest::mouseClick(panel, Qt::LeftButton, {}, panel->portCentre(0).toPoint());
        QCOMPARE(wizard.state()->port(), 0);
        cabling->findChild<QPushButton *>(QStringLiteral("checkCabling"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(checked.size(), 2, 30000);
        QTRY_VERIFY2_WITH_TIMEOUT(cabling->isComplete(), qPrintable(findingsOf(cabling)), 60000);
        verifyQuickCheckPassed(cabling, 2); // the switch legs paired 1–2 and 3–4
        if (QTest::currentTestFailed())
            return;
        wizard.next();

        qInfo("page: %s", "Configure");
        auto *configure = current<ConfigurePage>(wizard);
        configure->findChild<QLineEdit *>(QStringLiteral("sudoPassword"))->setText(m_lab.lab().node(0).password);
        configure->findChild<QPushButton *>(QStringLiteral("applyButton"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!configure->busy(), 400000);
        QVERIFY2(configure->isComplete(), qPrintable(configure->outcomeText()));
        wizard.next();

        qInfo("page: %s", "Node-to-node SSH");
        auto *trust = current<PeerTrustPage>(wizard);
        QTRY_VERIFY2_WITH_TIMEOUT(!trust->running(), qPrintable(trust->outcomeText()), 120000);
        QVERIFY2(trust->isComplete(), qPrintable(trust->outcomeText()));
        wizard.next();

        qInfo("page: %s", "Link test");
        auto *test = current<LinkTestPage>(wizard);
        test->setSecondsPerDirection(2);
        test->startTest();
        QTRY_VERIFY_WITH_TIMEOUT(!test->isRunning(), 300000);
        QVERIFY2(test->lastRun(), qPrintable(test->findChild<QLabel *>(QStringLiteral("linkTestMessage"))->text()));
        QCOMPARE(test->lastRun()->links.size(), 2);
        for (const LinkResult &link : test->lastRun()->links)
            QVERIFY2(link.verdict.pass, qPrintable(link.verdict.sentence));
        wizard.next();

        // NVIDIA's NCCL test over the switch: four ranks, all_gather.
        qInfo("page: %s", "NCCL test");
        auto *nccl = current<NcclTestPage>(wizard);
        QVERIFY(nccl);
        nccl->panel()->chooseSizes(8LL << 20, 64LL << 20);
        nccl->panel()->start();
        QTRY_VERIFY_WITH_TIMEOUT(!nccl->isRunning(), 240000);
        const std::optional<NcclTestRun> &ran = nccl->panel()->shownRun();
        QVERIFY(ran);
        qInfo("%s", qPrintable(ran->verdict.sentence));
        QVERIFY2(ran->verdict.pass, qPrintable(ran->verdict.sentence));
        QCOMPARE(ran->layout, ClusterLayout::Switch);
        QCOMPARE(ran->nodes.size(), 4);
        QCOMPARE(ran->scale, 0.005);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(SetupWizard::DonePage));
        QVERIFY(current<DonePage>(wizard)->exportText(QStringLiteral("hostfile")).contains(m_lab.lab().node(3).address));
    }
};

int main(int argc, char *argv[])
{
    if (const int rule = spark::testsupport::sparklabRootRule(); rule != 0)
        return rule;
    // The whole set-up runs in one test function: more than QtTest's default five minutes on a busy machine.
    if (!qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT"))
        qputenv("QTEST_FUNCTION_TIMEOUT", "900000");
    QApplication app(argc, argv);
    spark::setApplicationIdentity(app);
    TestWizardLab tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_wizardlab.moc"
