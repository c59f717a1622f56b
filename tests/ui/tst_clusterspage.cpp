// SPDX-License-Identifier: MIT
// The main window's Clusters tab: the configured clusters, the selected one's
// panel (drawing, health, last link test and NCCL run from canned histories),
// its actions (the right window for the right cluster, verify, roll back,
// export, delete after confirmation), and removing a device.
#include "core/cluster/clusterremoval.h"
#include "core/devices/deviceregistry.h"
#include "core/linktest/linktesthistory.h"
#include "core/nccl/nccltesthistory.h"
#include "core/cluster/clusterstore.h"
#include "support/fakeclusterbackend.h"
#include "support/historyfile.h"
#include "support/ncclruns.h"
#include "support/offlinedevices.h"
#include "support/screenshots.h"
#include "ui/clusters/clusteractions.h"
#include "ui/clusters/clusterpanel.h"
#include "ui/clusters/clusterspage.h"
#include "ui/clusters/rollbackdialog.h"
#include "ui/clusters/verifycablingdialog.h"
#include "ui/drawings/topologyview.h"
#include "ui/health/healthdashboard.h"
#include "ui/linktest/linktestwindow.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/nccl/nccltestwindow.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

// A config folder of its own (XDG_CONFIG_HOME and HOME) for one test.
class ConfigHome
{
public:
    ConfigHome()
    {
        qputenv("XDG_CONFIG_HOME", m_dir.path().toUtf8());
        m_home = qgetenv("HOME");
        qputenv("HOME", m_dir.path().toUtf8());
        QDir(m_dir.path()).mkpath(QStringLiteral("spark-companion"));
    }
    ~ConfigHome()
    {
        qunsetenv("XDG_CONFIG_HOME");
        qputenv("HOME", m_home);
    }
    const QTemporaryDir &dir() const { return m_dir; }
    QString devices() const { return m_dir.filePath(QStringLiteral("devices.json")); }

private:
    QTemporaryDir m_dir;
    QByteArray m_home;
};

ClusterDefinition definition(const QString &name, ClusterLayout layout, const QStringList &devices)
{
    ClusterDefinition cluster;
    cluster.name = name;
    cluster.layout = layout;
    cluster.devices = devices;
    return cluster;
}

const QStringList ringNodes{QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")};
const QStringList pairNodes{QStringLiteral("spark-a"), QStringLiteral("spark-b")};

// "pair" (spark-a, spark-b) and "ring" (spark-1..3), "ring" saved last (the default).
bool writeTwoClusters(const ConfigHome &home)
{
    if (!writeOfflineSparks(home.devices(), pairNodes + ringNodes))
        return false;
    ClusterStore store;
    return store.put(definition(QStringLiteral("pair"), ClusterLayout::Direct2, pairNodes)).hasValue()
        && store.put(definition(QStringLiteral("ring"), ClusterLayout::Ring3, ringNodes)).hasValue() && store.save().hasValue();
}

LinkResult link(const QString &label, double gbps, bool pass)
{
    LinkResult result;
    result.link = label;
    result.label = label;
    result.nodeA = QStringLiteral("spark-1");
    result.nodeB = QStringLiteral("spark-2");
    result.method = QStringLiteral("tcp");
    result.throughput = {PortThroughput{label, LinkPhase::Both, LinkDirection::AToB, {gbps / 2, gbps / 2}, {9, 9}, gbps}};
    result.verdict = {pass, pass ? LinkVerdictReason::Pass : LinkVerdictReason::Degraded, QStringLiteral("judged")};
    return result;
}

LinkTestRun linkRun(const QString &cluster, const QDateTime &started, const QList<LinkResult> &links)
{
    LinkTestRun run;
    run.cluster = cluster;
    run.started = started;
    run.links = links;
    return run;
}

QLabel *label(QWidget &window, const char *name)
{
    return window.findChild<QLabel *>(QLatin1String(name));
}

QPushButton *button(QWidget &window, const char *name)
{
    return window.findChild<QPushButton *>(QLatin1String(name));
}

// The confirmation the window opened (named `box`), answered with the button named `answer`.
bool answer(QWidget &window, const QString &box, const QString &answerButton)
{
    QMessageBox *confirmation = nullptr;
    if (!QTest::qWaitFor([&] { return (confirmation = window.findChild<QMessageBox *>(box)) && confirmation->isVisible(); }))
        return false;
    auto *pressed = confirmation->findChild<QPushButton *>(answerButton);
    if (!pressed)
        return false;
    pressed->click();
    return true;
}

} // namespace

