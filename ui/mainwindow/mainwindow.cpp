// SPDX-License-Identifier: MIT
#include "ui/mainwindow/mainwindow.h"

#include "core/common/whenready.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/deviceremoval.h"
#include "core/devices/secretstore.h"
#include "core/devices/nodeprober.h"
#include "core/health/clusterwatch.h"
#include "core/health/healthsession.h"
#include "core/cluster/clusterstore.h"
#include "ui/about/aboutdialog.h"
#include "ui/clusters/clusteractions.h"
#include "ui/clusters/clusterspage.h"
#include "ui/devices/adddevicedialog.h"
#include "ui/devices/devicedetailpanel.h"
#include "ui/devices/devicelistmodel.h"
#include "ui/devices/supportreportdialog.h"
#include "ui/devices/updatedialog.h"
#include "ui/health/healthdashboard.h"
#include "ui/linktest/linktestjobsource.h"
#include "ui/linktest/linktestwindow.h"
#include "ui/mainwindow/emptystatewidget.h"
#include "ui/models/modelspage.h"
#include "ui/nccl/nccljobsource.h"
#include "ui/nccl/nccltestwindow.h"
#include "ui/wizard/setupwizard.h"

#include <algorithm>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QHeaderView>
#include <QMenuBar>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>

namespace spark::ui {

MainWindow::MainWindow(DeviceRegistry &registry, QWidget *parent)
    : QMainWindow(parent)
    , m_registry(registry)
    , m_model(new DeviceListModel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Spark Companion"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/spark-companion.png")));

    auto *emptyState = new EmptyStateWidget(this);
    emptyState->setObjectName(QStringLiteral("emptyState"));
    connect(emptyState, &EmptyStateWidget::addDeviceRequested, this, &MainWindow::openAddDevice);
    connect(emptyState, &EmptyStateWidget::setUpClusterRequested, this, &MainWindow::openSetupWizard);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("deviceTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);

    m_prober = [this](const Device &device) {
        // The keychain answers first (on the window's thread, so nothing outlives
        // the window), then the probe runs on its own thread with that password.
        return secrets()
            .sudoPassword(device.name)
            .then(this, [device](const Expected<QString> &remembered) {
                return NodeProber::probe(device, remembered ? *remembered : QString());
            })
            .unwrap();
    };
    m_detail = new DeviceDetailPanel([this](const Device &device) { return m_prober(device); }, this);
    connect(m_detail, &DeviceDetailPanel::updateRequested, this, &MainWindow::openUpdate);
    connect(m_detail, &DeviceDetailPanel::reportRequested, this, &MainWindow::openSupportReport);
    connect(m_detail, &DeviceDetailPanel::actionsRequested, this, [this](const Device &device, const QPoint &position) {
        QMenu *menu = deviceMenu(device);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(position);
    });
    connect(m_detail, &DeviceDetailPanel::removeRequested, this, &MainWindow::removeDevice);
    auto *detailScroll = new QScrollArea(this);
    detailScroll->setObjectName(QStringLiteral("deviceDetailScroll"));
    detailScroll->setWidgetResizable(true);
    detailScroll->setFrameShape(QFrame::NoFrame);
    detailScroll->setWidget(m_detail);
    m_detailViewport = detailScroll->viewport();
    m_detailViewport->installEventFilter(this); // the panel lays itself out for the visible width
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::showSelectedDevice);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &position) {
        const QModelIndex index = m_table->indexAt(position);
        if (!index.isValid() || index.row() >= m_model->devices().size())
            return;
        m_table->selectRow(index.row());
        QMenu *menu = deviceMenu(m_model->devices().at(index.row()));
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_table->viewport()->mapToGlobal(position));
    });

    auto *devicePage = new QSplitter(Qt::Vertical, this);
    devicePage->setObjectName(QStringLiteral("devicePage"));
    devicePage->setChildrenCollapsible(false);
    devicePage->addWidget(m_table);
    devicePage->addWidget(detailScroll);
    devicePage->setStretchFactor(0, 1);
    devicePage->setStretchFactor(1, 3);
    devicePage->setSizes({150, 390});

    m_stack = new QStackedWidget(this);
    m_stack->setObjectName(QStringLiteral("deviceStack"));
    m_stack->addWidget(emptyState);
    m_stack->addWidget(devicePage);

    // Clusters beside devices: each configured cluster, its drawing, health, last tests and actions.
    m_clusters = new ClustersPage(ClusterRemoval::Files::defaults(), this);
    m_clusterActions = new ClusterActions(m_registry, m_clusters->files(), this);
    connect(m_clusters, &ClustersPage::setUpRequested, this, &MainWindow::openSetupWizard);
    connect(m_clusters, &ClustersPage::requested, this,
            [this](ClusterPanel::Action action, const QString &cluster) { clusterRequested(int(action), cluster); });
    connect(m_clusters, &ClustersPage::exportRequested, m_clusterActions, &ClusterActions::exportFile);
    connect(m_clusterActions, &ClusterActions::said, this, [this](const QString &sentence) { statusBar()->showMessage(sentence); });
    connect(m_clusterActions, &ClusterActions::clustersChanged, this, &MainWindow::reloadDevices);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_stack, tr("&Devices"));
    m_tabs->addTab(m_clusters, tr("C&lusters"));
    m_models = new ModelsPage(this);
    m_tabs->addTab(m_models, tr("&Models"));
    setCentralWidget(m_tabs);

    createActions();
    reloadDevices();
    resize(860, 540);
}

