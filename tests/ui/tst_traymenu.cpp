// SPDX-License-Identifier: MIT
// The tray menu for daily use, offscreen: each device with its state,
// connect (to a port that refuses), the dashboard and port tunnels, the
// terminal and editors with the device's SSH alias, and the settings window.
#include "core/devices/dailypreferences.h"
#include "core/devices/deviceconnections.h"
#include "core/devices/deviceregistry.h"
#include "core/launch/autostart.h"
#include "support/screenshots.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/settings/dailysettingsdialog.h"
#include "ui/tray/dailycontroller.h"
#include "ui/tray/devicemenu.h"
#include "ui/tray/trayicon.h"

#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {
// A loopback port where nothing listens: connecting is refused at once.
quint16 closedPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

LaunchPlanner::ProgramLookup installed(const QStringList &programs)
{
    return [programs](const QString &name) { return programs.contains(name) ? QStringLiteral("/usr/bin/") + name : QString(); };
}

QAction *item(QMenu *menu, const QString &objectName)
{
    for (QAction *action : menu->actions())
        if (action->objectName() == objectName)
            return action;
    return nullptr;
}
} // namespace

// Everything the tray needs, in a scratch folder.
struct Fixture
{
    QTemporaryDir dir;
    DeviceRegistry registry{dir.filePath(QStringLiteral("devices.json"))};
    DailyPreferences preferences{dir.filePath(QStringLiteral("daily.json"))};
    DeviceConnections connections;
    DailyController controller{registry, connections, preferences};
    MainWindow window{registry};
    TrayIcon tray{window};
    QList<LaunchCommand> started;

    explicit Fixture(bool withDevices = true)
    {
        if (withDevices) {
            for (const char *name : {"spark-1", "spark-2"}) {
                Device device;
                device.name = QString::fromLatin1(name);
                device.host = QStringLiteral("127.0.0.1");
                device.port = closedPort();
                device.user = QStringLiteral("nvidia");
                device.sshAlias = device.name + QStringLiteral("-alias");
                registry.add(device);
            }
            registry.save();
            DevicePreferences spark1;
            spark1.folder = QStringLiteral("/home/nvidia/work");
            spark1.tunnels = {TunnelSpec{QStringLiteral("Jupyter"), 18888, 8888, QStringLiteral("/lab")}};
            preferences.setDevice(QStringLiteral("spark-1"), spark1);
        }
        controller.setProgramLookup(installed({QStringLiteral("code"), QStringLiteral("xterm"), QStringLiteral("xdg-open")}));
        controller.setStarter([this](const LaunchCommand &command) -> Expected<void> {
            started.append(command);
            return {};
        });
        controller.setUrlOpener([](const QUrl &) { return true; });
        tray.setDailyController(&controller);
    }
    DeviceMenu *menu(int index) { return tray.deviceMenus().value(index); }
};

