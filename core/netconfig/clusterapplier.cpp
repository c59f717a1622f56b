// SPDX-License-Identifier: MIT
#include "core/netconfig/clusterapplier.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/netconfig/netplancheck.h"
#include "core/netconfig/nodeapplier.h"
#include "core/ssh/sshsession.h"

#include <QElapsedTimer>
#include <QHash>
#include <QThread>

#include <algorithm>
#include <functional>
#include <memory>

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
    // backup, arm, install, disable-old: consecutive root steps share one
    // command (one round trip), each part saying when it is done
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
    : Job(lcNetconfig, parent)
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
    return step.asRoot;
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

// Printed after each part of a joined command that succeeded: when a later
// part fails, the run still knows what is done (a backup that exists may be
// restored; one that does not, never).
QString doneMarker(const ApplyStep &step)
{
    return QStringLiteral("@@spark-step-done ") + applyStepKindKey(step.kind);
}

ApplyStep merged(const QList<ApplyStep> &batch)
{
    if (batch.size() == 1)
        return batch.first();
    ApplyStep step = batch.first();
    QStringList commands;
    for (const ApplyStep &part : batch)
        commands.append(QStringLiteral("{ %1\n} && printf '%s\\n' '%2'").arg(part.command, doneMarker(part)));
    step.command = commands.join(QStringLiteral(" && "));
    return step;
}

bool stepDone(const ApplyStep &step, const Expected<ExecResult> &result, const QByteArray &output)
{
    if (result)
        return true;
    const QByteArray marker = doneMarker(step).toLatin1();
    for (const QByteArray &line : output.split('\n')) {
        if (line.trimmed() == marker)
            return true;
    }
    return false;
}
} // namespace

// One run of the safe apply: the nodes' state, the report, and each phase as
// a member. Every phase returns false once something failed or a cancel came;
// runBlocking() then takes the one way out: revert what was changed, report.
class ClusterApplier::Phases
{
public:
    Phases(ClusterApplier &applier, const QList<NodeApplyJob> &jobs);

    bool checkBeforeChanging();
    bool prepare();
    bool applyNetplan();
    bool verify();
    bool keep();
    void announceDone();
    ClusterApplyReport finish(bool succeeded);

    QList<NodeRun> runs;
    ClusterApplyReport report;

private:
    using Kind = ApplyStep::Kind;
    using Results = QList<std::pair<int, Expected<ExecResult>>>;

    static NodeRun makeRun(const NodeApplyJob &job);
    Results round(const QList<int> &nodes, const Starter &starter);
    QList<int> all(const std::function<bool(int index)> &filter) const;
    void say(NodeRun &run, const QString &sentence) { m_applier.reportProgress(run.outcome.node, run.fraction(), sentence); }
    void fail(const QString &node, const Error &error);
    bool failedOrStopped();
    bool runSingleStep(Kind kind, std::optional<ApplyStep> NodeRun::*step);
    QHash<int, QStringList> pingRemaining(QHash<int, QList<PingCheck>> &remaining, int attempt);

public:
    // Runs one phase and keeps its time in the report.
    bool timed(const char *name, bool (Phases::*phase)())
    {
        const qint64 start = m_timer.elapsed();
        const bool ok = (this->*phase)();
        report.phaseMs.append({QString::fromLatin1(name), m_timer.elapsed() - start});
        return ok;
    }
    void timedRevert(const QString &why)
    {
        const qint64 start = m_timer.elapsed();
        m_applier.revert(runs, why);
        report.phaseMs.append({QStringLiteral("revert"), m_timer.elapsed() - start});
    }

private:
    ClusterApplier &m_applier;
    const Options &m_options;
    QElapsedTimer m_timer;
    QList<int> m_changing;
    QHash<int, QByteArray> m_outputs; // the last round's standard output, per node
    bool m_errorFromLostNode = false;
};

ClusterApplier::NodeRun ClusterApplier::Phases::makeRun(const NodeApplyJob &job)
{
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
        case Kind::Verify: break; // run as one parallel ping batch
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
    return run;
}

