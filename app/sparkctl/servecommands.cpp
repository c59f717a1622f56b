// SPDX-License-Identifier: MIT
// sparkctl serve recipes [--recipes DIR] [--json]
// sparkctl serve plan RECIPE [--cluster NAME] [--on NAME] [--port N] [--tp N] [--pp N] [--set NAME=VALUE]… [--json]
// sparkctl serve start RECIPE [same] [--ready-timeout S] [--json]
// sparkctl serve status [--cluster NAME] [--json]
// sparkctl serve stop [--cluster NAME] [--launch ID] [--json]
// sparkctl serve chat PROMPT [--cluster NAME] [--tokens N] [--json]
// sparkctl serve bench [--cluster NAME] [--streams N] [--tokens N] [--json]
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/clustercontext.h"
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/exitcode.h"
#include "app/sparkctl/output.h"
#include "core/cluster/clustersessions.h"
#include "core/cluster/serving.h"
#include "core/common/runonthread.h"
#include "core/serving/recipe.h"
#include "core/serving/openaiclient.h"
#include "core/serving/servebench.h"
#include "core/serving/servejob.h"
#include "core/serving/serveplanner.h"
#include "core/serving/servestatus.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>

using namespace spark;

namespace sparkctl {

namespace {

struct ServeText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::ServeCommands)
};

const QString group = QStringLiteral("serve");

QJsonObject recipeJson(const Recipe &recipe)
{
    return {{QStringLiteral("id"), QFileInfo(recipe.source).completeBaseName()},
            {QStringLiteral("name"), recipe.name},
            {QStringLiteral("source"), recipe.source},
            {QStringLiteral("model"), recipe.model},
            {QStringLiteral("container"), recipe.container},
            {QStringLiteral("cluster_only"), recipe.clusterOnly},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(recipe.warnings)}};
}

int serveRecipes(QCommandLineParser &parser)
{
    QList<Recipe> recipes = RecipeReader::shipped();
    QStringList problems;
    if (parser.isSet(QStringLiteral("recipes"))) {
        const auto folder = RecipeReader::readFolder(parser.value(QStringLiteral("recipes")));
        recipes += folder.recipes;
        problems = folder.problems;
    }
    QJsonArray array;
    for (const Recipe &recipe : std::as_const(recipes)) {
        array.append(recipeJson(recipe));
        Output::text(QStringLiteral("%1  %2 (%3)\n").arg(QFileInfo(recipe.source).completeBaseName(), recipe.name, recipe.model));
        for (const QString &warning : recipe.warnings)
            Output::text(QStringLiteral("    %1\n").arg(warning));
    }
    for (const QString &problem : std::as_const(problems))
        Output::warning(problem);
    Output::result(problems.isEmpty(), {{QStringLiteral("recipes"), array}});
    return problems.isEmpty() ? Success : Failure;
}

// The recipe and the values the command line gives; the exit code when it is wrong.
std::optional<int> readAsk(QCommandLineParser &parser, const QString &path, ServeAsk &ask)
{
    auto recipe = RecipeReader::find(parser.positionalArguments().value(0), parser.value(QStringLiteral("recipes")));
    if (!recipe)
        return usageError(parser, path, recipe.error().message);
    ask.recipe = *recipe;
    ask.cluster = parser.value(QStringLiteral("cluster"));
    ask.soloNode = parser.value(QStringLiteral("on"));
    ask.extraFolders = parser.values(QStringLiteral("folder"));
    const QList<QPair<QString, QString>> named{{QStringLiteral("port"), QStringLiteral("port")},
                                               {QStringLiteral("tp"), QStringLiteral("tensor_parallel")},
                                               {QStringLiteral("pp"), QStringLiteral("pipeline_parallel")}};
    for (const auto &[option, placeholder] : named) {
        if (parser.isSet(option))
            ask.overrides.append({placeholder, parser.value(option)});
    }
    for (const QString &setting : parser.values(QStringLiteral("set"))) {
        const QString name = setting.section(QLatin1Char('='), 0, 0);
        if (!setting.contains(QLatin1Char('=')) || name.isEmpty())
            return usageError(parser, path, ServeText::tr("--set takes NAME=VALUE, e.g. --set max_model_len=8192: %1").arg(setting));
        ask.overrides.append({name, setting.section(QLatin1Char('='), 1)});
    }
    return std::nullopt;
}

