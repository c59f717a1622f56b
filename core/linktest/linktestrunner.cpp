// SPDX-License-Identifier: MIT
#include "core/linktest/linktestrunner.h"

#include "core/common/logcategories.h"
#include "core/linktest/linkobservations.h"

#include "core/common/runonthread.h"
#include "core/linktest/iperf3parser.h"
#include "core/linktest/linktestcommands.h"
#include "core/linktest/linktestrounds.h"
#include "core/linktest/linktestscripts.h"
#include "core/linktest/livetotals.h"
#include "core/linktest/pingparser.h"
#include "core/linktest/runnerwait.h"
#include "core/linktest/taggedtools.h"
#include "core/ssh/sshsession.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QHostAddress>
#include <QMutex>
#include <QMutexLocker>
#include <QSet>

#include <algorithm>
#include <functional>
#include <memory>
#include <thread>
#include <tuple>
#include <vector>

namespace spark {

namespace {

using linktest::waitFor;

const QString shell = QStringLiteral("sh -s");
constexpr int listenTimeoutMs = 15000;
constexpr int serverGraceMs = 5000;
// iperf3's TCP payload per segment at MTU 1500, to turn bytes into segments.
constexpr double segmentBytes = 1448;

constexpr int iperf3Port = 5201;
constexpr int perftestPort = 18515;

QString phaseName(LinkPhase phase)
{
    switch (phase) {
    case LinkPhase::AToB:
        return LinkTestRunner::tr("A to B");
    case LinkPhase::BToA:
        return LinkTestRunner::tr("B to A");
    case LinkPhase::Both:
        return LinkTestRunner::tr("both directions at once");
    }
    return {};
}

} // namespace

QList<LinkPhase> LinkTestOptions::allPhases()
{
    return {LinkPhase::AToB, LinkPhase::BToA, LinkPhase::Both};
}

LinkTestRunner::LinkTestRunner(QObject *parent)
    : Job(lcLinktest, parent)
{
}

QFuture<Expected<LinkTestRun>> LinkTestRunner::run(const LinkTestJob &job)
{
    return runOnThread([this, job] { return runBlocking(job); });
}

LinkTestRunner::Ping LinkTestRunner::ping(const LinkTarget &link, SshSession *sessionA, const LinkTestOptions &options)
{
    Ping outcome;
    QList<LinkTestScripts::Tool> tools;
    for (int twin = 0; twin < 2; ++twin) {
        const LinkTwin &t = link.twins[size_t(twin)];
        const auto command = LinkTestCommands::ping(t.netdevA, t.addressB, options.pings);
        if (!command) {
            outcome.problem = command.error().message;
            return outcome;
        }
        tools.append({twin, *command});
    }
    const QString tag = LinkTestScripts::newTag();
    const auto script = LinkTestScripts::parallel(tag, tools);
    if (!script) {
        outcome.problem = script.error().message;
        return outcome;
    }
    std::array<PingParser, 2> parsers;
    QFuture<Expected<ExecResult>> running = sessionA->execStreaming(
        shell,
        [&parsers](OutputStream, const QString &line) {
            if (const auto tagged = LinkTestScripts::parseTagged(line); tagged && !tagged->exitCode)
                parsers[size_t(tagged->twin)].feedLine(tagged->text);
        },
        *script, (options.pings + 10) * 1000);
    if (!waitFor(running, -1, m_cancelled))
        running.cancel();
    running.waitForFinished();
    stopTaggedTools(sessionA, tag);
    // A twin that never answers is not a lossy cable: its throughput (none)
    // says more. Loss counts on twins that answered at all.
    double sum = 0;
    int measured = 0;
    for (PingParser &parser : parsers) {
        parser.finish();
        const auto &summary = parser.summary();
        if (!summary || !summary->hasRtt || summary->received == 0)
            continue;
        outcome.lossPercent = std::max(outcome.lossPercent, summary->lossPercent);
        sum += summary->avgMs * 1000;
        ++measured;
    }
    if (measured > 0)
        outcome.latencyUs = sum / measured;
    else
        outcome.lossPercent = 100;
    return outcome;
}

void LinkTestRunner::record(PhaseResult &result, LiveTotals &totals, const LinkSample &measured)
{
    result.samples.append(measured);
    Q_EMIT sample(measured);
    if (const auto total = totals.feed(measured)) {
        result.samples.append(*total);
        Q_EMIT sample(*total);
    }
}

QString LinkTestRunner::awaitClients(QFuture<Expected<ExecResult>> &clients, const QString &from, const QString &to)
{
    if (!waitFor(clients, -1, m_cancelled))
        clients.cancel();
    clients.waitForFinished();
    // A cancelled future holds no result.
    if (m_cancelled || clients.isCanceled() || clients.resultCount() == 0)
        return {};
    const Expected<ExecResult> finished = clients.result();
    return finished ? QString() : tr("The test from %1 to %2 stopped: %3").arg(from, to, finished.error().message);
}

QString LinkTestRunner::firstTwinError(const std::array<QStringList, 2> &errors, const char *tool, const QString &node)
{
    for (int twin = 0; twin < 2; ++twin) {
        if (!errors[size_t(twin)].isEmpty())
            return tr("%1 on %2 failed on twin %3: %4.")
                .arg(QLatin1String(tool), node)
                .arg(twin)
                .arg(errors[size_t(twin)].constFirst());
    }
    return {};
}

LinkTestRunner::PhaseResult LinkTestRunner::runPhase(const LinkTarget &link, LinkPhase phase, const QList<int> &ports,
                                                     SshSession *sessionA, SshSession *sessionB,
                                                     const LinkTestOptions &options)
{
    PhaseResult result;
    // Servers first, on end B; they serve one test each and stop by themselves
    // well after the clients' time, should every clean-up fail.
    QList<LinkTestScripts::Tool> servers;
    QList<LinkTestScripts::Tool> clients;
    for (int twin = 0; twin < 2; ++twin) {
        const LinkTwin &t = link.twins[size_t(twin)];
        auto server = LinkTestCommands::iperf3Server(LinkTestCommands::onInterface(t.addressB, t.netdevB), ports.at(twin));
        if (server)
            server = LinkTestCommands::withTimeout(options.seconds + 30, *server);
        LinkTestCommands::Iperf3Client client;
        client.serverAddress = LinkTestCommands::onInterface(t.addressB, t.netdevA);
        client.bindAddress = LinkTestCommands::onInterface(t.addressA, t.netdevA);
        client.port = ports.at(twin);
        client.streams = options.streams;
        client.seconds = options.seconds;
        client.mode = phase == LinkPhase::AToB ? LinkTestCommands::Iperf3Mode::Send
                    : phase == LinkPhase::BToA ? LinkTestCommands::Iperf3Mode::Receive
                                               : LinkTestCommands::Iperf3Mode::Both;
        auto clientCommand = LinkTestCommands::iperf3Client(client);
        if (clientCommand)
            clientCommand = LinkTestCommands::withTimeout(options.seconds + 20, *clientCommand);
        if (!server || !clientCommand) {
            result.problem = (!server ? server.error() : clientCommand.error()).message;
            return result;
        }
        servers.append({twin, *server});
        clients.append({twin, *clientCommand});
    }
    const QString serverTag = LinkTestScripts::newTag();
    const QString clientTag = LinkTestScripts::newTag();
    const auto serverScript = LinkTestScripts::parallel(serverTag, servers);
    const auto clientScript = LinkTestScripts::parallel(clientTag, clients);
    if (!serverScript || !clientScript) {
        result.problem = (!serverScript ? serverScript.error() : clientScript.error()).message;
        return result;
    }

    std::atomic<int> listening{0};
    QMutex serverMutex;
    QStringList serverErrors;
    QFuture<Expected<ExecResult>> server = sessionB->execStreaming(
        shell,
        [&](OutputStream, const QString &line) {
            const auto tagged = LinkTestScripts::parseTagged(line);
            if (!tagged)
                return;
            if (tagged->text.startsWith(QLatin1String("Server listening on")))
                ++listening;
            else if (tagged->text.startsWith(QLatin1String("iperf3: "))) {
                const QMutexLocker locker(&serverMutex);
                serverErrors.append(tagged->text.mid(8).trimmed());
            }
        },
        *serverScript);
    const bool ready = waitFor(server, listenTimeoutMs, m_cancelled, [&listening] { return listening.load() >= 2; })
        && listening.load() >= 2;

    if (ready) {
        std::array<Iperf3Parser, 2> parsers{Iperf3Parser(options.streams), Iperf3Parser(options.streams)};
        std::array<QStringList, 2> clientErrors;
        LiveTotals totals;
        QFuture<Expected<ExecResult>> client = sessionA->execStreaming(
            shell,
            [&](OutputStream, const QString &line) {
                const auto tagged = LinkTestScripts::parseTagged(line);
                if (!tagged || tagged->exitCode)
                    return;
                Iperf3Parser &parser = parsers[size_t(tagged->twin)];
                const QList<Iperf3Line> lines = parser.feedLine(tagged->text);
                clientErrors[size_t(tagged->twin)] = parser.errors();
                for (const Iperf3Line &parsed : lines) {
                    if (parsed.kind == Iperf3Line::Kind::Interval && parsed.isTotal && parsed.retransmits >= 0) {
                        result.retransmits += parsed.retransmits;
                        result.bytes += parsed.bytes;
                    }
                }
                const Iperf3Parser::SampleContext context{link.id, tagged->twin, phase, true, phase == LinkPhase::BToA};
                for (const LinkSample &measured : Iperf3Parser::samples(lines, context))
                    record(result, totals, measured);
            },
            *clientScript);
        result.problem = awaitClients(client, link.nodeA, link.nodeB);
        if (result.problem.isEmpty())
            result.problem = firstTwinError(clientErrors, "iperf3", link.nodeA);
    } else if (!m_cancelled) {
        QMutexLocker locker(&serverMutex);
        result.problem = serverErrors.isEmpty()
            ? tr("The iperf3 servers on %1 did not start in time: check that iperf3 runs there and try again.").arg(link.nodeB)
            : tr("iperf3 could not start on %1: %2.").arg(link.nodeB, serverErrors.constFirst());
    }
    // One-off servers end with their test; anything still there is stopped below.
    if (!waitFor(server, serverGraceMs, m_cancelled))
        server.cancel();
    server.waitForFinished();
    stopTaggedTools(sessionA, clientTag);
    stopTaggedTools(sessionB, serverTag);
    return result;
}

// What every node has and declares, all at once: the tools, the rate scale
// (the slowest node's sets the bar), the addresses and the listening ports.
Expected<LinkTestRunner::Preflight> LinkTestRunner::checkNodes(const QHash<QString, SshSession *> &sessions,
                                                               const LinkTestJob &job)
{
    reportProgress(0, tr("Checking the link-test tools on every node."));
    QHash<QString, QFuture<Expected<ExecResult>>> checks;
    for (auto it = sessions.cbegin(); it != sessions.cend(); ++it)
        checks.insert(it.key(), it.value()->exec(shell, LinkTestScripts::preflight(), 20000));
    Preflight preflight;
    preflight.mode = job.options.mode;
    preflight.links = job.links;
    bool first = true;
    for (auto it = checks.begin(); it != checks.end(); ++it) {
        it.value().waitForFinished();
        const Expected<ExecResult> answered = it.value().result();
        if (!answered)
            return answered.error();
        auto parsed = LinkTestScripts::parsePreflight(answered->standardOutput, it.key());
        if (!parsed)
            return parsed.error();
        preflight.scale = first ? parsed->rateScale : std::min(preflight.scale, parsed->rateScale);
        first = false;
        preflight.nodes.insert(it.key(), *parsed);
    }
    for (auto it = preflight.nodes.cbegin(); it != preflight.nodes.cend(); ++it) {
        if (preflight.mode == LinkTestMode::Rdma && job.options.tcpWhereRdmaCannot
            && LinkTestScripts::missingTool(it.value(), it.key(), true))
            preflight.mode = LinkTestMode::Tcp;
    }
    for (auto it = preflight.nodes.cbegin(); it != preflight.nodes.cend(); ++it) {
        if (auto missing = LinkTestScripts::missingTool(it.value(), it.key(), preflight.mode == LinkTestMode::Rdma))
            return *missing;
    }
    // The cluster's network must be up: every twin's address on its netdev, at both ends.
    for (const LinkTarget &link : job.links) {
        for (const LinkTwin &twin : link.twins) {
            for (const auto &[node, netdev, address] : {std::tuple{link.nodeA, twin.netdevA, twin.addressA},
                                                         std::tuple{link.nodeB, twin.netdevB, twin.addressB}}) {
                if (preflight.nodes.value(node).addresses.contains(netdev + QLatin1Char(' ') + address))
                    continue;
                if (QHostAddress(address).isLinkLocal())
                    return Error(tr("%1 has no usable link-local address %2 on %3 any more: check the cable and look for cables again.")
                                     .arg(node, address, netdev),
                                 QStringLiteral("%1 %2 lacks %3").arg(node, netdev, address));
                return Error(tr("%1 has no address %2 on %3: apply the cluster's network first (the wizard's Configure page or 'sparkctl cluster apply').")
                                     .arg(node, address, netdev),
                                 QStringLiteral("%1 %2 lacks %3").arg(node, netdev, address));
            }
        }
    }
    if (preflight.mode == LinkTestMode::Rdma) {
        if (auto unknown = LinkTestPlanner::missingRoce(job.links)) {
            if (!job.options.tcpWhereRdmaCannot)
                return *unknown;
            preflight.mode = LinkTestMode::Tcp;
        }
    }
    // perftest sets its connection up over TCP: a link-local twin address needs
    // its interface, which perftest takes no scope for; the node's own address
    // (the one SSH reached) serves instead, as on any management network.
    for (LinkTarget &link : preflight.links) {
        for (LinkTwin &twin : link.twins) {
            if (QHostAddress(twin.addressA).isLinkLocal())
                twin.setupAddressA = preflight.nodes.value(link.nodeA).sshAddress;
            if (QHostAddress(twin.addressB).isLinkLocal())
                twin.setupAddressB = preflight.nodes.value(link.nodeB).sshAddress;
        }
    }
    return preflight;
}

// One link: the ping, every phase, the verdict. False when the run was cancelled.
bool LinkTestRunner::measureLink(const LinkTarget &link, SshSession *sessionA, SshSession *sessionB,
                                 const LinkPorts &ports, const Preflight &preflight, const LinkTestJob &job,
                                 LinkResult &result, Steps &steps)
{
    reportProgress(steps.fraction(), tr("Pinging both twins of %1.").arg(link.label));
    const Ping latency = ping(link, sessionA, job.options);
    if (m_cancelled)
        return false;
    result.latencyUs = latency.latencyUs;
    result.lossPercent = latency.lossPercent;
    Q_EMIT latencyMeasured(link.id, latency.latencyUs, latency.lossPercent);

    const bool rdma = preflight.mode == LinkTestMode::Rdma;
    QList<LinkSample> samples;
    QHash<int, double> retransmitFraction; // per phase
    QStringList problems;
    for (LinkPhase phase : job.options.phases) {
        reportProgress(steps.fraction(), tr("Measuring %1, %2.").arg(link.label, phaseName(phase)));
        PhaseResult measured = rdma ? runRdmaPhase(link, phase, ports.a, ports.b, sessionA, sessionB, job.options)
                                    : runPhase(link, phase, ports.b, sessionA, sessionB, job.options);
        if (m_cancelled)
            return false;
        samples += measured.samples;
        if (measured.bytes > 0)
            retransmitFraction.insert(int(phase), measured.retransmits / (measured.bytes / segmentBytes));
        if (!measured.problem.isEmpty())
            problems.append(measured.problem);
    }

    result.throughput = PortThroughput::fromSamples(samples);
    result.samples = samples;
    const LinkExpectation expectation{job.options.portGbps, preflight.scale};
    result.verdict = LinkVerdict::judge(linkObservations(link, result.throughput, retransmitFraction, result.lossPercent),
                                        expectation);
    // A phase that could not run says why better than "no traffic".
    if (!problems.isEmpty() && result.verdict.reason == LinkVerdictReason::NoTraffic)
        result.verdict = LinkVerdict{false, LinkVerdictReason::NoTraffic, problems.constFirst()};
    Q_EMIT linkFinished(result);
    return true;
}

QList<LinkTestRunner::LinkPorts> LinkTestRunner::portsForRound(const QList<LinkTarget> &links, const QList<int> &round,
                                                               const Preflight &preflight, int firstPort)
{
    QHash<QString, QSet<int>> taken;
    for (int index : round) {
        for (const QString &node : {links.at(index).nodeA, links.at(index).nodeB}) {
            if (!taken.contains(node))
                taken.insert(node, preflight.nodes.value(node).listeningPorts);
        }
    }
    const auto reserve = [&taken, firstPort](const QString &node) {
        const QList<int> free = LinkTestScripts::freePorts(taken.value(node), 2, firstPort);
        for (int port : free)
            taken[node].insert(port);
        return free;
    };
    QList<LinkPorts> ports;
    for (int index : round) {
        LinkPorts link;
        link.a = reserve(links.at(index).nodeA);
        link.b = reserve(links.at(index).nodeB);
        ports.append(link);
    }
    return ports;
}

QStringList LinkTestRunner::openExtraSessions(Sessions &sessions, const QHash<QString, int> &needed)
{
    struct Opening
    {
        QString node;
        SshSession *session;
        QFuture<Expected<void>> connected;
    };
    QList<Opening> opening;
    for (auto it = needed.cbegin(); it != needed.cend(); ++it) {
        SshSession *first = sessions.byNode.value(it.key()).value(0);
        if (!first)
            continue;
        for (int slot = int(sessions.byNode.value(it.key()).size()); slot < it.value(); ++slot) {
            auto extra = std::make_unique<SshSession>(first->target());
            // The key the first session was let in with (known, or accepted on first contact).
            if (const HostKey key = first->hostKey(); key.isValid() && key.state == HostKey::State::Unknown)
                extra->setAcceptedFingerprint(key.fingerprint);
            opening.append({it.key(), extra.get(), extra->connectToHost()});
            sessions.byNode[it.key()].append(extra.get());
            sessions.extra.push_back(std::move(extra));
        }
    }
    QStringList failed;
    for (Opening &open : opening) {
        if (!waitFor(open.connected, -1, m_cancelled))
            open.connected.cancel();
        open.connected.waitForFinished();
        if (!open.connected.isCanceled() && open.connected.resultCount() > 0 && open.connected.result())
            continue;
        sessions.byNode[open.node].removeOne(open.session);
        if (!failed.contains(open.node))
            failed.append(open.node);
    }
    return failed;
}

bool LinkTestRunner::measureRound(const QList<int> &round, Sessions &sessions, const Preflight &preflight,
                                  const LinkTestJob &job, LinkTestRun &run, Steps &steps)
{
    // iperf3's usual ports for TCP; perftest's for RDMA, on either end (B→A serves on A).
    const int firstPort = preflight.mode == LinkTestMode::Rdma ? perftestPort : iperf3Port;
    const QList<LinkPorts> ports = portsForRound(preflight.links, round, preflight, firstPort);
    QHash<QString, int> slot; // the next session of each node in this round
    std::vector<std::function<bool()>> links;
    for (qsizetype i = 0; i < round.size(); ++i) {
        const int index = round.at(i);
        const LinkTarget &link = preflight.links.at(index);
        SshSession *sessionA = sessions.byNode.value(link.nodeA).value(slot[link.nodeA]++);
        SshSession *sessionB = sessions.byNode.value(link.nodeB).value(slot[link.nodeB]++);
        // Taken here, on one thread: the list may still share its data with a
        // copy sent to a window (started()), and operator[] would detach it on
        // each link's thread at once, each writing to a copy of its own.
        LinkResult *result = &run.links[index];
        links.push_back([=, this, &preflight, &job, &steps, portsOfLink = ports.at(i)] {
            return measureLink(link, sessionA, sessionB, portsOfLink, preflight, job, *result, steps);
        });
    }
    if (links.size() == 1)
        return links.front()();
    std::vector<char> finished(links.size(), 0);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < links.size(); ++i)
        threads.emplace_back([&, i] { finished[i] = links[i]() ? 1 : 0; });
    for (std::thread &thread : threads)
        thread.join();
    return std::all_of(finished.cbegin(), finished.cend(), [](char done) { return done != 0; });
}

