// SPDX-License-Identifier: MIT
#include "core/cluster/clusterexport.h"

#include "core/cluster/clustersessions.h"
#include "core/common/runonthread.h"
#include "core/cluster/clusterexports.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/nccl/ncclenvironment.h"
#include "core/topology/cablingplanner.h"

namespace spark {

QList<ClusterExport::Format> ClusterExport::formats()
{
    return {Format::Hostfile, Format::NcclEnv, Format::Ansible, Format::Vllm};
}

QString ClusterExport::key(Format format)
{
    switch (format) {
    case Format::Hostfile:
        return QStringLiteral("hostfile");
    case Format::NcclEnv:
        return QStringLiteral("nccl-env");
    case Format::Ansible:
        return QStringLiteral("ansible");
    case Format::Vllm:
        return QStringLiteral("vllm");
    }
    return {};
}

std::optional<ClusterExport::Format> ClusterExport::fromKey(const QString &key)
{
    for (const Format format : formats()) {
        if (ClusterExport::key(format) == key)
            return format;
    }
    return std::nullopt;
}

QString ClusterExport::fileName(Format format)
{
    switch (format) {
    case Format::Hostfile:
        return QStringLiteral("hostfile");
    case Format::NcclEnv:
        return QStringLiteral("nccl-env.sh");
    case Format::Ansible:
        return QStringLiteral("inventory.ini");
    case Format::Vllm:
        return QStringLiteral("vllm-commands.sh");
    }
    return {};
}

Expected<ClusterExport::File> ClusterExport::build(Format format, const ClusterDefinition &cluster,
                                                   const QList<Device> &devices, const Expected<QList<NodeFacts>> &facts)
{
    QList<ExportNode> nodes;
    for (const Device &device : devices)
        nodes.append(ExportNode{device.name, device.host, device.user, device.port});
    if (format == Format::Hostfile) {
        const auto text = ClusterExports::mpiHostfile(nodes);
        if (!text)
            return text.error();
        return File{*text, {}};
    }
    const auto cabling = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
    if (!cabling)
        return cabling.error();
    if (format == Format::NcclEnv) {
        // Without the nodes' GID tables the file is still right: NCCL then picks the GID itself.
        const auto gid = facts ? NcclEnvironment::commonGidIndex(*cabling, *facts) : Expected<int>(facts.error());
        const std::optional<int> index = gid ? std::optional<int>(*gid) : std::nullopt;
        File file;
        file.text = NcclEnvironment::exports(cluster.name, cluster.layout, NcclEnvironment::variables(cluster.layout, index),
                                             gid ? QString() : tr("NCCL_IB_GID_INDEX is not set: %1").arg(gid.error().message));
        if (!gid)
            file.warning = tr("NCCL_IB_GID_INDEX is left out: %1").arg(gid.error().message);
        return file;
    }
    if (!facts)
        return facts.error();
    const auto addresses = ClusterPreparer::planAddresses(cluster, *cabling, *facts);
    if (!addresses)
        return addresses.error();
    const auto text = format == Format::Vllm ? ClusterExports::vllmCommands(cluster.name, nodes, *addresses)
                                             : ClusterExports::ansibleInventory(cluster.name, nodes, *addresses);
    if (!text)
        return text.error();
    return File{*text, {}};
}

Expected<ClusterExport::File> ClusterExport::readAndBuild(Format format, ClusterSessions &nodes)
{
    // The GID tables and the addresses in use; no sudo needed.
    const Expected<QList<NodeFacts>> facts =
        readsNodes(format) ? ClusterPreparer::probe(nodes.targets()) : Expected<QList<NodeFacts>>(QList<NodeFacts>());
    return build(format, nodes.cluster(), nodes.devices(), facts);
}

QFuture<Expected<ClusterExport::File>> ClusterExport::run(Format format, std::shared_ptr<ClusterSessions> nodes)
{
    return runOnThread([format, nodes = std::move(nodes)] { return readAndBuild(format, *nodes); });
}

} // namespace spark
