// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/linktest/linktestrunner.h"
#include "core/linktest/quickcheck.h"
#include "core/nccl/ncclbuilder.h"
#include "core/nccl/nccltestrunner.h"
#include "core/netconfig/addressplan.h"
#include "core/netconfig/clusterapplier.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/netconfig/peertrustrunner.h"
#include "core/topology/cablingplan.h"
#include "core/topology/discoveryrunner.h"

#include <QCoreApplication>
#include <QFuture>
#include <QList>

#include <functional>

namespace spark {

class ClusterSessions;

// The cluster's sequences, written once for the window and sparkctl. The ones
// that take time run on a thread of their own, return a future and report
// their progress per node on the Job contract (from that thread); the targets
// carry the nodes' sessions (ClusterSessions') and sudo credentials. The ones
// that drive another runner (the apply, the quick check) take it from the
// caller, who listens to its own signals and cancels it.
class ClusterOperations final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterOperations)

public:
    explicit ClusterOperations(QObject *parent = nullptr);

    // Reads every node as root and plans the apply; nothing changes.
    static QFuture<Expected<PreparedCluster>> prepare(const ClusterDefinition &cluster, const QList<PrepareTarget> &nodes,
                                                      const ApplyOptions &options);

    // The prepared plan applied safely (ClusterApplier) on every node:
    // `applier` reports and is cancelled by the caller. The sudo check ran in
    // prepare() a moment ago, so it is not made again.
    static QFuture<ClusterApplyReport> apply(ClusterApplier &applier, const PreparedCluster &prepared,
                                             const QList<PrepareTarget> &nodes);

    // Every node back on the settings from before the first apply, all at
    // once; a node without a backup has nothing to roll back. Each node's
    // outcome is a progress; the first failure is the result.
    QFuture<Expected<void>> rollback(const QList<PrepareTarget> &nodes);
    Expected<void> rollbackBlocking(const QList<PrepareTarget> &nodes);

    // Node-to-node SSH for these devices: their management addresses and the
    // CX-7 addresses planned for them, over their sessions.
    static QList<PeerTrustTarget> peerTrustTargets(ClusterSessions &sessions, const QList<Device> &devices,
                                                   const AddressPlan &addresses);
    QFuture<Expected<void>> trustPeers(const QList<PeerTrustTarget> &targets);

    // The quick check once a discovery confirmed the cabling: a few seconds
    // over every twin it can measure (QuickCheck), over `nodes`' sessions,
    // measured by `measure` (a LinkTestRunner's run: its progress and each
    // link's verdict come from that runner); the links it cannot measure are
    // named in the result. An error when the check could not run at all.
    using MeasureLinks = std::function<QFuture<Expected<LinkTestRun>>(const LinkTestJob &job)>;
    static QFuture<Expected<QuickCheckResult>> quickCheck(const MeasureLinks &measure, const QString &cluster,
                                                          const CablingPlan &plan, const DiscoveryReport &discovery,
                                                          const QList<NodeFacts> &facts, const QList<LinkTestNode> &nodes);
    // The same with the caller's runner.
    static QFuture<Expected<QuickCheckResult>> quickCheck(LinkTestRunner &runner, const QString &cluster,
                                                          const CablingPlan &plan, const DiscoveryReport &discovery,
                                                          const QList<NodeFacts> &facts, const QList<LinkTestNode> &nodes);

    // The link test of a configured cluster: its links from the cabling and
    // address plans and the nodes' facts, and each node's session. An error
    // says why the cluster cannot be tested now.
    static Expected<LinkTestJob> linkTestJob(const QString &cluster, const CablingPlan &cabling,
                                             const AddressPlan &addresses, const QList<NodeFacts> &facts,
                                             const QList<PrepareTarget> &nodes);
    // The NCCL test of a configured cluster: its cabling, and each device in
    // cluster order with the address the others reach it at and its session.
    static Expected<NcclTestJob> ncclTestJob(ClusterSessions &sessions, const NcclTestRequest &request);
    // The build of what the NCCL test needs: every device of the cluster over
    // its session, all with the one sudo credential given for the build.
    static QList<NcclBuildNode> ncclBuildNodes(ClusterSessions &sessions, const SudoCredential &sudo);
};

} // namespace spark
