// SPDX-License-Identifier: MIT
#include "core/devices/device.h"

#include <QJsonArray>

namespace spark {

QJsonObject Device::toJson() const
{
    return QJsonObject{
        {QStringLiteral("name"), name},
        {QStringLiteral("host"), host},
        {QStringLiteral("port"), int(port)},
        {QStringLiteral("user"), user},
        {QStringLiteral("sshAlias"), sshAlias},
        {QStringLiteral("hostKeyFingerprint"), hostKeyFingerprint},
        {QStringLiteral("cx7Macs"), QJsonArray::fromStringList(cx7Macs)},
        {QStringLiteral("isDgxSpark"), isDgxSpark},
        {QStringLiteral("identityFile"), identityFile},
        {QStringLiteral("managesSshConfig"), managesSshConfig},
    };
}

Device Device::fromJson(const QJsonObject &object)
{
    Device device;
    device.name = object.value(QStringLiteral("name")).toString();
    device.host = object.value(QStringLiteral("host")).toString();
    device.port = quint16(object.value(QStringLiteral("port")).toInt(22));
    device.user = object.value(QStringLiteral("user")).toString();
    device.sshAlias = object.value(QStringLiteral("sshAlias")).toString();
    device.hostKeyFingerprint = object.value(QStringLiteral("hostKeyFingerprint")).toString();
    for (const auto &mac : object.value(QStringLiteral("cx7Macs")).toArray())
        device.cx7Macs.append(mac.toString());
    device.isDgxSpark = object.value(QStringLiteral("isDgxSpark")).toBool(true);
    device.identityFile = object.value(QStringLiteral("identityFile")).toString();
    device.managesSshConfig = object.value(QStringLiteral("managesSshConfig")).toBool(true);
    return device;
}

QList<Device> devicesNamed(const QList<Device> &devices, const QStringList &names)
{
    QList<Device> named;
    for (const QString &name : names) {
        for (const Device &device : devices) {
            if (device.name == name)
                named.append(device);
        }
    }
    return named;
}

} // namespace spark
