// SPDX-License-Identifier: MIT
#include "core/models/modelcopyscript.h"

#include "core/common/shellquote.h"
#include "core/devices/enrolmentrequest.h"
#include "core/netconfig/ipv4subnet.h"

#include <QRegularExpression>
#include <QSet>

namespace spark {

namespace {

constexpr const char *freeMarker = "@@copy:free ";
constexpr const char *rsyncMarker = "@@copy:rsync ";
constexpr const char *readyMarker = "@@copy:ready";

// One address as the address plan writes it, nothing around it.
bool isIpv4(const QString &text)
{
    const auto parsed = Ipv4Subnet::parse(text);
    return parsed && parsed->prefix == 32 && Ipv4Subnet::addressText(parsed->network) == text;
}

bool isBlobName(const QString &name)
{
    static const QRegularExpression hash(QStringLiteral("^([0-9a-f]{40}|[0-9a-f]{64})$"));
    return hash.match(name).hasMatch();
}

bool isAbsoluteFolder(const QString &folder)
{
    return folder.startsWith(QLatin1Char('/')) && !folder.contains(QLatin1Char('\n')) && !folder.contains(QChar(0))
        && !folder.split(QLatin1Char('/')).contains(QStringLiteral(".."));
}

bool isRefName(const QString &ref)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$"));
    return pattern.match(ref).hasMatch() && !ref.split(QLatin1Char('/')).contains(QStringLiteral(".."))
        && !ref.split(QLatin1Char('/')).contains(QStringLiteral("."));
}

} // namespace

QString ModelCopyScript::destinationCommand(const QString &folder)
{
    const QString quoted = shellQuote(folder);
    return QStringLiteral("export LC_ALL=C; "
                          "if rsync --version >/dev/null 2>&1; then echo '%1yes'; else echo '%1no'; fi; "
                          "d=%4; while [ ! -d \"$d\" ]; do d=$(dirname -- \"$d\"); done; "
                          "echo \"%2$(df -P -B1 -- \"$d\" | awk 'NR == 2 { print $4 }')\"; echo '%3'")
        .arg(QLatin1String(rsyncMarker), QLatin1String(freeMarker), QLatin1String(readyMarker), quoted);
}

CopyDestination ModelCopyScript::parseDestination(const QString &output)
{
    CopyDestination destination;
    for (const QString &raw : output.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String(rsyncMarker)))
            destination.hasRsync = line.mid(qsizetype(strlen(rsyncMarker))) == QLatin1String("yes");
        else if (line.startsWith(QLatin1String(freeMarker))) {
            bool ok = false;
            const qint64 free = line.mid(qsizetype(strlen(freeMarker))).toLongLong(&ok);
            destination.freeBytes = ok ? free : -1;
        } else if (line == QLatin1String(readyMarker))
            destination.ready = true;
        else if (!line.isEmpty())
            destination.said = line;
    }
    return destination;
}