bool LinkTestRunner::confirmAlone(const QList<QList<int>> &rounds, Sessions &sessions, const Preflight &preflight,
                                  const LinkTestJob &job, LinkTestRun &run, Steps &steps)
{
    QList<LinkVerdictReason> reasons;
    for (const LinkResult &result : std::as_const(run.links))
        reasons.append(result.verdict.reason);
    const QList<int> again = LinkTestRounds::toConfirmAlone(rounds, reasons);
    steps.total += int(again.size() * (job.options.phases.size() + 1));
    for (int index : again) {
        const LinkResult &sideBySide = run.links.at(index);
        qCInfo(lcLinktest, "%s measured %.3f Gb/s beside other links (%s); measuring it alone",
               qUtf8Printable(sideBySide.link), sideBySide.slowestPortGbps(),
               qUtf8Printable(LinkVerdict::reasonKey(sideBySide.verdict.reason)));
        reportProgress(steps.fraction(), tr("Measuring %1 again on its own before calling it slow.").arg(sideBySide.label));
        if (!measureRound({index}, sessions, preflight, job, run, steps))
            return false;
        qCInfo(lcLinktest, "%s alone: %.3f Gb/s (%s)", qUtf8Printable(run.links.at(index).link),
               run.links.at(index).slowestPortGbps(), qUtf8Printable(LinkVerdict::reasonKey(run.links.at(index).verdict.reason)));
    }
    return true;
}

