// SPDX-License-Identifier: MIT
#include "core/netconfig/nodeapplier.h"

#include "core/common/shellquote.h"
#include "core/netconfig/arpsysctl.h"
#include "core/netconfig/netplandocument.h"
#include "core/ssh/sshsession.h"

#include <QCryptographicHash>

namespace spark {

NodeApplier::NodeApplier(QString node, SshSession *session, SudoCredential sudo)
    : m_node(std::move(node))
    , m_session(session)
    , m_sudo(std::move(sudo))
{
}

NodeApplier::Pending NodeApplier::start(const QString &command, bool root, const QString &what, int timeoutMs) const
{
    Pending pending;
    pending.node = m_node;
    pending.what = what;
    const QString line = root ? m_sudo.rootShell(command) : command;
    const QByteArray input = root ? m_sudo.standardInput() : QByteArray();
    pending.exec = m_session->exec(line, input, timeoutMs);
    return pending;
}

NodeApplier::Pending NodeApplier::start(const ApplyStep &step, int timeoutMs) const
{
    return start(step.command, step.asRoot, step.description, timeoutMs);
}

Expected<ExecResult> NodeApplier::wait(Pending &pending)
{
    pending.exec.waitForFinished();
    Expected<ExecResult> result = pending.exec.result();
    if (!result)
        return Error(tr("%1 stopped answering over SSH (%2).").arg(pending.node, result.error().message),
                     result.error().detail);
    if (!result->succeeded()) {
        const QString standardError = QString::fromUtf8(result->standardError).trimmed();
        const bool wrongPassword = SudoCredential::refusedPassword(standardError)
                                || SudoCredential::neededPassword(standardError);
        const QString message = wrongPassword
                                  ? tr("%1 refused the sudo password; enter the right one and try again.").arg(pending.node)
                                  : tr("%1 could not do this step: %2 Nothing is kept that was not checked.").arg(pending.node, pending.what);
        return Error(message, QStringLiteral("exit %1%2: %3")
                                  .arg(result->exitCode)
                                  .arg(result->exitSignal.isEmpty() ? QString() : QStringLiteral(" signal ") + result->exitSignal,
                                       standardError.left(800)));
    }
    return result;
}

QString NodeApplier::installedHashCommand()
{
    return QStringLiteral("if [ -f %1 ]; then { cat %1; cat %2 2>/dev/null; } | sha256sum | cut -d' ' -f1; fi")
        .arg(shellQuote(NetplanDocument::path()), shellQuote(ArpSysctl::path()));
}

QString NodeApplier::hashOf(const NodeApplyPlan &plan)
{
    return QString::fromLatin1(
        QCryptographicHash::hash((plan.netplan + plan.arpSysctl).toUtf8(), QCryptographicHash::Sha256).toHex());
}

QString NodeApplier::rollbackCommand()
{
    const QString root = shellQuote(ApplyPlanner::backupRoot());
    const QString pidFile = shellQuote(ApplyPlanner::revertPidFile());
    return QStringLiteral("if [ -f %2 ]; then kill \"$(cat %2)\" 2>/dev/null; rm -f %2; fi; "
                          "b=$(ls -1d %1/netplan-* 2>/dev/null | sort | head -n 1); "
                          "[ -n \"$b\" ] && [ -d \"$b/netplan\" ] || exit %3; "
                          "{ for d in $(ls -1d %1/netplan-* | sort -r); do %4; done; %5; } && "
                          "r=%1/rolled-back-$(date -u +%Y%m%dT%H%M%SZ) && mkdir -p -m 700 \"$r\" && mv %1/netplan-* \"$r/\"")
        .arg(root, pidFile, QString::number(NoBackupExitCode), ApplyPlanner::undoFilesCommand(QStringLiteral("\"$d\"")),
             ApplyPlanner::restoreRuntimeCommand(QStringLiteral("\"$b\"")));
}

} // namespace spark
