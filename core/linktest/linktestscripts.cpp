// SPDX-License-Identifier: MIT
#include "core/linktest/linktestscripts.h"

#include "core/linktest/linktestcommands.h"

#include "core/common/shellquote.h"
#include "core/ssh/shellcommand.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <algorithm>

namespace spark {

namespace {

// The file an emulated node keeps its facts in; real Sparks have none.
constexpr auto emulatorFacts = "/run/sparklab-node/node.json";

Error badTag(const QString &tag)
{
    return Error(LinkTestScripts::tr("The link test cannot run: its run tag \"%1\" is not valid.").arg(tag),
                 QStringLiteral("invalid tag %1").arg(tag));
}

} // namespace

QString LinkTestScripts::newTag()
{
    static const QLatin1StringView alphabet("abcdefghijklmnopqrstuvwxyz0123456789");
    QString tag;
    for (int i = 0; i < 16; ++i)
        tag.append(QLatin1Char(alphabet.at(QRandomGenerator::global()->bounded(int(alphabet.size())))));
    return tag;
}

bool LinkTestScripts::isValidTag(const QString &tag)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9]{8,32}$"));
    return pattern.match(tag).hasMatch();
}

QString LinkTestScripts::pidFile(const QString &tag)
{
    return QStringLiteral("/tmp/spark-linktest-%1.pids").arg(tag);
}

Expected<QByteArray> LinkTestScripts::parallel(const QString &tag, const QList<Tool> &tools)
{
    if (!isValidTag(tag))
        return badTag(tag);
    // A job started with & reads /dev/null unless told otherwise, so the
    // script's own input is kept as fd 3 for the tool that reads it.
    QString script = QStringLiteral("export LC_ALL=C\nexec 3<&0\nf=%1\n").arg(shellQuote(pidFile(tag)));
    for (const Tool &tool : tools) {
        if (tool.command.isEmpty() || !ShellCommand::isPlainWord(tool.command.first()) || tool.twin < 0 || tool.twin > 1)
            return Error(tr("The link test cannot run: a tool's command is not valid."),
                         QStringLiteral("invalid tool %1").arg(tool.command.join(QLatin1Char(' '))));
        // `sh -c` writes its own pid, then becomes the tool: the pid file
        // names the tool itself. A shell loop tags each line as it comes.
        script += QStringLiteral("{ sh -c 'echo $$ >>\"$0\"; exec \"$@\"' \"$f\" %1 %3 2>&1; echo \"exit $?\"; } "
                                 "| while IFS= read -r l; do printf 't%2 %s\\n' \"$l\"; done &\n")
                      .arg(shellJoin(tool.command))
                      .arg(tool.twin)
                      .arg(tool.readsInput ? QStringLiteral("<&3") : QStringLiteral("</dev/null"));
    }
    script += QStringLiteral("wait\n");
    return script.toUtf8();
}

