// SPDX-License-Identifier: MIT
#include "core/topology/discoveryrunner.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/ssh/sshsession.h"

#include <QElapsedTimer>
#include <QThread>

#include <memory>

namespace spark {

DiscoveryRunner::DiscoveryRunner(QObject *parent)
    : Job(lcTopology, parent)
{
}

QFuture<DiscoveryReport> DiscoveryRunner::run(const QList<DiscoveryNode> &nodes, const std::optional<CablingPlan> &plan)
{
    return runOnThread([this, nodes, plan] { return runBlocking(nodes, plan); });
}

DiscoveryReport DiscoveryRunner::runBlocking(const QList<DiscoveryNode> &nodes, const std::optional<CablingPlan> &plan)
{
    QElapsedTimer timer;
    timer.start();
    auto silentIn = [](const DiscoveryReport &report) {
        QStringList silent;
        for (const CablingFinding &finding : report.findings) {
            if (finding.kind == CablingFinding::Kind::NodeNotSeen && !silent.contains(finding.a.node))
                silent.append(finding.a.node);
        }
        return silent;
    };
    DiscoveryReport report = look(nodes, plan);
    const QStringList silent = silentIn(report);
    const QStringList incomplete = NeighbourDiscovery::incompleteSightings(report.observations);
    if (!silent.isEmpty() || !incomplete.isEmpty()) {
        // Never conclude from a half-heard cluster: the silent ones usually
        // answer a moment later, and a one-way sighting is an answer lost.
        qCDebug(lcTopology) << "on the first look, silent:" << silent << "incomplete:" << incomplete
                             << "- looking again";
        for (const QString &node : silent)
            reportProgress(node, 0.5, tr("%1 did not answer yet; looking again in a moment.").arg(node));
        QThread::msleep(silent.isEmpty() ? IncompleteRetryWaitMs : RetryWaitMs);
        report = look(nodes, plan);
        report.retried = true;
    }
    report.silentNodes = silentIn(report);
    report.elapsedMs = timer.elapsed();
    qCDebug(lcTopology) << "discovery on" << nodes.size() << "nodes took" << report.elapsedMs << "ms";
    return report;
}

DiscoveryReport DiscoveryRunner::look(const QList<DiscoveryNode> &nodes, const std::optional<CablingPlan> &plan)
{
    DiscoveryReport report;
    const QString command = NeighbourDiscovery::command();

    // Every node at once: each session runs on its own thread.
    QList<QFuture<Expected<ExecResult>>> running;
    for (const DiscoveryNode &node : nodes) {
        reportProgress(node.node, 0.1, tr("Looking for cables on %1.").arg(node.node));
        running.append(node.session->exec(command, {}, CommandTimeoutMs));
    }

    QList<NodeMacs> known;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const DiscoveryNode &node = nodes.at(i);
        if (!node.knownMacs.isEmpty())
            known.append(NodeMacs{node.node, node.knownMacs});
        QFuture<Expected<ExecResult>> &future = running[i];
        future.waitForFinished();
        const Expected<ExecResult> result = future.result();
        if (!result) {
            report.problems.append(NodeError{
                node.node, Error(tr("%1 could not be asked about its cables: %2").arg(node.node, result.error().message),
                                 result.error().detail)});
            reportProgress(node.node, 1.0, report.problems.last().error.message);
            continue;
        }
        if (!result->succeeded()) {
            report.problems.append(NodeError{
                node.node, Error(tr("The cable discovery failed on %1; check that it is a DGX Spark and try again.")
                                     .arg(node.node),
                                 QStringLiteral("exit %1: %2")
                                     .arg(result->exitCode)
                                     .arg(QString::fromUtf8(result->standardError).left(500)))});
            reportProgress(node.node, 1.0, report.problems.last().error.message);
            continue;
        }
        const auto interfaces = NeighbourDiscovery::parse(QString::fromUtf8(result->standardOutput));
        if (!interfaces) {
            report.problems.append(NodeError{node.node, interfaces.error()});
            reportProgress(node.node, 1.0, interfaces.error().message);
            continue;
        }
        report.observations.append(NodeObservation{node.node, *interfaces});
        reportProgress(node.node, 1.0, tr("%1 answered.").arg(node.node));
    }

    report.cabling = NeighbourDiscovery::link(report.observations, known);
    if (plan && report.problems.isEmpty())
        report.findings = CablingCheck::check(*plan, report.cabling, report.observations);
    return report;
}

} // namespace spark