void printPlan(const ServePlan &plan)
{
    Output::text(ServeText::tr("%1 on %2: %3 in %4, tensor parallel %5 × pipeline parallel %6, the API on %7:%8\n")
                     .arg(plan.recipe, plan.cluster, plan.model, plan.image)
                     .arg(plan.tensorParallel)
                     .arg(plan.pipelineParallel)
                     .arg(plan.head())
                     .arg(plan.port));
    if (!plan.network.isEmpty())
        Output::text(plan.network == QLatin1String("management")
                         ? ServeText::tr("Ray and NCCL's bootstrap on the management network; NCCL's data over the cables.\n")
                         : ServeText::tr("Ray and NCCL's bootstrap on the cables' network; NCCL's data over the cables.\n"));
    for (const ServeNodePlan &node : plan.nodes) {
        Output::text(QStringLiteral("  %1 (%2) %3 %4\n").arg(node.node, serveRoleKey(node.role), node.container, node.address));
        if (Output::verbose())
            Output::text(QStringLiteral("    %1\n").arg(node.dockerRun.join(QLatin1Char(' '))));
    }
    Output::text(QStringLiteral("  %1\n").arg(plan.serve.join(QLatin1Char(' '))));
    if (!plan.fit.isEmpty())
        Output::text(plan.fit + QLatin1Char('\n'));
    for (const QString &note : plan.notes)
        Output::text(ServeText::tr("note: %1\n").arg(note));
    for (const QString &warning : plan.warnings)
        Output::warning(warning);
    for (const QString &refusal : plan.refusals)
        Output::text(ServeText::tr("cannot start: %1\n").arg(refusal));
}

std::optional<ServePreparation> prepare(const ServeAsk &ask)
{
    QFuture<Expected<ServePreparation>> future;
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true;
    Output::progress(ServeText::tr("Reading the cluster's nodes…"));
    waitInterruptibly(
        [&] {
            future = prepareServing(ask);
            return QFuture<void>(future);
        },
        onInterrupt);
    const auto prepared = future.result();
    if (!prepared) {
        Output::failure(prepared.error());
        return std::nullopt;
    }
    return *prepared;
}

int servePlan(QCommandLineParser &parser)
{
    ServeAsk ask;
    if (const auto exit = readAsk(parser, group + QStringLiteral(" plan"), ask))
        return *exit;
    const auto prepared = prepare(ask);
    if (!prepared)
        return Failure;
    printPlan(prepared->plan);
    Output::result(prepared->plan.canStart(), {{QStringLiteral("plan"), prepared->plan.toJson()}});
    return prepared->plan.canStart() ? Success : Failure;
}

int serveStart(QCommandLineParser &parser)
{
    ServeAsk ask;
    const QString path = group + QStringLiteral(" start");
    if (const auto exit = readAsk(parser, path, ask))
        return *exit;
    bool ok = true;
    const int readySeconds = parser.value(QStringLiteral("ready-timeout")).toInt(&ok);
    if (parser.isSet(QStringLiteral("ready-timeout")) && (!ok || readySeconds <= 0))
        return usageError(parser, path, ServeText::tr("--ready-timeout takes seconds, a whole number above 0."));
    auto prepared = prepare(ask);
    if (!prepared)
        return Failure;
    const ServePlan &plan = prepared->plan;
    printPlan(plan);
    if (!plan.canStart()) {
        Output::result(false, {{QStringLiteral("plan"), plan.toJson()}, {QStringLiteral("launch"), QJsonValue()}});
        return Failure;
    }
    if (parser.isSet(QStringLiteral("ready-timeout")))
        prepared->options.readyTimeoutMs = readySeconds * 1000;
    ServeJob job;
    if (Output::verbose())
        QObject::connect(
            &job, &ServeJob::engineLine, &job,
            [](const QString &node, const QString &line) { printErr(QStringLiteral("%1| %2\n").arg(node, line)); },
            Qt::DirectConnection);
    OnInterrupt onInterrupt;
    onInterrupt.first = ServeText::tr("Stopping the launch: every container it started is removed.\n");
    const ServeOutcome outcome = awaitJob(
        job, [&] { return job.launch(plan, prepared->devices, prepared->options); }, nullptr, onInterrupt);
    Output::result(outcome.running, {{QStringLiteral("plan"), plan.toJson()}, {QStringLiteral("launch"), outcome.toJson()}});
    if (!outcome.running) {
        for (const QString &line : outcome.lastLines)
            printErr(QStringLiteral("%1| %2\n").arg(outcome.failedNode, line));
        if (!outcome.leftBehind.isEmpty())
            Output::warning(ServeText::tr("%1 did not answer the clean-up; run sparkctl serve stop --cluster %2 when it is back.")
                                .arg(outcome.leftBehind.join(QStringLiteral(", ")), plan.cluster));
        return Output::failure(outcome.error.value_or(Error(ServeText::tr("The launch stopped."))));
    }
    Output::text(ServeText::tr("%1 answers on %2 port %3 after %4 s (launch %5). Stop it with: sparkctl serve stop --cluster %6\n")
                     .arg(plan.model, plan.head())
                     .arg(plan.port)
                     .arg(outcome.readyMs / 1000.0, 0, 'f', 1)
                     .arg(plan.launchId, plan.cluster));
    return Success;
}

