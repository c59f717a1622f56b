// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/nodefacts.h"
#include "core/linktest/linktestplan.h"
#include "core/linktest/linktestrunner.h"
#include "core/topology/cablingplan.h"
#include "core/topology/neighbourdiscovery.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

namespace spark {

// The twins a quick check can measure, and the links it cannot.
struct QuickCheckPlan
{
    QList<LinkTarget> links;  // both twins with both ends' link-local addresses
    QStringList unmeasured;   // a sentence per link left out, naming the twin and why
};

// What a quick check found: the verdict of each measured cable and a
// sentence per cable it could not measure.
struct QuickCheckResult
{
    QList<LinkResult> links;
    QStringList unmeasured;

    bool passed() const;
};

// A few seconds of traffic over every twin as soon as the cables are in,
// before anything is configured: a degraded initialisation (a 200G link
// carrying 8–25 Gb/s until the Sparks reboot) or a twin that carries nothing
// shows up before the user sets up a cluster on it. Before set-up a twin has
// only its IPv6 link-local address; the neighbour discovery that checked the
// cabling saw each far end's, so no address is assigned and nothing changes on
// a node. The measurement and its verdict are the link test's own
// (LinkTestRunner, LinkVerdict): the same classification, a shorter run.
// RDMA (perftest's ib_write_bw over each twin's link-local RoCE v2 GID, its
// connection set up over the management network) where every node has
// perftest and the probe read the GIDs; else TCP (iperf3, on every Spark).
class QuickCheck
{
    Q_DECLARE_TR_FUNCTIONS(spark::QuickCheck)

public:
    // `observations`: the discovery's answers (each twin's MAC, carrier,
    // speed and the neighbours it sees). `facts`, where probed, add PCIe links.
    static QuickCheckPlan plan(const CablingPlan &cabling, const QList<NodeObservation> &observations,
                               const QList<NodeFacts> &facts = {});

    // Both twins at once, both directions, three seconds per link; RDMA where it can run.
    static LinkTestOptions options();
    // The link test's job for the plan's links over the caller's sessions.
    static LinkTestJob job(const QString &cluster, const QuickCheckPlan &plan, const QList<LinkTestNode> &nodes);
};

} // namespace spark
