// SPDX-License-Identifier: MIT
#include "ui/devices/devicelistmodel.h"

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
        case AddressColumn:
            return device.port == 22 ? device.host : QStringLiteral("%1:%2").arg(device.host).arg(device.port);
        case UserColumn:
            return device.user;
        case AliasColumn:
            return device.sshAlias;
        }
    }
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
