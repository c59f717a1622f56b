// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/deviceregistry.h"

#include <QStringList>

namespace spark::testsupport {

// These Sparks registered in `path`, on 127.0.0.1 ports 1, 2, …, where nothing
// listens: a connection is refused at once, so the windows show them offline
// and open without waiting for the Sparks.
inline bool writeOfflineSparks(const QString &path, const QStringList &names)
{
    DeviceRegistry writer(path);
    quint16 port = 1;
    for (const QString &name : names) {
        Device device;
        device.name = name;
        device.host = QStringLiteral("127.0.0.1");
        device.port = port++;
        device.user = QStringLiteral("nvidia");
        device.sshAlias = name;
        if (!writer.add(device).hasValue())
            return false;
    }
    return writer.save().hasValue();
}

} // namespace spark::testsupport
