// SPDX-License-Identifier: MIT
#include "ui/settings/dailysettingsdialog.h"

#include "core/devices/deviceregistry.h"
#include "core/health/clusterwatch.h"
#include "core/launch/autostart.h"
#include "core/tunnels/tunnelplanner.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

namespace spark::ui {

namespace {
enum Column { NameColumn, LocalColumn, RemoteColumn, PathColumn, ColumnCount };
}

DailySettingsDialog::DailySettingsDialog(const DeviceRegistry &registry, DailyPreferences &preferences,
                                         Autostart &autostart, LaunchPlanner::ProgramLookup lookup, QWidget *parent)
    : QDialog(parent)
    , m_registry(registry)
    , m_preferences(preferences)
    , m_autostart(autostart)
    , m_executable(QCoreApplication::applicationFilePath())
{
    setObjectName(QStringLiteral("dailySettings"));
    setWindowTitle(tr("Settings"));
    auto *layout = new QVBoxLayout(this);

    auto *startup = new QGroupBox(tr("Start-up"), this);
    auto *startupLayout = new QVBoxLayout(startup);
    m_startAtLogin = new QCheckBox(tr("Start Spark Companion at login, in the notification area"), startup);
    m_startAtLogin->setObjectName(QStringLiteral("startAtLogin"));
    m_startAtLogin->setChecked(m_autostart.isEnabled());
    startupLayout->addWidget(m_startAtLogin);
    m_watchHealth = new QCheckBox(tr("Watch the clusters' link health in the background"), startup);
    m_watchHealth->setObjectName(QStringLiteral("watchHealth"));
    m_watchHealth->setChecked(m_preferences.watchHealthInBackground());
    startupLayout->addWidget(m_watchHealth);
    auto *watchHint = new QLabel(tr("Alerts appear as desktop notifications."), startup);
    watchHint->setObjectName(QStringLiteral("watchHealthHint"));
    const QString rates = tr("Each Spark is polled every %1 seconds while no link-health window shows its cluster, "
                             "every second while one does.")
                              .arg(WatchRates{}.hiddenMs / 1000);
    m_watchHealth->setToolTip(rates);
    watchHint->setToolTip(rates);
    watchHint->setContentsMargins(style()->pixelMetric(QStyle::PM_IndicatorWidth)
                                      + style()->pixelMetric(QStyle::PM_CheckBoxLabelSpacing),
                                  0, 0, 0); // under the check box's text
    startupLayout->addWidget(watchHint);
    layout->addWidget(startup);

    auto *apps = new QGroupBox(tr("Apps"), this);
    auto *appsLayout = new QFormLayout(apps);
    m_terminal = new QComboBox(apps);
    m_terminal->setObjectName(QStringLiteral("terminal"));
    m_terminal->addItem(tr("Automatic"), QString());
    for (const QString &name : LaunchPlanner::knownTerminals()) {
        const bool installed = !lookup(name).isEmpty();
        m_terminal->addItem(installed ? name : tr("%1 (not installed)").arg(name), name);
    }
    m_terminal->setCurrentIndex(qMax(0, m_terminal->findData(m_preferences.terminal())));
    appsLayout->addRow(tr("Terminal:"), m_terminal);
    for (const Editor editor : {Editor::VsCode, Editor::Cursor}) {
        auto *state = new QLabel(LaunchPlanner::isInstalled(editor, lookup)
                                     ? tr("Installed; opens the device's working folder with Remote - SSH.")
                                     : tr("Not installed; install it to open devices from the menu."),
                                 apps);
        state->setObjectName(editor == Editor::VsCode ? QStringLiteral("vsCodeState") : QStringLiteral("cursorState"));
        appsLayout->addRow(LaunchPlanner::editorName(editor) + QLatin1Char(':'), state);
    }
    layout->addWidget(apps);

    auto *devices = new QGroupBox(tr("Devices"), this);
    auto *devicesLayout = new QVBoxLayout(devices);
    auto *deviceForm = new QFormLayout;
    m_device = new QComboBox(devices);
    m_device->setObjectName(QStringLiteral("device"));
    for (const Device &device : m_registry.devices()) {
        m_device->addItem(device.name);
        m_devices.insert(device.name, m_preferences.device(device.name));
    }
    deviceForm->addRow(tr("Device:"), m_device);
    m_folder = new QLineEdit(devices);
    m_folder->setObjectName(QStringLiteral("folder"));
    deviceForm->addRow(tr("Working folder:"), m_folder);
    devicesLayout->addLayout(deviceForm);

    auto *portsLabel = new QLabel(tr("Ports: each opens a tunnel from this computer to the device (DGX Dashboard, "
                                     "port 11000, is always there)."),
                                  devices);
    portsLabel->setWordWrap(true);
    devicesLayout->addWidget(portsLabel);
    m_ports = new QTableWidget(0, ColumnCount, devices);
    m_ports->setObjectName(QStringLiteral("ports"));
    m_ports->setHorizontalHeaderLabels({tr("Name"), tr("Local port"), tr("Device port"), tr("Browser path")});
    m_ports->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_ports->verticalHeader()->hide();
    m_ports->setMinimumHeight(120);
    devicesLayout->addWidget(m_ports);
    auto *portButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add port"), devices);
    add->setObjectName(QStringLiteral("addPort"));
    auto *remove = new QPushButton(tr("Remove port"), devices);
    remove->setObjectName(QStringLiteral("removePort"));
    portButtons->addWidget(add);
    portButtons->addWidget(remove);
    portButtons->addStretch();
    devicesLayout->addLayout(portButtons);
    devices->setEnabled(m_device->count() > 0);
    layout->addWidget(devices, 1);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #d03030;"));
    m_problem->hide();
    layout->addWidget(m_problem);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);

