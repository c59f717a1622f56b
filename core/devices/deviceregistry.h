// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace spark {

// The registered devices, kept in devices.json in the app's config folder and
// written atomically, so a crash mid-write never leaves a torn file.
class DeviceRegistry
{
    Q_DECLARE_TR_FUNCTIONS(spark::DeviceRegistry)

public:
    explicit DeviceRegistry(QString filePath = defaultFilePath());

    static QString defaultFilePath();

    Expected<void> load();
    Expected<void> save() const;

    const QList<Device> &devices() const { return m_devices; }
    const Device *find(const QString &name) const;

    // Refuses a duplicate name or host:port with a sentence saying which device already has it.
    Expected<void> add(const Device &device);
    bool remove(const QString &name);

    QString filePath() const { return m_filePath; }

private:
    QString m_filePath;
    QList<Device> m_devices;
};

} // namespace spark
