// SPDX-License-Identifier: MIT
// sparkctl cluster verify | apply | rollback | export: the cluster's cabling
// checked, its network applied safely (and undone), its files exported
// (`cluster plan` lives in clusterplancommand.cpp).
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/clustercontext.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/output.h"

#include "core/cluster/clusterexport.h"
#include "core/cluster/clusterremoval.h"
#include "core/cluster/clusteroperations.h"
#include "core/netconfig/clusterapplier.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/linktest/quickcheck.h"
#include "core/netconfig/networkmanagerhandover.h"
#include "core/topology/cablingplanner.h"
#include "core/topology/discoveryrunner.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>

namespace sparkctl {

namespace {
struct ClusterText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::ClusterCommands)
};
} // namespace

using namespace spark;

namespace {

const QString kGroup = QStringLiteral("cluster");

QStringList exportFormats()
{
    QStringList keys;
    for (const ClusterExport::Format format : ClusterExport::formats())
        keys.append(ClusterExport::key(format));
    return keys;
}

struct QuickCheckOutcome
{
    bool passed = false;
    bool interrupted = false;
    QJsonArray links; // each measured cable's verdict
    QStringList unmeasured;
};

// A few seconds over every twin (QuickCheck): Ctrl-C stops the tools on the nodes.
QuickCheckOutcome quickCheck(const ClusterContext &context, const CablingPlan &plan, const DiscoveryReport &report)
{
    QuickCheckOutcome outcome;
    // The probe (no sudo) gives each end's RoCE GIDs: RDMA where every node has perftest.
    const auto facts = ClusterPreparer::probe(context.targets);
    QList<LinkTestNode> nodes;
    for (const PrepareTarget &target : std::as_const(context.targets))
        nodes.append(LinkTestNode{target.node, target.session});
    LinkTestRunner runner;
    QObject::connect(&runner, &LinkTestRunner::linkFinished, &runner, [&outcome](const LinkResult &result) {
        outcome.links.append(QJsonObject{{QStringLiteral("cable"), result.label},
                                         {QStringLiteral("pass"), result.verdict.pass},
                                         {QStringLiteral("sentence"), result.verdict.sentence}});
        Output::text(QStringLiteral("%1 %2: %3\n").arg(result.verdict.pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
                                                       result.label, result.verdict.sentence));
    }, Qt::DirectConnection);
    const Expected<QuickCheckResult> checked = awaitJob(
        runner, [&] { return ClusterOperations::quickCheck(runner, context.cluster().name, plan, report, facts ? *facts : QList<NodeFacts>(),
                                      nodes); },
        &outcome.interrupted);
    if (!checked) {
        Output::failure(checked.error().message, checked.error().detail);
        return outcome;
    }
    outcome.unmeasured = checked->unmeasured;
    for (const QString &sentence : checked->unmeasured)
        Output::text(QStringLiteral("FAIL %1\n").arg(sentence));
    outcome.passed = checked->passed();
    return outcome;
}

int runVerify(QCommandLineParser &parser)
{
    const QString noQuickCheck = QStringLiteral("no-quick-check");
    auto context = ClusterContext::open(parser.value(clusterOption().name));
    if (!context)
        return Output::failure(context.error());
    const auto plan = CablingPlanner::plan(context->cluster().layout, context->cluster().devices, context->cluster().port);
    if (!plan)
        return Output::failure(plan.error());
    QList<DiscoveryNode> nodes;
    for (const PrepareTarget &target : std::as_const(context->targets))
        nodes.append(DiscoveryNode{target.node, target.session, {}});
    DiscoveryRunner runner;
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true; // the discovery changes nothing: Ctrl-C ends it at once
    const DiscoveryReport report = awaitJob(runner, [&] { return runner.run(nodes, *plan); }, nullptr, onInterrupt);
    QJsonArray cables;
    QJsonArray switched;
    QJsonArray findings;
    for (const NodeError &problem : report.problems)
        Output::failure(problem.error.message, problem.error.detail);
    for (const ObservedLink &link : report.cabling.links) {
        cables.append(QJsonObject{{QStringLiteral("a"), CablingText::end(link.a)}, {QStringLiteral("b"), CablingText::end(link.b)}});
        Output::text(QStringLiteral("cable: %1 — %2\n").arg(CablingText::end(link.a), CablingText::end(link.b)));
    }
    for (const PortEnd &end : report.cabling.switchedPorts) {
        switched.append(CablingText::end(end));
        Output::text(ClusterText::tr("to the switch: %1\n").arg(CablingText::end(end)));
    }
    for (const CablingFinding &finding : report.findings) {
        findings.append(QJsonObject{{QStringLiteral("kind"), findingKindKey(finding.kind)},
                                    {QStringLiteral("message"), finding.message}});
        Output::text(QStringLiteral("%1: %2\n").arg(findingKindKey(finding.kind), finding.message));
    }
    Output::text(ClusterText::tr("Cable discovery took %1 ms on %2 nodes.\n").arg(report.elapsedMs).arg(nodes.size()));
    QJsonObject result{{QStringLiteral("cluster"), context->cluster().name},
                       {QStringLiteral("cables"), cables},
                       {QStringLiteral("switchedPorts"), switched},
                       {QStringLiteral("findings"), findings},
                       {QStringLiteral("discoveryMs"), report.elapsedMs},
                       {QStringLiteral("matchesPlan"), report.healthy()},
                       {QStringLiteral("quickCheck"), QJsonValue()}};
    if (!report.healthy()) {
        Output::result(false, result);
        return Failure;
    }
    Output::text(ClusterText::tr("The cabling of %1 matches its plan.\n").arg(context->cluster().name));
    if (parser.isSet(noQuickCheck)) {
        Output::result(true, result);
        return Success;
    }
    const QuickCheckOutcome quick = quickCheck(*context, *plan, report);
    result.insert(QStringLiteral("quickCheck"), QJsonObject{{QStringLiteral("passed"), quick.passed},
                                                            {QStringLiteral("cables"), quick.links},
                                                            {QStringLiteral("unmeasured"),
                                                             QJsonArray::fromStringList(quick.unmeasured)}});
    Output::result(quick.passed, result);
    if (quick.interrupted)
        return Interrupted;
    if (!quick.passed)
        return Failure;
    Output::text(ClusterText::tr("Every twin of %1 carries what it should.\n").arg(context->cluster().name));
    return Success;
}

// Ctrl-C (or SIGTERM) reaches ClusterApplier::cancel(): every node then ends
// either fully applied or back on its earlier settings, never in between.
ClusterApplyReport applyCancellable(const PreparedCluster &prepared, const QList<PrepareTarget> &targets)
{
    ClusterApplier applier;
    OnInterrupt onInterrupt;
    onInterrupt.first = QCoreApplication::translate("spark::ClusterCommands",
                                                    "Cancelling: every node that was changed goes back to its "
                                                    "earlier settings (a node already verified keeps the new ones).\n");
    onInterrupt.again = QCoreApplication::translate("spark::ClusterCommands",
                                                    "Still cancelling: waiting until every node is whole again.\n");
    return awaitJob(applier, [&] { return ClusterOperations::apply(applier, prepared, targets); }, nullptr, onInterrupt);
}

int runApply(QCommandLineParser &parser)
{
    const QString dryRun = QStringLiteral("dry-run");
    const QString disable = QStringLiteral("disable-conflicting");
    const QString revert = QStringLiteral("revert-seconds");
    const QString noTrust = QStringLiteral("no-peer-ssh");
    bool ok = false;
    const int revertSeconds = parser.value(revert).toInt(&ok);
    if (!ok || revertSeconds <= 0)
        return usageError(parser, kGroup + QStringLiteral(" apply"), ClusterText::tr("--revert-seconds needs a positive number."));

    QElapsedTimer timer;
    timer.start();
    auto context = ClusterContext::open(parser.value(clusterOption().name));
    if (!context)
        return Output::failure(context.error());
    context->askPasswords(parser.isSet(sudoStdinOption().name));
    const QList<PrepareTarget> targets = context->targets;

    ApplyOptions options;
    options.backupStamp = ClusterPreparer::backupStampNow();
    options.revertSeconds = revertSeconds;
    options.disableConflicts = parser.isSet(disable);
    Output::progress(ClusterText::tr("Reading %1 nodes…").arg(targets.size()));
    const qint64 readStartMs = timer.elapsed();
    const auto prepared = ClusterPreparer::prepare(context->cluster(), targets, options);
    if (!prepared)
        return Output::failure(prepared.error());
    const qint64 planMs = timer.elapsed();
    const qint64 readMs = planMs - readStartMs;
    for (const QString &line : prepared->addresses.describe())
        Output::text(line + QLatin1Char('\n'));
    QJsonArray handovers;
    for (const PreparedNode &node : prepared->nodes) {
        for (const QString &line : NetworkManagerHandover::describe(node.plan.node, node.plan.setAside)) {
            handovers.append(line);
            Output::text(line + QLatin1Char('\n'));
        }
    }
    QJsonObject result{{QStringLiteral("cluster"), context->cluster().name},
                       {QStringLiteral("addresses"), prepared->addresses.toJson()},
                       {QStringLiteral("networkManager"), handovers},
                       {QStringLiteral("dryRun"), parser.isSet(dryRun)},
                       {QStringLiteral("alreadyApplied"), prepared->alreadyApplied()}};
    if (parser.isSet(dryRun)) {
        QJsonArray nodes;
        for (const PreparedNode &node : prepared->nodes) {
            QJsonArray steps;
            Output::text(QStringLiteral("\n%1%2\n").arg(node.plan.node, node.alreadyApplied ? ClusterText::tr(" (already applied)")
                                                                                              : QString()));
            for (const ApplyStep &step : node.plan.steps) {
                steps.append(QJsonObject{{QStringLiteral("kind"), applyStepKindKey(step.kind)},
                                         {QStringLiteral("description"), step.description}});
                Output::text(QStringLiteral("  %1 %2\n").arg(applyStepKindKey(step.kind), -12).arg(step.description));
            }
            nodes.append(QJsonObject{{QStringLiteral("node"), node.plan.node},
                                     {QStringLiteral("alreadyApplied"), node.alreadyApplied},
                                     {QStringLiteral("steps"), steps}});
        }
        Output::text(ClusterText::tr("Dry run: nothing was changed.\n"));
        result.insert(QStringLiteral("nodes"), nodes);
        Output::result(true, result);
        return Success;
    }

    const ClusterApplyReport report = applyCancellable(*prepared, targets);
    QJsonArray nodes;
    for (const NodeApplyOutcome &node : report.nodes) {
        nodes.append(QJsonObject{{QStringLiteral("node"), node.node},
                                 {QStringLiteral("state"), nodeApplyStateKey(node.state)},
                                 {QStringLiteral("problems"), QJsonArray::fromStringList(node.problems)}});
        Output::text(QStringLiteral("%1: %2\n").arg(node.node, nodeApplyStateKey(node.state)));
        for (const QString &problem : node.problems)
            Output::text(QStringLiteral("  %1\n").arg(problem));
        if (node.state == NodeApplyOutcome::State::RevertsByItself)
            Output::text(ClusterText::tr("  %1 could not be reached; it restores its earlier settings by itself within %2 s.\n")
                             .arg(node.node)
                             .arg(revertSeconds));
    }
    result.insert(QStringLiteral("nodes"), nodes);
    if (report.cancelled && !report.succeeded) {
        Output::failure(report.error);
        Output::result(false, result);
        return Interrupted;
    }
    if (!report.succeeded) {
        Output::failure(report.error);
        Output::result(false, result);
        return Failure;
    }

    qint64 trustMs = 0;
    if (!parser.isSet(noTrust)) {
        QElapsedTimer trustTimer;
        trustTimer.start();
        const QList<PeerTrustTarget> trust =
            ClusterOperations::peerTrustTargets(*context->nodes, context->devices(), prepared->addresses);
        // Ctrl-C here lets every node's keys be exchanged whole; nothing is left to stop after it.
        ClusterOperations operations;
        if (auto trusted = awaitJob(operations, [&] { return operations.trustPeers(trust); }); !trusted) {
            Output::failure(trusted.error());
            Output::result(false, result);
            return Failure;
        }
        trustMs = trustTimer.elapsed();
    }
    Output::text(prepared->alreadyApplied() ? ClusterText::tr("%1 already ran this plan; nothing was changed.\n").arg(context->cluster().name)
                                            : ClusterText::tr("%1 runs its new network settings.\n").arg(context->cluster().name));
    QStringList phaseTexts;
    QJsonObject phases;
    for (const auto &[phase, ms] : report.phaseMs) {
        phaseTexts.append(QStringLiteral("%1 %2").arg(phase).arg(ms));
        phases.insert(phase, ms);
    }
    Output::text(ClusterText::tr("Timing: plan %1 ms (reading the nodes %2 ms), apply and verify %3 ms (%4), node-to-node SSH %5 ms, "
                                 "total %6 ms.\n")
                     .arg(planMs)
                     .arg(readMs)
                     .arg(report.elapsedMs)
                     .arg(phaseTexts.join(QStringLiteral(", ")))
                     .arg(trustMs)
                     .arg(timer.elapsed()));
    result.insert(QStringLiteral("timingMs"), QJsonObject{{QStringLiteral("plan"), planMs},
                                                          {QStringLiteral("read"), readMs},
                                                          {QStringLiteral("applyAndVerify"), report.elapsedMs},
                                                          {QStringLiteral("phases"), phases},
                                                          {QStringLiteral("peerSsh"), trustMs},
                                                          {QStringLiteral("total"), timer.elapsed()}});
    Output::result(true, result);
    return Success;
}

int runRollback(QCommandLineParser &parser)
{
    auto context = ClusterContext::open(parser.value(clusterOption().name));
    if (!context)
        return Output::failure(context.error());
    context->askPasswords(parser.isSet(sudoStdinOption().name));
    // Ctrl-C lets every node's restore run to its end: none is left half restored.
    ClusterOperations operations;
    if (auto rolledBack = awaitJob(operations, [&] { return operations.rollback(context->targets); }); !rolledBack)
        return Output::failure(rolledBack.error());
    Output::result(true, {{QStringLiteral("cluster"), context->cluster().name}});
    return Success;
}

int runExport(QCommandLineParser &parser)
{
    const auto format = ClusterExport::fromKey(parser.value(QStringLiteral("format")));
    if (!format)
        return usageError(parser, kGroup + QStringLiteral(" export"),
                          ClusterText::tr("--format must be hostfile, nccl-env, ansible or vllm."));
    auto context = ClusterContext::open(parser.value(clusterOption().name));
    if (!context)
        return Output::failure(context.error());
    const auto file = ClusterExport::readAndBuild(*format, *context->nodes);
    if (!file)
        return Output::failure(file.error());
    if (!file->warning.isEmpty())
        Output::warning(file->warning);
    Output::text(file->text);
    Output::result(true, {{QStringLiteral("cluster"), context->cluster().name},
                          {QStringLiteral("format"), ClusterExport::key(*format)},
                          {QStringLiteral("text"), file->text}});
    return Success;
}

int runDelete(QCommandLineParser &parser)
{
    const QString name = parser.value(clusterOption().name);
    if (name.isEmpty())
        return usageError(parser, kGroup + QStringLiteral(" delete"), ClusterText::tr("Name the cluster to delete: --cluster NAME."));
    if (auto removed = ClusterRemoval::remove(name); !removed)
        return Output::failure(removed.error());
    Output::result(true, {{QStringLiteral("deleted"), name}});
    Output::text(ClusterText::tr("Deleted the cluster %1 and its kept test runs. Nothing on its Sparks was changed.\n").arg(name));
    return Success;
}

} // namespace