ClusterApplier::Phases::Phases(ClusterApplier &applier, const QList<NodeApplyJob> &jobs)
    : m_applier(applier)
    , m_options(applier.m_options)
{
    m_timer.start();
    for (const NodeApplyJob &job : jobs)
        runs.append(makeRun(job));
    m_changing = all([this](int index) { return runs.at(index).changing(); });
}

// Starts one command on each chosen node, then waits for all of them.
ClusterApplier::Phases::Results ClusterApplier::Phases::round(const QList<int> &nodes, const Starter &starter)
{
    QList<std::pair<int, NodeApplier::Pending>> pending;
    for (int index : nodes) {
        if (auto started = starter(index))
            pending.append({index, std::move(*started)});
    }
    Results results;
    m_outputs.clear();
    for (auto &[index, started] : pending) {
        Expected<ExecResult> result = NodeApplier::wait(started);
        const Expected<ExecResult> raw = started.exec.result();
        if (!result && !raw.hasValue())
            runs[index].lost = true;
        if (raw)
            m_outputs.insert(index, raw->standardOutput);
        results.append({index, std::move(result)});
    }
    return results;
}

QList<int> ClusterApplier::Phases::all(const std::function<bool(int index)> &filter) const
{
    QList<int> result;
    for (int i = 0; i < runs.size(); ++i) {
        if (filter(i))
            result.append(i);
    }
    return result;
}

void ClusterApplier::Phases::fail(const QString &node, const Error &error)
{
    // A node that stopped answering is the cause to name: a node that failed
    // beside it in the same round (its own undo timer ran out while the lost
    // one was waited for) is a consequence, and keeps its sentence in its problems.
    const bool lost = std::any_of(runs.cbegin(), runs.cend(), [&](const NodeRun &run) { return run.lost && run.outcome.node == node; });
    if (report.error.message.isEmpty() || (lost && !m_errorFromLostNode)) {
        report.error = error;
        m_errorFromLostNode = lost;
    }
    for (NodeRun &run : runs) {
        if (run.outcome.node == node)
            run.outcome.problems.append(error.message);
    }
}

bool ClusterApplier::Phases::failedOrStopped()
{
    if (m_applier.m_cancelled && report.error.message.isEmpty())
        fail(QString(), Error(ClusterApplier::tr("The apply was cancelled; every node that was changed goes back to its earlier settings.")));
    return !report.error.message.isEmpty();
}

ClusterApplyReport ClusterApplier::Phases::finish(bool succeeded)
{
    report.succeeded = succeeded;
    report.cancelled = m_applier.m_cancelled;
    for (const NodeRun &run : std::as_const(runs)) {
        report.nodes.append(run.outcome);
        if (run.outcome.state == NodeApplyOutcome::State::Applied)
            report.changed = true;
    }
    report.elapsedMs = m_timer.elapsed();
    qCDebug(lcNetconfig) << "apply on" << runs.size() << "nodes:" << (succeeded ? "ok" : "failed") << report.elapsedMs << "ms";
    return report;
}