Expected<QString> ModelCopyScript::hopScript(const ModelCopyPlan &plan, const CopyHop &hop, int feederWaitSeconds)
{
    if (!isAbsoluteFolder(hop.fromFolder) || !isAbsoluteFolder(hop.toFolder))
        return Error(tr("The model's folder on %1 or %2 is not a plain absolute path; the copy was not started.").arg(hop.from, hop.to));
    if (const auto user = EnrolmentRequest::validateUser(hop.toUser); !user)
        return user.error();
    if (hop.toAddresses.isEmpty())
        return Error(tr("No cable address of %1 is known; the copy was not started.").arg(hop.to));
    for (const QString &address : hop.toAddresses) {
        if (!isIpv4(address))
            return Error(tr("\"%1\" is not an IPv4 address; the copy was not started.").arg(address));
    }
    // rsync 3.2.4 and later pass the remote path as one argument (no remote
    // shell parsing): DGX OS 7 (Ubuntu 24.04) has 3.2.7.
    QString script = QStringLiteral(
                         "set -o pipefail\n"
                         "export LC_ALL=C\n"
                         "ctl=$(mktemp -d) || exit 3\n"
                         "trap 'rm -rf -- \"$ctl\"' EXIT\n"
                         "trap 'trap - TERM; kill -TERM 0 2>/dev/null; exit 143' TERM\n"
                         "opts='-o BatchMode=yes -o ConnectTimeout=10 -o ServerAliveInterval=5 -o ServerAliveCountMax=3 "
                         "-o Ciphers=aes128-gcm@openssh.com,chacha20-poly1305@openssh.com,aes256-gcm@openssh.com'\n"
                         "w=0\n"
                         "while [ ! -d %1/blobs ]; do\n"
                         "  w=$((w + 1)); if [ $w -gt %3 ]; then echo '@@fail folder -1'; exit 3; fi\n"
                         "  sleep 0.2\n"
                         "done\n"
                         "cd -- %1/blobs || { echo '@@fail folder -1'; exit 3; }\n"
                         "dest=%2\n"
                         // Each round sends every file of the stream that is there whole
                         // (all of them from the source; those that arrived so far on a
                         // node that passes the model on), in one rsync, over the
                         // stream's one SSH connection (a control master: its output is
                         // not ours, and it is stopped when the stream ends), so a round
                         // costs no handshake.
                         "send() {\n"
                         "  s=$1; a=$2; shift 2\n"
                         "  m=\"$ctl/$s\"\n"
                         "  ssh $opts -o ControlMaster=yes -o ControlPath=\"$m\" -N \"%6@$a\" </dev/null >/dev/null 2>&1 &\n"
                         "  mp=$!\n"
                         "  t=0; while [ ! -S \"$m\" ] && [ $t -lt 100 ] && kill -0 $mp 2>/dev/null; do t=$((t + 1)); sleep 0.1; done\n"
                         "  left=\"$*\"; w=0\n"
                         "  while [ -n \"$left\" ]; do\n"
                         "    ready=; rest=\n"
                         "    for f in $left; do if [ -f \"$f\" ]; then ready=\"$ready $f\"; else rest=\"$rest $f\"; fi; done\n"
                         "    if [ -z \"$ready\" ]; then\n"
                         "      w=$((w + 1)); if [ $w -gt %3 ]; then echo \"@@fail wait $s\"; kill $mp 2>/dev/null; return 4; fi\n"
                         "      sleep 0.2; continue\n"
                         "    fi\n"
                         "    w=0\n"
                         "    echo \"@@batch $s\"\n"
                         "    rsync -a --mkpath --no-whole-file --partial-dir=%4 --timeout=%5 --info=progress2 --stats \\\n"
                         "      --out-format='@@file %n' \\\n"
                         "      -e \"ssh $opts -o ControlPath=$m\" \\\n"
                         "      -- $ready \"%6@$a:$dest/blobs/\" 2>&1 | stdbuf -o0 tr '\\r' '\\n' |\n"
                         "      while IFS= read -r l; do\n"
                         "        case $l in\n"
                         "          @@file\\ *) echo \"@@done $s ${l#@@file }\" ;;\n"
                         "          *%*) set -- $l; echo \"@@at $s ${1//,/}\" ;;\n"
                         "          Literal\\ data:*) set -- $l; echo \"@@literal $s ${3//,/}\" ;;\n"
                         "          '' | Number\\ of* | Total\\ * | Matched\\ data* | File\\ list* | sent\\ * | total\\ size*) ;;\n"
                         "          *) echo \"@@said $s $l\" ;;\n"
                         "        esac\n"
                         "      done\n"
                         "    r=$?\n"
                         "    if [ $r -ne 0 ]; then\n"
                         // rsync's words for a lost link vary with the side that noticed
                         // first (I/O error, timeout, connection closed); a ping says it.
                         "      if ping -c 1 -W 2 \"$a\" >/dev/null 2>&1; then k=rsync; else k=unreachable; fi\n"
                         "      echo \"@@fail $k $s $r\"; kill $mp 2>/dev/null; return $r\n"
                         "    fi\n"
                         "    left=$rest\n"
                         "  done\n"
                         "  kill $mp 2>/dev/null; wait $mp 2>/dev/null\n"
                         "  return 0\n"
                         "}\n")
                         .arg(shellQuote(hop.fromFolder), shellQuote(hop.toFolder))
                         .arg(feederWaitSeconds * 5)
                         .arg(QLatin1String(partialFolder))
                         .arg(IoTimeoutSeconds)
                         .arg(hop.toUser);
    QStringList waits;
    for (qsizetype stream = 0; stream < plan.streams.size(); ++stream) {
        QStringList blobs;
        for (const CopyFile &file : plan.streams.at(stream)) {
            if (!isBlobName(file.blob))
                return Error(tr("\"%1\" is not a blob's name; the copy was not started.").arg(file.blob));
            blobs << file.blob;
        }
        if (blobs.isEmpty())
            continue;
        const QString address = hop.toAddresses.at(stream % hop.toAddresses.size());
        script += QStringLiteral("send %1 %2 %3 & p%1=$!\n").arg(stream).arg(address, blobs.join(QLatin1Char(' ')));
        waits << QString::number(stream);
    }
    for (const QString &stream : std::as_const(waits))
        script += QStringLiteral("wait $p%1; r%1=$?\n").arg(stream);
    for (const QString &stream : std::as_const(waits))
        script += QStringLiteral("[ $r%1 -ne 0 ] && exit $r%1\n").arg(stream);
    script += QStringLiteral("echo '@@finished'\n");
    return script;
}

