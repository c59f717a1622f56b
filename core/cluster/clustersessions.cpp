// SPDX-License-Identifier: MIT
#include "core/cluster/clustersessions.h"

#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/ssh/sshsession.h"

namespace spark {

ClusterSessions::ClusterSessions() = default;

ClusterSessions::ClusterSessions(ClusterDefinition cluster, const QList<Device> &devices)
    : m_cluster(std::move(cluster))
    , m_devices(devices)
{
    for (const Device &device : devices)
        session(device);
}

ClusterSessions::~ClusterSessions()
{
    cancel();
}

Expected<QList<Device>> ClusterSessions::devicesOf(const ClusterDefinition &cluster, const DeviceRegistry &registry)
{
    QList<Device> devices;
    for (const QString &name : cluster.devices) {
        const Device *device = registry.find(name);
        if (!device)
            return Error(tr("The cluster \"%1\" names %2, which is no longer a registered Spark. Add it again, or set "
                            "the cluster up again.")
                             .arg(cluster.name, name));
        devices.append(*device);
    }
    return devices;
}

Expected<std::unique_ptr<ClusterSessions>> ClusterSessions::open(const ClusterDefinition &cluster,
                                                                 const DeviceRegistry &registry)
{
    const auto devices = devicesOf(cluster, registry);
    if (!devices)
        return devices.error();
    return std::make_unique<ClusterSessions>(cluster, *devices);
}

Expected<std::unique_ptr<ClusterSessions>> ClusterSessions::open(const QString &name)
{
    ClusterStore store;
    if (auto loaded = store.load(); !loaded)
        return loaded.error();
    auto cluster = store.resolve(name);
    if (!cluster)
        return cluster.error();
    DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded)
        return loaded.error();
    return open(*cluster, registry);
}

SshSession *ClusterSessions::session(const Device &device)
{
    const auto found = m_entries.constFind(device.name);
    if (found != m_entries.cend() && (*found)->device == device)
        return (*found)->session.get();
    auto entry = std::make_shared<Entry>(Entry{device, DeviceProbe::openSession(device)});
    m_entries.insert(device.name, entry);
    return entry->session.get();
}

SshSession *ClusterSessions::session(const QString &node) const
{
    const auto found = m_entries.constFind(node);
    return found == m_entries.cend() ? nullptr : (*found)->session.get();
}

QList<PrepareTarget> ClusterSessions::targets() const
{
    QList<PrepareTarget> result;
    for (const Device &device : m_devices)
        result.append(PrepareTarget{device.name, session(device.name), {}});
    return result;
}

QList<PrepareTarget> ClusterSessions::targets(const QList<SudoTarget> &nodes)
{
    QList<PrepareTarget> result;
    for (const SudoTarget &node : nodes)
        result.append(PrepareTarget{node.device.name, session(node.device), node.sudo});
    return result;
}

void ClusterSessions::cancel()
{
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries))
        entry->session->cancel();
}

} // namespace spark