void registerClusterApplyCommands(CommandTable &table)
{
    Command cluster{kGroup, ClusterText::tr("Plan, check, apply, roll back or export a cluster")};
    cluster.subcommands = {
        clusterPlanCommand(),
        streaming({QStringLiteral("verify"), ClusterText::tr("Check the cables against the plan, then a few seconds of traffic"),
         ClusterText::tr("Check the cables of the cluster: which port of which node is cabled to which port of which "
                        "other node, against the plan; then a few seconds of traffic over every twin (it needs nothing "
                        "configured)."),
         {},
         {clusterOption(),
          {QStringLiteral("no-quick-check"), ClusterText::tr("Only look at the cables; send no traffic over them.")}},
         &runVerify}),
        streaming({QStringLiteral("apply"), ClusterText::tr("Give every node its ConnectX-7 addresses, with automatic undo"),
         ClusterText::tr("Give every node of the cluster its ConnectX-7 addresses, safely: each node keeps a backup and "
                        "undoes the change by itself unless every link is checked in time."),
         {},
         {clusterOption(), sudoStdinOption(),
          {QStringLiteral("dry-run"), ClusterText::tr("Show what would be done; change nothing.")},
          {QStringLiteral("disable-conflicting"),
           ClusterText::tr("Disable earlier netplan files for the same ports (kept in the backup).")},
          {QStringLiteral("revert-seconds"),
           ClusterText::tr("Seconds after which a node undoes the change by itself (default 60)."), QStringLiteral("N"),
           QStringLiteral("60")},
          {QStringLiteral("no-peer-ssh"), ClusterText::tr("Do not set up node-to-node SSH.")}},
         &runApply}),
        streaming({QStringLiteral("rollback"), ClusterText::tr("Put every node back on its network settings from before"),
         ClusterText::tr("Put every node of the cluster back on the network settings it had before the first apply."),
         {}, {clusterOption(), sudoStdinOption()}, &runRollback}),
        {QStringLiteral("export"), ClusterText::tr("Print an MPI hostfile, the NCCL environment, an Ansible inventory or vLLM commands"),
         ClusterText::tr("Print an MPI hostfile, the NCCL environment, an Ansible inventory or the vLLM commands for "
                        "the cluster."),
         {},
         {clusterOption(),
          {QStringLiteral("format"), ClusterText::tr("hostfile, nccl-env, ansible or vllm."), QStringLiteral("FORMAT"), {},
           Completion::Words, exportFormats()}},
         &runExport},
        {QStringLiteral("delete"), ClusterText::tr("Forget a cluster on this computer (nothing on its Sparks changes)"),
         ClusterText::tr("Remove the cluster from this computer's list, with its kept link-test and NCCL runs. Nothing "
                        "on its Sparks changes: the addresses an apply gave them stay until the cluster is rolled back, "
                        "so roll back first to undo them."),
         {},
         {{QStringLiteral("cluster"), ClusterText::tr("The cluster to delete (required: never the default by accident)."),
           QStringLiteral("NAME"), {}, Completion::Clusters}},
         &runDelete},
    };
    table.add(std::move(cluster));
}

} // namespace sparkctl
