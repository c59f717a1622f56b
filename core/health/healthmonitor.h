// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/health/alerthistory.h"
#include "core/health/healthpoll.h"
#include "core/health/healthrules.h"
#include "core/ssh/execresult.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QTimer>

#include <functional>
#include <optional>

namespace spark {

// Polls every node once per tick with HealthPoll::script(), computes rates
// against the node's previous poll, runs the health rules over the whole
// cluster and keeps the alert history.
//
// Nodes are independent: a tick sends one poll to every node that is neither
// still busy with an earlier poll nor waiting out a backoff, and the tick's
// report goes out when those polls are back, or at the next tick at the
// latest. A node whose poll is late is reported with its last values
// (NodeHealth::stale), and as unreachable (NodeHealth::overdue) once it has
// been late for `offlineAfterTicks` (Retry), or at once when its network
// stopped answering (Silence). A node that fails is retried after 1, 2, 4 … ticks
// (at most `maxBackoffTicks`) and comes back by itself when it answers.
// There is never more than one poll in flight per node.
//
// How a node is reached is a seam: `Poller` runs the script on one node and
// returns its result, e.g. SshSession::exec(QStringLiteral("sh -s"), script)
// with a short timeout (the script goes on stdin, nothing is quoted).
class HealthMonitor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthMonitor)

public:
    using Poller = std::function<QFuture<Expected<ExecResult>>(const QString &node, const QByteArray &script)>;

    struct Node
    {
        QString name;
        // Ports that should have a link. Empty: the ports that were up at the
        // first successful poll (a monitor watches what worked when it began).
        QList<int> cabledPorts;
        // Peer twins to measure the round trip to, every `rttEveryTicks` ticks.
        QList<RttTarget> rtt = {};
    };

    struct Retry
    {
        // A failing node is tried at least this often: a node back from a
        // restart or a pulled cable is seen within a few ticks.
        int maxBackoffTicks = 4;
        // A poll this many ticks late reads as unreachable (its alert within
        // two ticks, well before the poll's own timeout), or three times the
        // node's slowest recent poll when that is longer (a loaded desktop or
        // node is not called gone); the poll goes on, and an answer that
        // comes late still brings the node back.
        int offlineAfterTicks = 2;
        // The same before a node's first answer (its session is still being
        // opened): as long as the poll timeout.
        int firstAnswerTicks = 5;
        // A node whose network has not answered for this long (Silence) reads
        // as unreachable at once, however slow its polls usually are: a node's
        // kernel acknowledges within milliseconds even when its programs are
        // busy, so a second of silence is a node or a network gone.
        int silentAfterMs = 1000;
    };
    // How long a node's network has not answered what was sent to it, in ms
    // (0: it has), e.g. SshSession::silentMs(). Asked from the monitor's thread.
    using Silence = std::function<qint64(const QString &node)>;

    HealthMonitor(QList<Node> nodes, QList<LinkEnds> links, Poller poller, HealthThresholds thresholds = {},
                  QObject *parent = nullptr);

    void setRetry(Retry retry) { m_retry = retry; }
    void setSilence(Silence silence) { m_silence = std::move(silence); }
    // Whom a node pings (e.g. once its peers' addresses are known); measured at its next poll.
    // The round trips and the negotiated speeds are read every `rttEveryTicks`
    // ticks (and at once after a link changed); the counters every tick.
    void setRttTargets(const QString &node, const QList<RttTarget> &targets);
    void setRttEveryTicks(int ticks) { m_rttEveryTicks = qMax(1, ticks); }
    void start(int intervalMs = 1000);
    void stop();
    bool isRunning() const { return m_timer.isActive(); }
    // A new poll rate for a running monitor (a shown dashboard polls faster
    // than the background watch). Faster: a round starts at once when none is
    // open; slower: the next round waits for the new interval. Counted in
    // ticks, the backoff and the lower-rate polls follow the new rate.
    void setIntervalMs(int intervalMs);
    int intervalMs() const { return m_timer.interval(); }
    // One tick now: reports the open round (late nodes as stale), then polls
    // every node that is due. Returns the number of polls sent.
    int pollNow();
    int ticks() const { return int(m_tick); }

    const AlertHistory &history() const { return m_history; }
    // The last round as tick() reported it (empty before the first): a window
    // opened on a running monitor shows it at once.
    const QList<NodeHealth> &lastNodes() const { return m_lastNodes; }
    QDateTime lastTickTime() const { return m_lastTickTime; }

Q_SIGNALS:
    // After every round: each node's health this tick and the active alerts.
    void tick(const QDateTime &time, const QList<spark::NodeHealth> &nodes, const QList<spark::HealthAlert> &active);
    void alertRaised(const spark::HealthAlert &alert);
    void alertCleared(const spark::HealthAlert &alert);

private:
    struct NodeState
    {
        Node node;
        bool inFlight = false;
        quint64 sentAtTick = 0;
        QElapsedTimer sentAt;
        double usualPollMs = -1;          // its slowest recent answered poll; -1 before the first

        quint64 nextTryTick = 0;
        int failures = 0;
        std::optional<NodeHealth> fresh;  // came back since the last report
        NodeHealth last;                  // as last reported
        std::optional<NodeSnapshot> previous; // last good poll: rates are computed against it
        QMap<QString, double> rtt;        // last round trip per netdev
        bool rttDue = true;
        bool fullDue = true;              // the next poll reads the speeds (first poll, a link changed)
        bool sentFull = true;
        bool sentRtt = false;             // the poll out pings: a lost ping adds its timeout
    };

    void onResult(int index, quint64 tick, const Expected<ExecResult> &result);
    NodeHealth healthFrom(NodeState &state, const Expected<ExecResult> &result);
    void report();
    quint64 overdueAfterTicks(const NodeState &state) const;
    // Why a node whose poll is still out reads as unreachable now; empty: it does not (yet).
    QString lateness(const NodeState &state) const;

    QList<NodeState> m_states;
    QList<LinkEnds> m_links;
    Poller m_poller;
    Silence m_silence;
    HealthThresholds m_thresholds;
    Retry m_retry;
    QTimer m_timer;
    AlertHistory m_history;
    quint64 m_tick = 0;
    int m_waiting = 0; // polls of this tick not back yet
    int m_rttEveryTicks = 10;
    QList<NodeHealth> m_lastNodes;
    QDateTime m_lastTickTime;
};

} // namespace spark

Q_DECLARE_METATYPE(spark::NodeHealth)
Q_DECLARE_METATYPE(spark::HealthAlert)