std::optional<std::unique_ptr<ClusterSessions>> openCluster(const QCommandLineParser &parser)
{
    auto sessions = ClusterSessions::open(parser.value(QStringLiteral("cluster")));
    if (!sessions) {
        Output::failure(sessions.error());
        return std::nullopt;
    }
    return std::move(*sessions);
}

int serveStatus(QCommandLineParser &parser)
{
    auto sessions = openCluster(parser);
    if (!sessions)
        return Failure;
    const QString cluster = (*sessions)->cluster().name;
    QFuture<ServeStatus> future;
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true;
    waitInterruptibly(
        [&] {
            future = readServeStatus(cluster, (*sessions)->devices());
            return QFuture<void>(future);
        },
        onInterrupt);
    const ServeStatus status = future.result();
    bool allRead = true;
    for (const ServeStatus::Node &node : status.nodes) {
        allRead = allRead && !node.error;
        if (node.error)
            Output::warning(ServeText::tr("%1 could not be read: %2").arg(node.node, node.error->message));
    }
    if (status.launches.isEmpty())
        Output::text(ServeText::tr("Nothing of ours runs on %1.\n").arg(cluster));
    for (const ServeStatus::Launch &launch : status.launches)
        Output::text(ServeText::tr("%1 (launch %2): %3 of %4 containers run; the API on %5:%6 %7\n")
                         .arg(launch.launch.model.isEmpty() ? ServeText::tr("an unrecorded launch") : launch.launch.model,
                              launch.launch.launchId)
                         .arg(launch.running)
                         .arg(launch.containers)
                         .arg(launch.launch.head)
                         .arg(launch.launch.port)
                         .arg(launch.healthStatus == 200 ? ServeText::tr("answers") : ServeText::tr("does not answer")));
    Output::result(allRead, status.toJson());
    return allRead ? Success : Failure;
}

int serveStop(QCommandLineParser &parser)
{
    const QString launchId = parser.value(QStringLiteral("launch"));
    if (!launchId.isEmpty() && !ServePlanner::isValidLaunchId(launchId))
        return usageError(parser, group + QStringLiteral(" stop"), ServeText::tr("\"%1\" is not a launch id (8 letters and digits, as serve status prints it).").arg(launchId));
    auto sessions = openCluster(parser);
    if (!sessions)
        return Failure;
    ServeJob job;
    OnInterrupt onInterrupt;
    onInterrupt.first = ServeText::tr("Finishing the stop under way.\n");
    const ServeStopOutcome outcome = awaitJob(
        job, [&] { return job.stop((*sessions)->cluster().name, launchId, (*sessions)->devices()); }, nullptr, onInterrupt);
    Output::result(outcome.ok(), outcome.toJson());
    if (!outcome.ok()) {
        for (const auto &node : outcome.nodes) {
            if (node.error)
                Output::warning(node.error->message);
        }
        return Output::failure(ServeText::tr("Some nodes could not be cleaned up; run the stop again when they answer."));
    }
    Output::text(ServeText::tr("Stopped in %1 s.\n").arg(outcome.elapsedMs / 1000.0, 0, 'f', 1));
    return Success;
}

std::unique_ptr<ServeEndpoint> endpointFor(const QCommandLineParser &parser)
{
    QFuture<Expected<std::unique_ptr<ServeEndpoint>>> future;
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true;
    const QString cluster = parser.value(QStringLiteral("cluster"));
    const QString launch = parser.value(QStringLiteral("launch"));
    waitInterruptibly(
        [&] {
            future = runOnThread([cluster, launch] { return openServeEndpoint(cluster, launch); });
            return QFuture<void>(future);
        },
        onInterrupt);
    auto endpoint = std::move(future.takeResult());
    if (!endpoint) {
        Output::failure(endpoint.error());
        return nullptr;
    }
    return std::move(*endpoint);
}

std::optional<int> positiveOption(const QCommandLineParser &parser, const QString &name, int fallback)
{
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    return ok && value > 0 ? std::optional<int>(value) : std::nullopt;
}

