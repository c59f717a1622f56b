// SPDX-License-Identifier: MIT
#include "core/linktest/taggedtools.h"

#include "core/linktest/linktestscripts.h"
#include "core/ssh/sshsession.h"

namespace spark {

int stopTaggedTools(SshSession *session, const QString &tag)
{
    constexpr int timeoutMs = 20000;
    const auto script = LinkTestScripts::cleanup(tag);
    if (!script)
        return 0;
    QFuture<Expected<ExecResult>> done = session->exec(QStringLiteral("sh -s"), *script, timeoutMs);
    done.waitForFinished();
    const Expected<ExecResult> result = done.result();
    if (!result)
        return -1;
    const QString out = QString::fromUtf8(result->standardOutput).trimmed();
    return out.startsWith(QLatin1String("left ")) ? out.mid(5).toInt() : -1;
}

} // namespace spark
