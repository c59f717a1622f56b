// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include "core/common/error.h"
#include "core/common/sudocredential.h"
#include "core/netconfig/applyplanner.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>

#include <atomic>

namespace spark {

class SshSession;

// One node's part of a safe apply: its planned steps and how to reach it.
struct NodeApplyJob
{
    NodeApplyPlan plan;
    SshSession *session = nullptr; // the caller's, alive until the run ends
    SudoCredential sudo;           // no password: sudo needs none
    bool alreadyApplied = false;   // the node runs exactly this plan: only verify it
};

struct NodeApplyOutcome
{
    enum class State {
        Unchanged,        // nothing was changed (it already ran the plan, or the run stopped before it)
        Applied,          // the new settings are kept
        Reverted,         // we restored the backup
        RevertsByItself,  // unreachable: its timer restores the backup within the bound
    };
    QString node;
    State state = State::Unchanged;
    QStringList problems; // sentences: why it was reverted, what failed
};

QString nodeApplyStateKey(NodeApplyOutcome::State state);

struct ClusterApplyReport
{
    bool succeeded = false;
    bool cancelled = false;
    bool changed = false;         // at least one node got new settings (and kept them)
    Error error;                  // when it did not succeed: the first cause, in one sentence
    QList<NodeApplyOutcome> nodes;
    qint64 elapsedMs = 0;
    // Where the time went, phase by phase in the order they ran ("check",
    // "prepare", "netplan-apply", "verify", "keep", "revert"): what a
    // benchmark prints and a slow apply is explained with.
    QList<std::pair<QString, qint64>> phaseMs;
};

// The safe apply on all nodes at once: check sudo → back up → arm the revert
// timer → install (netplan checked the files first) → netplan apply → verify (the management
// session still answers, every node pings every peer twin full-size with
// don't-fragment) → disarm. Any failure, a lost node or cancel() before the
// disarm reverts every node that was changed; a node we cannot reach reverts
// by itself when its timer ends. So every node ends fully applied or reverted.
class ClusterApplier final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterApplier)

public:
    struct Options
    {
        int stepTimeoutMs = 60000;
        int managementCheckTimeoutMs = 10000;
        int verifyAttempts = 8; // links may take a moment to come up after netplan apply; only failed pings repeat
        int verifyRetryPauseMs = 1000;
        bool checkSudoFirst = true; // false when the caller has just run sudo on every node (ClusterPreparer does)
    };

    explicit ClusterApplier(QObject *parent = nullptr);

    void setOptions(const Options &options) { m_options = options; }

    QFuture<ClusterApplyReport> run(const QList<NodeApplyJob> &jobs);
    // The same, blocking: never call it on the GUI thread.
    ClusterApplyReport runBlocking(const QList<NodeApplyJob> &jobs);


Q_SIGNALS:
    // After each step on each node ("backup", "arm-revert", … applyStepKindKey).
    void stepFinished(const QString &node, const QString &step, bool succeeded);

private:
    struct NodeRun;
    class Phases; // one run's state and its phases (clusterapplier.cpp)
    void revert(QList<NodeRun> &runs, const QString &why);

    Options m_options;
};

} // namespace spark
