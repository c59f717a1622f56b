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

// Pure: from the cabling plan and one tick of the monitor.
namespace ClusterHealth {

HealthWatch watchFor(const CablingPlan &plan);

// The port an alert is about (from its subject: "port 1", a netdev, a RoCE
// device or "cable 2/netdev"); nothing for a node-wide alert.
std::optional<int> alertPort(const HealthAlert &alert);

QList<CableHealth> cables(const CablingPlan &plan, const QList<NodeHealth> &nodes, const QList<HealthAlert> &active);

QString stateKey(CableHealth::State state); // "unknown", "ok", "degraded", "down"

} // namespace ClusterHealth
} // namespace spark