class TestTrayMenu final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsEachDeviceWithItsStateAndTools()
    {
        Fixture f;
        QCOMPARE(f.tray.deviceMenus().size(), 2);
        DeviceMenu *spark1 = f.menu(0);
        QCOMPARE(spark1->objectName(), QStringLiteral("deviceMenu-spark-1"));
        QCOMPARE(spark1->title(), QStringLiteral("spark-1 — Not connected"));
        QVERIFY(item(spark1, QStringLiteral("deviceConnect"))->isEnabled());
        QVERIFY(!item(spark1, QStringLiteral("deviceDisconnect")));
        QVERIFY(item(spark1, QStringLiteral("deviceDashboard"))->isEnabled());
        QVERIFY(item(spark1, QStringLiteral("deviceVsCode"))->isEnabled());
        QAction *cursor = item(spark1, QStringLiteral("deviceCursor"));
        QVERIFY(!cursor->isEnabled());
        QCOMPARE(cursor->text(), QStringLiteral("Cursor (not installed)"));
        QAction *jupyter = item(spark1, QStringLiteral("deviceTunnel-18888"));
        QVERIFY(jupyter);
        QVERIFY(jupyter->isCheckable() && !jupyter->isChecked());
        QVERIFY(!item(f.menu(1), QStringLiteral("deviceTunnel-18888"))); // spark-2 has no ports of its own
        // The devices come first, then the fixed entries.
        const QList<QAction *> top = f.tray.menu()->actions();
        QCOMPARE(top.first()->objectName(), QStringLiteral("trayDevicesHeader"));
        QVERIFY(top.indexOf(spark1->menuAction()) < top.indexOf(f.tray.menu()->findChild<QAction *>(QStringLiteral("trayOpen"))));
        QVERIFY(f.tray.menu()->findChild<QAction *>(QStringLiteral("traySettings")));
    }

    void withoutDevicesTheMenuSaysWhatToDo()
    {
        Fixture f(false);
        QVERIFY(f.tray.deviceMenus().isEmpty());
        QVERIFY(f.tray.menu()->findChild<QAction *>(QStringLiteral("trayNoDevices")));
    }

    void connectShowsConnectingThenWhyItFailed()
    {
        Fixture f;
        QSignalSpy problems(&f.controller, &DailyController::problem);
        item(f.menu(0), QStringLiteral("deviceConnect"))->trigger();
        QCOMPARE(f.connections.state(QStringLiteral("spark-1")), ConnectionState::Connecting);
        QCOMPARE(f.menu(0)->title(), QStringLiteral("spark-1 — Connecting…"));
        QVERIFY(!item(f.menu(0), QStringLiteral("deviceConnect"))->isEnabled());
        QVERIFY(problems.wait(10000));
        QVERIFY2(problems.first().at(1).toString().contains(QStringLiteral("refused")),
                 qPrintable(problems.first().at(1).toString()));
        QCOMPARE(f.menu(0)->title(), QStringLiteral("spark-1 — Connection failed"));
        QAction *problem = item(f.menu(0), QStringLiteral("deviceProblem"));
        QVERIFY(problem);
        QCOMPARE(problem->toolTip(), problems.first().at(1).toString());
        QVERIFY(item(f.menu(0), QStringLiteral("deviceConnect"))->isEnabled()); // try again
        QCOMPARE(f.menu(1)->title(), QStringLiteral("spark-2 — Not connected"));
    }

    void terminalAndEditorsUseTheDevicesAlias()
    {
        Fixture f;
        QSignalSpy launched(&f.controller, &DailyController::launched);
        item(f.menu(0), QStringLiteral("deviceTerminal"))->trigger();
        item(f.menu(0), QStringLiteral("deviceVsCode"))->trigger();
        item(f.menu(1), QStringLiteral("deviceVsCode"))->trigger();
        QCOMPARE(f.started.size(), 3);
        QCOMPARE(f.started.at(0).program, QStringLiteral("/usr/bin/xterm"));
        QCOMPARE(f.started.at(0).arguments, (QStringList{QStringLiteral("-e"), QStringLiteral("ssh"), QStringLiteral("spark-1-alias")}));
        QCOMPARE(f.started.at(1).arguments, (QStringList{QStringLiteral("--remote"), QStringLiteral("ssh-remote+spark-1-alias"),
                                                          QStringLiteral("/home/nvidia/work")}));
        // No folder set: the user's home.
        QCOMPARE(f.started.at(2).arguments.last(), QStringLiteral("/home/nvidia"));
        QCOMPARE(launched.size(), 3);
    }

    // The main window's device rows offer the tray's actions too, and the
    // window's own: check again, update, a report for support.
    void deviceRowsOfferTheTrayActions()
    {
        Fixture f;
        f.window.setTrayMenuSource([&f](const Device &device, QWidget *parent) {
            return f.controller.menuFor(device.name, parent);
        });
        const Device spark2 = *f.registry.find(QStringLiteral("spark-2"));
        std::unique_ptr<QMenu> menu(f.window.deviceMenu(spark2));
        for (const char *name : {"deviceConnect", "deviceTerminal", "deviceVsCode", "deviceDashboard", "deviceCheckAgain",
                                 "deviceUpdate", "deviceReport"})
            QVERIFY2(item(menu.get(), QLatin1String(name)), name);
        item(menu.get(), QStringLiteral("deviceTerminal"))->trigger();
        QCOMPARE(f.started.size(), 1);
        QCOMPARE(f.started.first().arguments.last(), QStringLiteral("spark-2-alias"));
        // The detail panel's Actions button pops the same menu up for the Spark it shows.
        auto *panel = f.window.findChild<DeviceDetailPanel *>();
        QVERIFY(panel);
        auto *actions = panel->findChild<QPushButton *>(QStringLiteral("detailActions"));
        QVERIFY(actions && !actions->isEnabled()); // nothing selected yet
        f.window.setDeviceProber([](const Device &) {
            return QtFuture::makeReadyFuture(Expected<NodeFacts>(Error(QStringLiteral("not probed in this test"))));
        });
        panel->setDevice(spark2);
        QVERIFY(actions->isEnabled());
        actions->click();
        const auto shownMenu = [&f]() -> QMenu * {
            for (QMenu *candidate : f.window.findChildren<QMenu *>(QStringLiteral("deviceContextMenu")))
                if (candidate->isVisible())
                    return candidate;
            return nullptr;
        };
        QTRY_VERIFY(shownMenu());
        QMenu *popped = shownMenu();
        item(popped, QStringLiteral("deviceTerminal"))->trigger();
        QCOMPARE(f.started.size(), 2);
        QCOMPARE(f.started.last().arguments.last(), QStringLiteral("spark-2-alias"));
        popped->close();
        // Without the tray's controller (a test, or no tray): the window's own actions.
        MainWindow bare(f.registry);
        std::unique_ptr<QMenu> own(bare.deviceMenu(spark2));
        QVERIFY(!item(own.get(), QStringLiteral("deviceTerminal")));
        QVERIFY(item(own.get(), QStringLiteral("deviceUpdate")));
    }

    void tunnelsSayWhyTheyDidNotOpen()
    {
        Fixture f;
        QSignalSpy problems(&f.controller, &DailyController::problem);
        // Its local port is taken on this computer: the planner says so before any connection.
        QTcpServer other;
        QVERIFY(other.listen(QHostAddress::LocalHost, 18888));
        item(f.menu(0), QStringLiteral("deviceTunnel-18888"))->trigger();
        QVERIFY(problems.wait(5000));
        QVERIFY2(problems.last().at(1).toString().contains(QStringLiteral("already in use")),
                 qPrintable(problems.last().at(1).toString()));
        QCOMPARE(f.connections.state(QStringLiteral("spark-1")), ConnectionState::Disconnected);
        // The dashboard on a device that refuses: the connection's sentence.
        item(f.menu(1), QStringLiteral("deviceDashboard"))->trigger();
        QVERIFY(problems.wait(10000));
        QVERIFY2(problems.last().at(0).toString().contains(QStringLiteral("tunnel")), qPrintable(problems.last().at(0).toString()));
        QCOMPARE(f.connections.state(QStringLiteral("spark-2")), ConnectionState::Failed);
        QVERIFY(f.connections.openTunnels(QStringLiteral("spark-2")).isEmpty());
    }

    void connectedDeviceOffersDisconnectAndShowsOpenTunnels()
    {
        DeviceMenu menu;
        DeviceMenuEntry entry;
        entry.name = QStringLiteral("spark-1");
        entry.state = ConnectionState::Connected;
        entry.customTunnels = {TunnelSpec{QStringLiteral("Jupyter"), 18888, 8888, QStringLiteral("/lab")}};
        entry.openTunnels = {entry.customTunnels.first(), TunnelSpec{QStringLiteral("port 9000"), 19000, 9000, {}}};
        menu.setEntry(entry);
        QSignalSpy requested(&menu, &DeviceMenu::requested);
        QVERIFY(item(&menu, QStringLiteral("deviceDisconnect")));
        QVERIFY(item(&menu, QStringLiteral("deviceTunnel-18888"))->isChecked());
        QVERIFY(item(&menu, QStringLiteral("deviceTunnel-19000"))->isChecked()); // opened elsewhere, listed too
        item(&menu, QStringLiteral("deviceTunnel-18888"))->trigger();
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().at(0).value<DeviceAction>(), DeviceAction::CloseTunnel);
        QCOMPARE(requested.first().at(2).value<TunnelSpec>().localPort, quint16(18888));
    }

    void settingsSavePortsFolderTerminalStartAtLoginAndHealthWatch()
    {
        Fixture f;
        Autostart autostart(f.dir.filePath(QStringLiteral("autostart")));
        DailySettingsDialog dialog(f.registry, f.preferences, autostart,
                                   installed({QStringLiteral("konsole"), QStringLiteral("code")}));
        dialog.setExecutable(QStringLiteral("/usr/bin/spark-companion"));
        auto *ports = dialog.findChild<QTableWidget *>(QStringLiteral("ports"));
        QCOMPARE(ports->rowCount(), 1); // spark-1's Jupyter
        dialog.findChild<QCheckBox *>(QStringLiteral("startAtLogin"))->setChecked(true);
        // A privileged local port is refused with a sentence; nothing is written.
        ports->item(0, 1)->setText(QStringLiteral("80"));
        QVERIFY(!dialog.save());
        auto *problem = dialog.findChild<QLabel *>(QStringLiteral("problem"));
        QVERIFY(problem->text().contains(QStringLiteral("administrator rights")));
        QVERIFY(!autostart.isEnabled());
        ports->item(0, 1)->setText(QStringLiteral("18889"));
        QVERIFY(dialog.save());
        QVERIFY(autostart.isEnabled());

        DailyPreferences reread(f.dir.filePath(QStringLiteral("daily.json")));
        QVERIFY(reread.load());
        QCOMPARE(reread.device(QStringLiteral("spark-1")).tunnels.first().localPort, quint16(18889));
        QCOMPARE(reread.device(QStringLiteral("spark-1")).folder, QStringLiteral("/home/nvidia/work"));
        QVERIFY(reread.watchHealthInBackground()); // on unless turned off
        auto *watchHealth = dialog.findChild<QCheckBox *>(QStringLiteral("watchHealth"));
        QVERIFY(watchHealth->isChecked());
        dialog.findChild<QCheckBox *>(QStringLiteral("startAtLogin"))->setChecked(false);
        watchHealth->setChecked(false);
        QVERIFY(dialog.save());
        QVERIFY(!autostart.isEnabled());
        QVERIFY(reread.load());
        QVERIFY(!reread.watchHealthInBackground());
        QVERIFY(!f.preferences.watchHealthInBackground());
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        Fixture f;
        f.tray.menu()->popup(QPoint(0, 0));
        QVERIFY(QTest::qWaitForWindowExposed(f.tray.menu()));
        QVERIFY(saveScreenshot(*f.tray.menu(), QStringLiteral("tray-menu"), look));
        f.tray.menu()->hide();

        DeviceMenu connected;
        DeviceMenuEntry entry;
        entry.name = QStringLiteral("spark-1");
        entry.state = ConnectionState::Connected;
        entry.vsCodeInstalled = true;
        entry.customTunnels = {TunnelSpec{QStringLiteral("Jupyter"), 18888, 8888, QStringLiteral("/lab")},
                               TunnelSpec{QStringLiteral("TensorBoard"), 16006, 6006, QStringLiteral("/")}};
        entry.openTunnels = {entry.customTunnels.first()};
        connected.setEntry(entry);
        connected.popup(QPoint(0, 0));
        QVERIFY(QTest::qWaitForWindowExposed(&connected));
        QVERIFY(saveScreenshot(connected, QStringLiteral("tray-device-connected"), look));

        DeviceMenu failed;
        entry.state = ConnectionState::Failed;
        entry.problem = QStringLiteral("spark-1.local refused the connection on port 22. Check that its SSH server is "
                                       "running and the port is right.");
        entry.openTunnels.clear();
        failed.setEntry(entry);
        failed.popup(QPoint(0, 0));
        QVERIFY(QTest::qWaitForWindowExposed(&failed));
        QVERIFY(saveScreenshot(failed, QStringLiteral("tray-device-failed"), look));

        Autostart autostart(f.dir.filePath(QStringLiteral("autostart")));
        DailySettingsDialog dialog(f.registry, f.preferences, autostart,
                                   installed({QStringLiteral("gnome-terminal"), QStringLiteral("code")}));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(saveScreenshot(dialog, QStringLiteral("settings-daily"), look));
        dialog.resize(dialog.minimumSizeHint());
        QVERIFY(saveScreenshot(dialog, QStringLiteral("settings-daily-small"), look));
    }
};

QTEST_MAIN(TestTrayMenu)
#include "tst_traymenu.moc"