CopyLine ModelCopyScript::parseLine(const QString &line)
{
    CopyLine parsed;
    static const QRegularExpression tagged(QStringLiteral("^@@(at|done|literal|fail|said|batch) (\\S+) ?(.*)$"));
    const QRegularExpressionMatch match = tagged.match(line);
    if (!match.hasMatch())
        return parsed;
    const QString kind = match.captured(1);
    const QString rest = match.captured(3);
    if (kind == QLatin1String("fail")) {
        parsed.kind = CopyLine::Kind::Failed;
        parsed.text = match.captured(2);
        parsed.stream = rest.section(QLatin1Char(' '), 0, 0).toInt();
        bool known = false;
        const int code = rest.section(QLatin1Char(' '), 1, 1).toInt(&known);
        parsed.exitCode = known ? code : -1;
        return parsed;
    }
    bool ok = false;
    parsed.stream = match.captured(2).toInt(&ok);
    if (!ok)
        return parsed;
    if (kind == QLatin1String("batch")) {
        parsed.kind = CopyLine::Kind::Batch;
    } else if (kind == QLatin1String("said")) {
        parsed.kind = CopyLine::Kind::Said;
        parsed.text = rest.trimmed();
    } else if (kind == QLatin1String("done")) {
        parsed.kind = CopyLine::Kind::FileDone;
        parsed.text = rest.trimmed();
    } else {
        parsed.bytes = rest.trimmed().toLongLong(&ok);
        parsed.kind = !ok ? CopyLine::Kind::Other : kind == QLatin1String("at") ? CopyLine::Kind::Progress
                                                                                : CopyLine::Kind::Literal;
    }
    return parsed;
}

