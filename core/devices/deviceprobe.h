// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/ssh/sshtarget.h"

#include <QCoreApplication>
#include <QFuture>
#include <QStringList>

#include <memory>
#include <optional>

namespace spark {

class SshSession;

// What enrolment and `device check` learn about a device over SSH: is it a
// DGX Spark (it has /etc/dgx-release) and the MAC addresses of its CX-7 ports.
struct DeviceIdentity
{
    bool isDgxSpark = false;
    QString release;        // DGX_PRETTY_NAME or DGX_NAME, when present
    QStringList cx7Macs;
};

// The result of `device check`.
struct DeviceCheck
{
    bool online = false;
    Error problem;          // why it is offline (or its identity changed)
    QString hostKeyFingerprint;
    DeviceIdentity identity;
};

class DeviceProbe
{
    Q_DECLARE_TR_FUNCTIONS(spark::DeviceProbe)

public:
    // The one rule for every SSH session to a registered device (probe, check,
    // update, cluster work, health, tunnels; the CLI's and the window's):
    // ssh-agent, then the device's key, else the usual key files (ours, then
    // ~/.ssh/id_*), and the host key accepted at enrolment.
    static SshTarget sessionTargetFor(const Device &device);
    // A session to the device with sessionTargetFor: every session to a
    // registered device is made here or from sessionTargetFor.
    static std::unique_ptr<SshSession> openSession(const Device &device);

    // The sentence for a device that answers with another host key than the
    // one accepted when it was added (nothing when it was added without one).
    static std::optional<Error> hostKeyChanged(const Device &device, const SshSession &session);

    // The remote command and its parser, kept together.
    static QString identityCommand();
    static DeviceIdentity parseIdentity(const QByteArray &output);

    // Blocks on the session: call it off the GUI thread.
    static Expected<DeviceIdentity> readIdentity(SshSession &session);

    // Connects with the key, checks the host key and the identity.
    // Runs on its own thread; the future reports when done.
    static QFuture<DeviceCheck> check(const Device &device);
};

} // namespace spark
