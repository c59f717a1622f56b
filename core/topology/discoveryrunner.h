// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include "core/common/error.h"
#include "core/topology/cablingcheck.h"
#include "core/topology/cablingplan.h"
#include "core/topology/neighbourdiscovery.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

class SshSession;

// One node to look at, over a session its caller keeps alive for the run.
struct DiscoveryNode
{
    QString node;
    SshSession *session = nullptr;
    QMap<QString, QString> knownMacs; // netdev -> MAC, when the registry knows them
};

// Something that went wrong on one node.
struct NodeError
{
    QString node;
    Error error;
};

struct DiscoveryReport
{
    QList<NodeObservation> observations; // the nodes that answered, in the order asked
    ObservedCabling cabling;
    QList<CablingFinding> findings;      // against the plan; only when every node answered
    QList<NodeError> problems;           // nodes that could not be asked
    QStringList silentNodes;             // nodes that still saw nobody, and nobody them, after the retry
    bool retried = false;                // the first look was ambiguous and was made again
    qint64 elapsedMs = 0;

    bool complete() const { return problems.isEmpty(); }
    bool healthy() const { return problems.isEmpty() && findings.isEmpty(); }
};

// Runs the neighbour discovery command on every node at once and matches the
// answers: which port of which node is cabled to which port of which node.
// No package is installed on the nodes; it takes about one second. When some
// nodes were silent (nothing seen through a port that is up: IPv6 duplicate
// address detection still running, a slow node), the answer is ambiguous and
// it looks once more after RetryWaitMs before reporting who stayed silent;
// so it does, sooner, when a twin's answer was lost (one-way sightings).
class DiscoveryRunner final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiscoveryRunner)

public:
    static constexpr int CommandTimeoutMs = 15000;
    // Longer than IPv6 duplicate address detection (one probe, one second) plus the listen window.
    static constexpr int RetryWaitMs = 2500;
    // When every node answered but some twin's answer was lost on the way.
    static constexpr int IncompleteRetryWaitMs = 300;

    explicit DiscoveryRunner(QObject *parent = nullptr);

    // On its own thread; progress() reports per node while it runs.
    QFuture<DiscoveryReport> run(const QList<DiscoveryNode> &nodes, const std::optional<CablingPlan> &plan = {});
    // The same, blocking: never call it on the GUI thread.
    DiscoveryReport runBlocking(const QList<DiscoveryNode> &nodes, const std::optional<CablingPlan> &plan = {});

private:
    // One look: the command on every node at once, then the matching.
    DiscoveryReport look(const QList<DiscoveryNode> &nodes, const std::optional<CablingPlan> &plan);

Q_SIGNALS:
};

} // namespace spark
