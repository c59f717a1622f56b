// SPDX-License-Identifier: MIT
#include "core/netconfig/clusterpreparer.h"

#include "core/facts/probeparser.h"
#include "core/devices/nodeprober.h"
#include "core/facts/probescript.h"
#include "core/netconfig/nodeapplier.h"
#include "core/ssh/sshsession.h"
#include "core/topology/cablingplanner.h"

#include <QDateTime>

namespace spark {

namespace {

// One error for several nodes: each node's own sentence, so that none is left out.
Error everyNodesError(const QList<Error> &errors)
{
    if (errors.size() == 1)
        return errors.first();
    QStringList messages;
    QStringList details;
    for (const Error &error : errors) {
        messages.append(error.message);
        details.append(error.detail);
    }
    return Error(messages.join(QLatin1Char(' ')), details.join(QStringLiteral("; ")));
}

} // namespace

QList<NodeApplyJob> PreparedCluster::jobs(const QList<PrepareTarget> &targets) const
{
    QList<NodeApplyJob> result;
    for (const PreparedNode &node : nodes) {
        for (const PrepareTarget &target : targets) {
            if (target.node == node.plan.node)
                result.append(NodeApplyJob{node.plan, target.session, target.sudo, node.alreadyApplied});
        }
    }
    return result;
}

bool PreparedCluster::alreadyApplied() const
{
    return std::all_of(nodes.cbegin(), nodes.cend(), [](const PreparedNode &node) { return node.alreadyApplied; });
}

QString ClusterPreparer::backupStampNow()
{
    return QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
}

QList<UsedSubnet> ClusterPreparer::usedSubnets(const NodeFacts &facts)
{
    QList<UsedSubnet> used;
    for (const IpInterface &interface : facts.interfaces) {
        for (const IpAddress &address : interface.addresses) {
            if (address.family == QLatin1String("inet") && address.scope != QLatin1String("host"))
                used.append(UsedSubnet{facts.node, address.cidr(), interface.name});
        }
    }
    for (const IpRoute &route : facts.routes) {
        if (route.destination.isEmpty() || route.destination == QLatin1String("default")
            || route.type != QLatin1String("unicast") || route.destination.contains(QLatin1Char(':')))
            continue;
        used.append(UsedSubnet{facts.node, route.destination, route.device});
    }
    return used;
}

Expected<AddressPlanOptions> ClusterPreparer::addressOptions(const ClusterDefinition &cluster)
{
    AddressPlanOptions options;
    options.switchJumboFrames = cluster.switchJumboFrames;
    options.usedSubnetsKnown = true;
    if (!cluster.baseRange.isEmpty()) {
        const auto base = Ipv4Subnet::parse(cluster.baseRange);
        if (!base)
            return Error(tr("The address range \"%1\" of cluster %2 is not valid; plan the cluster again.")
                             .arg(cluster.baseRange, cluster.name));
        options.base = *base;
    }
    return options;
}

bool ClusterPreparer::runsPlan(const NodeFacts &facts, const NodeApplyPlan &plan, const AddressPlan &addresses,
                               const QString &installedHash)
{
    if (!plan.conflicts.isEmpty() || installedHash != NodeApplier::hashOf(plan))
        return false;
    for (const InterfaceAddress &planned : addresses.interfacesOf(plan.node)) {
        const Cx7InterfaceFacts *interface = facts.cx7Interface(planned.netdev);
        if (!interface || !interface->present || interface->mtu != planned.mtu)
            return false;
        const QList<IpAddress> ipv4 = interface->ipv4Addresses();
        if (std::none_of(ipv4.cbegin(), ipv4.cend(), [&](const IpAddress &address) { return address.cidr() == planned.cidr(); }))
            return false;
    }
    return true;
}

Expected<QList<NodeFacts>> ClusterPreparer::probe(const QList<PrepareTarget> &targets, ProbeScript::Depth depth)
{
    QList<QFuture<Expected<ExecResult>>> started;
    for (const PrepareTarget &target : targets) {
        // NodeProber's command, started on every node before waiting for any.
        started.append(target.session->exec(NodeProber::command(target.sudo, depth),
                                            target.sudo.standardInput(),
                                            NodeProber::TimeoutMs));
    }
    QList<NodeFacts> facts;
    QList<Error> failures;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        started[i].waitForFinished();
        const Expected<ExecResult> probe = started[i].result();
        if (!probe) {
            failures.append(Error(tr("%1 could not be read: %2").arg(targets.at(i).node, probe.error().message),
                                  probe.error().detail));
            continue;
        }
        facts.append(parseProbeOutput(QString::fromUtf8(probe->standardOutput), targets.at(i).node));
    }
    if (!failures.isEmpty())
        return everyNodesError(failures);
    return facts;
}

