// SPDX-License-Identifier: MIT
// `sparkctl linktest`: every link of the planned cluster measured, with a
// verdict per link; the exit code says whether all passed.
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/clustercontext.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/output.h"

#include "core/cluster/linktestjobs.h"
#include "core/linktest/linktesthistory.h"
#include "core/linktest/linktestplan.h"
#include "core/linktest/linktestrunner.h"
#include "core/linktest/runcomparison.h"
#include "core/topology/clusterdefinition.h"

#include <QCoreApplication>
#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

namespace sparkctl {

namespace {
struct LinkTestText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::LinkTest)
};
} // namespace

using namespace spark;

namespace {

const QString commandPath = QStringLiteral("linktest");



std::optional<QList<LinkPhase>> phasesFor(const QString &direction)
{
    if (direction == QLatin1String("all"))
        return LinkTestOptions::allPhases();
    if (direction == QLatin1String("a-b"))
        return QList<LinkPhase>{LinkPhase::AToB};
    if (direction == QLatin1String("b-a"))
        return QList<LinkPhase>{LinkPhase::BToA};
    if (direction == QLatin1String("both"))
        return QList<LinkPhase>{LinkPhase::Both};
    return std::nullopt;
}

// The cluster's earlier runs, newest first: when, how many links passed, the slowest.
int printHistory(const QString &clusterName, bool asJson)
{
    const auto earlier = earlierRuns<LinkTestHistory>(clusterName);
    if (!earlier)
        return Output::failure(earlier.error());
    const auto &[cluster, runs] = *earlier;
    if (runs.isEmpty() && !asJson)
        printOut(LinkTestText::tr("%1 has no link test runs yet: 'sparkctl linktest --cluster %1' measures its links.\n")
                     .arg(cluster));
    for (const LinkTestRun &run : runs) {
        if (asJson) {
            QJsonObject object = run.toJson();
            object.insert(QStringLiteral("type"), QStringLiteral("run"));
            Output::line(object);
            continue;
        }
        const auto passed = std::count_if(run.links.cbegin(), run.links.cend(),
                                          [](const LinkResult &link) { return link.verdict.pass; });
        double slowest = -1;
        for (const LinkResult &link : run.links)
            slowest = slowest < 0 ? link.slowestPortGbps() : std::min(slowest, link.slowestPortGbps());
        printOut(LinkTestText::tr("%1  %2 of %3 links passed, slowest port %4 Gb/s\n")
                     .arg(run.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")))
                     .arg(passed)
                     .arg(run.links.size())
                     .arg(LinkVerdict::formatGbps(std::max(slowest, 0.0))));
    }
    Output::result(true, {{QStringLiteral("cluster"), cluster}, {QStringLiteral("runs"), int(runs.size())}});
    return Success;
}

// --mode, --duration, --streams, --direction into the run's options; the usage error's sentence when one is wrong.
std::optional<QString> readOptions(const QCommandLineParser &parser, const QString &mode, const QString &duration,
                                   const QString &streams, const QString &direction, LinkTestOptions &options)
{
    if (parser.value(mode) == QLatin1String("rdma"))
        options.mode = LinkTestMode::Rdma;
    else if (parser.value(mode) != QLatin1String("tcp"))
        return LinkTestText::tr("--mode must be tcp or rdma.");
    bool ok = false;
    options.seconds = parser.value(duration).toInt(&ok);
    if (!ok || options.seconds < 2 || options.seconds > 3600)
        return LinkTestText::tr("--duration must be a number of seconds from 2 to 3600.");
    options.streams = parser.value(streams).toInt(&ok);
    if (!ok || options.streams < 1 || options.streams > 128)
        return LinkTestText::tr("--streams must be from 1 to 128.");
    const auto phases = phasesFor(parser.value(direction));
    if (!phases)
        return LinkTestText::tr("--direction must be a-b, b-a, both or all.");
    options.phases = *phases;
    return std::nullopt;
}

// Core's planning (probe, addresses, links), said first unless quiet. The
// job's sessions belong to `context`, which must outlive the run.
Expected<LinkTestJob> planJob(const ClusterContext &context, const LinkTestOptions &options, bool quiet)
{
    if (!quiet)
        Output::progress(LinkTestText::tr("Reading %1 nodes…").arg(context.targets.size()));
    return planLinkTestJob(*context.nodes, options);
}

void printSample(const LinkSample &sample, bool asJson, const QHash<QString, QString> &labels)
{
    if (asJson) {
        Output::line({{QStringLiteral("type"), QStringLiteral("sample")},
                       {QStringLiteral("link"), sample.link},
                       {QStringLiteral("phase"), linkPhaseKey(sample.phase)},
                       {QStringLiteral("direction"), linkDirectionKey(sample.direction)},
                       {QStringLiteral("twin"), sample.twin == LinkSample::wholePort ? QJsonValue(QStringLiteral("port"))
                                                                                   : QJsonValue(sample.twin)},
                       {QStringLiteral("seconds"), sample.seconds},
                       {QStringLiteral("gbps"), sample.gbps}});
    } else if (sample.twin == LinkSample::wholePort && !Output::quiet()) {
        printOut(QStringLiteral("  %1 %2 %3 s: %4 Gb/s\n")
                     .arg(labels.value(sample.link), linkDirectionKey(sample.direction))
                     .arg(sample.seconds, 0, 'f', 0)
                     .arg(LinkVerdict::formatGbps(sample.gbps)));
    }
}

// Everything the runner reports, printed as it happens (text, or JSON lines).
void printAsItHappens(LinkTestRunner &runner, bool asJson, const QHash<QString, QString> &labels)
{
    QObject::connect(&runner, &LinkTestRunner::started, &runner, [asJson](const LinkTestRun &run) {
        if (!asJson && !Output::quiet())
            printOut(LinkTestText::tr("%1 links; a port passes above %2 Gb/s (%3 Gb/s at rate scale %4).\n")
                         .arg(run.links.size())
                         .arg(LinkVerdict::formatGbps(run.expectedGbps * run.scale), LinkVerdict::formatGbps(run.expectedGbps))
                         .arg(run.scale));
    }, Qt::DirectConnection);
    QObject::connect(&runner, &LinkTestRunner::sample, &runner,
                     [asJson, &labels](const LinkSample &sample) { printSample(sample, asJson, labels); }, Qt::DirectConnection);
    QObject::connect(&runner, &LinkTestRunner::latencyMeasured, &runner,
                     [asJson, &labels](const QString &link, double microseconds, double loss) {
                         if (asJson)
                             Output::line({{QStringLiteral("type"), QStringLiteral("latency")},
                                            {QStringLiteral("link"), link},
                                            {QStringLiteral("latencyUs"), microseconds},
                                            {QStringLiteral("lossPercent"), loss}});
                         else if (!Output::quiet())
                             printOut(LinkTestText::tr("  %1 latency %2 µs, %3 % loss\n")
                                          .arg(labels.value(link))
                                          .arg(microseconds, 0, 'f', 0)
                                          .arg(loss, 0, 'f', 0));
                     }, Qt::DirectConnection);
    QObject::connect(&runner, &LinkTestRunner::linkFinished, &runner, [asJson](const LinkResult &result) {
        if (asJson) {
            QJsonObject object = result.toJson();
            object.remove(QStringLiteral("samples")); // each came as a sample line already
            object.insert(QStringLiteral("type"), QStringLiteral("link"));
            Output::line(object);
        } else {
            printOut(QStringLiteral("%1 %2: %3\n").arg(result.verdict.pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
                                                       result.label, result.verdict.sentence));
        }
    }, Qt::DirectConnection);
}

// Keeps the run in the cluster's history; the comparison with the run before it.
std::optional<RunComparison> keepInHistory(const LinkTestRun &run)
{
    LinkTestHistory history;
    std::optional<RunComparison> comparison;
    const auto loaded = history.load();
    if (!loaded) {
        Output::warning(loaded.error().message);
        return comparison;
    }
    if (const QList<LinkTestRun> earlier = history.runs(run.cluster); !earlier.isEmpty())
        comparison = RunComparison::between(earlier.constFirst(), run);
    history.add(run);
    if (const auto saved = history.save(); !saved)
        Output::warning(saved.error().message);
    return comparison;
}

void printSummary(const LinkTestRun &run, const std::optional<RunComparison> &comparison, bool asJson)
{
    if (!asJson) {
        if (comparison)
            printOut(comparison->text() + QLatin1Char('\n'));
        printOut(run.passed() ? LinkTestText::tr("Every link of %1 passed.\n").arg(run.cluster)
                              : LinkTestText::tr("At least one link of %1 failed.\n").arg(run.cluster));
        return;
    }
    if (comparison) {
        QJsonArray links;
        for (const LinkChange &change : comparison->links)
            links.append(QJsonObject{{QStringLiteral("link"), change.link},
                                     {QStringLiteral("before"), change.beforeGbps ? QJsonValue(*change.beforeGbps) : QJsonValue()},
                                     {QStringLiteral("now"), change.nowGbps ? QJsonValue(*change.nowGbps) : QJsonValue()},
                                     {QStringLiteral("worse"), change.isWorse()},
                                     {QStringLiteral("sentence"), change.sentence}});
        Output::line({{QStringLiteral("type"), QStringLiteral("comparison")},
                       {QStringLiteral("before"), comparison->before.toString(Qt::ISODate)},
                       {QStringLiteral("links"), links}});
    }
    Output::result(run.passed(), run.toJson());
}

int runLinkTest(QCommandLineParser &parser)
{
    const QString mode = QStringLiteral("mode");
    const QString duration = QStringLiteral("duration");
    const QString direction = QStringLiteral("direction");
    const QString streams = QStringLiteral("streams");
    const QString json = QStringLiteral("json");
    const QString historyOption = QStringLiteral("history");
    LinkTestOptions options;
    if (const auto wrong = readOptions(parser, mode, duration, streams, direction, options))
        return usageError(parser, commandPath, *wrong);
    options.sideBySide = !parser.isSet(QStringLiteral("one-at-a-time"));
    const bool asJson = parser.isSet(json);
    if (parser.isSet(historyOption))
        return printHistory(parser.value(clusterOption().name), asJson);

    const auto context = ClusterContext::open(parser.value(clusterOption().name));
    if (!context)
        return Output::failure(context.error());
    Expected<LinkTestJob> job = planJob(*context, options, asJson);
    if (job && parser.isSet(QStringLiteral("link"))) {
        if (auto chosen = LinkTestPlanner::only(job->links, parser.value(QStringLiteral("link"))))
            job->links = *chosen;
        else
            job = chosen.error();
    }
    if (!job)
        return Output::failure(job.error());
    LinkTestRunner runner;
    QHash<QString, QString> labels;
    for (const LinkTarget &link : job->links)
        labels.insert(link.id, link.label);
    printAsItHappens(runner, asJson, labels);
    // Ctrl-C or TERM stops it cleanly (nothing is left on the nodes).
    bool interrupted = false;
    const Expected<LinkTestRun> run = awaitJob(runner, [&] { return runner.run(*job); }, &interrupted);
    if (!run) {
        Output::failure(run.error());
        return interrupted ? Interrupted : Failure;
    }
    printSummary(*run, keepInHistory(*run), asJson);
    if (interrupted)
        return Interrupted;
    return run->passed() ? Success : Failure;
}

} // namespace

void registerLinkTestCommands(CommandTable &table)
{
    table.add(streaming({commandPath, LinkTestText::tr("Measure every link of the cluster and judge it (--json for JSON lines)"),
               LinkTestText::tr("Measure every link of the cluster, both twins of each port at once, and say for each "
                              "whether it carries what it should. Exit code 0 when every link passes, 1 otherwise."),
               {},
               {clusterOption(),
                {QStringLiteral("mode"),
                 LinkTestText::tr("tcp (iperf3) or rdma (ib_write_bw from perftest, with each port's RoCE device and GID "
                                "index); default tcp."),
                 QStringLiteral("MODE"), QStringLiteral("tcp"), Completion::Words, {QStringLiteral("tcp"), QStringLiteral("rdma")}},
                {QStringLiteral("duration"), LinkTestText::tr("Seconds per direction (default 10)."), QStringLiteral("S"),
                 QStringLiteral("10")},
                {QStringLiteral("direction"),
                 LinkTestText::tr("a-b, b-a, both (at once) or all (one after the other, then at once; the default)."),
                 QStringLiteral("DIRECTION"), QStringLiteral("all"), Completion::Words,
                 {QStringLiteral("a-b"), QStringLiteral("b-a"), QStringLiteral("both"), QStringLiteral("all")}},
                {QStringLiteral("streams"), LinkTestText::tr("Parallel TCP streams per twin (default 4; tcp mode)."),
                 QStringLiteral("N"), QStringLiteral("4")},
                {QStringLiteral("link"),
                 LinkTestText::tr("Measure only this link: its label ('cable 2') or its id ('spark-1:0-spark-2:1')."),
                 QStringLiteral("LINK")},
                {QStringLiteral("one-at-a-time"),
                 LinkTestText::tr("Measure one link after the other (by default, links that share no port are measured "
                                "at the same time where the Sparks' cores allow).")},
                {QStringLiteral("json"),
                 LinkTestText::tr("Samples as JSON lines as they arrive, then each link's verdict and the run.")},
                {QStringLiteral("history"),
                 LinkTestText::tr("List the cluster's earlier runs instead of measuring (each run is compared with the one "
                                "before it).")}},
               &runLinkTest}));
}

} // namespace sparkctl
