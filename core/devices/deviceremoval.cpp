// SPDX-License-Identifier: MIT
#include "core/devices/deviceremoval.h"

#include "core/devices/secretstore.h"

namespace spark {

QFuture<Expected<DeviceRemoval>> DeviceRemoval::remove(const QString &name, SecretStore &secrets,
                                                       const DeviceEnroller::Paths &paths)
{
    const Expected<Device> removed = DeviceEnroller(paths).remove(name);
    if (!removed)
        return QtFuture::makeReadyFuture(Expected<DeviceRemoval>(removed.error()));
    const Device device = *removed;
    return secrets.forgetSudoPassword(device.name).then([device](const Expected<void> &forgotten) {
        return Expected<DeviceRemoval>(DeviceRemoval{device, forgotten ? QString() : forgotten.error().message});
    });
}

} // namespace spark
