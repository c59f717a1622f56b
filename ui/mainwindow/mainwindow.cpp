// SPDX-License-Identifier: MIT
#include "ui/mainwindow/mainwindow.h"

#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/secretstore.h"
#include "ui/about/aboutdialog.h"
#include "ui/devices/adddevicedialog.h"
#include "ui/devices/devicelistmodel.h"
#include "ui/mainwindow/emptystatewidget.h"
#include "ui/wizard/setupwizard.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QHeaderView>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
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

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(emptyState);
    m_stack->addWidget(m_table);
    setCentralWidget(m_stack);

    createActions();
    reloadDevices();
    resize(860, 540);
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
}

void MainWindow::reloadDevices()
{
    if (const auto loaded = m_registry.load(); !loaded)
        statusBar()->showMessage(loaded.error().message);
    m_model->setDevices(m_registry.devices());
    m_stack->setCurrentIndex(m_registry.devices().isEmpty() ? 0 : 1);
    checkDevices();
}

void MainWindow::checkDevices()
{
    // Each check runs on its own thread; the answer comes back to this window's thread.
    for (const Device &device : m_registry.devices()) {
        m_model->setStatus(device.name, DeviceListModel::Status::Checking);
        DeviceProbe::check(device).then(this, [this, name = device.name](const DeviceCheck &check) {
            m_model->setStatus(name, check.online ? DeviceListModel::Status::Online : DeviceListModel::Status::Offline,
                               check.problem.message);
        });
    }
}

void MainWindow::openSetupWizard()
{
    auto *wizard = new SetupWizard(this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    // Sparks may have been added on its Devices page.
    connect(wizard, &QWizard::finished, this, &MainWindow::reloadDevices);
    wizard->open();
}

void MainWindow::openAbout()
{
    auto *dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::openAddDevice()
{
    if (!m_secrets)
        m_secrets = new SecretStore(this);
    auto *dialog = new AddDeviceDialog(m_secrets, DeviceEnroller::Paths::defaults(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &AddDeviceDialog::deviceAdded, this, &MainWindow::reloadDevices);
    dialog->open();
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
