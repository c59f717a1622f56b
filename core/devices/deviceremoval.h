// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/devices/deviceenroller.h"

#include <QFuture>

namespace spark {

class SecretStore;

// Forgetting a device on this computer, for the window and sparkctl alike:
// its registry entry and our ~/.ssh/config block (DeviceEnroller::remove),
// then its sudo password in the keychain. Nothing on the Spark changes.
struct DeviceRemoval
{
    Device device;       // as it was registered
    QString keychainProblem; // the keychain could not forget its password (empty: it did)

    // The registry and config file at once; the keychain's answer through the
    // future (ask for its result on a thread that may block, or continue on
    // the GUI thread).
    static QFuture<Expected<DeviceRemoval>> remove(const QString &name, SecretStore &secrets,
                                                   const DeviceEnroller::Paths &paths = DeviceEnroller::Paths::defaults());
};

} // namespace spark
