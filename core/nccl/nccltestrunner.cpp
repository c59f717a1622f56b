// SPDX-License-Identifier: MIT
#include "core/nccl/nccltestrunner.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/hardware/cx7.h"
#include "core/linktest/linktestplan.h"
#include "core/linktest/linktestrunner.h"
#include "core/linktest/linktestscripts.h"
#include "core/linktest/quickcheck.h"
#include "core/linktest/taggedtools.h"
#include "core/linktest/runnerwait.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/nccl/ncclenvironment.h"
#include "core/ssh/sshsession.h"

#include <QCoreApplication>
#include <QElapsedTimer>

namespace spark {

namespace {

const QString shell = QStringLiteral("sh -s");
constexpr int checkTimeoutMs = 30000;
constexpr int cleanupTimeoutMs = 20000;

// What a node told the first check: its prerequisites, then the link test's
// preflight (its addresses and the emulator's rate scale), in one script.
struct NodeCheck
{
    NcclNodeReadiness readiness;
    LinkTestScripts::NodeFacts facts;
};

Expected<NodeCheck> checkNode(const NcclTestNode &node, const std::atomic<bool> &cancelled)
{
    QFuture<Expected<ExecResult>> done =
        node.session->exec(shell, NcclPrerequisites::script() + LinkTestScripts::preflight(), checkTimeoutMs);
    if (!linktest::waitFor(done, -1, cancelled)) {
        done.cancel();
        return Error(QCoreApplication::translate("spark::NcclTestRunner", "The NCCL test was cancelled."));
    }
    const Expected<ExecResult> result = done.result();
    if (!result)
        return result.error();
    auto readiness = NcclPrerequisites::parse(result->standardOutput, node.name);
    if (!readiness)
        return readiness.error();
    auto facts = LinkTestScripts::parsePreflight(result->standardOutput, node.name);
    if (!facts)
        return facts.error();
    return NodeCheck{*readiness, *facts};
}

// A cabled port's twin without an IPv4 address: NCCL then has one HCA for that port.
QStringList idleTwins(const CablingPlan &cabling, const QList<NcclTestNode> &nodes, const QList<NodeCheck> &checks)
{
    QStringList idle;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        for (int port = 0; port < cx7::portCount; ++port) {
            if (!cabling.cableAt(PortEnd{nodes.at(i).name, port}))
                continue;
            for (const QString &netdev : cx7::netdevNamesOfPort(port)) {
                const bool addressed = std::any_of(checks.at(i).facts.addresses.cbegin(), checks.at(i).facts.addresses.cend(),
                                                   [&](const QString &entry) {
                                                       return entry.section(QLatin1Char(' '), 0, 0) == netdev
                                                           && entry.section(QLatin1Char(' '), 1).contains(QLatin1Char('.'));
                                                   });
                if (!addressed)
                    idle << QCoreApplication::translate("spark::NcclTestRunner", "%1 on %2").arg(netdev, nodes.at(i).name);
            }
        }
    }
    return idle;
}

// mpirun ends its ranks when it is stopped in time; what a stopped mpirun
// left (its ssh to a node, that node's orted, a rank) is stopped here: only
// this user's nccl-tests programs and Open MPI daemons.
void stopStrayRanks(const QList<NcclTestNode> &nodes)
{
    static const QByteArray script = QByteArrayLiteral(
        "p='/nccl-tests/build/all_(gather|reduce)_perf|orted -mca ess'\n"
        "pkill -TERM -u \"$(id -u)\" -f \"$p\" 2>/dev/null\n"
        "for i in 1 2 3 4 5 6 7 8 9 10; do pgrep -u \"$(id -u)\" -f \"$p\" >/dev/null || break; sleep 0.2; done\n"
        "pkill -KILL -u \"$(id -u)\" -f \"$p\" 2>/dev/null; true\n");
    QList<QFuture<Expected<ExecResult>>> stops;
    for (const NcclTestNode &node : nodes)
        stops << node.session->exec(shell, script, cleanupTimeoutMs);
    for (auto &stop : stops)
        stop.waitForFinished();
}

} // namespace

NcclTestRunner::NcclTestRunner(QObject *parent)
    : Job(lcNccl, parent)
{
}