QString ModelCopyScript::failureSentence(const CopyHop &hop, const QString &failKey, int exitCode, const QString &said)
{
    const QString kept = tr("What arrived whole stays, and the next copy goes on from there.");
    const QString words = said.isEmpty() ? tr("rsync ended with %1").arg(exitCode) : said;
    if (said.contains(QLatin1String("No space left on device")) || said.contains(QLatin1String("Disk quota exceeded")))
        return tr("The disk of %1 filled up during the copy (%2). Free space there and copy again. %3").arg(hop.to, words, kept);
    if (said.contains(QLatin1String("Host key verification failed")) || said.contains(QLatin1String("Permission denied")))
        return tr("%1 cannot log in to %2 over the cable (%3): the node-to-node SSH of the set-up is missing. Apply the "
                  "cluster again (sparkctl cluster apply), then copy again.")
            .arg(hop.from, hop.to, words);
    if (said.contains(QLatin1String("rsync: command not found")) || said.contains(QLatin1String("rsync: not found")))
        return tr("rsync is not installed on %1: install it there (sudo apt install rsync) and copy again.").arg(hop.to);
    if (failKey == QLatin1String("wait"))
        return tr("%1 did not receive the model whole, so it could not pass it on to %2. %3").arg(hop.from, hop.to, kept);
    if (failKey == QLatin1String("folder"))
        return tr("The model's folder on %1 is gone; nothing was sent to %2.").arg(hop.from, hop.to);
    // unreachable: the destination did not answer a ping after rsync failed.
    // 30: rsync's I/O timeout; 12 and 255: the connection broke or never came up.
    if (failKey == QLatin1String("unreachable") || exitCode == 30 || exitCode == 12 || exitCode == 255 || said.contains(QLatin1String("timed out"))
        || said.contains(QLatin1String("No route to host")) || said.contains(QLatin1String("Connection refused"))
        || said.contains(QLatin1String("Broken pipe")))
        return tr("The copy from %1 to %2 stopped: %2 stopped answering over the cable (%3). Check the cable and that %2 "
                  "is on, then copy again. %4")
            .arg(hop.from, hop.to, words, kept);
    return tr("The copy from %1 to %2 stopped (%3). %4").arg(hop.from, hop.to, words, kept);
}

Expected<QString> ModelCopyScript::snapshotCommand(const ModelCopyPlan &plan, const QString &folder)
{
    static const QRegularExpression commit(QStringLiteral("^[0-9a-f]{40}$"));
    if (!isAbsoluteFolder(folder) || !commit.match(plan.commit).hasMatch())
        return Error(tr("The snapshot of %1 cannot be made in \"%2\"; nothing was changed there.").arg(plan.repoId, folder));
    const QString staging = QStringLiteral("snapshots/.%1.spark-companion").arg(plan.commit);
    const QString final = QStringLiteral("snapshots/") + plan.commit;
    QStringList lines{QStringLiteral("set -e"), QStringLiteral("mkdir -p -- %1/snapshots %1/refs").arg(shellQuote(folder)),
                      QStringLiteral("cd -- %1").arg(shellQuote(folder)),
                      QStringLiteral("rm -rf -- %1").arg(staging), QStringLiteral("mkdir -p -- %1").arg(staging)};
    QSet<QString> folders;
    for (const SnapshotLink &link : plan.links) {
        const qsizetype slash = link.path.lastIndexOf(QLatin1Char('/'));
        if (slash > 0 && !folders.contains(link.path.left(slash))) {
            folders.insert(link.path.left(slash));
            lines << QStringLiteral("mkdir -p -- %1").arg(shellQuote(staging + QLatin1Char('/') + link.path.left(slash)));
        }
        lines << QStringLiteral("ln -s -- %1 %2").arg(shellQuote(link.target), shellQuote(staging + QLatin1Char('/') + link.path));
    }
    // A snapshot folder there already (a download that stopped) gets the links
    // added; its other files stay.
    lines << QStringLiteral("if [ -d %1 ]; then cp -a --remove-destination -- %2/. %1/ && rm -rf -- %2; else mv -- %2 %1; fi")
                 .arg(final, staging);
    for (const QString &ref : plan.refs) {
        if (!isRefName(ref))
            return Error(tr("The ref \"%1\" of %2 is not a plain name; nothing was changed.").arg(ref, plan.repoId));
        const QString path = QStringLiteral("refs/") + ref;
        lines << QStringLiteral("mkdir -p -- %1").arg(shellQuote(path.left(path.lastIndexOf(QLatin1Char('/')))))
              << QStringLiteral("printf '%s' %1 > %2.spark-companion").arg(plan.commit, shellQuote(path))
              << QStringLiteral("mv -- %1.spark-companion %1").arg(shellQuote(path));
    }
    return QString(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

} // namespace spark
