// SPDX-License-Identifier: MIT
#include "core/health/nodesnapshot.h"

namespace spark {

std::optional<quint64> NetdevSnapshot::counter(const QString &counterName) const
{
    const auto it = counters.constFind(counterName);
    if (it == counters.cend())
        return std::nullopt;
    return *it;
}

const NetdevSnapshot *NodeSnapshot::netdev(const QString &name) const
{
    for (const NetdevSnapshot &snapshot : netdevs) {
        if (snapshot.name == name)
            return &snapshot;
    }
    return nullptr;
}

const NetdevSnapshot *NodeSnapshot::netdev(int port, int twin) const
{
    for (const NetdevSnapshot &snapshot : netdevs) {
        if (snapshot.port == port && snapshot.twin == twin)
            return &snapshot;
    }
    return nullptr;
}

const RoceSnapshot *NodeSnapshot::roceDevice(const QString &device) const
{
    for (const RoceSnapshot &snapshot : roce) {
        if (snapshot.device == device)
            return &snapshot;
    }
    return nullptr;
}

} // namespace spark