Expected<QByteArray> LinkTestScripts::detached(const QString &tag, const QList<Tool> &tools, const QString &ready,
                                               int waitSeconds)
{
    if (!isValidTag(tag))
        return badTag(tag);
    if (ready.isEmpty() || ready.contains(QLatin1Char('\n')) || waitSeconds < 1 || waitSeconds > 600)
        return Error(tr("The link test cannot run: a tool's start condition is not valid."),
                     QStringLiteral("invalid ready text or wait: %1 %2").arg(ready).arg(waitSeconds));
    QString script = QStringLiteral("export LC_ALL=C\nf=%1\n").arg(shellQuote(pidFile(tag)));
    QStringList logs;
    QSet<int> twins;
    for (const Tool &tool : tools) {
        // One tool per twin: each has its own output file.
        if (tool.command.isEmpty() || !ShellCommand::isPlainWord(tool.command.first()) || tool.twin < 0 || tool.twin > 1
            || twins.contains(tool.twin))
            return Error(tr("The link test cannot run: a tool's command is not valid."),
                         QStringLiteral("invalid tool %1").arg(tool.command.join(QLatin1Char(' '))));
        twins.insert(tool.twin);
        const QString log = shellQuote(logFile(tag, tool.twin));
        logs.append(log);
        // No descriptor of the SSH channel stays open in the background: the
        // channel closes when the script ends, the tools run on.
        script += QStringLiteral("{ sh -c 'echo $$ >>\"$0\"; exec \"$@\"' \"$f\" %1; echo \"exit $?\"; } </dev/null >%2 2>&1 &\n")
                      .arg(shellJoin(tool.command), log);
    }
    script += QStringLiteral("i=0\n"
                             "while [ $i -lt %1 ]; do\n"
                             "  n=0\n"
                             "  for l in %2; do { grep -q -F -e %3 \"$l\" || grep -q '^exit [0-9]' \"$l\"; } 2>/dev/null && n=$((n+1)); done\n"
                             "  [ $n -ge %4 ] && break\n"
                             "  sleep 0.1; i=$((i+1))\n"
                             "done\n")
                  .arg(waitSeconds * 10)
                  .arg(logs.join(QLatin1Char(' ')), shellQuote(ready))
                  .arg(tools.size());
    for (const Tool &tool : tools)
        script += QStringLiteral("sed 's/^/t%1 /' %2 2>/dev/null\n").arg(tool.twin).arg(shellQuote(logFile(tag, tool.twin)));
    return script.toUtf8();
}

QString LinkTestScripts::logFile(const QString &tag, int twin)
{
    return QStringLiteral("/tmp/spark-linktest-%1.t%2.log").arg(tag).arg(twin);
}

Expected<QByteArray> LinkTestScripts::cleanup(const QString &tag)
{
    if (!isValidTag(tag))
        return badTag(tag);
    return QStringLiteral("f=%1\n"
                          "left=0\n"
                          "if [ -f \"$f\" ]; then\n"
                          "  for p in $(cat \"$f\"); do kill \"$p\" 2>/dev/null; done\n"
                          "  for i in 1 2 3 4 5 6 7 8 9 10; do\n"
                          "    alive=0; for p in $(cat \"$f\"); do kill -0 \"$p\" 2>/dev/null && alive=1; done\n"
                          "    [ $alive = 0 ] && break; sleep 0.1\n"
                          "  done\n"
                          "  for p in $(cat \"$f\"); do kill -9 \"$p\" 2>/dev/null && left=$((left+1)); done\n"
                          "  rm -f \"$f\"\n"
                          "fi\n"
                          "rm -f %2 %3\n"
                          "echo \"left $left\"\n")
        .arg(shellQuote(pidFile(tag)), shellQuote(logFile(tag, 0)), shellQuote(logFile(tag, 1)))
        .toUtf8();
}

std::optional<LinkTestScripts::TaggedLine> LinkTestScripts::parseTagged(QStringView line)
{
    if (line.size() < 3 || line.at(0) != u't' || (line.at(1) != u'0' && line.at(1) != u'1') || line.at(2) != u' ')
        return std::nullopt;
    TaggedLine tagged;
    tagged.twin = line.at(1).digitValue();
    tagged.text = line.mid(3).toString();
    static const QRegularExpression exitLine(QStringLiteral("^exit (\\d+)$"));
    if (const auto match = exitLine.match(tagged.text); match.hasMatch())
        tagged.exitCode = match.captured(1).toInt();
    return tagged;
}

QByteArray LinkTestScripts::preflight()
{
    return QStringLiteral("for t in iperf3 ib_write_bw ib_write_lat ping timeout stdbuf; do\n"
                          "  command -v \"$t\" >/dev/null 2>&1 && echo \"tool $t\"\n"
                          "done\n"
                          "[ -r %1 ] && echo \"emulator $(tr -d '\\n' < %1)\"\n"
                          "ip -4 -o addr show 2>/dev/null | awk '{ sub(\"/.*\", \"\", $4); print \"addr \" $2 \" \" $4 }'\n"
                          // Link-local addresses past duplicate address detection: the quick check's.
                          "ip -6 -o addr show scope link -tentative 2>/dev/null | awk '{ sub(\"/.*\", \"\", $4); print \"addr \" $2 \" \" $4 }'\n"
                          "cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '$4 == \"0A\" { print \"listen \" $2 }'\n"
                          // The node's own address that this SSH connection reached: perftest's set-up goes there
                          // when the twins have only link-local addresses.
                          "set -- ${SSH_CONNECTION:-}; [ -n \"${3:-}\" ] && echo \"sshd $3\"\n"
                          // How many links may share the node's cores in one round.
                          "echo \"cores $(nproc 2>/dev/null)\"\n"
                          "echo end\n")
        .arg(QLatin1StringView(emulatorFacts))
        .toUtf8();
}