int serveChat(QCommandLineParser &parser)
{
    const QString path = group + QStringLiteral(" chat");
    const auto tokens = positiveOption(parser, QStringLiteral("tokens"), 256);
    if (!tokens)
        return usageError(parser, path, ServeText::tr("--tokens takes a whole number above 0."));
    const auto endpoint = endpointFor(parser);
    if (!endpoint)
        return Failure;
    std::atomic<bool> cancelled{false};
    QFuture<StreamMeasure> future;
    OnInterrupt onInterrupt;
    onInterrupt.cancel = [&cancelled] { cancelled = true; };
    const QString prompt = parser.positionalArguments().join(QLatin1Char(' '));
    const QUrl base = endpoint->base;
    const QString model = endpoint->launch.model;
    const bool json = Output::json();
    waitInterruptibly(
        [&] {
            future = runOnThread([=, &cancelled] {
                return OpenAiClient::chat(
                    base, model, prompt, *tokens, [json](const QString &text) {
                        if (!json)
                            printOut(text);
                    },
                    &cancelled);
            });
            return QFuture<void>(future);
        },
        onInterrupt);
    const StreamMeasure reply = future.result();
    Output::text(QStringLiteral("\n"));
    Output::result(reply.error.isEmpty(), {{QStringLiteral("model"), model},
                                           {QStringLiteral("text"), reply.text},
                                           {QStringLiteral("tokens"), reply.tokens},
                                           {QStringLiteral("first_token_ms"), double(reply.firstTokenMs)},
                                           {QStringLiteral("decode_tokens_per_second"), reply.decodeTokensPerSecond()}});
    if (!reply.error.isEmpty())
        return Output::failure(ServeText::tr("The model did not answer: %1").arg(reply.error));
    return Success;
}

int serveBench(QCommandLineParser &parser)
{
    const QString path = group + QStringLiteral(" bench");
    const auto streams = positiveOption(parser, QStringLiteral("streams"), 4);
    const auto tokens = positiveOption(parser, QStringLiteral("tokens"), 128);
    if (!streams || *streams > 64 || !tokens)
        return usageError(parser, path, ServeText::tr("--streams takes 1 to 64 and --tokens a whole number above 0."));
    const auto endpoint = endpointFor(parser);
    if (!endpoint)
        return Failure;
    ServeBenchJob job;
    const ServeBenchResult result = awaitJob(job, [&] {
        return job.run(endpoint->base, endpoint->launch.cluster, endpoint->launch.model, *streams, *tokens);
    });
    std::optional<ServeBenchResult> before;
    if (const auto history = ServeBenchHistory::of(result.cluster, result.model); history && !history->isEmpty())
        before = history->constLast();
    if (!result.error) {
        if (const auto kept = ServeBenchHistory::add(result); !kept)
            Output::warning(kept.error().message);
    }
    QJsonObject fields = result.toJson();
    fields.insert(QStringLiteral("previous"), before ? QJsonValue(before->toJson()) : QJsonValue());
    Output::result(!result.error, fields);
    if (result.error)
        return Output::failure(*result.error);
    Output::text(ServeBenchHistory::comparison(result, before) + QLatin1Char('\n'));
    return Success;
}

QList<OptionSpec> launchOptions()
{
    return {clusterOption(),
            {QStringLiteral("on"), ServeText::tr("Serve on this Spark alone, without Ray."), QStringLiteral("NAME"), {}, Completion::Devices},
            {QStringLiteral("port"), ServeText::tr("The API's port (default: the recipe's, else 8000)."), QStringLiteral("N")},
            {QStringLiteral("tp"), ServeText::tr("Tensor parallel size (default: fitted to the Sparks)."), QStringLiteral("N")},
            {QStringLiteral("pp"), ServeText::tr("Pipeline parallel size (default: fitted to the Sparks)."), QStringLiteral("N")},
            {QStringLiteral("set"), ServeText::tr("A value for one of the recipe's placeholders (repeatable)."), QStringLiteral("NAME=VALUE")},
            {QStringLiteral("recipes"), ServeText::tr("A folder of your own recipes."), QStringLiteral("DIR"), {}, Completion::Files},
            {QStringLiteral("folder"), ServeText::tr("Another folder holding a Hugging Face cache on every Spark (repeatable)."), QStringLiteral("DIR")},
            {QStringLiteral("json"), ServeText::tr("Print JSON.")}};
}

} // namespace

