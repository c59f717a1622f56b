// SPDX-License-Identifier: MIT
// `sparkctl nccl-test`: NVIDIA's NCCL acceptance test on the planned cluster,
// judged against NVIDIA's bar; the exit code says whether it passed.
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/clustercontext.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/output.h"
#include "app/sparkctl/passwordinput.h"

#include "core/cluster/clusteroperations.h"
#include "core/nccl/ncclbuilder.h"
#include "core/nccl/nccltesthistory.h"
#include "core/nccl/nccltestrunner.h"
#include "core/topology/clusterdefinition.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>


namespace sparkctl {

namespace {
struct NcclTestText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::NcclTest)
};
} // namespace

using namespace spark;

namespace {

const QString commandPath = QStringLiteral("nccl-test");



// --collective, the sizes, --iterations and --warmup into the request; the
// usage error's sentence when one is wrong.
std::optional<QString> readRequest(const QCommandLineParser &parser, NcclTestRequest &request)
{
    const auto collective = NcclTestPlan::collectiveFromKey(parser.value(QStringLiteral("collective")));
    if (!collective)
        return NcclTestText::tr("--collective must be all_gather or all_reduce.");
    request.collective = *collective;
    if (parser.isSet(QStringLiteral("quick")))
        request = NcclTestRequest::quick(request.collective);
    const auto bytes = [&](const QString &option, qint64 &into) -> bool {
        if (!parser.isSet(option))
            return true;
        const auto value = NcclTestPlan::parseBytes(parser.value(option));
        if (value)
            into = *value;
        return bool(value);
    };
    if (!bytes(QStringLiteral("min-bytes"), request.minBytes) || !bytes(QStringLiteral("max-bytes"), request.maxBytes))
        return NcclTestText::tr("--min-bytes and --max-bytes take a size in bytes, or with K, M or G (16G).");
    const auto number = [&](const QString &option, int &into) -> bool {
        if (!parser.isSet(option))
            return true;
        bool ok = false;
        into = parser.value(option).toInt(&ok);
        return ok;
    };
    if (!number(QStringLiteral("iterations"), request.iterations) || !number(QStringLiteral("warmup"), request.warmup)
        || !number(QStringLiteral("step-factor"), request.stepFactor))
        return NcclTestText::tr("--iterations, --warmup and --step-factor take a whole number.");
    if (const auto valid = NcclTestPlan::validate(request); !valid)
        return valid.error().message;
    return std::nullopt;
}

int printHistory(const QString &clusterName, bool asJson)
{
    const auto earlier = earlierRuns<NcclTestHistory>(clusterName);
    if (!earlier)
        return Output::failure(earlier.error());
    const auto &[cluster, runs] = *earlier;
    if (runs.isEmpty())
        Output::text(NcclTestText::tr("%1 has no NCCL test runs yet: 'sparkctl nccl-test --cluster %1' runs one.\n")
                         .arg(cluster));
    for (const NcclTestRun &run : runs) {
        if (asJson) {
            QJsonObject object = run.toJson();
            object.insert(QStringLiteral("type"), QStringLiteral("run"));
            Output::line(object);
            continue;
        }
        printOut(QStringLiteral("%1  %2  %3  %4\n")
                     .arg(run.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                          NcclTestPlan::testName(run.request.collective),
                          run.verdict.pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"), run.verdict.sentence));
    }
    Output::result(true, {{QStringLiteral("cluster"), cluster}, {QStringLiteral("runs"), int(runs.size())}});
    return Success;
}

void printAsItHappens(NcclTestRunner &runner, bool asJson, bool verbose)
{
    QObject::connect(&runner, &NcclTestRunner::outputLine, &runner, [asJson, verbose](const QString &line) {
        if (verbose && !asJson)
            printOut(QStringLiteral("  | %1\n").arg(line));
    }, Qt::DirectConnection);
    QObject::connect(&runner, &NcclTestRunner::rowMeasured, &runner, [asJson](const NcclSizeRow &row) {
        if (asJson) {
            Output::line({{QStringLiteral("type"), QStringLiteral("size")},
                           {QStringLiteral("bytes"), double(row.bytes)},
                           {QStringLiteral("busbwGBps"), row.busbwGBps()},
                           {QStringLiteral("algbwGBps"), row.algbwGBps()},
                           {QStringLiteral("timeUs"), row.outOfPlace.timeUs},
                           {QStringLiteral("wrong"), double(row.wrong())}});
        } else if (!Output::quiet()) {
            printOut(NcclTestText::tr("  %1: bus bandwidth %2\n")
                         .arg(NcclVerdict::formatBytes(row.bytes), NcclVerdict::formatBandwidth(row.busbwGBps())));
        }
    }, Qt::DirectConnection);
}

void keepInHistory(const NcclTestRun &run)
{
    NcclTestHistory history;
    if (const auto loaded = history.load(); !loaded) {
        Output::warning(loaded.error().message);
        return;
    }
    history.add(run);
    if (const auto saved = history.save(); !saved)
        Output::warning(saved.error().message);
}

// --build: what NVIDIA's playbook needs, built on every node that lacks it, in
// parallel; each step as a progress line, the tools' output with --verbose.
// The sudo password (for the package install only) comes from stdin or the
// keychain; without one sudo must need none.
int buildWhatIsMissing(const ClusterContext &context, bool passwordFromStdin)
{
    const QList<SudoTarget> sudo = sudoTargets(context.devices(), passwordFromStdin, WhenNotRemembered::NoPassword);
    QList<NcclBuildNode> nodes;
    for (const SudoTarget &target : sudo)
        nodes.append({target.device.name, context.nodes->session(target.device), target.sudo});
    NcclBuilder builder;
    QObject::connect(&builder, &NcclBuilder::outputLine, &builder, [](const QString &node, const QString &line) {
        if (Output::verbose() && !Output::json())
            printOut(QStringLiteral("  %1 | %2\n").arg(node, line));
    }, Qt::DirectConnection);
    QObject::connect(&builder, &NcclBuilder::nodeFinished, &builder, [](const NcclBuildNodeResult &result) {
        if (!result.problem.isEmpty())
            return;
        Output::jobProgress({result.node, 1,
                             result.stepsRun.isEmpty() ? NcclTestText::tr("It has everything the NCCL test needs.")
                                                       : NcclTestText::tr("Built: it has everything the NCCL test needs.")});
    }, Qt::DirectConnection);
    bool interrupted = false;
    const NcclBuildReport report = awaitJob(builder, [&] { return builder.run(nodes); }, &interrupted);
    if (interrupted) {
        Output::failure(Error(NcclTestText::tr("The build was cancelled; what was built stays, and --build goes on from "
                                               "there next time.")));
        return Interrupted;
    }
    if (!report.ready())
        return Output::failure(Error(report.problems().join(QLatin1Char('\n'))));
    return Success;
}

int runNcclTest(QCommandLineParser &parser)
{
    const bool asJson = parser.isSet(QStringLiteral("json"));
    if (parser.isSet(QStringLiteral("history")))
        return printHistory(parser.value(clusterOption().name), asJson);
    NcclTestRequest request;
    if (const auto wrong = readRequest(parser, request))
        return usageError(parser, commandPath, *wrong);

    const auto context = ClusterContext::open(parser.value(clusterOption().name));
    if (!context)
        return Output::failure(context.error());
    if (parser.isSet(QStringLiteral("build"))) {
        if (const int built = buildWhatIsMissing(*context, parser.isSet(sudoStdinOption().name)); built != Success)
            return built;
    } else if (parser.isSet(sudoStdinOption().name)) {
        return usageError(parser, commandPath, NcclTestText::tr("--sudo-password-stdin goes with --build."));
    }
    const auto job = ClusterOperations::ncclTestJob(*context->nodes, request);
    if (!job)
        return Output::failure(job.error());

    NcclTestRunner runner;
    printAsItHappens(runner, asJson, Output::verbose());
    bool interrupted = false;
    const Expected<NcclTestRun> run = awaitJob(runner, [&] { return runner.run(*job); }, &interrupted);
    if (!run) {
        if (NcclPrerequisites::isMissing(run.error()))
            Output::failure(Error(NcclTestText::tr("%1\n--build builds what is missing the way NVIDIA's playbook does: it "
                                                   "installs the missing packages with sudo and builds NCCL and "
                                                   "nccl-tests in each Spark's home.")
                                      .arg(run.error().message),
                                  run.error().detail));
        else
            Output::failure(run.error());
        return interrupted ? Interrupted : Failure;
    }
    keepInHistory(*run);
    Output::text(QStringLiteral("%1 %2\n").arg(run->verdict.pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
                                               run->verdict.sentence));
    Output::result(run->verdict.pass, run->toJson());
    if (interrupted)
        return Interrupted;
    return run->verdict.pass ? Success : Failure;
}

} // namespace

void registerNcclTestCommand(CommandTable &table)
{
    table.add(streaming(
        {commandPath, NcclTestText::tr("Run NVIDIA's NCCL test across the cluster and judge it (--json for JSON lines)"),
         NcclTestText::tr("Check that every Spark has CUDA, Open MPI, an NCCL build and nccl-tests, then run nccl-tests' "
                          "all_gather_perf (or all_reduce_perf) with mpirun from the first Spark, over the node-to-node "
                          "SSH the set-up installed and with the settings of the NCCL export, and judge the bus bandwidth "
                          "against NVIDIA's bar. Exit code 0 when it passes, 1 otherwise."),
         {},
         {clusterOption(),
          {QStringLiteral("collective"), NcclTestText::tr("all_gather (NVIDIA's test, the default) or all_reduce."),
           QStringLiteral("NAME"), QStringLiteral("all_gather"), Completion::Words,
           {QStringLiteral("all_gather"), QStringLiteral("all_reduce")}},
          {QStringLiteral("min-bytes"), NcclTestText::tr("The smallest message size (default 16G, NVIDIA's)."),
           QStringLiteral("BYTES")},
          {QStringLiteral("max-bytes"), NcclTestText::tr("The largest message size (default 16G)."), QStringLiteral("BYTES")},
          {QStringLiteral("step-factor"), NcclTestText::tr("Each size is this many times the one before (default 2)."),
           QStringLiteral("N")},
          {QStringLiteral("iterations"), NcclTestText::tr("Timed iterations per size (default 20)."), QStringLiteral("N")},
          {QStringLiteral("warmup"), NcclTestText::tr("Warm-up iterations per size (default 5)."), QStringLiteral("N")},
          {QStringLiteral("quick"), NcclTestText::tr("8 MiB to 1 GiB, 5 iterations: a quick check instead of NVIDIA's 16 GiB run.")},
          {QStringLiteral("build"), NcclTestText::tr("First build what a Spark lacks, as NVIDIA's playbook does: the "
                                                     "packages with sudo, NCCL v2.28.9-1 and nccl-tests in its home.")},
          sudoStdinOption(),
          {QStringLiteral("json"), NcclTestText::tr("Each size as a JSON line as it is measured, then the run.")},
          {QStringLiteral("history"), NcclTestText::tr("List the cluster's earlier NCCL test runs instead of running one.")}},
         &runNcclTest}));
}

} // namespace sparkctl
