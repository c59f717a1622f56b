// SPDX-License-Identifier: MIT
#include "core/netconfig/clusterapplier.h"

#include "core/common/runonthread.h"
#include "core/netconfig/netplancheck.h"
#include "core/netconfig/nodeapplier.h"
#include "core/ssh/sshsession.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

#include <algorithm>
#include <functional>
#include <memory>

Q_LOGGING_CATEGORY(lcApply, "spark.netconfig")

namespace spark {

QString nodeApplyStateKey(NodeApplyOutcome::State state)
{
    switch (state) {
    case NodeApplyOutcome::State::Unchanged: return QStringLiteral("unchanged");
    case NodeApplyOutcome::State::Applied: return QStringLiteral("applied");
    case NodeApplyOutcome::State::Reverted: return QStringLiteral("reverted");
    case NodeApplyOutcome::State::RevertsByItself: return QStringLiteral("reverts-by-itself");
    }
    return {};
}

struct ClusterApplier::NodeRun
{
    NodeApplyJob job;
    NodeApplier applier;
    // backup, arm, upload, install, disable-old, validate; consecutive root
    // steps share one command (one round trip): [backup, arm] [upload] [install, …, validate]
    QList<QList<ApplyStep>> prepare;
    std::optional<ApplyStep> precheck;
    std::optional<ApplyStep> apply;
    std::optional<ApplyStep> disarm;
    bool backedUp = false;
    bool armed = false;
    bool lost = false;
    int done = 0;
    int total = 1;
    NodeApplyOutcome outcome;

