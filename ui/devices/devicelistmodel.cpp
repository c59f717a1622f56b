// SPDX-License-Identifier: MIT
#include "ui/devices/devicelistmodel.h"

#include <QColor>

namespace spark::ui {

DeviceListModel::DeviceListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void DeviceListModel::setDevices(const QList<Device> &devices)
{
    beginResetModel();
    m_devices = devices;
    endResetModel();
}

void DeviceListModel::setStatus(const QString &name, Status status, const QString &why)
{
    m_status.insert(name, status);
    m_statusWhy.insert(name, why);
    for (int row = 0; row < m_devices.size(); ++row) {
        if (m_devices.at(row).name == name)
            Q_EMIT dataChanged(index(row, StatusColumn), index(row, StatusColumn));
    }
}

int DeviceListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_devices.size());
}

int DeviceListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DeviceListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_devices.size())
        return {};
    const Device &device = m_devices.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn:
            return device.name;
        case StatusColumn:
            switch (status(device.name)) {
            case Status::Online:
                return tr("Online");
            case Status::Offline:
                return tr("Offline");
            case Status::Checking:
                return tr("Checking…");
            }
            break;
        case AddressColumn:
            return device.port == 22 ? device.host : QStringLiteral("%1:%2").arg(device.host).arg(device.port);
        case UserColumn:
            return device.user;
        case AliasColumn:
            return device.sshAlias;
        }
    }
    if (role == Qt::ForegroundRole && index.column() == StatusColumn) {
        if (status(device.name) == Status::Online)
            return QColor(0x3a, 0x9a, 0x2a);
        if (status(device.name) == Status::Offline)
            return QColor(0xd0, 0x3a, 0x3a);
    }
    if (role == Qt::ToolTipRole && index.column() == StatusColumn && !m_statusWhy.value(device.name).isEmpty())
        return m_statusWhy.value(device.name);
    if (role == Qt::ToolTipRole && index.column() == NameColumn && !device.isDgxSpark)
        return tr("This host has no /etc/dgx-release: it is managed as a generic Linux host.");
    return {};
}

QVariant DeviceListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case StatusColumn:
        return tr("Status");
    case AddressColumn:
        return tr("Address");
    case UserColumn:
        return tr("User");
    case AliasColumn:
        return tr("SSH alias");
    }
    return {};
}

} // namespace spark::ui
