// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/nodefacts.h"
#include "core/facts/probescript.h"
#include "core/netconfig/addressplan.h"
#include "core/netconfig/addressplanner.h"
#include "core/netconfig/applyplanner.h"
#include "core/netconfig/clusterapplier.h"
#include "core/topology/cablingplan.h"
#include "core/topology/clusterdefinition.h"
#include "core/topology/discoveryrunner.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace spark {

class SshSession;

// A node to prepare: its session (the caller's) and how it runs root commands.
struct PrepareTarget
{
    QString node;
    SshSession *session = nullptr;
    SudoCredential sudo;
};

struct PreparedNode
{
    NodeFacts facts;
    NodeApplyPlan plan;
    bool alreadyApplied = false; // our file with this content, nothing in the way, addresses up
};

// Everything an apply needs, learnt from the nodes and planned, before any change.
struct PreparedCluster
{
    CablingPlan cabling;
    AddressPlan addresses;
    QList<PreparedNode> nodes;

    QList<NodeApplyJob> jobs(const QList<PrepareTarget> &targets) const;
    bool alreadyApplied() const;
};

// Reads every node (the facts probe, with sudo for the root-only netplan
// files) and plans the apply from the cluster definition: the addresses
// avoid every subnet a node already uses (management LAN, docker, VPN, …).
class ClusterPreparer
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterPreparer)

public:
    // Blocking: never call it on the GUI thread.
    static Expected<PreparedCluster> prepare(const ClusterDefinition &cluster, const QList<PrepareTarget> &targets,
                                             const ApplyOptions &options);

    // The CX-7 addresses the cluster gets (or has), planned from what the nodes use; no sudo needed.
    static Expected<AddressPlan> planAddresses(const ClusterDefinition &cluster, const QList<PrepareTarget> &targets);
    static Expected<AddressPlan> planAddresses(const ClusterDefinition &cluster, const CablingPlan &cabling,
                                               const QList<NodeFacts> &facts);
    // The facts probe on every node at once (as root through sudo when a password is given).
    // `Network` reads only what planning the network needs (prepare() and planAddresses()).
    static Expected<QList<NodeFacts>> probe(const QList<PrepareTarget> &targets,
                                            ProbeScript::Depth depth = ProbeScript::Depth::Full);

    // The networks a node uses, for the address planner.
    static QList<UsedSubnet> usedSubnets(const NodeFacts &facts);
    static Expected<AddressPlanOptions> addressOptions(const ClusterDefinition &cluster);
    // True when the node already runs `plan`.
    static bool runsPlan(const NodeFacts &facts, const NodeApplyPlan &plan, const AddressPlan &addresses,
                         const QString &installedHash);
    // "20261202T160000Z" now.
    static QString backupStampNow();
};

} // namespace spark
