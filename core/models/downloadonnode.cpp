// SPDX-License-Identifier: MIT
#include "core/models/downloadonnode.h"

#include "core/common/logcategories.h"
#include "core/linktest/taggedtools.h"

#include <QElapsedTimer>

namespace spark {

NodeDownload downloadOnNode(SshSession &session, const QString &node, const QString &repoId, const QString &revision,
                            const QString &token, const std::atomic<bool> &cancelled,
                            const std::function<void(qint64 bytes, double seconds)> &onBytes)
{
    NodeDownload download;
    download.node = node;
    download.revision = revision;
    const Expected<QString> script = ModelDownload::script(repoId, revision);
    if (!script) {
        download.error = script.error();
        return download;
    }
    QElapsedTimer clock;
    clock.start();
    QStringList said;
    std::optional<int> exitCode;
    bool noClient = false;
    // The token's line is always sent (empty without one), so the script's
    // read never waits.
    const QByteArray input = token.toUtf8() + '\n';
    const auto ended = runTaggedTool(
        &session, {QStringLiteral("bash"), QStringLiteral("-c"), *script, QStringLiteral("model-download")},
        [&](const QString &line) {
            const DownloadLine parsed = ModelDownload::parseLine(line);
            switch (parsed.kind) {
            case DownloadLine::Kind::Tool:
                download.tool = parsed.text;
                break;
            case DownloadLine::Kind::Bytes:
                download.bytes = parsed.bytes;
                onBytes(parsed.bytes, double(clock.elapsed()) / 1000.0);
                break;
            case DownloadLine::Kind::Said:
                said.append(parsed.text);
                qCDebug(lcModels) << node << "download:" << parsed.text;
                break;
            case DownloadLine::Kind::Exit:
                exitCode = parsed.exitCode;
                break;
            case DownloadLine::Kind::NoTool:
                noClient = true;
                break;
            case DownloadLine::Kind::Other:
                break;
            }
        },
        cancelled, input);
    download.seconds = double(clock.elapsed()) / 1000.0;
    if (!ended) {
        download.error = ended.error();
        return download;
    }
    if (ended->cancelled) {
        download.cancelled = true;
        return download;
    }
    download.failure = noClient ? DownloadFailure::NoTool
                                : ModelDownload::failureOf(exitCode.value_or(ended->exitCode.value_or(-1)), said, !token.isEmpty());
    if (!noClient && !exitCode && download.failure == DownloadFailure::None)
        download.failure = DownloadFailure::Other; // the script itself stopped before the client ended
    download.snapshot = ModelDownload::snapshotFolder(said);
    if (download.failure != DownloadFailure::None)
        download.error = Error(ModelDownload::failureSentence(download.failure, node, repoId, revision, said),
                               said.isEmpty() ? QString() : said.constLast());
    return download;
}

} // namespace spark
