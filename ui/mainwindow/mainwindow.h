// SPDX-License-Identifier: MIT
#pragma once

#include "ui/devices/devicedetailpanel.h"

#include <QMainWindow>
#include <QPointer>

class QStackedWidget;
class QTableView;

namespace spark {
class DeviceRegistry;
class SecretStore;
}

namespace spark::ui {

class DeviceListModel;
class DeviceDetailPanel;
class HealthDashboard;

// The device list, and the entry points to everything else.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(DeviceRegistry &registry, QWidget *parent = nullptr);

    // When a tray icon exists, closing the window hides it and the app stays in the tray.
    void setKeepRunningInTray(bool keep) { m_keepRunningInTray = keep; }
    // How the detail panel probes the selected device (NodeProber with the
    // keychain's sudo password unless replaced, e.g. by a test).
    void setDeviceProber(DeviceDetailPanel::Prober prober) { m_prober = std::move(prober); }

public Q_SLOTS:
    void reloadDevices();
    // Asks every device whether it answers (key login), and shows online/offline.
    void checkDevices();
    void openSetupWizard();
    void openAbout();
    void openAddDevice();
    void openUpdate(const spark::Device &device);
    void openSupportReport(const spark::Device &device);
    // The link-health window of `cluster`; empty: the default cluster (the one set up last).
    void openHealthDashboard(const QString &cluster = QString());

Q_SIGNALS:
    void hiddenToTray();
    // An alert the tray should show (from the health window).
    void notificationRequested(const QString &title, const QString &message);
    void quitRequested();

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void showSelectedDevice();
    SecretStore &secrets();

    DeviceRegistry &m_registry;
    DeviceListModel *m_model = nullptr;
    QStackedWidget *m_stack = nullptr;
    QTableView *m_table = nullptr;
    DeviceDetailPanel *m_detail = nullptr;
    QWidget *m_detailViewport = nullptr;
    DeviceDetailPanel::Prober m_prober;
    bool m_keepRunningInTray = false;
    SecretStore *m_secrets = nullptr;
    QAction *m_healthAction = nullptr;
    QPointer<HealthDashboard> m_health;
};

} // namespace spark::ui
