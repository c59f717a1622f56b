// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthmonitor.h"
#include "core/health/healthrules.h"
#include "core/topology/cablingplan.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// What the dashboard watches for one planned cluster: every node with the
// ports the plan puts a cable in, and each direct cable twin by twin (the
// MTU rule compares its ends).
struct HealthWatch
{
    QList<HealthMonitor::Node> nodes;
    QList<LinkEnds> links;
};

// The health of one planned cable this tick, for the picture and its details.
struct CableHealth
{
    enum class State { Unknown, Ok, Degraded, Down };

    int number = 0;            // the plan's cable number
    State state = State::Unknown;
    std::optional<double> gbps; // the busier direction of the port total at the cable's first end
    QList<HealthAlert> alerts; // the active alerts on either end's port
};

// One figure of a port for the details table: a rate per second or a count.
struct PortFigure
{
    QString key;   // "crc", "errors", "discards", "pause-rx", "pause-tx", "ecn", "cnp-sent", "cnp-handled", "flaps", "mtu", "speed"
    QString label; // translated
    std::optional<double> value;
    QString text;  // the value as shown ("–" when unknown)
};

enum class NodeState { Connecting, Online, Late, Offline };

// Pure: from the cabling plan and one tick of the monitor.
namespace ClusterHealth {

HealthWatch watchFor(const CablingPlan &plan);

// The port an alert is about (from its subject: "port 1", a netdev, a RoCE
// device or "cable 2/netdev"); nothing for a node-wide alert.
std::optional<int> alertPort(const HealthAlert &alert);

QList<CableHealth> cables(const CablingPlan &plan, const QList<NodeHealth> &nodes, const QList<HealthAlert> &active);

// The index in plan.cables of the cable an alert is on (either end's port);
// nothing for a node-wide alert or a port without a planned cable.
std::optional<int> cableOf(const CablingPlan &plan, const HealthAlert &alert);

QString stateKey(CableHealth::State state); // "unknown", "ok", "degraded", "down"

NodeState nodeState(const NodeHealth &node);
// "Online", "Offline (no answer; next try in 4 s)", … for the node list.
QString nodeStateText(const NodeHealth &node, int intervalMs);

// The error, discard, pause, ECN, CNP and flap figures of one port, from
// this tick's rates (twins added up; the *_phy counters once) and snapshot.
QList<PortFigure> portFigures(const NodeHealth &node, int port);

} // namespace ClusterHealth
} // namespace spark
