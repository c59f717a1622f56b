// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

namespace spark::ui {

// Shows the registered devices as rows: name, online/offline, address, user, SSH alias.
class DeviceListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeviceListModel)

public:
    enum Column { NameColumn, StatusColumn, AddressColumn, UserColumn, AliasColumn, ColumnCount };
    enum class Status { Checking, Online, Offline };

    explicit DeviceListModel(QObject *parent = nullptr);

    void setDevices(const QList<Device> &devices);
    const QList<Device> &devices() const { return m_devices; }
    // Online/offline as the last check found it; `why` is shown as the tooltip.
    void setStatus(const QString &name, Status status, const QString &why = {});
    Status status(const QString &name) const { return m_status.value(name, Status::Checking); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<Device> m_devices;
    QHash<QString, Status> m_status;
    QHash<QString, QString> m_statusWhy;
};

} // namespace spark::ui
