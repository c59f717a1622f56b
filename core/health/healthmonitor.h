// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/health/alerthistory.h"
#include "core/health/healthrules.h"
#include "core/ssh/execresult.h"

#include <QDateTime>
#include <QFuture>
#include <QHash>
#include <QObject>
#include <QTimer>

#include <functional>

namespace spark {

// Polls every node once per tick with HealthPoll::script(), computes rates
// against the node's previous poll, runs the health rules over the whole
// cluster and keeps the alert history. A round ends when every node has
// answered (or failed, which reads as unreachable); a tick that comes while
// a round is still open is skipped, so slow nodes never pile up commands.
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
    };

    HealthMonitor(QList<Node> nodes, QList<LinkEnds> links, Poller poller, HealthThresholds thresholds = {},
                  QObject *parent = nullptr);

    void start(int intervalMs = 1000);
    void stop();
    // Starts one round now (if none is open); returns false if one is.
    bool pollNow();

    const AlertHistory &history() const { return m_history; }

Q_SIGNALS:
    // After every round: each node's health this tick and the active alerts.
    void tick(const QDateTime &time, const QList<spark::NodeHealth> &nodes, const QList<spark::HealthAlert> &active);
    void alertRaised(const spark::HealthAlert &alert);
    void alertCleared(const spark::HealthAlert &alert);

private:
    void onResult(const QString &node, quint64 round, const Expected<ExecResult> &result);
    void finishRound();

    QList<Node> m_nodes;
    QList<LinkEnds> m_links;
    Poller m_poller;
    HealthThresholds m_thresholds;
    QTimer m_timer;
    AlertHistory m_history;
    quint64 m_round = 0;
    int m_outstanding = 0;
    QHash<QString, NodeHealth> m_current;          // this round
    QHash<QString, NodeSnapshot> m_previous;       // last good poll per node
};

} // namespace spark

Q_DECLARE_METATYPE(spark::NodeHealth)
Q_DECLARE_METATYPE(spark::HealthAlert)