class TestClustersPage final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noClusterShowsHowToSetOneUp()
    {
        ConfigHome home;
        QVERIFY(writeOfflineSparks(home.devices(), pairNodes));
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        QVERIFY(window.clustersPage()->clusters().isEmpty());
        QVERIFY(window.findChild<QWidget *>(QStringLiteral("clustersEmpty")));
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("clustersSetUp")));
    }

    void configuredClustersAreListed()
    {
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("mainTabs"));
        QVERIFY(tabs);
        QCOMPARE(tabs->count(), 3); // devices, clusters, models
        tabs->setCurrentWidget(window.clustersPage());
        auto *list = window.findChild<QListWidget *>(QStringLiteral("clusterList"));
        QCOMPARE(list->count(), 2);
        QCOMPARE(list->item(0)->text(), QStringLiteral("pair"));
        QCOMPARE(list->item(1)->text(), QStringLiteral("ring"));
        // The default cluster (planned last) is shown first, drawn from its plan.
        QCOMPARE(window.clustersPage()->selectedCluster(), QStringLiteral("ring"));
        auto *drawing = window.findChild<TopologyView *>(QStringLiteral("clusterDrawing"));
        QCOMPARE(drawing->model().kind, TopologyModel::Kind::Ring);
        QCOMPARE(drawing->model().cables.size(), 3);
        QCOMPARE(label(window, "clusterTitle")->text(), QStringLiteral("ring"));
        // No watch polls it: said so.
        QVERIFY(label(window, "clusterHealth")->text().startsWith(QLatin1String("Not watched")));
        list->setCurrentRow(0);
        QCOMPARE(window.clustersPage()->panel()->cluster(), QStringLiteral("pair"));
        QCOMPARE(drawing->model().kind, TopologyModel::Kind::Direct);
        QCOMPARE(drawing->model().cables.size(), 1);
    }

    void panelShowsTheLastRuns_data()
    {
        QTest::addColumn<QList<LinkTestRun>>("linkRuns");
        QTest::addColumn<QList<NcclTestRun>>("ncclRuns");
        QTest::addColumn<QString>("linkText");
        QTest::addColumn<QString>("ncclText");
        const QDateTime monday(QDate(2026, 3, 2), QTime(9, 30), Qt::UTC);
        const QDateTime tuesday = monday.addDays(1);
        const QString notRun = QStringLiteral("Not run yet.");
        QTest::newRow("nothing kept") << QList<LinkTestRun>() << QList<NcclTestRun>() << notRun << notRun;
        QTest::newRow("the newest of two, slowest cable named")
            << QList<LinkTestRun>{linkRun(QStringLiteral("ring"), monday, {link(QStringLiteral("cable 1"), 190, true)}),
                                  linkRun(QStringLiteral("ring"), tuesday,
                                          {link(QStringLiteral("cable 1"), 191, true), link(QStringLiteral("cable 2"), 96, false)})}
            << QList<NcclTestRun>{ncclRun(QStringLiteral("ring"), ClusterLayout::Ring3, ringNodes, ncclSixSizes(), tuesday)}
            << QStringLiteral("failed, slowest cable 2 at 96 Gb/s") << QStringLiteral("all_gather, pass, 0.238 GB/s");
        QTest::newRow("another cluster's runs are not this one's")
            << QList<LinkTestRun>{linkRun(QStringLiteral("pair"), tuesday, {link(QStringLiteral("cable 1"), 190, true)})}
            << QList<NcclTestRun>{ncclRun(QStringLiteral("pair"), ClusterLayout::Direct2, pairNodes, ncclSlowSizes(), tuesday)}
            << notRun << notRun;
    }

    void panelShowsTheLastRuns()
    {
        QFETCH(QList<LinkTestRun>, linkRuns);
        QFETCH(QList<NcclTestRun>, ncclRuns);
        QFETCH(QString, linkText);
        QFETCH(QString, ncclText);
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        historyIn<LinkTestHistory>(home.dir(), QStringLiteral("spark-companion/linktests.json"), linkRuns);
        historyIn<NcclTestHistory>(home.dir(), QStringLiteral("spark-companion/nccltests.json"), ncclRuns);
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        QCOMPARE(window.clustersPage()->selectedCluster(), QStringLiteral("ring"));
        QVERIFY2(label(window, "clusterLastLinkTest")->text().endsWith(linkText),
                 qPrintable(label(window, "clusterLastLinkTest")->text()));
        QVERIFY2(label(window, "clusterLastNcclTest")->text().endsWith(ncclText),
                 qPrintable(label(window, "clusterLastNcclTest")->text()));
    }

    void eachButtonOpensItsWindowForThatCluster_data()
    {
        QTest::addColumn<QString>("buttonName");
        QTest::addColumn<QString>("windowName");
        QTest::newRow("link health") << QStringLiteral("clusterHealthButton") << QStringLiteral("healthDashboard");
        QTest::newRow("link test") << QStringLiteral("clusterLinkTestButton") << QStringLiteral("linkTestWindow");
        QTest::newRow("NCCL test") << QStringLiteral("clusterNcclTestButton") << QStringLiteral("ncclTestWindow");
    }

    void eachButtonOpensItsWindowForThatCluster()
    {
        QFETCH(QString, buttonName);
        QFETCH(QString, windowName);
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        window.clustersPage()->selectCluster(QStringLiteral("pair")); // not the default one
        window.findChild<QPushButton *>(buttonName)->click();
        QWidget *opened = nullptr;
        QTRY_VERIFY((opened = window.findChild<QWidget *>(windowName)) && opened->isVisible());
        QVERIFY2(opened->windowTitle().contains(QLatin1String("pair")), qPrintable(opened->windowTitle()));
        QVERIFY(!opened->windowTitle().contains(QLatin1String("ring")));
        opened->close();
    }

    void deleteAsksFirst_data()
    {
        QTest::addColumn<QString>("answerButton");
        QTest::addColumn<QStringList>("remaining");
        QTest::addColumn<int>("pairRunsKept");
        QTest::newRow("delete") << QStringLiteral("confirmDelete") << QStringList{QStringLiteral("ring")} << 0;
        QTest::newRow("cancel") << QStringLiteral("confirmCancel") << QStringList{QStringLiteral("pair"), QStringLiteral("ring")} << 1;
    }

    void deleteAsksFirst()
    {
        QFETCH(QString, answerButton);
        QFETCH(QStringList, remaining);
        QFETCH(int, pairRunsKept);
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        const QDateTime started(QDate(2026, 3, 2), QTime(9, 30), Qt::UTC);
        historyIn<LinkTestHistory>(home.dir(), QStringLiteral("spark-companion/linktests.json"),
                                   QList<LinkTestRun>{linkRun(QStringLiteral("pair"), started, {link(QStringLiteral("cable 1"), 190, true)}),
                                                      linkRun(QStringLiteral("ring"), started, {link(QStringLiteral("cable 1"), 190, true)})});
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        window.show();
        window.clustersPage()->selectCluster(QStringLiteral("pair"));
        button(window, "clusterDeleteButton")->click();
        auto *box = window.findChild<QMessageBox *>(QStringLiteral("confirmDeleteCluster"));
        QVERIFY(box);
        // It says what deleting does and does not change.
        QVERIFY(box->text().contains(QLatin1String("pair")));
        QVERIFY(box->informativeText().contains(QLatin1String("Nothing on the Sparks changes")));
        QVERIFY(box->informativeText().contains(QLatin1String("roll back first")));
        QVERIFY(answer(window, QStringLiteral("confirmDeleteCluster"), answerButton));
        ClusterStore store;
        QVERIFY(store.load().hasValue());
        QStringList names;
        for (const ClusterDefinition &cluster : store.clusters())
            names.append(cluster.name);
        QCOMPARE(names, remaining);
        QTRY_COMPARE(window.clustersPage()->clusters(), remaining);
        LinkTestHistory history;
        QVERIFY(history.load().hasValue());
        QCOMPARE(history.runs(QStringLiteral("pair")).size(), pairRunsKept);
        QCOMPARE(history.runs(QStringLiteral("ring")).size(), 1); // another cluster's runs stay
    }

    void removeDeviceAsksFirst_data()
    {
        QTest::addColumn<bool>("fromMenu");
        QTest::addColumn<QString>("answerButton");
        QTest::addColumn<bool>("removed");
        QTest::newRow("menu, remove") << true << QStringLiteral("confirmRemove") << true;
        QTest::newRow("menu, cancel") << true << QStringLiteral("confirmCancel") << false;
        QTest::newRow("panel, remove") << false << QStringLiteral("confirmRemove") << true;
        QTest::newRow("panel, cancel") << false << QStringLiteral("confirmCancel") << false;
    }

    void removeDeviceAsksFirst()
    {
        QFETCH(bool, fromMenu);
        QFETCH(QString, answerButton);
        QFETCH(bool, removed);
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        window.show();
        Device spark;
        spark.name = QStringLiteral("spark-b");
        for (const Device &device : registry.devices()) {
            if (device.name == spark.name)
                spark = device;
        }
        if (fromMenu) {
            std::unique_ptr<QMenu> menu(window.deviceMenu(spark));
            auto *remove = menu->findChild<QAction *>(QStringLiteral("deviceRemove"));
            QVERIFY(remove);
            remove->trigger();
        } else {
            auto *table = window.findChild<QTableView *>(QStringLiteral("deviceTable"));
            table->selectRow(1);
            QVERIFY(button(window, "detailRemove")->isEnabled());
            button(window, "detailRemove")->click();
        }
        auto *box = window.findChild<QMessageBox *>(QStringLiteral("confirmRemoveDevice"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QLatin1String("spark-b")));
        QVERIFY(box->informativeText().contains(QLatin1String("Nothing on the Spark changes")));
        QVERIFY(box->informativeText().contains(QLatin1String("keychain")));
        QVERIFY2(box->informativeText().contains(QLatin1String("the cluster pair")), qPrintable(box->informativeText()));
        QVERIFY(answer(window, QStringLiteral("confirmRemoveDevice"), answerButton));
        DeviceRegistry onDisk(home.devices());
        QVERIFY(onDisk.load().hasValue());
        QCOMPARE(onDisk.find(QStringLiteral("spark-b")) == nullptr, removed);
        QCOMPARE(onDisk.devices().size(), removed ? 4 : 5);
        QCOMPARE(window.findChild<QTableView *>(QStringLiteral("deviceTable"))->model()->rowCount(), removed ? 4 : 5);
    }

    void verifyRunsTheCheckOffTheWindow()
    {
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        int made = 0;
        window.clusterActions()->setBackendFactory([&made] {
            ++made;
            return new FakeClusterBackend; // the emulated ring's discovery and a quick check at 95 Gb/s a twin
        });
        window.show();
        button(window, "clusterVerifyButton")->click();
        auto *dialog = window.findChild<VerifyCablingDialog *>(QStringLiteral("verifyCablingDialog"));
        QVERIFY(dialog);
        QCOMPARE(made, 1);
        QVERIFY(dialog->windowTitle().contains(QLatin1String("ring")));
        QTRY_VERIFY(!dialog->running());
        QVERIFY2(dialog->outcome().contains(QLatin1String("carries what it should")), qPrintable(dialog->outcome()));
        QCOMPARE(dialog->lines().size(), 4); // the cabling matches, then each of the three cables
        QVERIFY(dialog->lines().first().contains(QLatin1String("matches its plan")));
        dialog->close();
    }

    void rollbackSaysWhatItChangesThenRuns()
    {
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        window.clusterActions()->setBackendFactory([] { return new FakeClusterBackend; });
        window.show();
        button(window, "clusterRollbackButton")->click();
        auto *dialog = window.findChild<RollbackDialog *>(QStringLiteral("rollbackDialog"));
        QVERIFY(dialog);
        const QString explanation = label(*dialog, "rollbackExplanation")->text();
        QVERIFY(explanation.contains(QLatin1String("spark-1, spark-2, spark-3")));
        QVERIFY(explanation.contains(QLatin1String("before the cluster was first applied")));
        QVERIFY(dialog->outcome().isEmpty()); // nothing runs before the person presses Roll back
        button(*dialog, "rollbackStart")->click();
        QTRY_VERIFY(!dialog->running());
        QVERIFY2(dialog->outcome().contains(QLatin1String("is back on the network settings")), qPrintable(dialog->outcome()));
        dialog->close();
    }

    void exportWritesTheFile()
    {
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        QVERIFY(window.findChild<QAction *>(QStringLiteral("clusterExport-hostfile")));
        const QString path = home.dir().filePath(QStringLiteral("hostfile"));
        window.clusterActions()->exportTo(ClusterExport::Format::Hostfile, QStringLiteral("pair"), path);
        QTRY_VERIFY(QFile::exists(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // One line per Spark of "pair" (the ring has three), by its management address.
        QCOMPARE(text.count(QLatin1String("127.0.0.1 slots=1")), 2);
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        ConfigHome home;
        QVERIFY(writeTwoClusters(home));
        const QDateTime started = QDateTime::currentDateTimeUtc().addSecs(-3600);
        historyIn<LinkTestHistory>(home.dir(), QStringLiteral("spark-companion/linktests.json"),
                                   QList<LinkTestRun>{linkRun(QStringLiteral("ring"), started,
                                                              {link(QStringLiteral("cable 1"), 191, true),
                                                               link(QStringLiteral("cable 2"), 188, true),
                                                               link(QStringLiteral("cable 3"), 96, false)})});
        historyIn<NcclTestHistory>(home.dir(), QStringLiteral("spark-companion/nccltests.json"),
                                   QList<NcclTestRun>{ncclRun(QStringLiteral("ring"), ClusterLayout::Ring3, ringNodes,
                                                              ncclSixSizes(), started.addSecs(600))});
        DeviceRegistry registry(home.devices());
        MainWindow window(registry);
        window.findChild<QTabWidget *>(QStringLiteral("mainTabs"))->setCurrentWidget(window.clustersPage());
        window.resize(860, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(saveScreenshot(window, QStringLiteral("mainwindow-clusters"), look));
        window.resize(640, 480);
        QVERIFY(saveScreenshot(window, QStringLiteral("mainwindow-clusters-640x480"), look));
        // Nothing clipped at 640×480: the panel needs no scrolling, every button shows its whole text.
        auto *scroll = window.findChild<QScrollArea *>(QStringLiteral("clusterPanelScroll"));
        QVERIFY(!scroll->verticalScrollBar()->isVisible());
        for (QPushButton *action : window.clustersPage()->panel()->findChildren<QPushButton *>())
            QVERIFY2(action->width() >= action->sizeHint().width(), qPrintable(action->text()));

        // The two dialogs the panel opens: the cabling verified, and a roll-back before it starts.
        window.clusterActions()->setBackendFactory([] { return new FakeClusterBackend; });
        button(window, "clusterVerifyButton")->click();
        auto *verify = window.findChild<VerifyCablingDialog *>(QStringLiteral("verifyCablingDialog"));
        QVERIFY(verify);
        QTRY_VERIFY(!verify->running());
        QVERIFY(saveScreenshot(*verify, QStringLiteral("cluster-verify"), look));
        verify->close();
        button(window, "clusterRollbackButton")->click();
        auto *rollback = window.findChild<RollbackDialog *>(QStringLiteral("rollbackDialog"));
        QVERIFY(rollback);
        QVERIFY(QTest::qWaitForWindowExposed(rollback));
        QVERIFY(saveScreenshot(*rollback, QStringLiteral("cluster-rollback"), look));
        rollback->close();
    }
};

QTEST_MAIN(TestClustersPage)
#include "tst_clusterspage.moc"
