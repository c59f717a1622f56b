// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"

#include <QAbstractTableModel>
#include <QList>

namespace spark::ui {

// Shows the registered devices as rows: name, address, user, SSH alias.
class DeviceListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeviceListModel)

public:
    enum Column { NameColumn, AddressColumn, UserColumn, AliasColumn, ColumnCount };

    explicit DeviceListModel(QObject *parent = nullptr);

    void setDevices(const QList<Device> &devices);
    const QList<Device> &devices() const { return m_devices; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<Device> m_devices;
};

} // namespace spark::ui
