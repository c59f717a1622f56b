// SPDX-License-Identifier: MIT
#include "core/models/modeldownload.h"

#include "core/common/shellquote.h"
#include "core/models/modelinventory.h"

#include <QRegularExpression>

namespace spark {

namespace {

QString failureKey(DownloadFailure failure)
{
    switch (failure) {
    case DownloadFailure::None:
        return {};
    case DownloadFailure::NoTool:
        return QStringLiteral("no_client");
    case DownloadFailure::NotFound:
        return QStringLiteral("not_found");
    case DownloadFailure::NoRevision:
        return QStringLiteral("no_revision");
    case DownloadFailure::Gated:
        return QStringLiteral("gated");
    case DownloadFailure::BadToken:
        return QStringLiteral("bad_token");
    case DownloadFailure::DiskFull:
        return QStringLiteral("disk_full");
    case DownloadFailure::Offline:
        return QStringLiteral("offline");
    case DownloadFailure::Other:
        break;
    }
    return QStringLiteral("other");
}

bool saidAny(const QStringList &said, std::initializer_list<const char *> needles)
{
    for (const QString &line : said) {
        for (const char *needle : needles) {
            if (line.contains(QLatin1String(needle), Qt::CaseInsensitive))
                return true;
        }
    }
    return false;
}

// The client's last line that is not a path: its own words for a failure.
QString lastWords(const QStringList &said)
{
    for (auto it = said.crbegin(); it != said.crend(); ++it) {
        const QString line = it->trimmed();
        if (!line.isEmpty() && !line.startsWith(QLatin1Char('/')))
            return line.left(300);
    }
    return {};
}

} // namespace

QJsonObject NodeDownload::toJson() const
{
    return QJsonObject{
        {QStringLiteral("node"), node},
        {QStringLiteral("client"), tool},
        {QStringLiteral("revision"), revision},
        {QStringLiteral("snapshot"), snapshot},
        {QStringLiteral("bytes"), double(bytes)},
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("cancelled"), cancelled},
        {QStringLiteral("failure"), failureKey(failure)},
        {QStringLiteral("passed"), passed()},
        {QStringLiteral("message"), error ? error->message : QString()},
    };
}

bool ModelDownload::isValidRevision(const QString &revision)
{
    // Git's ref rules, narrowed to what the Hub shows: no "..", no leading
    // '-' or '/', no spaces or shell syntax.
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$"));
    return revision.isEmpty()
        || (pattern.match(revision).hasMatch() && !revision.contains(QLatin1String("..")) && !revision.endsWith(QLatin1Char('/'))
            && !revision.endsWith(QLatin1String(".lock")));
}

Expected<QString> ModelDownload::script(const QString &repoId, const QString &revision)
{
    if (!ModelInventory::isValidRepoId(repoId))
        return Error(tr("\"%1\" is not a model id: it looks like org/name.").arg(repoId));
    if (!isValidRevision(revision))
        return Error(tr("\"%1\" is not a revision: give a branch, a tag or a commit of the model.").arg(revision));
    QStringList download{QStringLiteral("download"), repoId};
    if (!revision.isEmpty())
        download << QStringLiteral("--revision") << revision;
    const QString folder = QStringLiteral("models--") + QString(repoId).replace(QLatin1Char('/'), QLatin1String("--"));
    // The token is the first line of standard input and goes only into the
    // client's environment. The client runs in a session of its own, so a
    // cancel (TERM to this script) stops it and whatever it started; its
    // words go to a temporary file (they hold no token) and come back as
    // @@said lines when it ends. Progress is the size of the repository's
    // blobs, read by the script, not the client's progress bars.
    return QStringLiteral(
               "IFS= read -r HF_TOKEN || true\n"
               "if [ -n \"$HF_TOKEN\" ]; then export HF_TOKEN; else unset HF_TOKEN; fi\n"
               "export HF_HUB_DISABLE_PROGRESS_BARS=1\n"
               // bash's command -v falls back to a file it cannot run: only a runnable one counts.
               "tool=\n"
               "for c in hf huggingface-cli; do p=$(command -v \"$c\") && [ -f \"$p\" ] && [ -x \"$p\" ] && { tool=$c; break; }; done\n"
               "[ -n \"$tool\" ] || { echo '@@no-client'; exit 127; }\n"
               "echo \"@@tool $tool\"\n"
               "blobs=\"${HF_HUB_CACHE:-${HF_HOME:-$HOME/.cache/huggingface}/hub}\"/%1/blobs\n"
               "log=$(mktemp \"${TMPDIR:-/tmp}/spark-companion-download.XXXXXX\") || exit 1\n"
               "client=\n"
               "trap '[ -n \"$client\" ] && kill -TERM -- -\"$client\" 2>/dev/null; rm -f \"$log\"; exit 143' TERM INT HUP\n"
               "setsid \"$tool\" %2 </dev/null >\"$log\" 2>&1 &\n"
               "client=$!\n"
               "size() { find \"$blobs\" -type f -printf '%s\\n' 2>/dev/null | awk '{s+=$1} END {print s+0}'; }\n"
               "while kill -0 \"$client\" 2>/dev/null; do\n"
               "  echo \"@@bytes $(size)\"\n"
               "  sleep %3 & wait $!\n"
               "done\n"
               "wait \"$client\"; code=$?\n"
               "tail -n 40 \"$log\" | while IFS= read -r l; do printf '@@said %s\\n' \"$l\"; done\n"
               "rm -f \"$log\"\n"
               "echo \"@@bytes $(size)\"\n"
               "echo \"@@exit $code\"\n")
        .arg(shellQuote(folder), shellJoin(download))
        .arg(ReportEverySeconds);
}

