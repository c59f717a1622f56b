// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QString>

namespace spark {

// One problem the dashboard shows: what is wrong, the likely cause and the
// fix, each one sentence. The key identifies the condition (rule, node,
// port or interface) so that the same problem on the next tick is the same
// alert, and it clears when the condition ends.
struct HealthAlert
{
    enum class Severity { Warning, Critical };

    QString key;          // "link-down:spark-1:p0"
    QString rule;         // "link-down", "speed", "twin-idle", "errors", "pause-storm", "mtu-mismatch", "unreachable"
    Severity severity = Severity::Warning;
    QString node;
    QString subject;      // "port 0", an interface, or a link label
    QString message;
    QString cause;
    QString fix;
    // Quiet ticks before the alert clears: counters that rise in bursts
    // (errors, pause frames) would otherwise flap on and off.
    int clearAfterTicks = 1;

    QJsonObject toJson() const;
    static QString severityKey(Severity severity); // "warning", "critical"

    friend bool operator==(const HealthAlert &, const HealthAlert &) = default;
};

} // namespace spark