QFuture<Expected<NcclTestRun>> NcclTestRunner::run(const NcclTestJob &job)
{
    m_cancelled = false;
    return runOnThread([this, job] { return runBlocking(job); });
}

struct NcclTestRunner::Checked
{
    QList<NodeCheck> checks;
    QList<NcclNodeReadiness> readiness;
    Expected<QList<NodeFacts>> facts = Error();
    Expected<int> gid = Error(); // the common RoCE v2 GID index, or why there is none
};

Expected<NcclTestRun> NcclTestRunner::runBlocking(const NcclTestJob &job)
{
    QElapsedTimer timer;
    timer.start();
    if (auto valid = NcclTestPlan::validate(job.request); !valid)
        return valid.error();
    if (job.nodes.size() < 2)
        return Error(tr("The NCCL test needs at least two Sparks."));

    NcclTestRun run;
    run.cluster = job.clusterName;
    run.layout = job.cabling.layout;
    run.request = job.request;
    run.started = QDateTime::currentDateTimeUtc();

    const Expected<Checked> checked = checkNodes(job, run);
    if (!checked)
        return checked.error();
    NcclTestOutput output;
    if (auto ran = runMpirun(job, *checked, output, run); !ran)
        return ran.error();
    if (auto judged = judge(job, *checked, output, run); !judged)
        return judged.error();
    run.elapsedMs = timer.elapsed();
    return run;
}

Expected<NcclTestRunner::Checked> NcclTestRunner::checkNodes(const NcclTestJob &job, NcclTestRun &run)
{
    reportProgress(-1, tr("Checking CUDA, Open MPI, NCCL and nccl-tests on every Spark…"));
    QList<QFuture<Expected<NodeCheck>>> pending;
    for (const NcclTestNode &node : job.nodes)
        pending << runOnThread([node, this] { return checkNode(node, m_cancelled); });
    // The RoCE v2 GID index, as the exports read it (without it NCCL chooses by
    // itself), read meanwhile: each node's session runs it right after its check.
    QList<PrepareTarget> targets;
    for (const NcclTestNode &node : job.nodes)
        targets << PrepareTarget{node.name, node.session, {}};
    QFuture<Expected<QList<NodeFacts>>> probing = runOnThread([targets] { return ClusterPreparer::probe(targets); });
    Checked checked;
    QStringList problems;
    for (auto &future : pending) {
        future.waitForFinished();
        const Expected<NodeCheck> check = future.result();
        if (!check) {
            problems << check.error().message;
            continue;
        }
        problems << NcclPrerequisites::problems(check->readiness);
        checked.checks << *check;
    }
    if (m_cancelled || !problems.isEmpty()) {
        probing.waitForFinished(); // it uses the sessions
        if (m_cancelled)
            return Error(tr("The NCCL test was cancelled."));
        return NcclPrerequisites::missing(problems);
    }

    for (const NodeCheck &check : std::as_const(checked.checks)) {
        checked.readiness << check.readiness;
        run.scale = std::min(run.scale, check.facts.rateScale);
    }
    run.ncclVersions = NcclPrerequisites::versions(checked.readiness);
    Q_EMIT expectationKnown(NcclExpectation{job.cabling.layout, run.scale});

    probing.waitForFinished();
    checked.facts = probing.result();
    checked.gid = checked.facts ? NcclEnvironment::commonGidIndex(job.cabling, *checked.facts)
                                : Expected<int>(checked.facts.error());
    return checked;
}

