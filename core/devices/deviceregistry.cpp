// SPDX-License-Identifier: MIT
#include "core/devices/deviceregistry.h"

#include "core/common/apppaths.h"
#include "core/common/jsonfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>

namespace spark {

DeviceRegistry::DeviceRegistry(QString filePath)
    : m_filePath(std::move(filePath))
{
}

QString DeviceRegistry::defaultFilePath()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("devices.json"));
}

Expected<void> DeviceRegistry::load()
{
    m_devices.clear();
    const auto document = JsonFile::read(
        m_filePath, tr("Could not read the device list %1: %2. Check the file's permissions."),
        tr("The device list %1 is damaged (%2). Move it aside and add your devices again."));
    if (!document)
        return document.error();
    for (const auto &value : document->value(QStringLiteral("devices")).toArray())
        m_devices.append(Device::fromJson(value.toObject()));
    return {};
}

Expected<void> DeviceRegistry::save() const
{
    QJsonArray array;
    for (const Device &device : m_devices)
        array.append(device.toJson());
    return JsonFile::write(m_filePath, QJsonObject{{QStringLiteral("devices"), array}},
                           tr("Could not write the device list %1: %2."));
}

const Device *DeviceRegistry::find(const QString &name) const
{
    for (const Device &device : m_devices) {
        if (device.name.compare(name, Qt::CaseInsensitive) == 0)
            return &device;
    }
    return nullptr;
}

Expected<void> DeviceRegistry::add(const Device &device)
{
    for (const Device &existing : m_devices) {
        if (existing.name.compare(device.name, Qt::CaseInsensitive) == 0)
            return Error(tr("A device named \"%1\" is already registered. Choose another name or remove the old one first.")
                             .arg(device.name));
        if (existing.host.compare(device.host, Qt::CaseInsensitive) == 0 && existing.port == device.port)
            return Error(tr("%1 port %2 is already registered as \"%3\".")
                             .arg(device.host)
                             .arg(device.port)
                             .arg(existing.name));
    }
    m_devices.append(device);
    return {};
}

bool DeviceRegistry::remove(const QString &name)
{
    return m_devices.removeIf([&](const Device &d) { return d.name.compare(name, Qt::CaseInsensitive) == 0; }) > 0;
}

} // namespace spark