    bool changing() const { return !job.alreadyApplied; }
    double fraction() const { return std::min(1.0, double(done) / double(std::max(total, 1))); }
};

ClusterApplier::ClusterApplier(QObject *parent)
    : QObject(parent)
{
}

QFuture<ClusterApplyReport> ClusterApplier::run(const QList<NodeApplyJob> &jobs)
{
    return runOnThread([this, jobs] { return runBlocking(jobs); });
}

namespace {
using Starter = std::function<std::optional<NodeApplier::Pending>(int index)>;

bool joinable(const ApplyStep &step)
{
    return step.asRoot && step.kind != ApplyStep::Kind::Upload;
}

// Consecutive root steps in one command, each stopping the rest when it fails.
// Braces and newlines keep a step that ends in `&` (the revert timer) valid.
QList<QList<ApplyStep>> batched(const QList<ApplyStep> &steps)
{
    QList<QList<ApplyStep>> batches;
    for (const ApplyStep &step : steps) {
        if (!batches.isEmpty() && joinable(step) && joinable(batches.last().last()))
            batches.last().append(step);
        else
            batches.append({step});
    }
    return batches;
}

ApplyStep merged(const QList<ApplyStep> &batch)
{
    if (batch.size() == 1)
        return batch.first();
    ApplyStep step = batch.first();
    QStringList commands;
    for (const ApplyStep &part : batch)
        commands.append(QStringLiteral("{ %1\n}").arg(part.command));
    step.command = commands.join(QStringLiteral(" && "));
    return step;
}
} // namespace

ClusterApplyReport ClusterApplier::runBlocking(const QList<NodeApplyJob> &jobs)
{
    using Kind = ApplyStep::Kind;
    QElapsedTimer timer;
    timer.start();
    ClusterApplyReport report;

    QList<NodeRun> runs;
    for (const NodeApplyJob &job : jobs) {
        NodeRun run{job, NodeApplier(job.plan.node, job.session, job.sudo), {}, {}, {}, {}, false, false, false, 0, 1, {}};
        run.outcome.node = job.plan.node;
        // The timer is armed right after the backup, before anything changes,
        // so a node lost at any later moment restores itself.
        std::optional<ApplyStep> arm;
        QList<ApplyStep> prepare;
        for (const ApplyStep &step : job.plan.steps) {
            switch (step.kind) {
            case Kind::Precheck: run.precheck = step; break;
            case Kind::ArmRevert: arm = step; break;
            case Kind::Apply: run.apply = step; break;
            case Kind::Disarm: run.disarm = step; break;
            case Kind::Verify: break; // run as one parallel ping batch below
            default: prepare.append(step); break;
            }
        }
        if (arm) {
            const auto backup = std::find_if(prepare.begin(), prepare.end(),
                                             [](const ApplyStep &step) { return step.kind == Kind::Backup; });
            prepare.insert(backup == prepare.end() ? prepare.begin() : backup + 1, *arm);
        }
        run.total = run.changing() ? int(prepare.size()) + (run.precheck ? 5 : 4) : 1;
        run.prepare = batched(prepare);
        runs.append(std::move(run));
    }

    // Starts one command on each chosen node, then waits for all of them.
    auto round = [&](const QList<int> &nodes, const Starter &starter) {
        QList<std::pair<int, NodeApplier::Pending>> pending;
        for (int index : nodes) {
            if (auto started = starter(index))
                pending.append({index, std::move(*started)});
        }
        QList<std::pair<int, Expected<ExecResult>>> results;
        for (auto &[index, started] : pending) {
            Expected<ExecResult> result = NodeApplier::wait(started);
            if (!result && !started.exec.result().hasValue())
                runs[index].lost = true;
            results.append({index, std::move(result)});
        }
        return results;
    };
    auto say = [&](NodeRun &run, const QString &sentence) { Q_EMIT progress(run.outcome.node, run.fraction(), sentence); };
    auto all = [&](const std::function<bool(const NodeRun &)> &filter) {
        QList<int> result;
        for (int i = 0; i < runs.size(); ++i) {
            if (filter(runs.at(i)))
                result.append(i);
        }
        return result;
    };
    auto finish = [&](bool succeeded) {
        report.succeeded = succeeded;
        report.cancelled = m_cancelled;
        for (const NodeRun &run : std::as_const(runs)) {
            report.nodes.append(run.outcome);
            if (run.outcome.state == NodeApplyOutcome::State::Applied)
                report.changed = true;
        }
        report.elapsedMs = timer.elapsed();
        qCDebug(lcApply) << "apply on" << runs.size() << "nodes:" << (succeeded ? "ok" : "failed") << report.elapsedMs << "ms";
        return report;
    };
    auto fail = [&](const QString &node, const Error &error) {
        if (report.error.message.isEmpty())
            report.error = error;
        for (NodeRun &run : runs) {
            if (run.outcome.node == node)
                run.outcome.problems.append(error.message);
        }
    };
    auto stopRequested = [&] {
        if (!m_cancelled)
            return false;
        fail(QString(), Error(tr("The apply was cancelled; every node that was changed goes back to its earlier settings.")));
        return true;
    };

    const QList<int> changing = all([](const NodeRun &run) { return run.changing(); });

    // 1. Before anything changes: sudo works everywhere, and netplan accepts each
    // node's files with ours in (one file it rejects would stop every apply).
    {
        QList<std::pair<int, NodeApplier::Pending>> pending;
        for (int index : changing) {
            NodeRun &run = runs[index];
            if (run.precheck) {
                say(run, run.precheck->description);
                pending.append({index, run.applier.start(*run.precheck, m_options.stepTimeoutMs)});
            } else if (m_options.checkSudoFirst) {
                say(run, tr("Checking the administrator password on %1.").arg(run.outcome.node));
                pending.append({index, run.applier.start(QStringLiteral("true"), true, tr("The administrator check"),
                                                         m_options.managementCheckTimeoutMs)});
            }
        }
        for (auto &[index, started] : pending) {
            NodeRun &run = runs[index];
            const Expected<ExecResult> result = NodeApplier::wait(started);
            if (run.precheck) {
                ++run.done;
                Q_EMIT stepFinished(run.outcome.node, applyStepKindKey(Kind::Precheck), result.hasValue());
            }
            if (result)
                continue;
            const Expected<ExecResult> raw = started.exec.result();
            if (raw && raw->exitCode == NetplanCheck::RejectedExitCode)
                fail(run.outcome.node, Error(NetplanCheck::describeRejection(run.outcome.node, QString::fromUtf8(raw->standardError)),
                                             QString::fromUtf8(raw->standardError).left(800)));
            else
                fail(run.outcome.node, result.error());
        }
    }
    if (!report.error.message.isEmpty() || stopRequested())
        return finish(false);

    // 2. Everything before `netplan apply`, step by step on all nodes at once.
    qsizetype longest = 0;
    for (int index : changing)
        longest = std::max(longest, runs[index].prepare.size());
    for (qsizetype k = 0; k < longest; ++k) {
        if (stopRequested()) {
            revert(runs, report.error.message);
            return finish(false);
        }
        const QList<int> nodes = all([k](const NodeRun &run) { return run.changing() && k < run.prepare.size(); });
        for (const auto &[index, result] : round(nodes, [&](int index) {
                 NodeRun &run = runs[index];
                 for (const ApplyStep &step : run.prepare.at(k))
                     say(run, step.description);
                 return std::optional(run.applier.start(merged(run.prepare.at(k)), m_options.stepTimeoutMs));
             })) {
            NodeRun &run = runs[index];
            for (const ApplyStep &step : run.prepare.at(k)) {
                ++run.done;
                Q_EMIT stepFinished(run.outcome.node, applyStepKindKey(step.kind), result.hasValue());
                if (result && step.kind == Kind::Backup)
                    run.backedUp = true;
                if (result && step.kind == Kind::ArmRevert)
                    run.armed = true;
            }
            if (!result)
                fail(run.outcome.node, result.error());
        }
        if (!report.error.message.isEmpty()) {
            revert(runs, report.error.message);
            return finish(false);
        }
    }

    // 3. netplan apply everywhere.
    if (stopRequested()) {
        revert(runs, report.error.message);
        return finish(false);
    }
    for (const auto &[index, result] : round(changing, [&](int index) -> std::optional<NodeApplier::Pending> {
             NodeRun &run = runs[index];
             if (!run.apply)
                 return std::nullopt;
             say(run, run.apply->description);
             return run.applier.start(*run.apply, m_options.stepTimeoutMs);
         })) {
        NodeRun &run = runs[index];
        ++run.done;
        Q_EMIT stepFinished(run.outcome.node, applyStepKindKey(Kind::Apply), result.hasValue());
        if (!result)
            fail(run.outcome.node, result.error());
    }
    if (!report.error.message.isEmpty()) {
        revert(runs, report.error.message);
        return finish(false);
    }

    // 4. Verify from the desktop (the management session still answers) and
    // between the nodes (full-size pings with don't-fragment), on every node.
    QHash<int, QList<PingCheck>> remaining;
    for (int i = 0; i < runs.size(); ++i)
        remaining.insert(i, runs[i].job.plan.checks);
    QHash<int, QStringList> failures;
    for (int attempt = 0; attempt < std::max(1, m_options.verifyAttempts); ++attempt) {
        if (stopRequested())
            break;
        failures.clear();
        const QList<int> nodes = all([&](const NodeRun &run) {
            const int index = int(&run - runs.constData());
            return attempt == 0 || !remaining.value(index).isEmpty();
        });
        if (nodes.isEmpty())
            break;
        for (const auto &[index, result] : round(nodes, [&](int index) -> std::optional<NodeApplier::Pending> {
                 NodeRun &run = runs[index];
                 say(run, tr("Checking every link from %1 with full-size packets.").arg(run.outcome.node));
                 const QList<PingCheck> checks = remaining.value(index);
                 const auto command = checks.isEmpty() ? Expected<QString>(QStringLiteral("true"))
                                                       : PingMesh::batchCommand(checks);
                 if (!command) {
                     fail(run.outcome.node, command.error());
                     return std::nullopt;
                 }
                 return run.applier.start(*command, false, tr("The link check"), m_options.managementCheckTimeoutMs + 20000);
             })) {
            NodeRun &run = runs[index];
            if (!result) {
                // Transport failure: the management network itself is gone.
                remaining[index].clear();
                failures[index].append(
                    tr("%1 no longer answers on its management address after the change (%2).")
                        .arg(run.outcome.node, result.error().message));
                continue;
            }
            const auto parsed = PingMesh::parse(QString::fromUtf8(result->standardOutput));
            if (!parsed) {
                failures[index].append(parsed.error().message);
                remaining[index].clear();
                continue;
            }
            QList<PingCheck> still;
            const QList<PingCheck> checks = remaining.value(index);
            for (const PingCheck &check : checks) {
                const auto found = std::find_if(parsed->cbegin(), parsed->cend(), [&](const PingResult &ping) {
                    return ping.netdev == check.netdev && ping.address == check.address;
                });
                if (found == parsed->cend() || !found->ok()) {
                    still.append(check);
                    failures[index].append(PingMesh::describeFailure(check, found == parsed->cend() ? PingResult{} : *found));
                }
            }
            remaining[index] = still;
        }
        if (failures.isEmpty())
            break;
        // NetworkManager activates the new profiles a moment after `netplan apply`
        // returns (and DGX OS's management address comes back after about 1 s):
        // a ping that fails at once is tried again after a pause, not in a burst.
        if (attempt + 1 < std::max(1, m_options.verifyAttempts))
            QThread::msleep(m_options.verifyRetryPauseMs);
    }
    for (int index : changing) {
        ++runs[index].done;
        Q_EMIT stepFinished(runs[index].outcome.node, applyStepKindKey(Kind::Verify), !failures.contains(index));
    }
    for (auto it = failures.cbegin(); it != failures.cend(); ++it) {
        for (const QString &sentence : it.value())
            fail(runs[it.key()].outcome.node, Error(sentence));
    }
    if (!report.error.message.isEmpty() || stopRequested()) {
        revert(runs, report.error.message);
        return finish(false);
    }

    // 5. Keep it: disarm every timer. From here on cancel() waits for the end.
    for (const auto &[index, result] : round(changing, [&](int index) -> std::optional<NodeApplier::Pending> {
             NodeRun &run = runs[index];
             if (!run.disarm)
                 return std::nullopt;
             say(run, run.disarm->description);
             return run.applier.start(*run.disarm, m_options.stepTimeoutMs);
         })) {
        NodeRun &run = runs[index];
        ++run.done;
        Q_EMIT stepFinished(run.outcome.node, applyStepKindKey(Kind::Disarm), result.hasValue());
        if (!result)
            fail(run.outcome.node, result.error());
    }
    if (!report.error.message.isEmpty()) {
        // A node lost now still reverts by itself: take the others back too.
        revert(runs, report.error.message);
        return finish(false);
    }
    for (NodeRun &run : runs) {
        run.done = run.total;
        if (run.changing()) {
            run.outcome.state = NodeApplyOutcome::State::Applied;
            say(run, tr("%1 runs the new network settings.").arg(run.outcome.node));
        } else {
            say(run, tr("%1 already ran these settings; nothing was changed.").arg(run.outcome.node));
        }
    }
    return finish(true);
}

void ClusterApplier::revert(QList<NodeRun> &runs, const QString &why)
{
    QList<std::pair<int, NodeApplier::Pending>> pending;
    for (int i = 0; i < runs.size(); ++i) {
        NodeRun &run = runs[i];
        if (!run.changing() || !run.backedUp)
            continue; // nothing was changed there
        if (run.lost) {
            if (run.armed) {
                run.outcome.state = NodeApplyOutcome::State::RevertsByItself;
                Q_EMIT progress(run.outcome.node, 1.0,
                                tr("%1 cannot be reached; it restores its earlier settings by itself.").arg(run.outcome.node));
            }
            continue;
        }
        Q_EMIT progress(run.outcome.node, run.fraction(),
                        tr("Restoring the earlier network settings of %1 (%2).").arg(run.outcome.node, why));
        pending.append({i, run.applier.start(run.job.plan.revertCommand, true, tr("Restoring the earlier settings"),
                                             m_options.stepTimeoutMs)});
    }
    for (auto &[index, started] : pending) {
        NodeRun &run = runs[index];
        const Expected<ExecResult> result = NodeApplier::wait(started);
        if (result) {
            run.outcome.state = NodeApplyOutcome::State::Reverted;
            Q_EMIT progress(run.outcome.node, 1.0, tr("%1 is back on its earlier settings.").arg(run.outcome.node));
        } else {
            run.outcome.state = NodeApplyOutcome::State::RevertsByItself;
            run.outcome.problems.append(result.error().message);
            Q_EMIT progress(run.outcome.node, 1.0,
                            tr("%1 could not be restored now; its timer restores it by itself.").arg(run.outcome.node));
        }
    }
}

} // namespace spark
