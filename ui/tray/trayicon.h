// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthnotices.h"

#include <QObject>

#include <QList>

#include <optional>

class QAction;
class QMenu;
class QSystemTrayIcon;

namespace spark::ui {

class DailyController;
class DeviceMenu;
class MainWindow;

// The notification-area icon: brings the window back and quits the app, as
// NVIDIA Sync does. Exists only where the platform has a tray.
class TrayIcon final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrayIcon)

public:
    explicit TrayIcon(MainWindow &window, QObject *parent = nullptr);
    ~TrayIcon() override;

    static bool isAvailable();
    QMenu *menu() const { return m_menu; }
    void show();

    // Tells the user once that the app keeps running after the window closes.
    void notifyHiddenToTray();
    // A problem, as a desktop notification.
    void showNotification(const QString &title, const QString &message);
    // New or ended health alerts; a click on the notification opens the
    // link-health window on the cable (or Spark) it names.
    void showHealthNotice(const spark::HealthNotice &notice);
    std::optional<spark::HealthNotice> lastHealthNotice() const { return m_lastNotice; }

    // Adds the devices (state, connect/disconnect, dashboard, terminal, editors,
    // ports) at the top of the menu, kept up to date, and a Settings entry.
    void setDailyController(DailyController *controller);
    QList<DeviceMenu *> deviceMenus() const { return m_deviceMenus; }

Q_SIGNALS:
    void settingsRequested();

private:
    void showWindow();
    void onMessageClicked();
    void rebuildDeviceMenus();

    MainWindow &m_window;
    QMenu *m_menu = nullptr;
    QSystemTrayIcon *m_icon = nullptr;
    bool m_toldAboutTray = false;
    std::optional<spark::HealthNotice> m_lastNotice; // what the notification shown last is about
    DailyController *m_controller = nullptr;
    QList<DeviceMenu *> m_deviceMenus;
    QList<QAction *> m_deviceSectionActions; // the header, the "no devices" line and the separator
    QAction *m_firstFixed = nullptr;
};

} // namespace spark::ui
