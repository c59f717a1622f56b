// SPDX-License-Identifier: MIT
#include "core/health/healthmonitor.h"

#include "core/common/whenready.h"
#include "core/health/healthpoll.h"

#include <QLoggingCategory>

namespace spark {

Q_LOGGING_CATEGORY(lcHealth, "spark.health")

HealthMonitor::HealthMonitor(QList<Node> nodes, QList<LinkEnds> links, Poller poller, HealthThresholds thresholds,
                             QObject *parent)
    : QObject(parent)
    , m_nodes(std::move(nodes))
    , m_links(std::move(links))
    , m_poller(std::move(poller))
    , m_thresholds(thresholds)
{
    // A tick while the previous round is still open is skipped (slow nodes).
    connect(&m_timer, &QTimer::timeout, this, [this] { pollNow(); });
}

void HealthMonitor::start(int intervalMs)
{
    m_timer.start(qMax(100, intervalMs));
    pollNow();
}

void HealthMonitor::stop()
{
    m_timer.stop();
}

bool HealthMonitor::pollNow()
{
    if (m_outstanding > 0)
        return false;
    ++m_round;
    m_current.clear();
    m_outstanding = int(m_nodes.size());
    if (m_outstanding == 0)
        return true;
    const QByteArray script = HealthPoll::script().toUtf8();
    const quint64 round = m_round;
    for (const Node &node : m_nodes) {
        const QString name = node.name;
        whenReady(
            m_poller(name, script), this,
            [this, name, round](const Expected<ExecResult> &result) { onResult(name, round, result); },
            [this, name, round] {
                onResult(name, round, Error(tr("The health poll of %1 was cancelled.").arg(name), QStringLiteral("cancelled")));
            });
    }
    return true;
}

void HealthMonitor::onResult(const QString &nodeName, quint64 round, const Expected<ExecResult> &result)
{
    if (round != m_round)
        return;
    NodeHealth health;
    health.node = nodeName;
    for (const Node &node : m_nodes) {
        if (node.name == nodeName)
            health.cabledPorts = node.cabledPorts;
    }
    std::optional<NodeSnapshot> snapshot;
    if (!result) {
        health.reachable = false;
        health.unreachableDetail = result.error().detail.isEmpty() ? result.error().message : result.error().detail;
    } else {
        NodeSnapshot parsed = HealthPoll::parse(QString::fromUtf8(result->standardOutput));
        if (!parsed.isValid()) {
            health.reachable = false;
            health.unreachableDetail = QStringLiteral("health poll exit %1: %2 %3")
                                           .arg(result->exitCode)
                                           .arg(parsed.problems.join(QStringLiteral("; ")),
                                                QString::fromUtf8(result->standardError.left(300)));
        } else {
            snapshot = std::move(parsed);
        }
    }
    if (snapshot) {
        if (const auto previous = m_previous.constFind(nodeName); previous != m_previous.cend())
            health.rates = NodeRates::between(*previous, *snapshot);
        if (health.cabledPorts.isEmpty()) {
            // Learn the cabled ports once, from the first good poll.
            for (Node &node : m_nodes) {
                if (node.name != nodeName || !node.cabledPorts.isEmpty())
                    continue;
                for (const NetdevSnapshot &netdev : snapshot->netdevs) {
                    if (netdev.isUp() && !node.cabledPorts.contains(netdev.port))
                        node.cabledPorts.append(netdev.port);
                }
                health.cabledPorts = node.cabledPorts;
            }
        }
        m_previous.insert(nodeName, *snapshot);
        health.snapshot = std::move(snapshot);
    } else {
        qCInfo(lcHealth) << nodeName << "unreachable:" << health.unreachableDetail;
    }
    m_current.insert(nodeName, std::move(health));
    if (--m_outstanding == 0)
        finishRound();
}

void HealthMonitor::finishRound()
{
    QList<NodeHealth> nodes;
    for (const Node &node : m_nodes)
        nodes.append(m_current.value(node.name));
    const QList<HealthAlert> alerts = HealthRules::evaluate(nodes, m_links, m_thresholds);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const AlertHistory::Changes changes = m_history.update(alerts, now);
    for (const HealthAlert &alert : changes.raised)
        Q_EMIT alertRaised(alert);
    for (const HealthAlert &alert : changes.cleared)
        Q_EMIT alertCleared(alert);
    Q_EMIT tick(now, nodes, m_history.active());
}

} // namespace spark
