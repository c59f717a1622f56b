// SPDX-License-Identifier: MIT
#include "core/nccl/ncclenvironment.h"

#include "core/facts/gidtable.h"
#include "core/hardware/cx7.h"

#include <QMap>

#include <algorithm>

namespace spark {

QList<EnvironmentVariable> NcclEnvironment::variables(ClusterLayout layout, std::optional<int> gidIndex)
{
    const QString management = QString::fromLatin1(cx7::managementNetdev);
    // NVIDIA's order: both functions of the first controller, then the second's.
    QStringList devices;
    for (int twin = 0; twin < 2; ++twin) {
        for (int port = 0; port < 2; ++port) {
            if (const Cx7Function *function = cx7::find(port, twin))
                devices.append(function->rdmaDeviceName());
        }
    }
    QList<EnvironmentVariable> variables{
        {QStringLiteral("UCX_NET_DEVICES"), management,
         QStringLiteral("Open MPI's UCX transport stays on the management port.")},
        {QStringLiteral("NCCL_SOCKET_IFNAME"), management,
         QStringLiteral("NCCL's bootstrap runs over the management port; the data goes over RoCE.")},
        {QStringLiteral("OMPI_MCA_btl_tcp_if_include"), management,
         QStringLiteral("Open MPI's own TCP traffic stays on the management port.")},
    };
    QList<EnvironmentVariable> data = dataPath(layout, devices, gidIndex);
    data.first().why = QStringLiteral("All four RoCE devices, both twins of each port: one twin per port carries about half.");
    return variables + data;
}

QList<EnvironmentVariable> NcclEnvironment::dataPath(ClusterLayout layout, const QStringList &rdmaDevices,
                                                     std::optional<int> gidIndex)
{
    QList<EnvironmentVariable> variables{
        {QStringLiteral("NCCL_IB_HCA"), rdmaDevices.join(QLatin1Char(',')),
         QStringLiteral("Both twins of each cabled port: one twin per port carries about half.")},
        {QStringLiteral("NCCL_IB_SUBNET_AWARE_ROUTING"), QStringLiteral("1"),
         QStringLiteral("Each twin has its own subnet: NCCL pairs the twins that share one.")},
    };
    if (layout == ClusterLayout::Ring3) {
        variables.append({QStringLiteral("NCCL_IB_MERGE_NICS"), QStringLiteral("0"),
                          QStringLiteral("3-node ring: each port leads to a different neighbour, so ports are not merged.")});
        variables.append({QStringLiteral("NCCL_NET_PLUGIN"), QStringLiteral("none"),
                          QStringLiteral("3-node ring: NCCL's own RoCE transport, no external network plugin.")});
    }
    if (gidIndex)
        variables.append({QStringLiteral("NCCL_IB_GID_INDEX"), QString::number(*gidIndex),
                          QStringLiteral("RoCE v2 with the twin's IPv4 address, read from every Spark's GID table.")});
    return variables;
}

QString NcclEnvironment::exports(const QString &clusterName, ClusterLayout layout,
                                 const QList<EnvironmentVariable> &variables, const QString &note)
{
    QString text = QStringLiteral("# NCCL settings for the Spark Companion cluster \"%1\" (%2), as NVIDIA's NCCL playbook\n"
                                  "# passes them to mpirun. Source this file on the node that starts mpirun.\n")
                       .arg(clusterName, layoutKey(layout));
    for (const EnvironmentVariable &variable : variables)
        text += QStringLiteral("# %1\nexport %2=%3\n").arg(variable.why, variable.name, variable.value);
    if (!note.isEmpty())
        text += QStringLiteral("# %1\n").arg(note);
    return text;
}

Expected<int> NcclEnvironment::commonGidIndex(const CablingPlan &cabling, const QList<NodeFacts> &facts)
{
    QMap<int, QStringList> byIndex; // index -> "node netdev"
    for (const Cable &cable : cabling.cables) {
        for (const PortEnd &end : cable.to ? QList<PortEnd>{cable.from, *cable.to} : QList<PortEnd>{cable.from}) {
            const auto node = std::find_if(facts.cbegin(), facts.cend(),
                                           [&](const NodeFacts &f) { return f.node == end.node; });
            if (node == facts.cend())
                return Error(tr("%1 was not read.").arg(end.node));
            for (const QString &netdev : cx7::netdevNamesOfPort(end.port)) {
                const Cx7InterfaceFacts *interface = node->cx7Interface(netdev);
                const auto index = interface ? roceV2Ipv4GidIndex(interface->gids) : std::nullopt;
                if (!index)
                    return Error(tr("%1 has no RoCE v2 GID with an IPv4 address on %2 yet (the cluster's network is "
                                    "not applied there).")
                                     .arg(end.node, netdev));
                const QString where = end.node + QLatin1Char(' ') + netdev;
                if (!byIndex[*index].contains(where))
                    byIndex[*index].append(where);
            }
        }
    }
    if (byIndex.isEmpty())
        return Error(tr("The cluster has no cabled port."));
    if (byIndex.size() > 1) {
        QStringList parts;
        for (auto it = byIndex.cbegin(); it != byIndex.cend(); ++it)
            parts.append(tr("index %1 on %2").arg(it.key()).arg(it.value().join(QStringLiteral(", "))));
        return Error(tr("The RoCE v2 GID index differs between the twins (%1): NCCL takes one index for all of them, "
                        "so it is left to NCCL.")
                         .arg(parts.join(QStringLiteral("; "))));
    }
    return byIndex.firstKey();
}

} // namespace spark
