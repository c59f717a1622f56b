// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/linktest/linktestrunner.h"
#include "core/linktest/ncclbuilder.h"
#include "core/linktest/nccltestrunner.h"
#include "core/netconfig/addressplan.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/netconfig/peertrustrunner.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QFuture>
#include <QList>

#include <functional>

namespace spark {

class ClusterSessions;

class ClusterSessions;

// The cluster's sequences, written once for the window and sparkctl: each
// runs on a thread of its own, returns a future and reports its progress per
// node (a fraction and a sentence) from that thread. The targets carry the
// nodes' sessions (ClusterSessions') and sudo credentials.
class ClusterOperations
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterOperations)

public:
    using Progress = std::function<void(const QString &node, double fraction, const QString &sentence)>;

    // Reads every node as root and plans the apply; nothing changes.
    static QFuture<Expected<PreparedCluster>> prepare(const ClusterDefinition &cluster, const QList<PrepareTarget> &nodes,
                                                      const ApplyOptions &options);

    // Every node back on the settings from before the first apply, all at
    // once; a node without a backup has nothing to roll back. Each node's
    // outcome goes to `progress`; the first failure is the result.
    static QFuture<Expected<void>> rollback(const QList<PrepareTarget> &nodes, const Progress &progress);
    static Expected<void> rollbackBlocking(const QList<PrepareTarget> &nodes, const Progress &progress);

    // Node-to-node SSH for these devices: their management addresses and the
    // CX-7 addresses planned for them, over their sessions.
    static QList<PeerTrustTarget> peerTrustTargets(ClusterSessions &sessions, const QList<Device> &devices,
                                                   const AddressPlan &addresses);
    static QFuture<Expected<void>> trustPeers(const QList<PeerTrustTarget> &targets, const Progress &progress);

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
