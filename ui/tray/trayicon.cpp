// SPDX-License-Identifier: MIT
#include "ui/tray/trayicon.h"

#include "ui/mainwindow/mainwindow.h"
#include "ui/tray/dailycontroller.h"
#include "ui/tray/devicemenu.h"

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
    m_firstFixed = show;
    connect(show, &QAction::triggered, this, &TrayIcon::showWindow);
    QAction *cluster = m_menu->addAction(tr("Set up a cluster…"));
    cluster->setObjectName(QStringLiteral("traySetUpCluster"));
    connect(cluster, &QAction::triggered, this, [this] {
        showWindow();
        m_window.openSetupWizard();
    });
    QAction *settings = m_menu->addAction(tr("Settings…"));
    settings->setObjectName(QStringLiteral("traySettings"));
    connect(settings, &QAction::triggered, this, &TrayIcon::settingsRequested);
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
    connect(m_icon, &QSystemTrayIcon::messageClicked, this, &TrayIcon::onMessageClicked);
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
    m_lastNotice.reset();
    m_icon->showMessage(tr("Spark Companion is still running"),
                        tr("It stays in the notification area. Choose Quit from its menu to exit."));
}

void TrayIcon::showNotification(const QString &title, const QString &message)
{
    m_lastNotice.reset();
    m_icon->showMessage(title, message, QSystemTrayIcon::Warning);
}

void TrayIcon::showHealthNotice(const HealthNotice &notice)
{
    // One notification shows at a time: a click answers the last one.
    m_lastNotice = notice;
    const QSystemTrayIcon::MessageIcon icon = notice.kind == HealthNotice::Kind::Cleared ? QSystemTrayIcon::Information
        : notice.severity == HealthAlert::Severity::Critical                             ? QSystemTrayIcon::Critical
                                                                                         : QSystemTrayIcon::Warning;
    m_icon->showMessage(notice.title, notice.message, icon);
}

void TrayIcon::onMessageClicked()
{
    if (m_lastNotice)
        m_window.showHealthNotice(*m_lastNotice);
}

void TrayIcon::setDailyController(DailyController *controller)
{
    m_controller = controller;
    connect(controller, &DailyController::changed, this, &TrayIcon::rebuildDeviceMenus);
    connect(m_menu, &QMenu::aboutToShow, this, &TrayIcon::rebuildDeviceMenus);
    connect(controller, &DailyController::problem, this, &TrayIcon::showNotification);
    rebuildDeviceMenus();
}

void TrayIcon::rebuildDeviceMenus()
{
    if (!m_controller)
        return;
    const QList<DeviceMenuEntry> entries = m_controller->entries();
    // The same devices: update in place, so an open submenu stays open.
    bool sameDevices = entries.size() == m_deviceMenus.size() && !m_deviceSectionActions.isEmpty();
    for (qsizetype i = 0; sameDevices && i < entries.size(); ++i)
        sameDevices = m_deviceMenus.at(i)->entry().name == entries.at(i).name;
    if (sameDevices) {
        for (qsizetype i = 0; i < entries.size(); ++i) {
            m_deviceMenus.at(i)->setEntry(entries.at(i));
            m_deviceMenus.at(i)->menuAction()->setText(m_deviceMenus.at(i)->title());
            m_deviceMenus.at(i)->menuAction()->setIcon(m_deviceMenus.at(i)->icon());
        }
        return;
    }
    qDeleteAll(m_deviceMenus);
    m_deviceMenus.clear();
    qDeleteAll(m_deviceSectionActions);
    m_deviceSectionActions.clear();

    auto *header = new QAction(tr("Devices"), m_menu);
    header->setObjectName(QStringLiteral("trayDevicesHeader"));
    header->setEnabled(false);
    m_menu->insertAction(m_firstFixed, header);
    m_deviceSectionActions.append(header);
    if (entries.isEmpty()) {
        auto *none = new QAction(tr("No devices yet: add one in the main window"), m_menu);
        none->setObjectName(QStringLiteral("trayNoDevices"));
        none->setEnabled(false);
        m_menu->insertAction(m_firstFixed, none);
        m_deviceSectionActions.append(none);
    }
    for (const DeviceMenuEntry &entry : entries) {
        auto *menu = new DeviceMenu(m_menu);
        menu->setEntry(entry);
        connect(menu, &DeviceMenu::requested, m_controller, &DailyController::handle);
        m_menu->insertMenu(m_firstFixed, menu);
        m_deviceMenus.append(menu);
    }
    m_deviceSectionActions.append(m_menu->insertSeparator(m_firstFixed));
}

void TrayIcon::showWindow()
{
    m_window.show();
    m_window.raise();
    m_window.activateWindow();
}

} // namespace spark::ui
