// SPDX-License-Identifier: MIT
#include "ui/tray/dailycontroller.h"

#include "ui/tray/devicemenu.h"

#include "core/common/whenready.h"
#include "core/devices/deviceregistry.h"
#include "core/launch/launcher.h"
#include "core/tunnels/tunnelplanner.h"

#include <QDesktopServices>

#include <algorithm>

namespace spark::ui {

DailyController::DailyController(DeviceRegistry &registry, DeviceConnections &connections,
                                 DailyPreferences &preferences, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_connections(connections)
    , m_preferences(preferences)
    , m_lookup(Launcher::pathLookup())
    , m_starter(&Launcher::start)
    , m_openUrl([](const QUrl &url) { return QDesktopServices::openUrl(url); })
{
    connect(&m_connections, &DeviceConnections::stateChanged, this, &DailyController::changed);
    connect(&m_connections, &DeviceConnections::tunnelsChanged, this, &DailyController::changed);
}

QMenu *DailyController::menuFor(const QString &device, QWidget *parent)
{
    const QList<DeviceMenuEntry> all = entries();
    const auto entry = std::find_if(all.cbegin(), all.cend(),
                                    [&](const DeviceMenuEntry &candidate) { return candidate.name == device; });
    if (entry == all.cend())
        return nullptr;
    auto *menu = new DeviceMenu(parent);
    menu->setEntry(*entry);
    connect(menu, &DeviceMenu::requested, this, &DailyController::handle);
    return menu;
}

QList<DeviceMenuEntry> DailyController::entries() const
{
    const bool vsCode = LaunchPlanner::isInstalled(Editor::VsCode, m_lookup);
    const bool cursor = LaunchPlanner::isInstalled(Editor::Cursor, m_lookup);
    QList<DeviceMenuEntry> result;
    for (const Device &device : m_registry.devices()) {
        DeviceMenuEntry entry;
        entry.name = device.name;
        entry.state = m_connections.state(device.name);
        entry.problem = m_connections.problem(device.name);
        entry.customTunnels = m_preferences.device(device.name).tunnels;
        entry.openTunnels = m_connections.openTunnels(device.name);
        entry.vsCodeInstalled = vsCode;
        entry.cursorInstalled = cursor;
        result.append(entry);
    }
    return result;
}

void DailyController::handle(DeviceAction action, const QString &deviceName, const TunnelSpec &tunnel)
{
    const Device *found = m_registry.find(deviceName);
    if (!found) {
        Q_EMIT problem(tr("Device not found"),
                       tr("%1 is no longer registered. Add it again from the main window.").arg(deviceName));
        return;
    }
    const Device device = *found;
    switch (action) {
    case DeviceAction::Connect:
        whenReady(
            m_connections.connectDevice(device), this,
            [this, deviceName](const Expected<void> &connected) {
                if (!connected)
                    Q_EMIT problem(tr("Could not connect to %1").arg(deviceName), connected.error().message);
            },
            [] {});
        break;
    case DeviceAction::Disconnect:
        m_connections.disconnectDevice(deviceName);
        break;
    case DeviceAction::Dashboard: {
        // An open dashboard tunnel (perhaps on another local port) is reused.
        // A taken port 11000 (another tool's tunnel) moves the dashboard to the next free one.
        TunnelSpec dashboard = TunnelPlanner::dashboard();
        for (const TunnelSpec &open : m_connections.openTunnels(deviceName))
            if (open.remotePort == TunnelPlanner::DashboardPort)
                dashboard = open;
        openTunnelInBrowser(device, dashboard, true);
        break;
    }
    case DeviceAction::OpenTunnel:
        openTunnelInBrowser(device, tunnel);
        break;
    case DeviceAction::CloseTunnel:
        m_connections.closeTunnel(deviceName, tunnel.localPort);
        break;
    case DeviceAction::Terminal:
        launch(LaunchPlanner::terminal(device.sshAlias, m_lookup, m_preferences.terminal()), tr("Terminal"));
        break;
    case DeviceAction::VsCode:
    case DeviceAction::Cursor: {
        const Editor editor = action == DeviceAction::VsCode ? Editor::VsCode : Editor::Cursor;
        QString folder = m_preferences.device(deviceName).folder;
        if (folder.isEmpty())
            folder = LaunchPlanner::defaultFolder(device.user);
        launch(LaunchPlanner::editor(editor, device.sshAlias, folder, m_lookup), LaunchPlanner::editorName(editor));
        break;
    }
    }
}

void DailyController::openTunnelInBrowser(const Device &device, const TunnelSpec &tunnel, bool anyFreePort)
{
    const QString name = device.name;
    whenReady(
        m_connections.openTunnel(device, tunnel, anyFreePort), this,
        [this, name](const Expected<TunnelSpec> &opened) {
            if (!opened) {
                Q_EMIT problem(tr("Could not open the tunnel to %1").arg(name), opened.error().message);
                return;
            }
            const QUrl url = TunnelPlanner::browserUrl(*opened);
            if (url.isEmpty())
                return;
            if (!m_openUrl(url))
                Q_EMIT problem(tr("Could not open the browser"),
                               tr("The tunnel is open: open %1 in your browser.").arg(url.toString()));
            else
                Q_EMIT launched(url.toString());
        },
        [] {});
}

void DailyController::launch(const Expected<LaunchCommand> &command, const QString &what)
{
    if (!command) {
        Q_EMIT problem(tr("Could not open %1").arg(what), command.error().message);
        return;
    }
    if (const auto started = m_starter(*command); !started) {
        Q_EMIT problem(tr("Could not open %1").arg(what), started.error().message);
        return;
    }
    Q_EMIT launched(what);
}

} // namespace spark::ui