    connect(add, &QPushButton::clicked, this, &DailySettingsDialog::addPort);
    connect(remove, &QPushButton::clicked, this, &DailySettingsDialog::removePort);
    connect(m_device, &QComboBox::currentTextChanged, this, [this](const QString &name) {
        keepDevice();
        showDevice(name);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    showDevice(m_device->currentText());
    resize(620, 560);
}

void DailySettingsDialog::showDevice(const QString &name)
{
    m_shown = name;
    const DevicePreferences preferences = m_devices.value(name);
    const Device *device = m_registry.find(name);
    m_folder->setText(preferences.folder);
    m_folder->setPlaceholderText(device ? LaunchPlanner::defaultFolder(device->user) : QString());
    m_ports->setRowCount(0);
    for (const TunnelSpec &tunnel : preferences.tunnels) {
        const int row = m_ports->rowCount();
        m_ports->insertRow(row);
        m_ports->setItem(row, NameColumn, new QTableWidgetItem(tunnel.name));
        m_ports->setItem(row, LocalColumn, new QTableWidgetItem(QString::number(tunnel.localPort)));
        m_ports->setItem(row, RemoteColumn, new QTableWidgetItem(QString::number(tunnel.remotePort)));
        m_ports->setItem(row, PathColumn, new QTableWidgetItem(tunnel.path));
    }
}

void DailySettingsDialog::keepDevice()
{
    if (m_shown.isEmpty())
        return;
    DevicePreferences preferences;
    preferences.folder = m_folder->text().trimmed();
    const auto text = [this](int row, int column) {
        const QTableWidgetItem *item = m_ports->item(row, column);
        return item ? item->text().trimmed() : QString();
    };
    for (int row = 0; row < m_ports->rowCount(); ++row) {
        TunnelSpec tunnel;
        tunnel.name = text(row, NameColumn);
        tunnel.localPort = TunnelPlanner::parsePort(text(row, LocalColumn)).value_or(0);
        tunnel.remotePort = TunnelPlanner::parsePort(text(row, RemoteColumn)).value_or(0);
        tunnel.path = text(row, PathColumn);
        preferences.tunnels.append(tunnel);
    }
    m_devices.insert(m_shown, preferences);
}

void DailySettingsDialog::addPort()
{
    const int row = m_ports->rowCount();
    m_ports->insertRow(row);
    m_ports->setItem(row, NameColumn, new QTableWidgetItem(tr("Jupyter")));
    m_ports->setItem(row, LocalColumn, new QTableWidgetItem(QStringLiteral("8888")));
    m_ports->setItem(row, RemoteColumn, new QTableWidgetItem(QStringLiteral("8888")));
    m_ports->setItem(row, PathColumn, new QTableWidgetItem(QStringLiteral("/lab")));
    m_ports->setCurrentCell(row, NameColumn);
    m_ports->editItem(m_ports->item(row, NameColumn));
}

void DailySettingsDialog::removePort()
{
    const int row = m_ports->currentRow();
    if (row >= 0)
        m_ports->removeRow(row);
}

bool DailySettingsDialog::save()
{
    keepDevice();
    m_problem->hide();
    const auto showProblem = [this](const QString &device, const QString &sentence) {
        m_problem->setText(device.isEmpty() ? sentence : tr("%1: %2").arg(device, sentence));
        m_problem->show();
        if (!device.isEmpty())
            m_device->setCurrentText(device);
        return false;
    };
    QHash<QString, DevicePreferences> checked;
    for (auto it = m_devices.cbegin(); it != m_devices.cend(); ++it) {
        DevicePreferences preferences = it.value();
        if (!preferences.folder.isEmpty() && !preferences.folder.startsWith(QLatin1Char('/')))
            return showProblem(it.key(), tr("the working folder must be a full path, such as /home/nvidia."));
        QList<TunnelSpec> valid{TunnelPlanner::dashboard()};
        for (const TunnelSpec &tunnel : preferences.tunnels) {
            const auto validated = TunnelPlanner::validate(tunnel, valid);
            if (!validated)
                return showProblem(it.key(), validated.error().message);
            valid.append(*validated);
        }
        preferences.tunnels = valid.mid(1);
        checked.insert(it.key(), preferences);
    }
    for (auto it = checked.cbegin(); it != checked.cend(); ++it)
        m_preferences.setDevice(it.key(), it.value());
    m_preferences.setTerminal(m_terminal->currentData().toString());
    m_preferences.setWatchHealthInBackground(m_watchHealth->isChecked());
    if (const auto saved = m_preferences.save(); !saved)
        return showProblem({}, saved.error().message);
    if (m_startAtLogin->isChecked() != m_autostart.isEnabled()) {
        if (const auto changed = m_autostart.setEnabled(m_startAtLogin->isChecked(), m_executable); !changed)
            return showProblem({}, changed.error().message);
    }
    return true;
}

} // namespace spark::ui
