// SPDX-License-Identifier: MIT
#include "core/health/sessionpolling.h"

#include "core/cluster/clustersessions.h"
#include "core/ssh/sshsession.h"

#include <QCoreApplication>

namespace spark {

SessionPolling SessionPolling::over(const ClusterSessions &sessions)
{
    const ClusterSessions *nodes = &sessions;
    SessionPolling polling;
    polling.poller = [nodes](const QString &node, const QByteArray &script) -> QFuture<Expected<ExecResult>> {
        SshSession *session = nodes->session(node);
        if (!session)
            return QtFuture::makeReadyFuture(Expected<ExecResult>(Error(QCoreApplication::translate("spark::SessionPolling", "%1 is not one of the watched Sparks.").arg(node))));
        return session->exec(QStringLiteral("sh -s"), script, PollTimeoutMs);
    };
    polling.silence = [nodes](const QString &node) -> qint64 {
        const SshSession *session = nodes->session(node);
        return session ? session->silentMs() : 0;
    };
    return polling;
}

} // namespace spark
