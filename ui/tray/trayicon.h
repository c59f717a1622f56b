// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QMenu;
class QSystemTrayIcon;

namespace spark::ui {

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

private:
    void showWindow();

    MainWindow &m_window;
    QMenu *m_menu = nullptr;
    QSystemTrayIcon *m_icon = nullptr;
    bool m_toldAboutTray = false;
};

} // namespace spark::ui
