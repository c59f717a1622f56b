// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/devices/sudotarget.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/cluster/clusterstore.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

#include <memory>

namespace spark {

class DeviceRegistry;
class SshSession;

// The one owner of a configured cluster's SSH sessions, under the GUI and
// sparkctl alike: the cluster's definition, its registered devices and one
// session per device, each made with DeviceProbe::openSession (the one target
// rule: the device's user and key, the agent, the host key accepted at
// enrolment). The steps take their per-node targets from here, a sudo
// credential travelling inside each. Sessions are cancelled when it goes.
class ClusterSessions
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterSessions)
    Q_DISABLE_COPY_MOVE(ClusterSessions)

public:
    // No cluster yet (the wizard's): sessions are made as devices are used.
    ClusterSessions();
    // These devices, a session each made now.
    ClusterSessions(ClusterDefinition cluster, const QList<Device> &devices);
    ~ClusterSessions();

    // The cluster's devices from the registry, in the cluster's order. Fails,
    // with what to do, when one is no longer registered.
    static Expected<QList<Device>> devicesOf(const ClusterDefinition &cluster, const DeviceRegistry &registry);
    // The cluster as planned, its devices from the registry. Fails, with what
    // to do, when a device of the cluster is no longer registered.
    static Expected<std::unique_ptr<ClusterSessions>> open(const ClusterDefinition &cluster, const DeviceRegistry &registry);
    // The named cluster (or the one planned last) from ClusterStore's file and
    // the devices from DeviceRegistry's.
    static Expected<std::unique_ptr<ClusterSessions>> open(const QString &name);

    const ClusterDefinition &cluster() const { return m_cluster; }
    const QList<Device> &devices() const { return m_devices; }

    // The device's session, made on first use; a changed registration (host,
    // key, host key) gets a new one.
    SshSession *session(const Device &device);
    // The session of one of devices() by name; nullptr for another name.
    SshSession *session(const QString &node) const;

    // Every device of devices() with its session and no sudo password.
    QList<PrepareTarget> targets() const;
    // These devices with their sessions and sudo credentials.
    QList<PrepareTarget> targets(const QList<SudoTarget> &nodes);

    // Stops what runs on every session (their owners' futures finish).
    void cancel();

private:
    struct Entry
    {
        Device device;
        std::unique_ptr<SshSession> session;
    };

    ClusterDefinition m_cluster;
    QList<Device> m_devices;
    QHash<QString, std::shared_ptr<Entry>> m_entries;
};

} // namespace spark
