// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/sudocredential.h"
#include "core/devices/device.h"

#include <QList>
#include <QStringList>

namespace spark {

// A registered device and the sudo credential its root steps use: what the
// set-up steps take per node, so that a password always travels with its
// device and never in a list lined up with the devices by index.
struct SudoTarget
{
    Device device;
    SudoCredential sudo;

    // Every device with the same credential (one password for every node, or none).
    static QList<SudoTarget> all(const QList<Device> &devices, const SudoCredential &sudo = {})
    {
        QList<SudoTarget> targets;
        for (const Device &device : devices)
            targets.append(SudoTarget{device, sudo});
        return targets;
    }
    static QList<Device> devices(const QList<SudoTarget> &targets)
    {
        QList<Device> result;
        for (const SudoTarget &target : targets)
            result.append(target.device);
        return result;
    }
};

} // namespace spark
