// SPDX-License-Identifier: MIT
#include "core/health/healthnotices.h"

#include "core/health/clusterhealth.h"

#include <QSet>

#include <algorithm>

namespace spark {

HealthNotices::HealthNotices(QString cluster, CablingPlan plan)
    : m_cluster(std::move(cluster))
    , m_plan(std::move(plan))
{
}

QList<HealthNotice> HealthNotices::update(const QList<HealthAlert> &active, const QList<NodeHealth> &nodes)
{
    for (const NodeHealth &node : nodes) {
        if (node.reachable && node.snapshot)
            m_answered.insert(node.node);
    }
    QList<HealthAlert> raised;
    QSet<QString> present;
    for (const HealthAlert &alert : active) {
        if (present.contains(alert.key))
            continue;
        if (alert.rule == u"unreachable" && !m_answered.contains(alert.node))
            continue; // not reached yet: held back, not announced
        present.insert(alert.key);
        if (!m_announced.contains(alert.key))
            raised.append(alert);
        m_announced.insert(alert.key, alert); // the latest figures, for the "resolved" sentence
    }
    QList<HealthAlert> cleared;
    for (auto it = m_announced.begin(); it != m_announced.end();) {
        if (present.contains(it.key())) {
            ++it;
            continue;
        }
        cleared.append(it.value());
        it = m_announced.erase(it);
    }
    QList<HealthNotice> notices;
    if (!raised.isEmpty())
        notices.append(notice(HealthNotice::Kind::Raised, raised));
    if (!cleared.isEmpty())
        notices.append(notice(HealthNotice::Kind::Cleared, cleared));
    return notices;
}

HealthNotice HealthNotices::notice(HealthNotice::Kind kind, QList<HealthAlert> alerts) const
{
    // Critical first, otherwise in the rules' order.
    std::stable_sort(alerts.begin(), alerts.end(), [](const HealthAlert &a, const HealthAlert &b) {
        return a.severity == HealthAlert::Severity::Critical && b.severity != HealthAlert::Severity::Critical;
    });
    const HealthAlert &first = alerts.first();
    const int more = int(alerts.size()) - 1;
    HealthNotice result;
    result.kind = kind;
    result.severity = first.severity;
    result.cluster = m_cluster;
    result.cable = ClusterHealth::cableOf(m_plan, first);
    result.node = first.node;
    if (kind == HealthNotice::Kind::Raised) {
        if (more == 0)
            result.title = first.severity == HealthAlert::Severity::Critical ? tr("%1: critical alert").arg(m_cluster)
                                                                             : tr("%1: warning").arg(m_cluster);
        else
            result.title = tr("%1: %2 new alerts").arg(m_cluster).arg(alerts.size());
        result.message = first.message + QLatin1Char(' ') + first.fix;
        if (more > 0)
            result.message += QLatin1Char(' ') + tr("And %1 more: open the link-health window to see them all.").arg(more);
    } else {
        result.severity = HealthAlert::Severity::Warning;
        result.title = more == 0 ? tr("%1: alert cleared").arg(m_cluster)
                                 : tr("%1: %2 alerts cleared").arg(m_cluster).arg(alerts.size());
        result.message = tr("Cleared: %1").arg(first.message);
        if (more > 0)
            result.message += QLatin1Char(' ') + tr("And %1 more.").arg(more);
        if (m_announced.isEmpty())
            result.message += QLatin1Char(' ') + tr("Every link and Spark is healthy again.");
    }
    result.alerts = std::move(alerts);
    return result;
}

} // namespace spark