Expected<void> NcclTestRunner::runMpirun(const NcclTestJob &job, const Checked &checked, NcclTestOutput &output,
                                         NcclTestRun &run)
{
    QStringList hosts;
    for (const NcclTestNode &node : job.nodes) {
        hosts << node.host;
        run.nodes << node.name;
    }
    const auto variables = NcclTestPlan::runVariables(
        NcclEnvironment::variables(job.cabling.layout, checked.gid ? std::optional<int>(*checked.gid) : std::nullopt),
        checked.readiness.first());
    const auto command = NcclTestPlan::mpirunCommand(job.request, hosts, variables, checked.readiness.first());
    if (!command)
        return command.error();
    run.mpirun = *command;

    reportProgress(-1, tr("Running %1 on %2 Sparks from %3…")
                           .arg(NcclTestPlan::testName(job.request.collective))
                           .arg(job.nodes.size())
                           .arg(job.nodes.first().name));
    QElapsedTimer mpirunTimer;
    mpirunTimer.start();
    const auto ended = runTaggedTool(job.nodes.first().session, *command, [&](const QString &line) {
        Q_EMIT outputLine(line);
        if (const auto row = output.feedLine(line))
            Q_EMIT rowMeasured(*row);
    }, m_cancelled);
    run.mpirunMs = mpirunTimer.elapsed();
    if (!ended)
        return ended.error();
    if (ended->cancelled) {
        stopStrayRanks(job.nodes);
        return Error(tr("The NCCL test was cancelled; nothing of it runs on the Sparks any more."));
    }

    run.rows = output.rows();
    run.averageBusbwGBps = output.averageBusBandwidth();
    run.network = output.network();
    run.exitCode = ended->exitCode.value_or(-1);
    run.failureLines = output.failureLines();
    if (run.exitCode != 0)
        stopStrayRanks(job.nodes);
    return {};
}

Expected<void> NcclTestRunner::judge(const NcclTestJob &job, const Checked &checked, const NcclTestOutput &output,
                                     NcclTestRun &run)
{
    NcclObservation observation;
    observation.finished = run.exitCode == 0;
    observation.rows = int(run.rows.size());
    if (const auto largest = output.largestRow()) {
        observation.busbwGBps = largest->busbwGBps();
        observation.largestBytes = largest->bytes;
    }
    observation.wrongResults = output.anyWrong();
    observation.firstFailure = run.failureLines.value(0);
    if (observation.firstFailure.isEmpty() && run.exitCode != 0)
        observation.firstFailure = tr("mpirun ended with exit code %1").arg(run.exitCode);
    observation.network = run.network;
    observation.ncclVersions = run.ncclVersions;
    observation.idleTwins = idleTwins(job.cabling, job.nodes, checked.checks);
    observation.gidProblem = checked.gid ? QString() : checked.gid.error().message;
    run.verdict = NcclVerdict::judge(observation, NcclExpectation{job.cabling.layout, run.scale});
    if (run.verdict.reason != NcclVerdictReason::BelowBar || !job.definition || !checked.facts)
        return {};
    reportProgress(-1, tr("Below NVIDIA's bar: checking each cable for a few seconds to find out why…"));
    const auto cables = checkCables(job, *checked.facts);
    if (m_cancelled)
        return Error(tr("The NCCL test was cancelled; nothing of it runs on the Sparks any more."));
    if (!cables) {
        reportProgress(-1, tr("The cables could not be checked: %1").arg(cables.error().message));
        return {};
    }
    run.cableChecks = *cables;
    observation.cableChecks = *cables;
    run.verdict = NcclVerdict::judge(observation, NcclExpectation{job.cabling.layout, run.scale});
    return {};
}

Expected<QList<NcclCableCheck>> NcclTestRunner::checkCables(const NcclTestJob &job, const QList<NodeFacts> &facts)
{
    const auto addresses = ClusterPreparer::planAddresses(*job.definition, job.cabling, facts);
    if (!addresses)
        return addresses.error();
    const auto links = LinkTestPlanner::plan(job.cabling, *addresses, facts);
    if (!links)
        return links.error();
    LinkTestJob check{job.clusterName, *links, {}, QuickCheck::options()};
    for (const NcclTestNode &node : job.nodes)
        check.nodes.append(LinkTestNode{node.name, node.session});
    LinkTestRunner runner;
    QFuture<Expected<LinkTestRun>> measuring = runOnThread([&runner, check] { return runner.runBlocking(check); });
    if (!linktest::waitFor(measuring, -1, m_cancelled))
        runner.cancel(); // it stops its tools and cleans up before it returns
    measuring.waitForFinished();
    const Expected<LinkTestRun> measured = measuring.result();
    if (!measured)
        return measured.error();
    QList<NcclCableCheck> checks;
    for (const LinkResult &link : measured->links)
        checks.append(NcclCableCheck{link.label, link.method, link.slowestPortGbps(), link.verdict});
    return checks;
}

} // namespace spark
