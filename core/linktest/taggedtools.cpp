// SPDX-License-Identifier: MIT
#include "core/linktest/taggedtools.h"

#include "core/common/shellquote.h"

#include "core/linktest/linktestscripts.h"
#include "core/linktest/runnerwait.h"
#include "core/ssh/sshsession.h"

namespace spark {

namespace {
const QString shell = QStringLiteral("sh -s");
}

int stopTaggedTools(SshSession *session, const QString &tag)
{
    constexpr int timeoutMs = 20000;
    const auto script = LinkTestScripts::cleanup(tag);
    if (!script)
        return 0;
    QFuture<Expected<ExecResult>> done = session->exec(shell, *script, timeoutMs);
    done.waitForFinished();
    const Expected<ExecResult> result = done.result();
    if (!result)
        return -1;
    const QString out = QString::fromUtf8(result->standardOutput).trimmed();
    return out.startsWith(QLatin1String("left ")) ? out.mid(5).toInt() : -1;
}

Expected<TaggedToolEnd> runTaggedTool(SshSession *session, const QStringList &command,
                                      const std::function<void(const QString &line)> &onLine,
                                      const std::atomic<bool> &cancelled, const QByteArray &standardInput)
{
    const QString tag = LinkTestScripts::newTag();
    const bool readsInput = !standardInput.isEmpty();
    const auto script = LinkTestScripts::parallel(tag, {{0, command, readsInput}});
    if (!script)
        return script.error();
    // A tool that reads input gets the channel's: the script then comes as
    // sh -c's argument (it holds no secret), not on standard input.
    const QString runner = readsInput ? QStringLiteral("sh -c ") + shellQuote(QString::fromUtf8(*script)) : shell;
    TaggedToolEnd end;
    // Written on the session's thread while it runs, read here after it ended.
    QFuture<Expected<ExecResult>> running = session->execStreaming(
        runner,
        [&](OutputStream, const QString &line) {
            const auto tagged = LinkTestScripts::parseTagged(line);
            if (!tagged)
                return;
            if (tagged->exitCode)
                end.exitCode = tagged->exitCode;
            else
                onLine(tagged->text);
        },
        readsInput ? standardInput : *script, 0);
    end.cancelled = !linktest::waitFor(running, -1, cancelled);
    if (end.cancelled)
        running.cancel();
    running.waitForFinished();
    stopTaggedTools(session, tag);
    if (end.cancelled)
        return end;
    if (const Expected<ExecResult> result = running.result(); !result)
        return result.error();
    return end;
}

} // namespace spark
