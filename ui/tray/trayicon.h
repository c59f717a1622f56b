// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include <QList>

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
    // A health alert, as a desktop notification.
    void showNotification(const QString &title, const QString &message);

    // Adds the devices (state, connect/disconnect, dashboard, terminal, editors,
    // ports) at the top of the menu, kept up to date, and a Settings entry.
    void setDailyController(DailyController *controller);
    QList<DeviceMenu *> deviceMenus() const { return m_deviceMenus; }

Q_SIGNALS:
    void settingsRequested();

private:
    void showWindow();
    void rebuildDeviceMenus();

    MainWindow &m_window;
    QMenu *m_menu = nullptr;
    QSystemTrayIcon *m_icon = nullptr;
    bool m_toldAboutTray = false;
    DailyController *m_controller = nullptr;
    QList<DeviceMenu *> m_deviceMenus;
    QList<QAction *> m_deviceSectionActions; // the header, the "no devices" line and the separator
    QAction *m_firstFixed = nullptr;
};

} // namespace spark::ui