MainWindow::~MainWindow()
{
    delete m_health.data(); // it tells the watch it closed, while both still exist
}

void MainWindow::createActions()
{
    auto *addDevice = new QAction(QIcon::fromTheme(QStringLiteral("list-add")), tr("&Add a Spark…"), this);
    addDevice->setObjectName(QStringLiteral("actionAddDevice"));
    addDevice->setShortcut(QKeySequence::New);
    connect(addDevice, &QAction::triggered, this, &MainWindow::openAddDevice);

    auto *setUpCluster = new QAction(QIcon::fromTheme(QStringLiteral("network-wired")), tr("Set up a &cluster…"), this);
    setUpCluster->setObjectName(QStringLiteral("actionSetUpCluster"));
    connect(setUpCluster, &QAction::triggered, this, &MainWindow::openSetupWizard);

    m_healthAction = new QAction(QIcon::fromTheme(QStringLiteral("network-transmit-receive")), tr("Link &health…"), this);
    m_healthAction->setObjectName(QStringLiteral("actionHealth"));
    m_healthAction->setToolTip(tr("Watch the links of the cluster you set up: rates, errors and alerts."));
    connect(m_healthAction, &QAction::triggered, this, [this] { openHealthDashboard(); });

    m_ncclAction = new QAction(QIcon::fromTheme(QStringLiteral("utilities-system-monitor")), tr("Run the &NCCL test…"), this);
    m_ncclAction->setObjectName(QStringLiteral("actionNcclTest"));
    m_ncclAction->setToolTip(tr("Run NVIDIA's NCCL test across the cluster you set up and judge its bus bandwidth."));
    connect(m_ncclAction, &QAction::triggered, this, [this] { openNcclTest(); });

    m_linkTestAction = new QAction(QIcon::fromTheme(QStringLiteral("network-wired")), tr("Run the &link test…"), this);
    m_linkTestAction->setObjectName(QStringLiteral("actionLinkTest"));
    m_linkTestAction->setToolTip(tr("Measure every link of the cluster you set up, and compare the run with earlier ones."));
    connect(m_linkTestAction, &QAction::triggered, this, [this] { openLinkTest(); });

    auto *quit = new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this);
    quit->setObjectName(QStringLiteral("actionQuit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &MainWindow::quitRequested);

    auto *about = new QAction(QIcon::fromTheme(QStringLiteral("help-about")), tr("&About Spark Companion"), this);
    about->setObjectName(QStringLiteral("actionAbout"));
    connect(about, &QAction::triggered, this, &MainWindow::openAbout);

    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(addDevice);
    fileMenu->addAction(setUpCluster);
    fileMenu->addAction(m_healthAction);
    fileMenu->addAction(m_linkTestAction);
    fileMenu->addAction(m_ncclAction);
    fileMenu->addSeparator();
    fileMenu->addAction(quit);
    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(about);

    QToolBar *toolBar = addToolBar(tr("Main"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setMovable(false);
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->addAction(addDevice);
    toolBar->addAction(setUpCluster);
    toolBar->addAction(m_healthAction);
}

void MainWindow::reloadDevices()
{
    if (m_healthAction) {
        // Only a cluster that was set up can be watched.
        ClusterStore clusters;
        const bool anyCluster = clusters.load() && !clusters.clusters().isEmpty();
        m_healthAction->setEnabled(anyCluster);
        m_ncclAction->setEnabled(anyCluster);
        m_linkTestAction->setEnabled(anyCluster);
    }
    if (const auto loaded = m_registry.load(); !loaded)
        statusBar()->showMessage(loaded.error().message);
    if (m_watch || m_ownWatch)
        clusterWatch().reload(); // a cluster set up or changed is watched as it is now
    m_clusters->reload();
    const QString selected = m_detail->device().name;
    m_model->setDevices(m_registry.devices());
    m_models->setDevices(m_registry.devices());
    if (ClusterStore clusters; clusters.load()) {
        QList<ClusterDefinition> defaultFirst = clusters.clusters();
        std::stable_partition(defaultFirst.begin(), defaultFirst.end(),
                              [&](const ClusterDefinition &cluster) { return cluster.name == clusters.defaultCluster(); });
        m_models->setClusters(defaultFirst);
    }
    m_stack->setCurrentIndex(m_registry.devices().isEmpty() ? 0 : 1);
    checkDevices();
    // Keep the selection across a reload. Nothing is selected at first: a
    // selection probes the device over SSH, which the person asks for.
    m_detail->clearDevice();
    for (int row = 0; row < m_model->devices().size(); ++row) {
        if (!selected.isEmpty() && m_model->devices().at(row).name == selected)
            m_table->selectRow(row);
    }
}

void MainWindow::checkDevices()
{
    // Each check runs on its own thread; the answer comes back to this window's thread.
    for (const Device &device : m_registry.devices()) {
        m_model->setStatus(device.name, DeviceListModel::Status::Checking);
        whenReady(DeviceProbe::check(device), this, [this, name = device.name](const DeviceCheck &check) {
            m_model->setStatus(name, check.online ? DeviceListModel::Status::Online : DeviceListModel::Status::Offline,
                               check.problem.message);
        });
    }
}

QMenu *MainWindow::deviceMenu(const Device &device)
{
    QMenu *menu = m_trayMenu ? m_trayMenu(device, this) : nullptr;
    if (menu)
        menu->addSeparator();
    else
        menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("deviceContextMenu"));
    QAction *check = menu->addAction(tr("Check &again"), this, [this, device] {
        if (m_detail->device().name == device.name)
            m_detail->checkAgain();
    });
    check->setObjectName(QStringLiteral("deviceCheckAgain"));
    menu->addAction(tr("&Update…"), this, [this, device] { openUpdate(device); })
        ->setObjectName(QStringLiteral("deviceUpdate"));
    menu->addAction(tr("Save a &report for support…"), this, [this, device] { openSupportReport(device); })
        ->setObjectName(QStringLiteral("deviceReport"));
    menu->addSeparator();
    menu->addAction(QIcon::fromTheme(QStringLiteral("list-remove")), tr("&Remove…"), this, [this, device] { removeDevice(device); })
        ->setObjectName(QStringLiteral("deviceRemove"));
    return menu;
}

void MainWindow::showSelectedDevice()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty() || rows.first().row() >= m_model->devices().size()) {
        m_detail->clearDevice();
        return;
    }
    const Device &device = m_model->devices().at(rows.first().row());
    if (device.name != m_detail->device().name)
        m_detail->setDevice(device);
}