DownloadLine ModelDownload::parseLine(const QString &line)
{
    DownloadLine parsed;
    if (line == QLatin1String("@@no-client")) {
        parsed.kind = DownloadLine::Kind::NoTool;
    } else if (line.startsWith(QLatin1String("@@tool "))) {
        parsed.kind = DownloadLine::Kind::Tool;
        parsed.text = line.mid(7).trimmed();
    } else if (line.startsWith(QLatin1String("@@bytes"))) {
        parsed.kind = DownloadLine::Kind::Bytes;
        parsed.bytes = line.mid(7).trimmed().toLongLong(); // empty (no blobs yet) reads as 0
    } else if (line.startsWith(QLatin1String("@@said "))) {
        parsed.kind = DownloadLine::Kind::Said;
        parsed.text = line.mid(7);
    } else if (line.startsWith(QLatin1String("@@exit "))) {
        bool ok = false;
        parsed.exitCode = line.mid(7).trimmed().toInt(&ok);
        parsed.kind = ok ? DownloadLine::Kind::Exit : DownloadLine::Kind::Other;
    } else {
        parsed.text = line;
    }
    return parsed;
}

DownloadFailure ModelDownload::failureOf(int exitCode, const QStringList &said, bool hadToken)
{
    if (exitCode == 0)
        return DownloadFailure::None;
    // The Hub's own exception names and messages, which both clients print
    // (huggingface_hub's errors.py and hf_raise_for_status).
    // Before huggingface_hub 1.4 a traceback ending in the exception's name
    // and message; from 1.4 one "Error: …" line, in 1.6+ in new words.
    if (saidAny(said, {"GatedRepoError", "Cannot access gated repo", "is restricted", "requires approval"}))
        return DownloadFailure::Gated;
    if (saidAny(said, {"RevisionNotFoundError", "Revision Not Found", "Invalid rev id"}))
        return DownloadFailure::NoRevision;
    // A token the Hub does not know reads as "not found" too; with a token
    // given, say so rather than blame the name.
    if (saidAny(said, {"Invalid user token", "Invalid credentials in Authorization header", "token is not valid"}))
        return DownloadFailure::BadToken;
    if (saidAny(said, {"RepositoryNotFoundError", "Repository Not Found", "not found. If the repo is private"}))
        return hadToken && saidAny(said, {"Invalid username or password"}) ? DownloadFailure::BadToken
                                                                           : DownloadFailure::NotFound;
    if (saidAny(said, {"No space left on device", "Errno 28", "Not enough free disk space"}))
        return DownloadFailure::DiskFull;
    if (saidAny(said, {"LocalEntryNotFoundError", "check your internet connection", "check your connection", "ConnectionError",
                       "Max retries exceeded", "Temporary failure in name resolution", "Network is unreachable", "timed out"}))
        return DownloadFailure::Offline;
    return DownloadFailure::Other;
}

QString ModelDownload::failureSentence(DownloadFailure failure, const QString &node, const QString &repoId,
                                       const QString &revision, const QStringList &said)
{
    switch (failure) {
    case DownloadFailure::None:
        return {};
    case DownloadFailure::NoTool:
        return tr("%1 has no Hugging Face client (hf or huggingface-cli): install it on %1 "
                  "(pipx install huggingface_hub, or pip install --user huggingface_hub) and get the model again.")
            .arg(node);
    case DownloadFailure::NotFound:
        return tr("Hugging Face has no model %1 that %2 may see: check the name on huggingface.co; a private "
                  "model needs a token with access (Models → Hugging Face token).")
            .arg(repoId, node);
    case DownloadFailure::NoRevision:
        return tr("%1 has no revision \"%2\" on Hugging Face: give a branch, a tag or a commit the model's page lists.")
            .arg(repoId, revision);
    case DownloadFailure::Gated:
        return tr("%1 is gated: accept its terms on its Hugging Face page with your account, then give a token "
                  "of that account (Models → Hugging Face token), and get it again.")
            .arg(repoId);
    case DownloadFailure::BadToken:
        return tr("Hugging Face refused the token: make a new one (huggingface.co/settings/tokens, read access) and "
                  "give it again (Models → Hugging Face token).");
    case DownloadFailure::DiskFull:
        return tr("%1's disk filled up during the download of %2: free space on %1 (or remove a model) and get it "
                  "again; what arrived whole is kept and the download goes on from there.")
            .arg(node, repoId);
    case DownloadFailure::Offline:
        return tr("%1 could not reach Hugging Face (%2): check its internet connection and get the model again; what "
                  "arrived whole is kept.")
            .arg(node, lastWords(said));
    case DownloadFailure::Other:
        break;
    }
    const QString words = lastWords(said);
    return words.isEmpty() ? tr("The download of %1 on %2 stopped without saying why: get it again.").arg(repoId, node)
                           : tr("The download of %1 on %2 stopped: %3").arg(repoId, node, words);
}

QString ModelDownload::snapshotFolder(const QStringList &said)
{
    static const QRegularExpression snapshot(QStringLiteral("^/\\S*/snapshots/[0-9a-f]{40}/?$"));
    for (auto it = said.crbegin(); it != said.crend(); ++it) {
        if (snapshot.match(it->trimmed()).hasMatch())
            return it->trimmed();
    }
    return {};
}

} // namespace spark
