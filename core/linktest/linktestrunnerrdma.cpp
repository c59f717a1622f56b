// SPDX-License-Identifier: MIT
// The RDMA phase of the link test: ib_write_bw servers and clients per twin.
#include "core/linktest/linktestrunner.h"

#include "core/linktest/linktestcommands.h"
#include "core/linktest/linktestscripts.h"
#include "core/linktest/livetotals.h"
#include "core/linktest/perftestparser.h"
#include "core/linktest/runnerwait.h"
#include "core/linktest/serverstart.h"
#include "core/linktest/taggedtools.h"
#include "core/ssh/sshsession.h"

#include <QMutex>
#include <QMutexLocker>

#include <array>
#include <memory>
#include <vector>

namespace spark {

namespace {

using linktest::waitFor;

const QString shell = QStringLiteral("sh -s");
constexpr int serverStartSeconds = 15;
constexpr int serverStartTimeoutMs = (serverStartSeconds + 15) * 1000;

// One direction of a phase: servers on the receiving end, clients on the sending end.
struct Side
{
    LinkDirection direction = LinkDirection::AToB;
    QString serverNode;
    QString clientNode;
    SshSession *serverSession = nullptr;
    SshSession *clientSession = nullptr;
    QString serverTag = LinkTestScripts::newTag();
    QString clientTag = LinkTestScripts::newTag();
    QByteArray serverScript;
    QByteArray clientScript;
    bool serversStarted = false;
    bool clientsStarted = false;
    std::array<PerftestParser, 2> parsers;
    std::array<int, 2> intervals{0, 0};
};

// Both ends' ib_write_bw words for one twin of one side; the client names the server's address.
Expected<std::pair<QStringList, QStringList>> commandsFor(const LinkTwin &twin, bool fromA, int port,
                                                          const LinkTestOptions &options)
{
    LinkTestCommands::Perftest server;
    server.rdmaDevice = fromA ? twin.rdmaDeviceB : twin.rdmaDeviceA;
    server.gidIndex = fromA ? twin.gidIndexB : twin.gidIndexA;
    server.port = port;
    server.seconds = 1; // the reporting interval with --run_infinitely
    server.runInfinitely = true;
    server.messageBytes = options.messageBytes;
    LinkTestCommands::Perftest client = server;
    client.rdmaDevice = fromA ? twin.rdmaDeviceA : twin.rdmaDeviceB;
    client.gidIndex = fromA ? twin.gidIndexA : twin.gidIndexB;
    const QString &setup = fromA ? twin.setupAddressB : twin.setupAddressA;
    client.serverAddress = !setup.isEmpty() ? setup : fromA ? twin.addressB : twin.addressA;

    // The servers outlive their client by far, should every clean-up fail; the
    // clients stop (SIGINT, as Ctrl-C) just after their last whole second.
    auto serverWords = LinkTestCommands::ibWriteBw(server);
    if (serverWords)
        serverWords = LinkTestCommands::lineBuffered(*serverWords);
    if (serverWords)
        serverWords = LinkTestCommands::withTimeout(options.seconds + 30, *serverWords);
    auto clientWords = LinkTestCommands::ibWriteBw(client);
    if (clientWords)
        clientWords = LinkTestCommands::lineBuffered(*clientWords);
    if (clientWords)
        clientWords = LinkTestCommands::withTimeout(options.seconds + 1, *clientWords);
    if (!serverWords)
        return serverWords.error();
    if (!clientWords)
        return clientWords.error();
    return std::pair{*serverWords, *clientWords};
}

// The directions a phase measures, each with its servers' and clients' scripts.
// "Both at once" runs an A→B and a B→A test at the same time, each with its
// own servers and clients, rather than perftest's -b: sparklab's stand-in has
// no -b, and two one-way tests report each direction on its own, as iperf3
// --bidir does in the TCP test. The port's total per direction is then the
// sum of its twins, as in the TCP test.
Expected<std::vector<std::unique_ptr<Side>>> sidesFor(const LinkTarget &link, LinkPhase phase, const QList<int> &portsA,
                                                      const QList<int> &portsB, SshSession *sessionA, SshSession *sessionB,
                                                      const LinkTestOptions &options)
{
    QList<LinkDirection> directions;
    if (phase != LinkPhase::BToA)
        directions.append(LinkDirection::AToB);
    if (phase != LinkPhase::AToB)
        directions.append(LinkDirection::BToA);
    std::vector<std::unique_ptr<Side>> sides;
    for (LinkDirection direction : directions) {
        auto side = std::make_unique<Side>();
        const bool fromA = direction == LinkDirection::AToB;
        side->direction = direction;
        side->serverNode = fromA ? link.nodeB : link.nodeA;
        side->clientNode = fromA ? link.nodeA : link.nodeB;
        side->serverSession = fromA ? sessionB : sessionA;
        side->clientSession = fromA ? sessionA : sessionB;
        const QList<int> &ports = fromA ? portsB : portsA;
        QList<LinkTestScripts::Tool> servers;
        QList<LinkTestScripts::Tool> clients;
        for (int twin = 0; twin < 2; ++twin) {
            const auto commands = commandsFor(link.twins[size_t(twin)], fromA, ports.value(twin), options);
            if (!commands)
                return commands.error();
            servers.append({twin, commands->first});
            clients.append({twin, commands->second});
        }
        const auto serverScript = LinkTestScripts::detached(side->serverTag, servers, PerftestServerStart::readyText(), serverStartSeconds);
        const auto clientScript = LinkTestScripts::parallel(side->clientTag, clients);
        if (!serverScript)
            return serverScript.error();
        if (!clientScript)
            return clientScript.error();
        side->serverScript = *serverScript;
        side->clientScript = *clientScript;
        sides.push_back(std::move(side));
    }
    return sides;
}

} // namespace

LinkTestRunner::PhaseResult LinkTestRunner::runRdmaPhase(const LinkTarget &link, LinkPhase phase, const QList<int> &portsA,
                                                         const QList<int> &portsB, SshSession *sessionA,
                                                         SshSession *sessionB, const LinkTestOptions &options)
{
    PhaseResult result;
    auto built = sidesFor(link, phase, portsA, portsB, sessionA, sessionB, options);
    if (!built) {
        result.problem = built.error().message;
        return result;
    }
    std::vector<std::unique_ptr<Side>> sides = std::move(*built);

    // Servers first, on every receiving end at once; each start script ends
    // when its servers listen (or have failed), the servers run on.
    std::vector<QFuture<Expected<ExecResult>>> starts;
    for (const auto &side : sides) {
        side->serversStarted = true;
        starts.push_back(side->serverSession->exec(shell, side->serverScript, serverStartTimeoutMs));
    }
    for (size_t i = 0; i < sides.size(); ++i) {
        QFuture<Expected<ExecResult>> &start = starts[i];
        const bool finished = waitFor(start, -1, m_cancelled);
        if (!finished)
            start.cancel();
        start.waitForFinished();
        if (m_cancelled || !result.problem.isEmpty())
            continue;
        const Side &side = *sides[i];
        if (start.isCanceled() || start.resultCount() == 0) {
            result.problem = tr("The ib_write_bw servers on %1 did not start: try the link test again.").arg(side.serverNode);
            continue;
        }
        const Expected<ExecResult> answered = start.result();
        if (!answered) {
            result.problem = tr("The ib_write_bw servers on %1 did not start: %2").arg(side.serverNode, answered.error().message);
            continue;
        }
        const PerftestServerStart started = PerftestServerStart::parse(answered->standardOutput);
        if (!started.allReady()) {
            result.problem = started.errors.isEmpty()
                ? tr("The ib_write_bw servers on %1 did not start in time: check that perftest runs there and try again.")
                      .arg(side.serverNode)
                : tr("ib_write_bw could not start on %1: %2.").arg(side.serverNode, started.errors.constFirst());
        }
    }

    if (!m_cancelled && result.problem.isEmpty()) {
        // Every sending end's clients at once; the lines of both sessions meet here.
        QMutex mutex;
        LiveTotals totals;
        std::vector<QFuture<Expected<ExecResult>>> clients;
        for (const auto &owned : sides) {
            Side *side = owned.get();
            side->clientsStarted = true;
            clients.push_back(side->clientSession->execStreaming(
                shell,
                [&, side](OutputStream, const QString &line) {
                    const auto tagged = LinkTestScripts::parseTagged(line);
                    if (!tagged || tagged->exitCode)
                        return;
                    const QMutexLocker locker(&mutex);
                    const size_t twin = size_t(tagged->twin);
                    const QList<PerftestRow> rows = side->parsers[twin].feedLine(tagged->text);
                    const PerftestParser::SampleContext context{link.id, tagged->twin, phase, side->direction, 1.0};
                    const QList<LinkSample> measured = PerftestParser::samples(rows, context, side->intervals[twin]);
                    side->intervals[twin] += int(measured.size());
                    for (const LinkSample &one : measured) {
                        // A line racing the client's stop is past the phase's time.
                        if (one.seconds <= options.seconds)
                            record(result, totals, one);
                    }
                },
                side->clientScript));
        }
        for (size_t i = 0; i < sides.size(); ++i) {
            const QString stopped = awaitClients(clients[i], sides[i]->clientNode, sides[i]->serverNode);
            if (result.problem.isEmpty())
                result.problem = stopped;
        }
        const QMutexLocker locker(&mutex);
        for (const auto &side : sides) {
            if (result.problem.isEmpty())
                result.problem = firstTwinError({side->parsers[0].errors(), side->parsers[1].errors()}, "ib_write_bw",
                                                side->clientNode);
        }
    }

    // Whatever is left, clients first: the servers end with their client or here.
    for (const auto &side : sides) {
        if (side->clientsStarted)
            stopTaggedTools(side->clientSession, side->clientTag);
        if (side->serversStarted)
            stopTaggedTools(side->serverSession, side->serverTag);
    }
    return result;
}

} // namespace spark