Expected<AddressPlan> ClusterPreparer::planAddresses(const ClusterDefinition &cluster, const CablingPlan &cabling,
                                                     const QList<NodeFacts> &facts)
{
    QList<UsedSubnet> used;
    for (const NodeFacts &node : facts)
        used += usedSubnets(node);
    const auto options = addressOptions(cluster);
    if (!options)
        return options.error();
    return AddressPlanner::plan(cabling, used, *options);
}

Expected<AddressPlan> ClusterPreparer::planAddresses(const ClusterDefinition &cluster, const QList<PrepareTarget> &targets)
{
    const auto cabling = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
    if (!cabling)
        return cabling.error();
    QList<PrepareTarget> plain = targets;
    for (PrepareTarget &target : plain)
        target.sudo = {};
    const auto facts = probe(plain, ProbeScript::Depth::Network);
    if (!facts)
        return facts.error();
    return planAddresses(cluster, *cabling, *facts);
}

Expected<PreparedCluster> ClusterPreparer::prepare(const ClusterDefinition &cluster, const QList<PrepareTarget> &targets,
                                                   const ApplyOptions &options)
{
    PreparedCluster prepared;
    const auto cabling = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
    if (!cabling)
        return cabling.error();
    prepared.cabling = *cabling;

    // Our file's hash (queued on each session behind the probe) and the probe, on every node at once.
    QList<NodeApplier::Pending> hashes;
    for (const PrepareTarget &target : targets) {
        const NodeApplier applier(target.node, target.session, target.sudo);
        hashes.append(applier.start(NodeApplier::installedHashCommand(), true, tr("Reading the current settings"), 60000));
    }
    // Only the network's part: the plan needs nothing else.
    const auto facts = probe(targets, ProbeScript::Depth::Network);
    QStringList installed;
    QList<Error> refused; // a wrong sudo password shows here first, before any change: every node that refused
    for (NodeApplier::Pending &pending : hashes) {
        const Expected<ExecResult> hash = NodeApplier::wait(pending);
        if (!hash)
            refused.append(hash.error());
        else
            installed.append(QString::fromUtf8(hash->standardOutput).trimmed());
    }
    if (!refused.isEmpty())
        return everyNodesError(refused);
    if (!facts)
        return facts.error();
    QList<Error> unreadable;
    for (const NodeFacts &node : *facts) {
        if (!node.networkConfig.netplanReadable)
            unreadable.append(Error(tr("The network settings of %1 could not be read as administrator; check its sudo password.")
                                        .arg(node.node),
                                    node.sudoDetail));
    }
    if (!unreadable.isEmpty())
        return everyNodesError(unreadable);
    const auto addresses = planAddresses(cluster, prepared.cabling, *facts);
    if (!addresses)
        return addresses.error();
    prepared.addresses = *addresses;

    for (qsizetype i = 0; i < targets.size(); ++i) {
        const auto plan = ApplyPlanner::plan(cluster.name, targets.at(i).node, prepared.addresses,
                                             facts->at(i).networkConfig.netplanFiles, options,
                                             facts->at(i).networkConfig.nmProfiles);
        if (!plan)
            return plan.error();
        PreparedNode node{facts->at(i), *plan, false};
        node.alreadyApplied = runsPlan(node.facts, node.plan, prepared.addresses, installed.at(i));
        prepared.nodes.append(std::move(node));
    }
    return prepared;
}

} // namespace spark
