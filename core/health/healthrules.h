// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthalert.h"
#include "core/health/noderates.h"
#include "core/health/nodesnapshot.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace spark {

// One node at one tick, as the rules see it.
struct NodeHealth
{
    QString node;
    bool reachable = true;
    QString unreachableDetail;             // the SSH error, for the log
    // Polls of this node that failed in a row, and the ticks until the next
    // try (backoff: 1, 2, 4 … ticks, capped). 0 and 0 while it answers.
    int failures = 0;
    int retryInTicks = 0;
    // The node's poll of this tick has not come back yet: snapshot and rates
    // are the last ones it sent (a slow node never holds up the others).
    bool stale = false;
    // Unreachable because its poll is overdue (still in flight), not because
    // it failed: its session is not known to be broken.
    bool overdue = false;
    std::optional<NodeSnapshot> snapshot;  // this tick's poll
    std::optional<NodeRates> rates;        // since the previous poll
    QList<int> cabledPorts;                // ports the cluster plan puts a cable in
    QMap<QString, double> rttMs;           // netdev → last round trip to its peer twin (ms)
};

// The two ends of one cable (or of a node-to-switch leg and its peer), twin by twin.
struct LinkEnds
{
    QString label;    // "cable 1"
    QString nodeA;
    QString netdevA;
    QString nodeB;
    QString netdevB;
};

struct HealthThresholds
{
    double scale = 1.0;                 // the lab's rate_scale; 1 on real hardware
    qint64 fullSpeedMbps = 200000;
    double busyTwinGbps = 5;            // × scale: a twin this busy makes an idle twin suspicious
    double idleTwinFraction = 0.05;     // the other twin below this share of the busy one is idle
    double pauseFramesPerSecond = 1000; // either direction
    int errorsClearAfterTicks = 10;
    int pauseClearAfterTicks = 5;
};

// The health rules: pure functions of this tick's snapshots and rates.
// Alerts name the likely cause and the fix, and go away when the condition
// ends (AlertHistory keeps the record).
namespace HealthRules {

QList<HealthAlert> evaluate(const QList<NodeHealth> &nodes, const QList<LinkEnds> &links,
                            const HealthThresholds &thresholds = {});

} // namespace HealthRules
} // namespace spark
