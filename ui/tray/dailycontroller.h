// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/dailypreferences.h"
#include "core/devices/deviceconnections.h"
#include "core/launch/launchplanner.h"
#include "ui/tray/devicemenu.h"

#include <QObject>

#include <functional>

class QMenu;
class QWidget;

namespace spark {
class DeviceRegistry;
}

namespace spark::ui {

// Carries out what the tray's device menus ask for: connect and disconnect
// through DeviceConnections, tunnels (the dashboard and the user's ports,
// opened in the browser), and launching a terminal, VS Code or Cursor with the
// device's SSH alias. Reports what went wrong as a sentence.
class DailyController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DailyController)

public:
    using UrlOpener = std::function<bool(const QUrl &url)>;
    using Starter = std::function<Expected<void>(const LaunchCommand &command)>;

    DailyController(DeviceRegistry &registry, DeviceConnections &connections, DailyPreferences &preferences,
                    QObject *parent = nullptr);

    // Seams for tests: what is installed, how programs start, how URLs open.
    void setProgramLookup(LaunchPlanner::ProgramLookup lookup) { m_lookup = std::move(lookup); }
    void setStarter(Starter starter) { m_starter = std::move(starter); }
    void setUrlOpener(UrlOpener opener) { m_openUrl = std::move(opener); }

    QList<DeviceMenuEntry> entries() const;
    // The tray's menu for one device (its actions carried out here), for
    // another window to show; nullptr for a device the registry lacks.
    QMenu *menuFor(const QString &device, QWidget *parent);
    DeviceConnections &connections() { return m_connections; }
    DailyPreferences &preferences() { return m_preferences; }
    DeviceRegistry &registry() { return m_registry; }
    LaunchPlanner::ProgramLookup programLookup() const { return m_lookup; }

public Q_SLOTS:
    void handle(spark::ui::DeviceAction action, const QString &device, const spark::TunnelSpec &tunnel);

Q_SIGNALS:
    // Something the menus show changed (a state, a tunnel, the settings).
    void changed();
    void problem(const QString &title, const QString &sentence);
    // A program or page was opened (for a short confirmation).
    void launched(const QString &what);

private:
    void openTunnelInBrowser(const Device &device, const TunnelSpec &tunnel, bool anyFreePort = false);
    void launch(const Expected<LaunchCommand> &command, const QString &what);

    DeviceRegistry &m_registry;
    DeviceConnections &m_connections;
    DailyPreferences &m_preferences;
    LaunchPlanner::ProgramLookup m_lookup;
    Starter m_starter;
    UrlOpener m_openUrl;
};

} // namespace spark::ui
