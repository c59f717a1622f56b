// SPDX-License-Identifier: MIT
#include "ui/tray/trayicon.h"

#include "ui/mainwindow/mainwindow.h"

#include <QMenu>
#include <QSystemTrayIcon>

namespace spark::ui {

TrayIcon::TrayIcon(MainWindow &window, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_menu(new QMenu)
    , m_icon(new QSystemTrayIcon(QIcon(QStringLiteral(":/icons/spark-companion.png")), this))
{
    m_menu->setObjectName(QStringLiteral("trayMenu"));
    QAction *show = m_menu->addAction(tr("Open Spark Companion"));
    show->setObjectName(QStringLiteral("trayOpen"));
    connect(show, &QAction::triggered, this, &TrayIcon::showWindow);
    QAction *cluster = m_menu->addAction(tr("Set up a cluster…"));
    cluster->setObjectName(QStringLiteral("traySetUpCluster"));
    connect(cluster, &QAction::triggered, this, [this] {
        showWindow();
        m_window.openSetupWizard();
    });
    m_menu->addSeparator();
    QAction *quit = m_menu->addAction(tr("Quit"));
    quit->setObjectName(QStringLiteral("trayQuit"));
    connect(quit, &QAction::triggered, &m_window, &MainWindow::quitRequested);

    m_icon->setToolTip(tr("Spark Companion"));
    m_icon->setContextMenu(m_menu);
    connect(m_icon, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
        if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
            showWindow();
    });
}

TrayIcon::~TrayIcon()
{
    delete m_menu;
}

bool TrayIcon::isAvailable()
{
    return QSystemTrayIcon::isSystemTrayAvailable();
}

void TrayIcon::show()
{
    m_icon->show();
}

void TrayIcon::notifyHiddenToTray()
{
    if (m_toldAboutTray)
        return;
    m_toldAboutTray = true;
    m_icon->showMessage(tr("Spark Companion is still running"),
                        tr("It stays in the notification area. Choose Quit from its menu to exit."));
}

void TrayIcon::showNotification(const QString &title, const QString &message)
{
    m_icon->showMessage(title, message, QSystemTrayIcon::Warning);
}

void TrayIcon::showWindow()
{
    m_window.show();
    m_window.raise();
    m_window.activateWindow();
}

} // namespace spark::ui
