// SPDX-License-Identifier: MIT
#include "core/cluster/clusteroperations.h"

#include "core/common/logcategories.h"
#include "core/cluster/clustersessions.h"
#include "core/topology/cablingplanner.h"
#include "core/common/runonthread.h"
#include "core/linktest/linktestplan.h"
#include "core/netconfig/nodeapplier.h"

#include <optional>

namespace spark {

ClusterOperations::ClusterOperations(QObject *parent)
    : Job(lcCluster, parent)
{
}

QFuture<Expected<PreparedCluster>> ClusterOperations::prepare(const ClusterDefinition &cluster,
                                                             const QList<PrepareTarget> &nodes,
                                                             const ApplyOptions &options)
{
    return runOnThread([cluster, nodes, options] { return ClusterPreparer::prepare(cluster, nodes, options); });
}

QFuture<ClusterApplyReport> ClusterOperations::apply(ClusterApplier &applier, const PreparedCluster &prepared,
                                                     const QList<PrepareTarget> &nodes)
{
    ClusterApplier::Options options;
    options.checkSudoFirst = false; // prepare() has just run sudo on every node
    applier.setOptions(options);
    return applier.run(prepared.jobs(nodes));
}

QFuture<Expected<void>> ClusterOperations::rollback(const QList<PrepareTarget> &nodes)
{
    return runOnThread([this, nodes] { return rollbackBlocking(nodes); });
}

Expected<void> ClusterOperations::rollbackBlocking(const QList<PrepareTarget> &nodes)
{
    QList<NodeApplier::Pending> pending;
    for (const PrepareTarget &target : nodes) {
        const NodeApplier node(target.node, target.session, target.sudo);
        reportProgress(target.node, 0.1, tr("Restoring the settings from before the first apply."));
        pending.append(node.start(NodeApplier::rollbackCommand(), true, tr("The rollback"), 120000));
    }
    std::optional<Error> first;
    for (NodeApplier::Pending &started : pending) {
        started.exec.waitForFinished();
        const Expected<ExecResult> raw = started.exec.result();
        const bool noBackup = raw && raw->exitCode == NodeApplier::NoBackupExitCode;
        const Expected<ExecResult> result = noBackup ? raw : NodeApplier::wait(started);
        if (!result && !first)
            first = result.error();
        reportProgress(started.node, 1.0,
               !result    ? result.error().message
               : noBackup ? tr("No backup from an earlier apply: nothing to roll back.")
                          : tr("Back on the settings from before the first apply."));
    }
    if (first)
        return *first;
    return {};
}

QList<PeerTrustTarget> ClusterOperations::peerTrustTargets(ClusterSessions &sessions, const QList<Device> &devices,
                                                          const AddressPlan &addresses)
{
    QList<PeerTrustTarget> trust;
    for (const Device &device : devices) {
        PeerNode node{device.name, device.host, device.port, {}};
        for (const InterfaceAddress &address : addresses.interfacesOf(device.name))
            node.cx7Addresses.append(address.addressText());
        trust.append(PeerTrustTarget{node, sessions.session(device)});
    }
    return trust;
}

QFuture<Expected<void>> ClusterOperations::trustPeers(const QList<PeerTrustTarget> &targets)
{
    return runOnThread([this, targets] {
        return PeerTrustRunner::runBlocking(targets, [this](const QString &node, double fraction, const QString &sentence) {
            reportProgress(node, fraction, sentence);
        });
    });
}

QFuture<Expected<QuickCheckResult>> ClusterOperations::quickCheck(const MeasureLinks &measure, const QString &cluster,
                                                                  const CablingPlan &plan, const DiscoveryReport &discovery,
                                                                  const QList<NodeFacts> &facts,
                                                                  const QList<LinkTestNode> &nodes)
{
    const QuickCheckPlan quick = QuickCheck::plan(plan, discovery.observations, facts);
    if (quick.links.isEmpty())
        return QtFuture::makeReadyFuture(Expected<QuickCheckResult>(QuickCheckResult{{}, quick.unmeasured}));
    const QStringList unmeasured = quick.unmeasured;
    return measure(QuickCheck::job(cluster, quick, nodes))
        .then([unmeasured](const Expected<LinkTestRun> &run) -> Expected<QuickCheckResult> {
            if (!run)
                return run.error();
            return QuickCheckResult{run->links, unmeasured};
        });
}

QFuture<Expected<QuickCheckResult>> ClusterOperations::quickCheck(LinkTestRunner &runner, const QString &cluster,
                                                                  const CablingPlan &plan, const DiscoveryReport &discovery,
                                                                  const QList<NodeFacts> &facts,
                                                                  const QList<LinkTestNode> &nodes)
{
    return quickCheck([&runner](const LinkTestJob &job) { return runner.run(job); }, cluster, plan, discovery, facts,
                      nodes);
}

Expected<LinkTestJob> ClusterOperations::linkTestJob(const QString &cluster, const CablingPlan &cabling,
                                                     const AddressPlan &addresses, const QList<NodeFacts> &facts,
                                                     const QList<PrepareTarget> &nodes)
{
    const auto links = LinkTestPlanner::plan(cabling, addresses, facts);
    if (!links)
        return links.error();
    LinkTestJob job;
    job.cluster = cluster;
    job.links = *links;
    for (const PrepareTarget &node : nodes)
        job.nodes.append(LinkTestNode{node.node, node.session});
    return job;
}

Expected<NcclTestJob> ClusterOperations::ncclTestJob(ClusterSessions &sessions, const NcclTestRequest &request)
{
    const ClusterDefinition &definition = sessions.cluster();
    const auto cabling = CablingPlanner::plan(definition.layout, definition.devices, definition.port);
    if (!cabling)
        return cabling.error();
    NcclTestJob job{definition.name, *cabling, {}, request, definition};
    for (const Device &device : sessions.devices())
        job.nodes.append({device.name, device.host, sessions.session(device)});
    return job;
}

QList<NcclBuildNode> ClusterOperations::ncclBuildNodes(ClusterSessions &sessions, const SudoCredential &sudo)
{
    QList<NcclBuildNode> nodes;
    for (const Device &device : sessions.devices())
        nodes.append({device.name, sessions.session(device), sudo});
    return nodes;
}

} // namespace spark
