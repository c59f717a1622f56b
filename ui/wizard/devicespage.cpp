// SPDX-License-Identifier: MIT
#include "ui/wizard/devicespage.h"

#include "core/common/whenready.h"
#include "core/topology/clusterdefinition.h"
#include "ui/devices/adddevicedialog.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/wizard/setupstate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace spark::ui {

DevicesPage::DevicesPage(SetupState *state, QWidget *parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_name(new QLineEdit(this))
    , m_nameError(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_up(new QPushButton(tr("Move &up"), this))
    , m_down(new QPushButton(tr("Move &down"), this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("devicesPage"));
    setTitle(tr("Devices"));
    setSubTitle(tr("Pick the Sparks that form the cluster and put them in order."));

    m_name->setObjectName(QStringLiteral("clusterName"));
    m_name->setText(m_state->clusterName());
    m_name->setMaxLength(63);
    m_nameError->setObjectName(QStringLiteral("clusterNameError"));
    m_nameError->setWordWrap(true);
    auto *nameLabel = new QLabel(tr("Cluster &name:"), this);
    nameLabel->setBuddy(m_name);

    m_list->setObjectName(QStringLiteral("deviceChoice"));
    m_list->setRootIsDecorated(false);
    m_list->setAllColumnsShowFocus(true);
    m_list->setHeaderLabels({tr("Device"), tr("Position"), tr("Address"), tr("Status")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    m_list->setAccessibleName(tr("Registered devices; tick the ones to use"));

    auto *add = new QPushButton(tr("&Add a Spark…"), this);
    add->setObjectName(QStringLiteral("addDevice"));
    m_up->setObjectName(QStringLiteral("moveUp"));
    m_down->setObjectName(QStringLiteral("moveDown"));
    auto *refresh = new QPushButton(tr("Check &status"), this);
    refresh->setObjectName(QStringLiteral("checkStatus"));
    m_summary->setObjectName(QStringLiteral("devicesSummary"));
    m_summary->setWordWrap(true);

    auto *help = new QLabel(tr("Tick the Sparks of the cluster. Their order gives their place in the cabling plan: "
                               "the first is Spark 1. Sparks are added once with their password; after that the "
                               "program logs in with its own key."),
                            this);
    help->setWordWrap(true);

    auto *nameRow = new QHBoxLayout;
    nameRow->addWidget(nameLabel);
    nameRow->addWidget(m_name, 1);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    buttons->addWidget(refresh);
    buttons->addStretch();
    auto *listRow = new QHBoxLayout;
    listRow->addWidget(m_list, 1);
    listRow->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addLayout(nameRow);
    layout->addWidget(m_nameError);
    layout->addLayout(listRow, 1);
    layout->addWidget(m_summary);

    connect(m_name, &QLineEdit::textChanged, this, [this] {
        m_state->setClusterName(m_name->text().trimmed());
        updateSummary();
    });
    connect(m_list, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *, int column) {
        if (column == NameColumn)
            updateSummary();
    });
    connect(m_list, &QTreeWidget::currentItemChanged, this, &DevicesPage::updateSummary);
    connect(add, &QPushButton::clicked, this, &DevicesPage::openAddDevice);
    connect(m_up, &QPushButton::clicked, this, [this] { move(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { move(1); });
    connect(refresh, &QPushButton::clicked, this, &DevicesPage::checkStatus);
}

void DevicesPage::initializePage()
{
    if (m_name->text().isEmpty())
        m_name->setText(m_state->clusterName()); // a set-up picked up again
    reload();
}

void DevicesPage::reload()
{
    const bool firstFill = m_list->topLevelItemCount() == 0;
    QStringList before = firstFill ? m_state->deviceNames() : chosen();
    const auto loaded = m_state->backend()->loadDevices();
    m_devices = loaded ? *loaded : QList<Device>();
    // Exactly as many Sparks registered as the layout needs: they are the ones
    // meant, ticked in the order they were registered (the person may reorder).
    if (firstFill && before.isEmpty() && m_devices.size() == m_state->nodeCount()) {
        for (const Device &device : std::as_const(m_devices))
            before.append(device.name);
    }
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    // The chosen ones first, in their order, then the others as registered.
    QList<Device> ordered = devicesNamed(m_devices, before);
    for (const Device &device : std::as_const(m_devices)) {
        if (!before.contains(device.name))
            ordered.append(device);
    }
    for (const Device &device : std::as_const(ordered)) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(NameColumn, device.name);
        item->setData(NameColumn, Qt::UserRole, device.name);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(NameColumn, before.contains(device.name) ? Qt::Checked : Qt::Unchecked);
        item->setText(AddressColumn, QStringLiteral("%1@%2").arg(device.user, device.host)
                                         + (device.port == 22 ? QString() : QStringLiteral(":%1").arg(device.port)));
    }
    if (m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0));
    if (!loaded)
        m_summary->setText(loaded.error().message);
    checkStatus();
    updateSummary();
}

void DevicesPage::checkStatus()
{
    const quint64 generation = ++m_generation;
    m_online.clear();
    for (const Device &device : std::as_const(m_devices)) {
        if (QTreeWidgetItem *item = itemFor(device.name))
            item->setText(StatusColumn, tr("checking…"));
        whenReady(m_state->backend()->checkDevice(device), this,
            [this, generation, name = device.name](const DeviceCheck &check) {
                if (generation != m_generation)
                    return;
                m_online.insert(name, check.online);
                if (QTreeWidgetItem *item = itemFor(name)) {
                    item->setText(
                        StatusColumn, check.online ? tr("online") : tr("offline: %1").arg(check.problem.message));
                    item->setToolTip(StatusColumn, check.problem.message);
                }
                updateSummary();
            });
    }
}

void DevicesPage::openAddDevice()
{
    auto *dialog = new AddDeviceDialog(m_state->backend()->secrets(), m_state->backend()->enrolmentPaths(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &AddDeviceDialog::deviceAdded, this, [this](const QString &name) {
        QStringList names = chosen();
        if (names.size() < m_state->nodeCount())
            names.append(name); // a Spark added here is meant for this cluster
        reload();
        choose(names);
    });
    dialog->open();
}

void DevicesPage::choose(const QStringList &names)
{
    const QSignalBlocker blocker(m_list);
    for (int i = m_list->topLevelItemCount() - 1; i >= 0; --i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        item->setCheckState(NameColumn, names.contains(item->text(NameColumn)) ? Qt::Checked : Qt::Unchecked);
    }
    // The chosen ones to the top, in the given order.
    for (int target = 0; target < names.size(); ++target) {
        QTreeWidgetItem *item = itemFor(names.at(target));
        if (!item)
            continue;
        m_list->takeTopLevelItem(m_list->indexOfTopLevelItem(item));
        m_list->insertTopLevelItem(qMin(target, m_list->topLevelItemCount()), item);
    }
    updateSummary();
}

QStringList DevicesPage::chosen() const
{
    QStringList names;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_list->topLevelItem(i);
        if (item->checkState(NameColumn) == Qt::Checked)
            names.append(item->text(NameColumn));
    }
    return names;
}

QString DevicesPage::statusText(const QString &device) const
{
    const QTreeWidgetItem *item = itemFor(device);
    return item ? item->text(StatusColumn) : QString();
}

QTreeWidgetItem *DevicesPage::itemFor(const QString &name) const
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        if (m_list->topLevelItem(i)->text(NameColumn) == name)
            return m_list->topLevelItem(i);
    }
    return nullptr;
}

void DevicesPage::move(int delta)
{
    QTreeWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const int from = m_list->indexOfTopLevelItem(item);
    const int to = from + delta;
    if (to < 0 || to >= m_list->topLevelItemCount())
        return;
    const QSignalBlocker blocker(m_list);
    m_list->takeTopLevelItem(from);
    m_list->insertTopLevelItem(to, item);
    m_list->setCurrentItem(item);
    updateSummary();
}

void DevicesPage::updateSummary()
{
    const QStringList names = chosen();
    {
        const QSignalBlocker blocker(m_list);
        int position = 0;
        for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
            QTreeWidgetItem *item = m_list->topLevelItem(i);
            const bool ticked = item->checkState(NameColumn) == Qt::Checked;
            item->setText(PositionColumn, ticked ? tr("Spark %1").arg(++position) : QString());
        }
    }
    const int row = m_list->currentItem() ? m_list->indexOfTopLevelItem(m_list->currentItem()) : -1;
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row < m_list->topLevelItemCount() - 1);

    const QString name = m_name->text().trimmed();
    m_nameError->setText(ClusterDefinition::isValidName(name) ? QString() : ClusterDefinition::nameRule());
    m_nameError->setVisible(!ClusterDefinition::isValidName(name));

    const int wanted = m_state->nodeCount();
    QStringList offline;
    for (const QString &device : names) {
        if (m_online.contains(device) && !m_online.value(device))
            offline.append(device);
    }
    if (m_devices.isEmpty())
        m_summary->setText(tr("No Spark is registered yet: add each one with “Add a Spark…”."));
    else if (!offline.isEmpty())
        m_summary->setText(tr("%1 does not answer: switch it on, check its network, then press “Check status”.")
                               .arg(offline.join(QStringLiteral(", "))));
    else if (names.size() != wanted)
        m_summary->setText(tr("The layout needs %1 Sparks; %2 ticked.").arg(wanted).arg(names.size()));
    else
        m_summary->setText(tr("Ready: %1.").arg(names.join(QStringLiteral(" → "))));
    Q_EMIT completeChanged();
}

bool DevicesPage::isComplete() const
{
    const QStringList names = chosen();
    if (!ClusterDefinition::isValidName(m_name->text().trimmed()) || names.size() != m_state->nodeCount())
        return false;
    for (const QString &device : names) {
        if (m_online.contains(device) && !m_online.value(device))
            return false;
    }
    return true;
}

bool DevicesPage::validatePage()
{
    m_state->setClusterName(m_name->text().trimmed());
    m_state->setDevices(devicesNamed(m_devices, chosen()));
    return true;
}

} // namespace spark::ui
