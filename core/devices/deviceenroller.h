// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/devices/enrolmentrequest.h"

#include <QCoreApplication>
#include <QFuture>
#include <QStringList>

#include <functional>

namespace spark {

class SshSession;
struct SshTarget;

struct EnrolmentResult
{
    Device device;
    QStringList warnings; // e.g. "not a DGX Spark: added as a generic Linux host"
};

// Adds a device: password once, key-based from then on.
//  1. checks the input and that name, host and alias are free;
//  2. makes the program's ed25519 key (once);
//  3. logs in with the password (host key checked, first contact approved by the person);
//  4. checks the account may use sudo, reads whether it is a DGX Spark and its CX-7 MACs;
//  5. installs the public key in ~/.ssh/authorized_keys (idempotent, modes 700/600);
//  6. proves a second, key-only login works;
//  7. writes the ~/.ssh/config block, the registry entry and the known_hosts line;
// then forgets the password. On any failure what was done is undone: no key
// stays installed without a registry entry, no config block without a device.
// Progress (0–100 and a sentence) is reported through the future. Cancelling
// the future stops at the next step and undoes what was done (the future then
// holds no result); once the device is saved, it stays.
class DeviceEnroller
{
    Q_DECLARE_TR_FUNCTIONS(spark::DeviceEnroller)

public:
    struct Paths
    {
        QString registryFile;
        QString sshConfigFile;
        QString knownHostsFile;
        QString privateKeyFile;
        static Paths defaults();
    };

    explicit DeviceEnroller(Paths paths = Paths::defaults());

    // Runs on its own thread; progress through the future (the window and
    // sparkctl run it as an EnrolmentJob, which reports every sentence).
    QFuture<Expected<EnrolmentResult>> enrol(EnrolmentRequest request) const;

    // Registers an existing ~/.ssh/config alias that already logs in with a key.
    QFuture<Expected<EnrolmentResult>> importAlias(const QString &alias, const QString &name,
                                                   HostKeyApprover approveHostKey) const;

    // The same on the calling thread: `progress` hears each step (0–100 and a
    // sentence) and returns false to cancel, which undoes what was done.
    using Progress = std::function<bool(int percent, const QString &text)>;
    Expected<EnrolmentResult> enrolBlocking(EnrolmentRequest request, const Progress &progress) const;
    Expected<EnrolmentResult> importBlocking(const QString &alias, const QString &name, const HostKeyApprover &approve,
                                             const Progress &progress) const;

    // Removes the registry entry and our ~/.ssh/config block.
    Expected<Device> remove(const QString &name) const;

private:
    Expected<void> connectApproved(SshSession &session, const HostKeyApprover &approve) const;
    Expected<void> checkFree(const QString &name, const QString &host, quint16 port, bool aliasIsTheUsers = false) const;
    // Registry entry, config block and known_hosts line, all or nothing.
    Expected<void> commit(const Device &device, const HostKey &hostKey) const;
    static Expected<void> checkSudo(SshSession &session, const EnrolmentRequest &request);
    static Expected<void> proveKeyLogin(const SshTarget &passwordTarget, const QString &privateKey, const QString &fingerprint);

    Paths m_paths;
};

} // namespace spark