Expected<LinkTestScripts::NodeFacts> LinkTestScripts::parsePreflight(const QByteArray &output, const QString &node)
{
    NodeFacts facts;
    bool ended = false;
    for (const QByteArray &raw : output.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.startsWith(QLatin1String("tool "))) {
            facts.tools.insert(line.mid(5));
        } else if (line.startsWith(QLatin1String("emulator "))) {
            const QJsonObject emulator = QJsonDocument::fromJson(line.mid(9).toUtf8()).object();
            const double scale = emulator.value(QStringLiteral("rate_scale")).toDouble(1.0);
            if (scale > 0 && scale <= 1)
                facts.rateScale = scale;
        } else if (line.startsWith(QLatin1String("listen "))) {
            // "0100007F:1451" (IPv4) or "00000000000000000000000000000000:0016" (IPv6): the port in hex.
            bool ok = false;
            const int port = line.section(QLatin1Char(':'), -1).toInt(&ok, 16);
            if (ok)
                facts.listeningPorts.insert(port);
        } else if (line.startsWith(QLatin1String("cores "))) {
            facts.cores = std::max(line.mid(6).toInt(), 0);
        } else if (line.startsWith(QLatin1String("sshd "))) {
            if (LinkTestCommands::isValidAddress(line.mid(5)))
                facts.sshAddress = line.mid(5);
        } else if (line.startsWith(QLatin1String("addr "))) {
            facts.addresses.insert(line.mid(5));
        } else if (line == QLatin1String("end")) {
            ended = true;
        }
    }
    if (!ended)
        return Error(tr("%1 did not answer the link test's first check: check that it is reachable and run the test again.").arg(node),
                     QStringLiteral("preflight output without end marker: %1").arg(QString::fromUtf8(output.left(200))));
    return facts;
}

std::optional<Error> LinkTestScripts::missingTool(const NodeFacts &facts, const QString &node, bool rdma)
{
    if (rdma && !facts.tools.contains(QStringLiteral("ib_write_bw")))
        return Error(tr("ib_write_bw is not installed on %1: install perftest (sudo apt install perftest) or use --mode tcp.")
                         .arg(node),
                     QStringLiteral("missing ib_write_bw on %1").arg(node));
    const QStringList needed = rdma
        ? QStringList{QStringLiteral("stdbuf"), QStringLiteral("timeout"), QStringLiteral("ping")}
        : QStringList{QStringLiteral("iperf3"), QStringLiteral("timeout"), QStringLiteral("ping")};
    for (const QString &tool : needed) {
        if (facts.tools.contains(tool))
            continue;
        const QString package = tool == u"ping" ? QStringLiteral("iputils-ping")
                              : tool == u"iperf3" ? QStringLiteral("iperf3") : QStringLiteral("coreutils");
        // The runner's sentence before this check moved here: its translation stays.
        return Error(QCoreApplication::translate("spark::LinkTestRunner",
                                                 "%1 is not installed on %2: install it (sudo apt install %3) and run the link test again.")
                         .arg(tool, node, package),
                     QStringLiteral("missing %1 on %2").arg(tool, node));
    }
    return std::nullopt;
}

QList<int> LinkTestScripts::freePorts(const QSet<int> &listening, int count, int first)
{
    QList<int> ports;
    for (int port = first; port <= 65535 && ports.size() < count; ++port) {
        if (!listening.contains(port))
            ports.append(port);
    }
    return ports;
}

} // namespace spark
