// SPDX-License-Identifier: MIT
#include "core/devices/deviceregistry.h"
#include "core/cluster/clusterstore.h"
#include "ui/drawings/topologyview.h"
#include "ui/health/healthdashboard.h"
#include "ui/linktest/linktestwindow.h"
#include "ui/nccl/nccltestwindow.h"
#include "support/offlinedevices.h"
#include "support/screenshots.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/tray/trayicon.h"
#include "ui/wizard/setupwizard.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QPointer>
#include <QTest>

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

// spark-a and spark-b, offline.
bool writeOfflinePair(const QString &path)
{
    return writeOfflineSparks(path, {QStringLiteral("spark-a"), QStringLiteral("spark-b")});
}

} // namespace

class TestMainWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyRegistryShowsWhatToDoNext()
    {
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        MainWindow window(registry);
        window.show();
        auto *stack = window.findChild<QStackedWidget *>(QStringLiteral("deviceStack"));
        QVERIFY(stack);
        QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("emptyState"));
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("emptyStateAddDevice"))->isVisible());
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("emptyStateSetUpCluster"))->isVisible());
    }

    void registeredDevicesAreListed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        {
            DeviceRegistry writer(path);
            Device device;
            device.name = QStringLiteral("spark-a");
            device.host = QStringLiteral("10.0.0.1");
            device.user = QStringLiteral("nvidia");
            device.sshAlias = QStringLiteral("spark-a");
            QVERIFY(writer.add(device).hasValue());
            QVERIFY(writer.save().hasValue());
        }
        DeviceRegistry registry(path);
        MainWindow window(registry);
        auto *table = window.findChild<QTableView *>(QStringLiteral("deviceTable"));
        QVERIFY(table);
        QCOMPARE(window.findChild<QStackedWidget *>(QStringLiteral("deviceStack"))->currentWidget()->objectName(), QStringLiteral("devicePage"));
        QVERIFY(window.findChild<QStackedWidget *>(QStringLiteral("deviceStack"))->currentWidget()->isAncestorOf(table));
        QCOMPARE(table->model()->rowCount(), 1);
        QCOMPARE(table->model()->index(0, 0).data().toString(), QStringLiteral("spark-a"));
    }

    void setUpClusterOpensTheWizard()
    {
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        MainWindow window(registry);
        window.show();
        window.findChild<QAction *>(QStringLiteral("actionSetUpCluster"))->trigger();
        auto *wizard = window.findChild<SetupWizard *>(QStringLiteral("setupWizard"));
        QVERIFY(wizard);
        QTRY_VERIFY(wizard->isVisible());
        QCOMPARE(wizard->pageIds().size(), 10); // the cabling check lives on the Cabling page; the NCCL test is one
        QCOMPARE(wizard->currentId(), int(SetupWizard::WelcomePage));
        wizard->close();
    }

    void linkHealthNeedsAConfiguredCluster()
    {
        QTemporaryDir dir;
        qputenv("XDG_CONFIG_HOME", dir.path().toUtf8());
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        QVERIFY(writeOfflinePair(path));
        DeviceRegistry registry(path);
        {
            MainWindow window(registry);
            auto *health = window.findChild<QAction *>(QStringLiteral("actionHealth"));
            QVERIFY(health);
            QVERIFY(!health->isEnabled()); // no cluster yet
        }
        ClusterStore store;
        ClusterDefinition cluster;
        cluster.name = QStringLiteral("pair");
        cluster.layout = ClusterLayout::Direct2;
        cluster.devices = {QStringLiteral("spark-a"), QStringLiteral("spark-b")};
        QVERIFY(store.put(cluster).hasValue());
        QVERIFY(store.save().hasValue());
        MainWindow window(registry);
        auto *health = window.findChild<QAction *>(QStringLiteral("actionHealth"));
        QVERIFY(health->isEnabled());
        health->trigger();
        auto *dashboard = window.findChild<HealthDashboard *>(QStringLiteral("healthDashboard"));
        QVERIFY(dashboard);
        QVERIFY(dashboard->isVisible());
        QVERIFY(dashboard->windowTitle().contains(QLatin1String("pair")));
        QCOMPARE(dashboard->findChild<TopologyView *>(QStringLiteral("topology"))->model().cables.size(), 1);
        // Polled: both Sparks refuse the connection and show as offline.
        QTRY_VERIFY_WITH_TIMEOUT(dashboard->findChild<TopologyView *>(QStringLiteral("topology"))->model().nodes.first().state
                                     == DrawState::Missing,
                                 15000);
        health->trigger(); // the same window again, not a second one
        QCOMPARE(window.findChildren<HealthDashboard *>().size(), 1);

        // The wizard's "Open the dashboard" names the cluster it set up: that one replaces the window.
        ClusterDefinition other = cluster;
        other.name = QStringLiteral("other");
        QVERIFY(store.put(other).hasValue());
        QVERIFY(store.save().hasValue());
        window.findChild<QAction *>(QStringLiteral("actionSetUpCluster"))->trigger();
        auto *wizard = window.findChild<SetupWizard *>();
        QVERIFY(wizard);
        QVERIFY(QMetaObject::invokeMethod(wizard, "dashboardRequested", Q_ARG(QString, QStringLiteral("other"))));
        QPointer<HealthDashboard> first = dashboard;
        QTRY_VERIFY(!first);
        dashboard = window.findChild<HealthDashboard *>(QStringLiteral("healthDashboard"));
        QVERIFY(dashboard);
        QVERIFY(dashboard->isVisible());
        QCOMPARE(dashboard->cluster(), QStringLiteral("other"));
        wizard->close();
        dashboard->close();
        qunsetenv("XDG_CONFIG_HOME");
    }

    // "Run the link test…" and "Run the NCCL test…" open one window per
    // configured cluster (the last one planned), a second trigger raises it.
    void theTestWindowsOpenForTheConfiguredCluster()
    {
        QTemporaryDir dir;
        qputenv("XDG_CONFIG_HOME", dir.path().toUtf8());
        const QString path = dir.filePath(QStringLiteral("devices.json"));
        QVERIFY(writeOfflinePair(path));
        DeviceRegistry registry(path);
        ClusterStore store;
        ClusterDefinition cluster;
        cluster.name = QStringLiteral("pair");
        cluster.layout = ClusterLayout::Direct2;
        cluster.devices = {QStringLiteral("spark-a"), QStringLiteral("spark-b")};
        QVERIFY(store.put(cluster).hasValue());
        QVERIFY(store.save().hasValue());
        MainWindow window(registry);
        for (const char *action : {"actionLinkTest", "actionNcclTest"}) {
            auto *trigger = window.findChild<QAction *>(QLatin1String(action));
            QVERIFY2(trigger && trigger->isEnabled(), action);
            trigger->trigger();
            trigger->trigger(); // the same window again, not a second one
        }
        const auto linkTests = window.findChildren<LinkTestWindow *>();
        const auto ncclTests = window.findChildren<NcclTestWindow *>();
        QCOMPARE(linkTests.size(), 1);
        QCOMPARE(ncclTests.size(), 1);
        QVERIFY(linkTests.first()->isVisible() && ncclTests.first()->isVisible());
        QCOMPARE(linkTests.first()->windowTitle(), QStringLiteral("Link test — pair"));
        QCOMPARE(ncclTests.first()->windowTitle(), QStringLiteral("NCCL test — pair"));
        linkTests.first()->close();
        ncclTests.first()->close();
        qunsetenv("XDG_CONFIG_HOME");
    }

    void closingKeepsTheAppInTheTray()
    {
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        MainWindow window(registry);
        window.setKeepRunningInTray(true);
        window.show();
        int hidden = 0;
        connect(&window, &MainWindow::hiddenToTray, this, [&] { ++hidden; });
        QVERIFY(!window.close()); // the close is refused: the window hides instead
        QVERIFY(!window.isVisible());
        QCOMPARE(hidden, 1);
    }

    void closingWithoutTrayCloses()
    {
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        MainWindow window(registry);
        window.show();
        QVERIFY(window.close());
    }

    void trayMenuOffersOpenAndQuit()
    {
        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        MainWindow window(registry);
        TrayIcon tray(window);
        int quitRequests = 0;
        connect(&window, &MainWindow::quitRequested, this, [&] { ++quitRequests; });
        auto *open = tray.menu()->findChild<QAction *>(QStringLiteral("trayOpen"));
        QVERIFY(open);
        open->trigger();
        QVERIFY(window.isVisible());
        tray.menu()->findChild<QAction *>(QStringLiteral("trayQuit"))->trigger();
        QCOMPARE(quitRequests, 1);
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        if (look.locale != QLatin1String("en"))
            QVERIFY2(scope.translatorLoaded(), "the zh_CN catalogue is not embedded");

        QTemporaryDir dir;
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        MainWindow window(registry);
        window.resize(860, 540);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (look.locale == QLatin1String("zh_CN"))
            QCOMPARE(window.findChild<QLabel *>(QStringLiteral("emptyStateHeading"))->text(),
                     QCoreApplication::translate("spark::ui::EmptyStateWidget", "No Sparks yet"));
        QVERIFY(saveScreenshot(window, QStringLiteral("mainwindow-empty"), look));

        window.resize(520, 380);
        QVERIFY(saveScreenshot(window, QStringLiteral("mainwindow-empty-small"), look));

        SetupWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QVERIFY(saveScreenshot(wizard, QStringLiteral("wizard-welcome"), look));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
