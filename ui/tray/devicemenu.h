// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/deviceconnections.h"
#include "core/tunnels/tunnelspec.h"

#include <QMenu>

namespace spark::ui {

enum class DeviceAction { Connect, Disconnect, Dashboard, Terminal, VsCode, Cursor, OpenTunnel, CloseTunnel };

// What one device's tray submenu shows.
struct DeviceMenuEntry
{
    QString name;
    ConnectionState state = ConnectionState::Disconnected;
    QString problem;
    QList<TunnelSpec> customTunnels;   // the user's ports from the settings
    QList<TunnelSpec> openTunnels;
    bool vsCodeInstalled = false;
    bool cursorInstalled = false;
};

// One device in the tray menu: its state, connect/disconnect, DGX Dashboard,
// terminal, VS Code, Cursor and the custom tunnels (checked while open).
// It only shows and forwards choices; DailyController carries them out.
class DeviceMenu final : public QMenu
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeviceMenu)

public:
    explicit DeviceMenu(QWidget *parent = nullptr);

    void setEntry(const DeviceMenuEntry &entry);
    const DeviceMenuEntry &entry() const { return m_entry; }

    // "Connected", "Not connected", …, for the submenu title and the status line.
    static QString stateText(ConnectionState state);

Q_SIGNALS:
    void requested(spark::ui::DeviceAction action, const QString &device, const spark::TunnelSpec &tunnel);

private:
    QAction *addRequest(const QString &text, const QString &objectName, DeviceAction action,
                        const TunnelSpec &tunnel = {});

    DeviceMenuEntry m_entry;
};

} // namespace spark::ui
