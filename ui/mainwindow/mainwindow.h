// SPDX-License-Identifier: MIT
#pragma once

#include "ui/devices/devicedetailpanel.h"

#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>

class QStackedWidget;
class QTabWidget;
class QTableView;

namespace spark {
class ClusterWatch;
class DeviceRegistry;
class SecretStore;
struct HealthNotice;
}

class QMenu;

namespace spark::ui {

class ClusterActions;
class ClustersPage;
class ModelsPage;
class DeviceListModel;
class DeviceDetailPanel;
class HealthDashboard;
class LinkTestWindow;
class NcclTestWindow;

// The device list, and the entry points to everything else.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(DeviceRegistry &registry, QWidget *parent = nullptr);
    ~MainWindow() override;

    // When a tray icon exists, closing the window hides it and the app stays in the tray.
    void setKeepRunningInTray(bool keep) { m_keepRunningInTray = keep; }
    // How the detail panel probes the selected device (NodeProber with the
    // keychain's sudo password unless replaced, e.g. by a test).
    void setDeviceProber(DeviceDetailPanel::Prober prober) { m_prober = std::move(prober); }
    // Where the link-health window takes its cluster's session from: the
    // app's watch, shared with the background watch (it must outlive the
    // window). Without one the window makes its own, watching nothing
    // in the background.
    void setClusterWatch(ClusterWatch *watch);
    // The tray's menu for a device (connect, terminal, editors, DGX
    // Dashboard, tunnels; nullptr: none), offered first on a device row's
    // context menu and the detail panel's Actions. Wired by the app: the tray
    // drives the window, never back. Without one the menu has the window's own
    // actions only.
    using TrayMenuSource = std::function<QMenu *(const spark::Device &device, QWidget *parent)>;
    void setTrayMenuSource(TrayMenuSource source) { m_trayMenu = std::move(source); }

    // A device row's context menu: the tray's actions for it, then check
    // again, update, a report for support and remove. The caller owns it.
    QMenu *deviceMenu(const spark::Device &device);

    // The Clusters tab, and what its panel's buttons do besides opening windows.
    ClustersPage *clustersPage() const { return m_clusters; }
    ModelsPage *modelsPage() const { return m_models; }
    ClusterActions *clusterActions() const { return m_clusterActions; }

public Q_SLOTS:
    void reloadDevices();
    // Asks every device whether it answers (key login), and shows online/offline.
    void checkDevices();
    void openSetupWizard();
    void openAbout();
    void openAddDevice();
    void openUpdate(const spark::Device &device);
    void openSupportReport(const spark::Device &device);
    // Asks first, saying what removing does (and that the Spark is not changed), then forgets the device.
    void removeDevice(const spark::Device &device);
    // The link-health window of `cluster`; empty: the default cluster (the one set up last).
    void openHealthDashboard(const QString &cluster = QString());
    // The NCCL test window of `cluster`; empty: the default cluster (the one set up last).
    void openNcclTest(const QString &cluster = QString());
    // The link-test window of `cluster`; empty: the default cluster (the one set up last).
    void openLinkTest(const QString &cluster = QString());
    // The link-health window of the notice's cluster, on its cable (or Spark).
    void showHealthNotice(const spark::HealthNotice &notice);

Q_SIGNALS:
    void hiddenToTray();
    void quitRequested();

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void showSelectedDevice();
    void clusterRequested(int action, const QString &cluster);
    SecretStore &secrets();
    ClusterWatch &clusterWatch();

    DeviceRegistry &m_registry;
    DeviceListModel *m_model = nullptr;
    QTabWidget *m_tabs = nullptr;
    QStackedWidget *m_stack = nullptr;
    ClustersPage *m_clusters = nullptr;
    ModelsPage *m_models = nullptr;
    ClusterActions *m_clusterActions = nullptr;
    QTableView *m_table = nullptr;
    DeviceDetailPanel *m_detail = nullptr;
    QWidget *m_detailViewport = nullptr;
    DeviceDetailPanel::Prober m_prober;
    bool m_keepRunningInTray = false;
    SecretStore *m_secrets = nullptr;
    QAction *m_healthAction = nullptr;
    QPointer<HealthDashboard> m_health;
    QAction *m_ncclAction = nullptr;
    QList<QPointer<NcclTestWindow>> m_ncclWindows; // one per cluster
    QAction *m_linkTestAction = nullptr;
    QList<QPointer<LinkTestWindow>> m_linkTestWindows; // one per cluster
    ClusterWatch *m_watch = nullptr;
    std::unique_ptr<ClusterWatch> m_ownWatch;
    TrayMenuSource m_trayMenu;
};

} // namespace spark::ui