void registerServeCommands(CommandTable &table)
{
    Command serve{group, ServeText::tr("Serve a model across the cluster with vLLM")};
    serve.description = ServeText::tr("Run a model from a recipe (the community's format) on the cluster: vLLM in NVIDIA's container "
                                      "on every Spark, a Ray cluster over the network every Spark reaches, NCCL's data over both "
                                      "twins of the cables, the OpenAI API on the first Spark.");
    const ArgumentSpec recipe{QStringLiteral("RECIPE"), ServeText::tr("A shipped recipe's name (serve recipes lists them), one in --recipes, or a file's path.")};
    const QList<OptionSpec> options = launchOptions();
    QList<OptionSpec> startOptions = options;
    startOptions.insert(startOptions.size() - 1,
                        {QStringLiteral("ready-timeout"), ServeText::tr("Seconds to wait for the API (default: ten minutes plus the weights' load time)."), QStringLiteral("S")});
    serve.subcommands = {
        {QStringLiteral("recipes"), ServeText::tr("List the recipes"), ServeText::tr("The shipped recipes and those in --recipes, with what each asks that this program does not apply."), {}, {{QStringLiteral("recipes"), ServeText::tr("A folder of your own recipes."), QStringLiteral("DIR"), {}, Completion::Files}, {QStringLiteral("json"), ServeText::tr("Print JSON.")}}, &serveRecipes},
        {QStringLiteral("plan"), ServeText::tr("Show what a launch would run on each Spark, and what stops it"), ServeText::tr("Read every Spark of the cluster (the model in its caches, Docker's images, the ports in use, the "
                                                                                                                               "cables' addresses) and show the containers, the environment and the serve command a launch would "
                                                                                                                               "use, with the fit and every reason it cannot start. Nothing is changed. Exit 0 when it can start."),
         {recipe},
         options,
         &servePlan},
        streaming({QStringLiteral("start"), ServeText::tr("Launch a model on the cluster and wait until its API answers"), ServeText::tr("Plan as serve plan does, then start Ray's head, every worker, and vLLM, and wait until the API "
                                                                                                                                         "answers with the model. A container that exits, a wait that runs out or a Spark that stops "
                                                                                                                                         "answering stops the launch on every Spark, saying which Spark and what it printed last. Ctrl-C "
                                                                                                                                         "leaves nothing running. With --verbose the engine's lines are printed as they come."),
                   {recipe},
                   startOptions,
                   &serveStart}),
        {QStringLiteral("status"), ServeText::tr("What of ours runs on the cluster"), ServeText::tr("Every launch recorded for the cluster and every container with our labels on its Sparks, and whether "
                                                                                                    "each launch's API answers. Nothing is changed."),
         {},
         {clusterOption(), {QStringLiteral("json"), ServeText::tr("Print JSON.")}},
         &serveStatus},
        streaming({QStringLiteral("stop"), ServeText::tr("Stop a launch on every Spark"), ServeText::tr("Remove the containers of the launch (default: every launch of the cluster) on every Spark at "
                                                                                                        "once, found by their labels, also after the app or sparkctl was closed. Nothing else is touched."),
                   {},
                   {clusterOption(), {QStringLiteral("launch"), ServeText::tr("Only this launch."), QStringLiteral("ID")}, {QStringLiteral("json"), ServeText::tr("Print JSON.")}},
                   &serveStop}),
        {QStringLiteral("chat"), ServeText::tr("Ask the running model, and print its reply as it streams"), ServeText::tr("Send the prompt to the model the cluster serves, through a tunnel to its head over SSH, and print "
                                                                                                                          "the reply as it arrives."),
         {{QStringLiteral("PROMPT"), ServeText::tr("What to ask."), ArgumentSpec::Some}},
         {clusterOption(), {QStringLiteral("launch"), ServeText::tr("Only this launch."), QStringLiteral("ID")}, {QStringLiteral("tokens"), ServeText::tr("The longest reply, in tokens (default 256)."), QStringLiteral("N")}, {QStringLiteral("json"), ServeText::tr("Print JSON.")}},
         &serveChat},
        streaming({QStringLiteral("bench"), ServeText::tr("Measure the running model: first token, tokens per second"), ServeText::tr("Through a tunnel to the head, time one streamed reply (time to the first token, decode "
                                                                                                                                      "tokens per second), then N at once (tokens per second in all), keep the run for the cluster "
                                                                                                                                      "and the model, and compare it with the last one."),
                   {},
                   {clusterOption(), {QStringLiteral("launch"), ServeText::tr("Only this launch."), QStringLiteral("ID")}, {QStringLiteral("streams"), ServeText::tr("Streams at once (default 4)."), QStringLiteral("N")}, {QStringLiteral("tokens"), ServeText::tr("Tokens per reply (default 128)."), QStringLiteral("N")}, {QStringLiteral("json"), ServeText::tr("Print JSON.")}},
                   &serveBench}),
    };
    table.add(std::move(serve));
}

} // namespace sparkctl