Expected<LinkTestRun> LinkTestRunner::runBlocking(const LinkTestJob &job)
{
    m_cancelled = false;
    Sessions sessions;
    for (const LinkTestNode &node : job.nodes)
        sessions.byNode.insert(node.name, {node.session});
    QHash<QString, SshSession *> first;
    for (const LinkTestNode &node : job.nodes)
        first.insert(node.name, node.session);
    for (const LinkTarget &link : job.links) {
        for (const QString &node : {link.nodeA, link.nodeB}) {
            if (!first.value(node))
                return Error(tr("%1 is not among the cluster's devices: register it and run the link test again.").arg(node),
                             QStringLiteral("no session for %1").arg(node));
        }
    }
    const Expected<Preflight> preflight = checkNodes(first, job);
    if (!preflight)
        return preflight.error();

    LinkTestRun run;
    run.cluster = job.cluster;
    run.started = QDateTime::currentDateTimeUtc();
    run.scale = preflight->scale;
    run.expectedGbps = job.options.portGbps;
    for (const LinkTarget &link : job.links)
        run.links.append(LinkResult{link.id, link.label, link.nodeA, link.portA, link.nodeB, link.portB,
                                    preflight->mode == LinkTestMode::Rdma ? QStringLiteral("rdma") : QStringLiteral("tcp"),
                                    {}, -1, 0, {}, {}});

    // Rounds as the nodes' cores allow; a node without a second session keeps its links apart.
    QHash<QString, int> cores;
    for (auto it = preflight->nodes.cbegin(); it != preflight->nodes.cend(); ++it)
        cores.insert(it.key(), it.value().cores);
    const double endCores = LinkTestRounds::coresPerEnd(preflight->mode, job.options.streams) * preflight->scale;
    QList<QList<int>> rounds = LinkTestRounds::plan(preflight->links, cores, endCores, job.options.sideBySide);
    const QStringList alone = openExtraSessions(sessions, LinkTestRounds::linksPerNode(preflight->links, rounds));
    if (m_cancelled)
        return Error(tr("The link test was cancelled; nothing is left running on the nodes."), QStringLiteral("cancelled"));
    if (!alone.isEmpty()) {
        for (const QString &node : alone)
            cores.insert(node, 0);
        rounds = LinkTestRounds::plan(preflight->links, cores, endCores, job.options.sideBySide);
        // Another grouping may ask more of a node than it has open: then one link at a time.
        const QHash<QString, int> needed = LinkTestRounds::linksPerNode(preflight->links, rounds);
        for (auto it = needed.cbegin(); it != needed.cend(); ++it) {
            if (it.value() > sessions.byNode.value(it.key()).size())
                rounds = LinkTestRounds::plan(preflight->links, cores, endCores, false);
        }
    }
    Q_EMIT started(run);

    Steps steps;
    steps.total = int(job.links.size() * (job.options.phases.size() + 1));
    for (const QList<int> &round : rounds) {
        if (!measureRound(round, sessions, *preflight, job, run, steps))
            return Error(tr("The link test was cancelled; nothing is left running on the nodes."), QStringLiteral("cancelled"));
    }
    if (!confirmAlone(rounds, sessions, *preflight, job, run, steps))
        return Error(tr("The link test was cancelled; nothing is left running on the nodes."), QStringLiteral("cancelled"));
    reportProgress(1, run.passed() ? tr("Every link carries what it should.") : tr("At least one link is below what it should carry."));
    return run;
}

} // namespace spark