// 1. Before anything changes: sudo works everywhere, and netplan accepts each
// node's files with ours in (one file it rejects would stop every apply).
bool ClusterApplier::Phases::checkBeforeChanging()
{
    QList<std::pair<int, NodeApplier::Pending>> pending;
    for (int index : std::as_const(m_changing)) {
        NodeRun &run = runs[index];
        if (run.precheck) {
            say(run, run.precheck->description);
            pending.append({index, run.applier.start(*run.precheck, m_options.stepTimeoutMs)});
        } else if (m_options.checkSudoFirst) {
            say(run, ClusterApplier::tr("Checking the administrator password on %1.").arg(run.outcome.node));
            pending.append({index, run.applier.start(QStringLiteral("true"), true, ClusterApplier::tr("The administrator check"),
                                                     m_options.managementCheckTimeoutMs)});
        }
    }
    for (auto &[index, started] : pending) {
        NodeRun &run = runs[index];
        const Expected<ExecResult> result = NodeApplier::wait(started);
        if (run.precheck) {
            ++run.done;
            Q_EMIT m_applier.stepFinished(run.outcome.node, applyStepKindKey(Kind::Precheck), result.hasValue());
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
    return !failedOrStopped();
}

// 2. Everything before `netplan apply`, step by step on all nodes at once.
bool ClusterApplier::Phases::prepare()
{
    qsizetype longest = 0;
    for (int index : std::as_const(m_changing))
        longest = std::max(longest, runs[index].prepare.size());
    for (qsizetype k = 0; k < longest; ++k) {
        if (failedOrStopped())
            return false;
        const QList<int> nodes = all([this, k](int index) { return runs.at(index).changing() && k < runs.at(index).prepare.size(); });
        for (const auto &[index, result] : round(nodes, [this, k](int index) {
                 NodeRun &run = runs[index];
                 for (const ApplyStep &step : run.prepare.at(k))
                     say(run, step.description);
                 return std::optional(run.applier.start(merged(run.prepare.at(k)), m_options.stepTimeoutMs));
             })) {
            NodeRun &run = runs[index];
            for (const ApplyStep &step : run.prepare.at(k)) {
                const bool done = stepDone(step, result, m_outputs.value(index));
                ++run.done;
                Q_EMIT m_applier.stepFinished(run.outcome.node, applyStepKindKey(step.kind), done);
                if (done && step.kind == Kind::Backup)
                    run.backedUp = true;
                if (done && step.kind == Kind::ArmRevert)
                    run.armed = true;
            }
            if (!result)
                fail(run.outcome.node, result.error());
        }
    }
    return !failedOrStopped();
}

// One step on every changing node that has it, all at once (netplan apply, disarm).
bool ClusterApplier::Phases::runSingleStep(Kind kind, std::optional<ApplyStep> NodeRun::*step)
{
    if (failedOrStopped())
        return false;
    for (const auto &[index, result] : round(m_changing, [this, step](int index) -> std::optional<NodeApplier::Pending> {
             NodeRun &run = runs[index];
             if (!(run.*step))
                 return std::nullopt;
             say(run, (run.*step)->description);
             return run.applier.start(*(run.*step), m_options.stepTimeoutMs);
         })) {
        NodeRun &run = runs[index];
        ++run.done;
        Q_EMIT m_applier.stepFinished(run.outcome.node, applyStepKindKey(kind), result.hasValue());
        if (!result)
            fail(run.outcome.node, result.error());
    }
    return report.error.message.isEmpty();
}

// 3. netplan apply everywhere.
bool ClusterApplier::Phases::applyNetplan()
{
    return runSingleStep(Kind::Apply, &NodeRun::apply);
}

// One attempt of the link check: pings what is still failing, keeps what
// still fails in `remaining`, and says why for each node.
QHash<int, QStringList> ClusterApplier::Phases::pingRemaining(QHash<int, QList<PingCheck>> &remaining, int attempt)
{
    QHash<int, QStringList> failures;
    const QList<int> nodes = all([&](int index) { return attempt == 0 || !remaining.value(index).isEmpty(); });
    for (const auto &[index, result] : round(nodes, [&](int index) -> std::optional<NodeApplier::Pending> {
             NodeRun &run = runs[index];
             say(run, ClusterApplier::tr("Checking every link from %1 with full-size packets.").arg(run.outcome.node));
             const QList<PingCheck> checks = remaining.value(index);
             const auto command = checks.isEmpty() ? Expected<QString>(QStringLiteral("true")) : PingMesh::batchCommand(checks);
             if (!command) {
                 fail(run.outcome.node, command.error());
                 return std::nullopt;
             }
             return run.applier.start(*command, false, ClusterApplier::tr("The link check"), m_options.managementCheckTimeoutMs + 20000);
         })) {
        NodeRun &run = runs[index];
        if (!result) {
            // Transport failure: the management network itself is gone.
            remaining[index].clear();
            failures[index].append(ClusterApplier::tr("%1 no longer answers on its management address after the change (%2).")
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
        for (const PingCheck &check : remaining.value(index)) {
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
    return failures;
}

// 4. Verify from the desktop (the management session still answers) and
// between the nodes (full-size pings with don't-fragment), on every node.
bool ClusterApplier::Phases::verify()
{
    if (failedOrStopped())
        return false;
    QHash<int, QList<PingCheck>> remaining;
    for (int i = 0; i < runs.size(); ++i)
        remaining.insert(i, runs[i].job.plan.checks);
    QHash<int, QStringList> failures;
    const int attempts = std::max(1, m_options.verifyAttempts);
    for (int attempt = 0; attempt < attempts && !m_applier.m_cancelled; ++attempt) {
        failures = pingRemaining(remaining, attempt);
        if (failures.isEmpty())
            break;
        // NetworkManager activates the new profiles a moment after `netplan apply`
        // returns (and DGX OS's management address comes back after about 1 s):
        // a ping that fails at once is tried again after a pause, not in a burst.
        if (attempt + 1 < attempts)
            QThread::msleep(m_options.verifyRetryPauseMs);
    }
    for (int index : std::as_const(m_changing)) {
        ++runs[index].done;
        Q_EMIT m_applier.stepFinished(runs[index].outcome.node, applyStepKindKey(Kind::Verify), !failures.contains(index));
    }
    for (auto it = failures.cbegin(); it != failures.cend(); ++it) {
        for (const QString &sentence : it.value())
            fail(runs[it.key()].outcome.node, Error(sentence));
    }
    return !failedOrStopped();
}

// 5. Keep it: disarm every timer. From here on cancel() waits for the end. A
// node lost now still reverts by itself; the others are taken back too.
bool ClusterApplier::Phases::keep()
{
    return runSingleStep(Kind::Disarm, &NodeRun::disarm);
}

void ClusterApplier::Phases::announceDone()
{
    for (NodeRun &run : runs) {
        run.done = run.total;
        if (run.changing()) {
            run.outcome.state = NodeApplyOutcome::State::Applied;
            say(run, ClusterApplier::tr("%1 runs the new network settings.").arg(run.outcome.node));
        } else {
            say(run, ClusterApplier::tr("%1 already ran these settings; nothing was changed.").arg(run.outcome.node));
        }
    }
}

ClusterApplyReport ClusterApplier::runBlocking(const QList<NodeApplyJob> &jobs)
{
    Phases phases(*this, jobs);
    using P = Phases;
    if (phases.timed("check", &P::checkBeforeChanging) && phases.timed("prepare", &P::prepare)
        && phases.timed("netplan-apply", &P::applyNetplan) && phases.timed("verify", &P::verify) && phases.timed("keep", &P::keep)) {
        phases.announceDone();
        return phases.finish(true);
    }
    // The one way out: whatever was backed up goes back (nothing, when the
    // check before changing failed), then the report.
    phases.timedRevert(phases.report.error.message);
    return phases.finish(false);
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
                reportProgress(run.outcome.node, 1.0,
                                tr("%1 cannot be reached; it restores its earlier settings by itself.").arg(run.outcome.node));
            }
            continue;
        }
        reportProgress(run.outcome.node, run.fraction(),
                        tr("Restoring the earlier network settings of %1 (%2).").arg(run.outcome.node, why));
        pending.append({i, run.applier.start(run.job.plan.revertCommand, true, tr("Restoring the earlier settings"),
                                             m_options.stepTimeoutMs)});
    }
    for (auto &[index, started] : pending) {
        NodeRun &run = runs[index];
        const Expected<ExecResult> result = NodeApplier::wait(started);
        if (result) {
            run.outcome.state = NodeApplyOutcome::State::Reverted;
            reportProgress(run.outcome.node, 1.0, tr("%1 is back on its earlier settings.").arg(run.outcome.node));
        } else {
            run.outcome.state = NodeApplyOutcome::State::RevertsByItself;
            run.outcome.problems.append(result.error().message);
            reportProgress(run.outcome.node, 1.0,
                            tr("%1 could not be restored now; its timer restores it by itself.").arg(run.outcome.node));
        }
    }
}

} // namespace spark