void MainWindow::setClusterWatch(ClusterWatch *watch)
{
    m_watch = watch;
    m_clusters->setWatch(watch);
}

void MainWindow::clusterRequested(int action, const QString &cluster)
{
    switch (ClusterPanel::Action(action)) {
    case ClusterPanel::Action::Health:
        openHealthDashboard(cluster);
        break;
    case ClusterPanel::Action::LinkTest:
        openLinkTest(cluster);
        break;
    case ClusterPanel::Action::NcclTest:
        openNcclTest(cluster);
        break;
    case ClusterPanel::Action::Verify:
        m_clusterActions->verify(cluster);
        break;
    case ClusterPanel::Action::Rollback:
        m_clusterActions->rollback(cluster);
        break;
    case ClusterPanel::Action::Delete:
        m_clusterActions->remove(cluster);
        break;
    }
}

void MainWindow::removeDevice(const Device &device)
{
    ClusterStore clusters;
    const QStringList memberOf = clusters.load() ? clusters.clustersWith(device.name) : QStringList();
    auto *box = new QMessageBox(QMessageBox::Question, tr("Remove a Spark"),
                                tr("Remove %1 from this computer?").arg(device.name), QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("confirmRemoveDevice"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QString details = tr("The app and sparkctl forget it: its entry, the ~/.ssh/config entry the app wrote for it and "
                         "its sudo password in the keychain. Nothing on the Spark changes: the app's key stays in its "
                         "authorized_keys until you remove it there, and you can add the Spark again at any time.");
    if (!memberOf.isEmpty())
        details += QLatin1Char(' ')
            + (memberOf.size() == 1
                   ? tr("It is part of the cluster %1, which cannot reach it until it is added again under the same name.")
                   : tr("It is part of the clusters %1, which cannot reach it until it is added again under the same name."))
                  .arg(memberOf.join(QStringLiteral(", ")));
    box->setInformativeText(details);
    QPushButton *remove = box->addButton(tr("&Remove"), QMessageBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("confirmRemove"));
    box->addButton(QMessageBox::Cancel)->setObjectName(QStringLiteral("confirmCancel"));
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [this, box, remove, name = device.name] {
        if (box->clickedButton() != remove)
            return;
        DeviceEnroller::Paths paths = DeviceEnroller::Paths::defaults();
        paths.registryFile = m_registry.filePath();
        whenReady(DeviceRemoval::remove(name, secrets(), paths), this, [this](const Expected<DeviceRemoval> &removal) {
            if (!removal) {
                statusBar()->showMessage(removal.error().message);
                return;
            }
            statusBar()->showMessage(removal->keychainProblem.isEmpty()
                                         ? tr("Removed %1.").arg(removal->device.name)
                                         : tr("Removed %1. %2").arg(removal->device.name, removal->keychainProblem));
        });
        // The registry file is rewritten at once: the list follows it now, not after the keychain's answer.
        reloadDevices();
    });
    box->open();
}

SecretStore &MainWindow::secrets()
{
    if (!m_secrets)
        m_secrets = new SecretStore(this);
    return *m_secrets;
}

void MainWindow::openUpdate(const Device &device)
{
    auto *dialog = new UpdateDialog(device, secrets(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &UpdateDialog::nodeBack, this, [this](const Device &updated, const NodeFacts &facts) {
        if (updated.name == m_detail->device().name)
            m_detail->showResult(facts);
    });
    dialog->open();
}

void MainWindow::openSupportReport(const Device &device)
{
    QList<Device> others;
    for (const Device &registered : m_registry.devices()) {
        if (registered.name != device.name)
            others.append(registered);
    }
    auto *dialog = new SupportReportDialog(device, others, secrets(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::openSetupWizard()
{
    auto *wizard = new SetupWizard(this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    // Sparks may have been added on its Devices page.
    connect(wizard, &QWizard::finished, this, &MainWindow::reloadDevices);
    connect(wizard, &SetupWizard::dashboardRequested, this, &MainWindow::openHealthDashboard);
    wizard->open();
}

ClusterWatch &MainWindow::clusterWatch()
{
    if (m_watch)
        return *m_watch;
    if (!m_ownWatch)
        m_ownWatch = std::make_unique<ClusterWatch>(m_registry);
    return *m_ownWatch;
}

void MainWindow::openHealthDashboard(const QString &clusterName)
{
    if (m_health && !clusterName.isEmpty() && m_health->cluster().compare(clusterName, Qt::CaseInsensitive) != 0)
        m_health->close(); // one window: the cluster it shows is polled fast
    if (m_health && m_health->isVisible()) {
        m_health->showNormal();
        m_health->raise();
        m_health->activateWindow();
        return;
    }
    // The cluster's session, polling already when the background watch runs.
    const Expected<HealthSession *> session = clusterWatch().openForView(clusterName);
    if (!session) {
        QMessageBox::warning(this, tr("Link health"), session.error().message);
        return;
    }
    HealthSession *watching = *session;
    const QString name = watching->cluster().name;
    auto *dashboard = new HealthDashboard(name, watching->plan(), this);
    dashboard->setAttribute(Qt::WA_DeleteOnClose);
    dashboard->setIntervalMs(clusterWatch().rates().shownMs);
    HealthMonitor &monitor = watching->monitor();
    connect(&monitor, &HealthMonitor::tick, dashboard,
            [dashboard, &monitor](const QDateTime &time, const QList<NodeHealth> &nodes, const QList<HealthAlert> &active) {
                dashboard->showTick(time, nodes, active, monitor.history());
            });
    connect(watching, &HealthSession::factsReady, dashboard, &HealthDashboard::showFacts);
    // What the watch knew before the window opened.
    dashboard->useRates(&watching->rates());
    for (const NodeFacts &facts : watching->facts())
        dashboard->showFacts(facts);
    if (!monitor.lastNodes().isEmpty())
        dashboard->showTick(monitor.lastTickTime(), monitor.lastNodes(), monitor.history().active(), monitor.history());
    // Fast while shown, slow while hidden or minimised, back to the background rate (or stopped) when closed.
    connect(dashboard, &HealthDashboard::shownChanged, this,
            [this, name](bool shown) { clusterWatch().setView(name, shown ? ClusterView::Shown : ClusterView::Hidden); });
    connect(dashboard, &QObject::destroyed, this, [this, name] { clusterWatch().setView(name, ClusterView::Closed); });
    // A cluster planned again gets a new session: this window showed the old plan.
    connect(watching, &QObject::destroyed, dashboard, [dashboard] {
        dashboard->useRates(nullptr); // that history went with the session
        dashboard->close();
    });
    m_health = dashboard;
    dashboard->show();
    m_clusters->setWatch(&clusterWatch()); // the panel shows what the window's session polls
}

namespace {

// The named configured cluster, or the one set up last.
Expected<ClusterDefinition> configuredCluster(const QString &name)
{
    ClusterStore clusters;
    if (const auto loaded = clusters.load(); !loaded)
        return loaded.error();
    return clusters.resolve(name);
}

// The cluster's window among these, brought to the front; false when it has none.
template <typename Window>
bool raiseWindowOf(QList<QPointer<Window>> &windows, const QString &cluster)
{
    windows.removeIf([](const QPointer<Window> &window) { return window.isNull(); });
    for (Window *open : std::as_const(windows)) {
        if (open->cluster() == cluster) {
            open->showNormal();
            open->raise();
            open->activateWindow();
            return true;
        }
    }
    return false;
}

} // namespace

void MainWindow::openNcclTest(const QString &clusterName)
{
    const Expected<ClusterDefinition> cluster = configuredCluster(clusterName);
    if (!cluster) {
        QMessageBox::warning(this, tr("NCCL test"), cluster.error().message);
        return;
    }
    if (raiseWindowOf(m_ncclWindows, cluster->name))
        return;
    // The window's runs and builds share the cluster's sessions; one still
    // going when the window closes keeps them until it has stopped.
    const auto jobs = ncclJobSource(*cluster, m_registry);
    if (!jobs) {
        QMessageBox::warning(this, tr("NCCL test"), jobs.error().message);
        return;
    }
    auto *window = new NcclTestWindow(cluster->name, *jobs, NcclTestHistory::defaultFilePath(), this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    m_ncclWindows.append(window);
    window->show();
}

void MainWindow::openLinkTest(const QString &clusterName)
{
    const Expected<ClusterDefinition> cluster = configuredCluster(clusterName);
    if (!cluster) {
        QMessageBox::warning(this, tr("Link test"), cluster.error().message);
        return;
    }
    if (raiseWindowOf(m_linkTestWindows, cluster->name))
        return;
    // A run still going when the window closes keeps the cluster's sessions until it has stopped.
    const auto jobs = linkTestJobSource(*cluster, m_registry);
    if (!jobs) {
        QMessageBox::warning(this, tr("Link test"), jobs.error().message);
        return;
    }
    auto *window = new LinkTestWindow(cluster->name, *jobs, LinkTestHistory::defaultFilePath(), this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    m_linkTestWindows.append(window);
    window->show();
}

void MainWindow::showHealthNotice(const HealthNotice &notice)
{
    openHealthDashboard(notice.cluster);
    if (!m_health || m_health->cluster().compare(notice.cluster, Qt::CaseInsensitive) != 0)
        return;
    if (notice.cable)
        m_health->selectCable(*notice.cable);
    else if (!notice.node.isEmpty())
        m_health->selectNode(notice.node);
}

void MainWindow::openAbout()
{
    auto *dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::openAddDevice()
{
    auto *dialog = new AddDeviceDialog(&secrets(), DeviceEnroller::Paths::defaults(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &AddDeviceDialog::deviceAdded, this, &MainWindow::reloadDevices);
    dialog->open();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_detailViewport && event->type() == QEvent::Resize)
        m_detail->fitWidth(m_detailViewport->width());
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_keepRunningInTray) {
        hide();
        event->ignore();
        Q_EMIT hiddenToTray();
        return;
    }
    QMainWindow::closeEvent(event);
}

} // namespace spark::ui
