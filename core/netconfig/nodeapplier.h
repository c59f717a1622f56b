// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/sudocredential.h"
#include "core/netconfig/applyplanner.h"
#include "core/netconfig/pingmesh.h"
#include "core/ssh/execresult.h"

#include <QCoreApplication>
#include <QFuture>
#include <QList>
#include <QString>

#include <optional>

namespace spark {

class SshSession;

// Runs remote commands on one node over its session: as the user, or as root
// through its SudoCredential (`sudo -S -p ''` with the password on stdin, never
// in argv, a file or the log). Starting returns at once; waiting blocks, so call wait() off the
// GUI thread. The session stays the caller's.
class NodeApplier
{
    Q_DECLARE_TR_FUNCTIONS(spark::NodeApplier)

public:
    // A started command.
    struct Pending
    {
        QString node;
        QString what; // the sentence of the step, for errors
        QFuture<Expected<ExecResult>> exec;
    };

    NodeApplier(QString node, SshSession *session, SudoCredential sudo);

    QString node() const { return m_node; }
    SshSession *session() const { return m_session; }

    Pending start(const QString &command, bool asRoot, const QString &what, int timeoutMs) const;
    Pending start(const ApplyStep &step, int timeoutMs) const;
    // The result; a non-zero exit is an error naming the node and the step.
    static Expected<ExecResult> wait(Pending &pending);

    // Prints the SHA-256 of our netplan file followed by our sysctl file on the
    // node, or nothing when the netplan file is absent; hashOf() is the same for a plan.
    static QString installedHashCommand();
    static QString hashOf(const NodeApplyPlan &plan);
    // Undoes every apply since the first, newest first (each only what it
    // changed), brings back the running state from before the first one and
    // retires the backups, so the next apply starts afresh.
    static QString rollbackCommand();
    static constexpr int NoBackupExitCode = 3;

private:
    QString m_node;
    SshSession *m_session = nullptr;
    SudoCredential m_sudo;
};

} // namespace spark
