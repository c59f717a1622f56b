// SPDX-License-Identifier: MIT
#include "core/health/healthmonitor.h"

#include "core/common/logcategories.h"
#include "core/common/whenready.h"
#include "core/health/healthpoll.h"

#include <algorithm>
#include <cmath>

namespace spark {

HealthMonitor::HealthMonitor(QList<Node> nodes, QList<LinkEnds> links, Poller poller, HealthThresholds thresholds,
                             QObject *parent)
    : QObject(parent)
    , m_links(std::move(links))
    , m_poller(std::move(poller))
    , m_thresholds(thresholds)
{
    for (Node &node : nodes) {
        NodeState state;
        state.last.node = node.name;
        state.last.cabledPorts = node.cabledPorts;
        state.node = std::move(node);
        m_states.append(std::move(state));
    }
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

void HealthMonitor::setIntervalMs(int intervalMs)
{
    const int interval = qMax(100, intervalMs);
    if (!m_timer.isActive()) {
        m_timer.setInterval(interval);
        return;
    }
    if (interval == m_timer.interval())
        return;
    const bool faster = interval < m_timer.interval();
    m_timer.start(interval);
    if (faster && m_waiting == 0)
        pollNow();
}

void HealthMonitor::setRttTargets(const QString &node, const QList<RttTarget> &targets)
{
    for (NodeState &state : m_states) {
        if (state.node.name != node || state.node.rtt == targets)
            continue;
        state.node.rtt = targets;
        state.rttDue = true;
    }
}

int HealthMonitor::pollNow()
{
    // The previous tick ends here at the latest: nodes still busy are late.
    if (m_waiting > 0) {
        m_waiting = 0;
        report();
    }
    ++m_tick;
    const QByteArray light = HealthPoll::script({}, HealthPoll::Depth::Light).toUtf8();
    const QByteArray full = HealthPoll::script().toUtf8();
    const quint64 tick = m_tick;
    for (int i = 0; i < m_states.size(); ++i) {
        NodeState &state = m_states[i];
        if (state.inFlight || tick < state.nextTryTick)
            continue;
        state.inFlight = true;
        state.sentAtTick = tick;
        state.sentAt.start();
        ++m_waiting;
        const QString name = state.node.name;
        // Speeds and round trips at a lower rate: every m_rttEveryTicks ticks,
        // and as soon as the targets are known or a link changed.
        const bool slowTick = (tick - 1) % quint64(m_rttEveryTicks) == 0;
        const bool rtt = !state.node.rtt.isEmpty() && (state.rttDue || slowTick);
        state.sentFull = rtt || slowTick || state.fullDue;
        state.sentRtt = rtt;
        state.rttDue = state.rttDue && !rtt;
        state.fullDue = false;
        const QByteArray script = rtt ? HealthPoll::script(state.node.rtt).toUtf8() : state.sentFull ? full : light;
        whenReady(
            m_poller(name, script), this, [this, i, tick](const Expected<ExecResult> &result) { onResult(i, tick, result); },
            [this, i, tick, name] {
                onResult(i, tick, Error(tr("The health poll of %1 was cancelled.").arg(name), QStringLiteral("cancelled")));
            });
    }
    const int sent = m_waiting;
    if (m_waiting == 0)
        report(); // every node is busy or backing off: the tick still shows them
    return sent;
}

NodeHealth HealthMonitor::healthFrom(NodeState &state, const Expected<ExecResult> &result)
{
    NodeHealth health;
    health.node = state.node.name;
    health.cabledPorts = state.node.cabledPorts;
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
    if (!snapshot)
        return health;
    if (state.previous)
        health.rates = NodeRates::between(*state.previous, *snapshot);
    if (state.node.cabledPorts.isEmpty()) {
        // Learn the cabled ports once, from the first good poll.
        for (const NetdevSnapshot &netdev : snapshot->netdevs) {
            if (netdev.isUp() && !state.node.cabledPorts.contains(netdev.port))
                state.node.cabledPorts.append(netdev.port);
        }
        health.cabledPorts = state.node.cabledPorts;
    }
    // A light poll has no ethtool speed: the last one holds while the link
    // stayed up; after a change the speed is unknown until the next full poll.
    for (NetdevSnapshot &netdev : snapshot->netdevs) {
        const NetdevSnapshot *before = state.previous ? state.previous->netdev(netdev.name) : nullptr;
        const bool changed = !before || before->isUp() != netdev.isUp()
            || before->counter(QStringLiteral("carrier_changes")) != netdev.counter(QStringLiteral("carrier_changes"));
        if (changed && state.previous)
            state.fullDue = true;
        if (state.sentFull || netdev.speedFromEthtool || !netdev.isUp())
            continue;
        if (!changed && before->speedFromEthtool) {
            netdev.speedMbps = before->speedMbps;
            netdev.speedFromEthtool = true;
        } else {
            netdev.speedMbps.reset();
            state.fullDue = true;
        }
    }
    for (auto it = snapshot->rttMs.cbegin(); it != snapshot->rttMs.cend(); ++it)
        state.rtt.insert(it.key(), it.value());
    health.rttMs = state.rtt;
    state.previous = *snapshot;
    health.snapshot = std::move(snapshot);
    return health;
}

void HealthMonitor::onResult(int index, quint64 tick, const Expected<ExecResult> &result)
{
    NodeState &state = m_states[index];
    state.inFlight = false;
    NodeHealth health = healthFrom(state, result);
    if (health.reachable) {
        // The slowest recent poll, fading by 5 % a poll: the fuller polls every
        // few ticks (speeds, round trips) and a busy moment set it, not the
        // light ones in between.
        state.usualPollMs = std::max(double(state.sentAt.elapsed()), 0.95 * state.usualPollMs);
        state.failures = 0;
        state.nextTryTick = 0;
    } else {
        ++state.failures;
        // Retry after 1, 2, 4 … ticks from the tick this poll was sent in.
        const int wait = qMin(1 << qMin(state.failures - 1, 20), qMax(1, m_retry.maxBackoffTicks));
        state.nextTryTick = state.sentAtTick + quint64(wait);
        qCInfo(lcHealth) << state.node.name << "unreachable:" << health.unreachableDetail << "- retry in" << wait << "ticks";
    }
    health.failures = state.failures;
    state.fresh = std::move(health);
    // A late answer (from an earlier tick) waits for the next report.
    if (tick == m_tick && m_waiting > 0 && --m_waiting == 0)
        report();
}

quint64 HealthMonitor::overdueAfterTicks(const NodeState &state) const
{
    if (state.usualPollMs < 0)
        return quint64(qMax(1, m_retry.firstAnswerTicks));
    const int interval = m_timer.interval() > 0 ? m_timer.interval() : 1000; // pollNow() without start(): 1 s
    const int usual = int(std::ceil(3 * state.usualPollMs / interval));
    // A ping that gets no answer (a link just plugged back, its address not yet
    // there; a lost packet) holds the poll for its whole timeout: that is the
    // link's news, not the node's. A node gone meanwhile is told by its silence.
    const int pings = state.sentRtt ? int(std::ceil(HealthPoll::PingTimeoutSeconds * 1000.0 / interval)) : 0;
    return quint64(std::max({1, m_retry.offlineAfterTicks, usual}) + pings);
}

QString HealthMonitor::lateness(const NodeState &state) const
{
    if (!state.inFlight || state.failures > 0)
        return {};
    const quint64 ticksLate = m_tick - state.sentAtTick + 1;
    if (ticksLate >= overdueAfterTicks(state))
        return QStringLiteral("no answer for %1 ticks").arg(ticksLate);
    // After its first answer only: before it, the session is still being opened.
    const qint64 silent = m_silence && state.usualPollMs >= 0 ? m_silence(state.node.name) : 0;
    if (silent >= qMax(1, m_retry.silentAfterMs))
        return QStringLiteral("its network has not answered for %1 ms").arg(silent);
    return {};
}

void HealthMonitor::report()
{
    QList<NodeHealth> nodes;
    for (NodeState &state : m_states) {
        NodeHealth health;
        if (state.fresh) {
            health = std::move(*state.fresh);
            state.fresh.reset();
        } else if (const QString late = lateness(state); !late.isEmpty()) {
            health.node = state.node.name;
            health.cabledPorts = state.node.cabledPorts;
            health.reachable = false;
            health.overdue = true;
            health.unreachableDetail = late;
        } else {
            health = state.last; // late, or backing off: as last seen
            health.stale = health.reachable;
        }
        health.failures = health.reachable ? 0 : qMax(1, state.failures);
        health.retryInTicks = !health.reachable && state.nextTryTick > m_tick ? int(state.nextTryTick - m_tick) : 0;
        state.last = health;
        nodes.append(std::move(health));
    }
    const QList<HealthAlert> alerts = HealthRules::evaluate(nodes, m_links, m_thresholds);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const AlertHistory::Changes changes = m_history.update(alerts, now);
    for (const HealthAlert &alert : changes.raised)
        Q_EMIT alertRaised(alert);
    for (const HealthAlert &alert : changes.cleared)
        Q_EMIT alertCleared(alert);
    m_lastNodes = nodes;
    m_lastTickTime = now;
    Q_EMIT tick(now, nodes, m_history.active());
}

} // namespace spark
