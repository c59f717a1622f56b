// SPDX-License-Identifier: MIT
#pragma once

// Registers every node of a lab as a device with key login, as enrolment
// leaves it, without running enrolment: a fresh key in the scratch HOME,
// installed in each node's authorized_keys, the host keys in known_hosts and
// devices.json in the scratch config folder (so sparkctl finds them).

#include "core/devices/device.h"
#include "support/clusterlab.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

namespace spark::testsupport {

inline QList<Device> registerLabDevices(ClusterLab &lab, const ScratchHome &home)
{
    QDir().mkpath(home.filePath(QStringLiteral(".ssh")));
    const QString key = home.filePath(QStringLiteral(".ssh/id_ed25519"));
    if (runProcess(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                                  QStringLiteral("-N"), QString(), QStringLiteral("-f"), key})
            .exitCode
        != 0)
        return {};
    QFile publicKey(key + QStringLiteral(".pub"));
    if (!publicKey.open(QIODevice::ReadOnly))
        return {};
    const QString line = QString::fromUtf8(publicKey.readAll().trimmed());
    QList<Device> devices;
    QJsonArray array;
    QFile knownHosts(home.filePath(QStringLiteral(".ssh/known_hosts")));
    if (!knownHosts.open(QIODevice::Append))
        return {};
    for (int i = 0; i < lab.size(); ++i) {
        const LabNode &node = lab.lab().node(i);
        const ProcessResult installed = lab.lab().exec(
            i, {QStringLiteral("sh"), QStringLiteral("-c"),
                QStringLiteral("u=\"$2\"; mkdir -p /home/$u/.ssh && printf '%s\\n' \"$1\" >> /home/$u/.ssh/authorized_keys && "
                               "chown -R \"$u\": /home/$u/.ssh && chmod 700 /home/$u/.ssh"),
                QStringLiteral("sh"), line, node.user});
        if (installed.exitCode != 0)
            return {};
        const ProcessResult scan = runProcess(QStringLiteral("ssh-keyscan"), {QStringLiteral("-p"),
                                                                              QString::number(node.port), node.address});
        if (scan.exitCode != 0 || scan.out.isEmpty())
            return {};
        knownHosts.write(scan.out);
        Device device;
        device.name = node.name;
        device.host = node.address;
        device.user = node.user;
        device.identityFile = key;
        device.hostKeyFingerprint = node.fingerprint;
        devices.append(device);
        array.append(device.toJson());
    }
    const QString config = home.filePath(QStringLiteral(".config/spark-companion"));
    QDir().mkpath(config);
    QFile file(config + QStringLiteral("/devices.json"));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("devices"), array}}).toJson());
    return devices;
}

} // namespace spark::testsupport
