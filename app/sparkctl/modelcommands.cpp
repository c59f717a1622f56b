// SPDX-License-Identifier: MIT
// sparkctl model list [NAME…] [--folder DIR]… [--json]
// sparkctl model verify REPO [NAME…] [--folder DIR]… [--json]
// sparkctl model remove REPO NAME… [--revision REV] [--yes] [--folder DIR]… [--json]
// sparkctl model copy REPO [--from NAME] [--to NAME]… [--cluster NAME] [--json]
// sparkctl model get REPO [--revision REV] [--on NAME] [--cluster NAME] [--json]
// sparkctl model token [--forget]
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/clustercontext.h"
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/exitcode.h"
#include "app/sparkctl/nameddevices.h"
#include "app/sparkctl/output.h"
#include "app/sparkctl/passwordinput.h"
#include "core/cluster/modelcopies.h"
#include "core/devices/secretstore.h"
#include "core/models/modeldownload.h"
#include "core/models/modelfit.h"
#include "core/models/modelinventoryjob.h"
#include "core/models/modelmatrix.h"
#include "core/models/modelremoval.h"
#include "core/models/modelverifyjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>

#include <unistd.h>

using namespace spark;

namespace sparkctl {

namespace {

struct ModelText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::ModelCommands)
};

const QString group = QStringLiteral("model");

void printNode(const NodeModels &node)
{
    if (node.error) {
        printOut(ModelText::tr("%1: cannot be read: %2\n").arg(node.node, node.error->message));
        return;
    }
    QStringList folders;
    for (const CacheRootListing &root : node.listing.roots) {
        if (!root.exists)
            folders.append(ModelText::tr("%1 (not there)").arg(root.root));
        else if (root.freeBytes >= 0)
            folders.append(ModelText::tr("%1 (%2 free)").arg(root.root, ModelInventory::sizeText(root.freeBytes)));
        else
            folders.append(root.root);
    }
    printOut(ModelText::tr("%1: %n model(s) in %2\n", nullptr, int(node.models.size()))
                 .arg(node.node, folders.join(QStringLiteral(", "))));
    for (const CachedModel &model : node.models) {
        for (const ModelRevision &revision : model.revisions) {
            const QString refs = revision.refs.isEmpty() ? QStringLiteral("-") : revision.refs.join(QLatin1Char(','));
            printOut(QStringLiteral("  %1  %2 %3  %4  %5\n")
                         .arg(model.repoId, refs, revision.commit.left(7), ModelInventory::sizeText(revision.bytes),
                              revision.complete() ? ModelText::tr("complete") : ModelText::tr("partial")));
            for (const QString &problem : revision.problems)
                printOut(QStringLiteral("      %1\n").arg(problem));
        }
    }
}

QString stateName(ModelPresence::State state)
{
    switch (state) {
    case ModelPresence::State::Complete:
        return ModelText::tr("complete");
    case ModelPresence::State::Partial:
        return ModelText::tr("partial");
    case ModelPresence::State::Missing:
        break;
    }
    return ModelText::tr("missing");
}

// Models × nodes: where each model is whole, partial or missing.
void printAcross(const QList<NodeModels> &nodes)
{
    const ModelMatrix matrix = ModelMatrix::from(nodes);
    if (matrix.nodes.size() < 2 || matrix.rows.isEmpty())
        return;
    printOut(ModelText::tr("\nAcross the Sparks:\n"));
    for (const ModelRow &row : matrix.rows) {
        QStringList cells;
        for (qsizetype i = 0; i < matrix.nodes.size(); ++i)
            cells.append(QStringLiteral("%1 %2").arg(matrix.nodes.at(i), stateName(row.nodes.at(i).state)));
        printOut(QStringLiteral("  %1: %2\n").arg(row.repoId, cells.join(QStringLiteral(", "))));
        if (row.weightBytes > 0 && matrix.smallestMemoryBytes > 0)
            printOut(QStringLiteral("      %1\n")
                         .arg(ModelFit::sentence(ModelFit::assess(row.weightBytes, matrix.smallestMemoryBytes,
                                                                  int(matrix.nodes.size())))));
    }
}

std::optional<QHash<QString, QStringList>> extraFolders(const QCommandLineParser &parser, const QString &path,
                                                        const QList<Device> &devices, int *exit);

int modelList(QCommandLineParser &parser)
{
    const NamedDevices named = namedDevices(parser, group + QStringLiteral(" list"), true);
    if (named.exit)
        return *named.exit;
    int exit = Success;
    const auto extra = extraFolders(parser, group + QStringLiteral(" list"), named.devices, &exit);
    if (!extra)
        return exit;
    ModelInventoryJob job;
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true;
    const QList<NodeModels> nodes = awaitJob(
        job, [&] { return job.read(named.devices, *extra); }, nullptr, onInterrupt);
    const bool allRead = std::none_of(nodes.cbegin(), nodes.cend(), [](const NodeModels &node) { return bool(node.error); });
    if (Output::json()) {
        QJsonArray array;
        for (const NodeModels &node : nodes)
            array.append(node.toJson());
        Output::result(allRead, {{QStringLiteral("nodes"), array}});
        return allRead ? Success : Failure;
    }
    for (const NodeModels &node : nodes)
        printNode(node);
    printAcross(nodes);
    return allRead ? Success : Failure;
}

// The folders named with --folder, for every device; nothing when one is refused (usage error printed).
std::optional<QHash<QString, QStringList>> extraFolders(const QCommandLineParser &parser, const QString &path,
                                                        const QList<Device> &devices, int *exit)
{
    const QStringList folders = parser.values(QStringLiteral("folder"));
    for (const QString &folder : folders) {
        if (!HfCacheListing::isValidRoot(folder)) {
            *exit = usageError(parser, path, ModelText::tr("--folder takes a folder that starts with / or ~/, on one line: %1").arg(folder));
            return std::nullopt;
        }
    }
    QHash<QString, QStringList> extra;
    for (const Device &device : devices)
        extra.insert(device.name, folders);
    return extra;
}

// MODEL NAME… [--folder DIR]…: the model's id, the devices named after it, their extra folders.
struct ModelCommandLine
{
    QString repoId;
    QList<Device> devices;
    std::optional<QHash<QString, QStringList>> extra;

    // Nothing when the line is good; else the exit code (the usage error printed).
    std::optional<int> read(const QCommandLineParser &parser, const QString &path, bool allWhenNone)
    {
        repoId = parser.positionalArguments().value(0);
        if (!ModelInventory::isValidRepoId(repoId))
            return usageError(parser, path, ModelText::tr("\"%1\" is not a Hugging Face model id: give it as ORG/NAME, e.g. Qwen/Qwen3-8B.").arg(repoId));
        const NamedDevices named = namedDevices(parser, path, allWhenNone, 1);
        if (named.exit)
            return named.exit;
        devices = named.devices;
        int exit = Success;
        extra = extraFolders(parser, path, devices, &exit);
        if (!extra)
            return exit;
        return std::nullopt;
    }
};

int modelVerify(QCommandLineParser &parser)
{
    ModelCommandLine line;
    if (const auto exit = line.read(parser, group + QStringLiteral(" verify"), true))
        return *exit;
    const QString &repoId = line.repoId;
    ModelVerifyJob job;
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true;
    const QList<NodeVerification> nodes = awaitJob(
        job, [&] { return job.verify(line.devices, repoId, *line.extra); }, nullptr, onInterrupt);
    const bool anyHolds = std::any_of(nodes.cbegin(), nodes.cend(), [](const NodeVerification &node) { return node.found; });
    // Passed: every node that holds it holds it whole, and at least one does.
    const bool passed = anyHolds && std::all_of(nodes.cbegin(), nodes.cend(), [](const NodeVerification &node) {
                            return node.passed() || (!node.error && !node.found);
                        });
    if (Output::json()) {
        QJsonArray array;
        for (const NodeVerification &node : nodes)
            array.append(node.toJson());
        Output::result(passed, {{QStringLiteral("repo_id"), repoId}, {QStringLiteral("nodes"), array}});
        return passed ? Success : Failure;
    }
    for (const NodeVerification &node : nodes)
        printOut(node.sentence() + QLatin1Char('\n'));
    if (!anyHolds)
        printOut(ModelText::tr("No Spark holds %1.\n").arg(repoId));
    return passed ? Success : Failure;
}

int modelRemove(QCommandLineParser &parser)
{
    const QString path = group + QStringLiteral(" remove");
    ModelCommandLine line;
    if (const auto exit = line.read(parser, path, false))
        return *exit;
    const QString &repoId = line.repoId;
    const QString revision = parser.value(QStringLiteral("revision"));
    if (!ModelDownload::isValidRevision(revision))
        return usageError(parser, path, ModelText::tr("\"%1\" is not a revision: give a branch, a tag or a commit.").arg(revision));
    QStringList from;
    for (const Device &device : line.devices)
        from.append(device.name);
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true;
    if (!parser.isSet(QStringLiteral("yes"))) {
        // Every registered Spark is read, so the sentence can say which keep it.
        const NamedDevices all = namedDevices(parser, path, true, int(parser.positionalArguments().size()));
        ModelInventoryJob job;
        const QList<NodeModels> inventory = awaitJob(
            job, [&] { return job.read(all.exit ? line.devices : all.devices, {}); }, nullptr, onInterrupt);
        const QString sentence = ModelRemover::confirmation(inventory, repoId, from, revision);
        Output::result(true, {{QStringLiteral("repo_id"), repoId}, {QStringLiteral("removed"), false}, {QStringLiteral("plan"), sentence}, {QStringLiteral("nodes"), QJsonArray()}});
        Output::text(sentence + QLatin1Char('\n'));
        Output::text(ModelText::tr("Nothing was removed: run the command again with --yes to remove it.\n"));
        return Success;
    }
    ModelRemover remover;
    onInterrupt.onlyReads = false;
    onInterrupt.first = ModelText::tr("Stopping after the removal under way; a model is removed whole or left as it was listed.");
    const QList<NodeRemoval> nodes = awaitJob(
        remover, [&] { return remover.remove(line.devices, repoId, *line.extra, revision); }, nullptr, onInterrupt);
    const bool ok = std::none_of(nodes.cbegin(), nodes.cend(), [](const NodeRemoval &node) { return bool(node.error); });
    if (Output::json()) {
        QJsonArray array;
        for (const NodeRemoval &node : nodes)
            array.append(node.toJson());
        Output::result(ok, {{QStringLiteral("repo_id"), repoId}, {QStringLiteral("removed"), true}, {QStringLiteral("plan"), QString()}, {QStringLiteral("nodes"), array}});
    }
    return ok ? Success : Failure;
}

// `model copy` and `model get`: the copy (after the download, for get) and its report.
int copyToCluster(QCommandLineParser &parser, const QString &path, const QString &source, const QStringList &targets,
                  const std::optional<ModelCopyRequest::Download> &download)
{
    const QStringList arguments = parser.positionalArguments();
    if (arguments.size() != 1)
        return usageError(parser, path, ModelText::tr("Name one model, e.g. sparkctl %1 Qwen/Qwen3-8B.").arg(path));
    const QString repoId = arguments.constFirst();
    if (!ModelInventory::isValidRepoId(repoId))
        return usageError(parser, path, ModelText::tr("\"%1\" is not a model id: it looks like org/name.").arg(repoId));
    if (download && !ModelDownload::isValidRevision(download->revision))
        return usageError(parser, path, ModelText::tr("\"%1\" is not a revision: give a branch, a tag or a commit.").arg(download->revision));
    ModelCopyJob job;
    OnInterrupt onInterrupt;
    onInterrupt.first = ModelText::tr("Stopping the copy: what arrived whole stays, and the next copy goes on from there.\n");
    bool interrupted = false;
    const ModelCopyResult result = awaitJob(
        job,
        [&] {
            return copyModelToCluster(job, parser.value(clusterOption().name), repoId, source, targets, download);
        },
        &interrupted, onInterrupt);
    if (result.error)
        return Output::failure(*result.error);
    if (Output::json()) {
        Output::result(result.passed(), result.toJson());
        return interrupted ? Interrupted : result.passed() ? Success
                                                           : Failure;
    }
    if (result.download)
        printOut(ModelText::tr("%1: downloaded %2 (%3) from Hugging Face and checked it.\n")
                     .arg(result.download->node, result.repoId, ModelInventory::sizeText(result.download->bytes)));
    for (const NodeCopy &node : result.nodes)
        printOut(node.sentence() + QLatin1Char('\n'));
    if (result.nodes.isEmpty() && !result.download)
        printOut(ModelText::tr("No other Spark to copy %1 to.\n").arg(result.repoId));
    return interrupted ? Interrupted : result.passed() ? Success
                                                       : Failure;
}

int modelCopy(QCommandLineParser &parser)
{
    return copyToCluster(parser, group + QStringLiteral(" copy"), parser.value(QStringLiteral("from")),
                         parser.values(QStringLiteral("to")), std::nullopt);
}

// The token for a download: sparkctl's own HF_TOKEN, else the keychain's, else none.
std::optional<QString> huggingFaceToken()
{
    const QString fromEnvironment = qEnvironmentVariable("HF_TOKEN");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    SecretStore secrets;
    const Expected<QString> stored = secrets.huggingFaceToken().result();
    if (!stored) {
        printErr(stored.error().message + QLatin1Char('\n'));
        return std::nullopt;
    }
    return *stored;
}

int modelGet(QCommandLineParser &parser)
{
    const auto token = huggingFaceToken();
    if (!token)
        return Failure;
    return copyToCluster(parser, group + QStringLiteral(" get"), {}, {},
                         ModelCopyRequest::Download{parser.value(QStringLiteral("on")), parser.value(QStringLiteral("revision")), *token});
}

int modelToken(QCommandLineParser &parser)
{
    SecretStore secrets;
    if (parser.isSet(QStringLiteral("forget"))) {
        if (const Expected<void> forgotten = secrets.forgetHuggingFaceToken().result(); !forgotten)
            return Output::failure(forgotten.error());
        Output::result(true, {{QStringLiteral("stored"), false}});
        Output::text(ModelText::tr("The Hugging Face token is no longer kept.\n"));
        return Success;
    }
    // Piped in: the first line of standard input; typed: without echo.
    const QString token = (isatty(STDIN_FILENO) ? readHiddenLine(ModelText::tr("Hugging Face token (read access; input hidden): "))
                                                : readPasswordLine())
                              .trimmed();
    if (token.isEmpty() || token.contains(QLatin1Char(' ')))
        return usageError(parser, group + QStringLiteral(" token"),
                          ModelText::tr("Give the token on one line (it starts with hf_), on the terminal or on standard input."));
    if (const Expected<void> stored = secrets.storeHuggingFaceToken(token).result(); !stored)
        return Output::failure(stored.error());
    Output::result(true, {{QStringLiteral("stored"), true}});
    Output::text(ModelText::tr("The Hugging Face token is kept in the system keychain; model get uses it.\n"));
    return Success;
}

} // namespace

void registerModelCommands(CommandTable &table)
{
    Command model{group, ModelText::tr("See the models on each Spark")};
    model.description = ModelText::tr("The models in each Spark's Hugging Face cache: revision, size, and whether every "
                                      "file of the snapshot is there and whole.");
    model.subcommands = {
        {QStringLiteral("list"), ModelText::tr("List each Spark's models and whether each is complete"), ModelText::tr("Read every Spark's Hugging Face cache (~/.cache/huggingface/hub, or $HF_HOME/hub) and the "
                                                                                                                       "folders named with --folder, all at once, and say for each model its revision, its size and "
                                                                                                                       "whether the snapshot is complete: every file present, every link resolving into the blobs, "
                                                                                                                       "every shard of the index there, no unfinished download. Nothing is changed on any node."),
         {deviceArgument(ArgumentSpec::Any, ModelText::tr("Devices to read (default: all)."))},
         {{QStringLiteral("folder"), ModelText::tr("Another folder holding a Hugging Face cache on every device "
                                                   "(repeatable)."),
           QStringLiteral("DIR")},
          {QStringLiteral("json"), ModelText::tr("Print JSON.")}},
         &modelList},
        {QStringLiteral("verify"), ModelText::tr("Check a model on each Spark: every file whole, the snapshot complete"), ModelText::tr("On every Spark that holds the model, hash each of its files on the Spark itself (all Sparks at "
                                                                                                                                        "once, as many files at a time as a Spark has cores) and compare it with the hash the Hugging "
                                                                                                                                        "Face cache names it by, and check that the snapshot is complete. Exit 0 when every Spark that "
                                                                                                                                        "holds the model holds it whole, 1 otherwise. Nothing is changed on any node."),
         {{QStringLiteral("MODEL"), ModelText::tr("The model's Hugging Face id, e.g. Qwen/Qwen3-8B.")}, deviceArgument(ArgumentSpec::Any, ModelText::tr("Devices to check (default: all)."))},
         {{QStringLiteral("folder"), ModelText::tr("Another folder holding a Hugging Face cache on every device "
                                                   "(repeatable)."),
           QStringLiteral("DIR")},
          {QStringLiteral("json"), ModelText::tr("Print JSON.")}},
         &modelVerify},
        {QStringLiteral("remove"), ModelText::tr("Remove a model from chosen Sparks, or one revision of it"), ModelText::tr("Remove the model's folder (every revision) from the Hugging Face caches of the Sparks named, or "
                                                                                                                            "with --revision that revision only (its snapshot, the refs naming it and the files no other "
                                                                                                                            "revision uses). Without --yes nothing is removed: it says how much space it would free and which "
                                                                                                                            "Sparks keep the model. Only the model's own folder in each cache is touched."),
         {{QStringLiteral("MODEL"), ModelText::tr("The model's Hugging Face id, e.g. Qwen/Qwen3-8B.")}, deviceArgument(ArgumentSpec::Some, ModelText::tr("Devices to remove it from."))},
         {{QStringLiteral("yes"), ModelText::tr("Remove it (without: only say what would be removed).")}, {QStringLiteral("revision"), ModelText::tr("Only this revision (a branch, tag or commit): its snapshot, the refs that name it and the files no other revision uses."), QStringLiteral("REV")}, {QStringLiteral("folder"), ModelText::tr("Another folder holding a Hugging Face cache on every device "
                                                                                                                                                                                                                                                                                                                                                  "(repeatable)."),
                                                                                                                                                                                                                                                                                                          QStringLiteral("DIR")},
          {QStringLiteral("json"), ModelText::tr("Print JSON.")}},
         &modelRemove},
        {QStringLiteral("copy"), ModelText::tr("Copy a model from one Spark to the others over the cables, and check it"), ModelText::tr("Copy a model's revision from a Spark that holds it complete to the cluster's other Sparks over the "
                                                                                                                                         "ConnectX-7 cables (never the management network): both twins of a cable at once, a Spark that "
                                                                                                                                         "receives it passing it on where one port would otherwise carry every copy. The source's copy is "
                                                                                                                                         "checked first; files appear only whole; a copy that was cut goes on from where it stopped; a Spark "
                                                                                                                                         "that holds the revision complete gets nothing. Afterwards every file is hashed on every Spark. "
                                                                                                                                         "Exit 0 when every Spark holds it whole."),
         {{QStringLiteral("MODEL"), ModelText::tr("The model's Hugging Face id, e.g. Qwen/Qwen3-8B.")}},
         {clusterOption(), {QStringLiteral("from"), ModelText::tr("The Spark to copy from (default: the first that holds it complete)."), QStringLiteral("NAME"), {}, Completion::Devices}, {QStringLiteral("to"), ModelText::tr("A Spark to copy to (repeatable; default: every other Spark of the cluster)."), QStringLiteral("NAME"), {}, Completion::Devices}, {QStringLiteral("json"), ModelText::tr("Print JSON.")}},
         &modelCopy},
        {QStringLiteral("get"), ModelText::tr("Get a model onto every Spark: download it once, copy it over the cables, check it"), ModelText::tr("When no Spark of the cluster holds the model complete, download it on one of them with the "
                                                                                                                                                  "Hugging Face client that Spark has (hf, or huggingface-cli), then copy it to the others over the "
                                                                                                                                                  "ConnectX-7 cables as model copy does, and hash every file on every Spark. A Spark that holds it "
                                                                                                                                                  "complete gets nothing. The token for gated and private models is sparkctl's HF_TOKEN, else the "
                                                                                                                                                  "one kept with model token; it reaches only the client's environment, never a command line, a "
                                                                                                                                                  "file or a log. A download cut short goes on where it stopped. Exit 0 when every Spark holds it whole."),
         {{QStringLiteral("MODEL"), ModelText::tr("The model's Hugging Face id, e.g. Qwen/Qwen3-8B.")}},
         {clusterOption(), {QStringLiteral("revision"), ModelText::tr("A branch, tag or commit (default: main)."), QStringLiteral("REV")}, {QStringLiteral("on"), ModelText::tr("The Spark to download on (default: the cluster's first)."), QStringLiteral("NAME"), {}, Completion::Devices}, {QStringLiteral("json"), ModelText::tr("Print JSON.")}},
         &modelGet},
        {QStringLiteral("token"), ModelText::tr("Keep a Hugging Face token in the system keychain, for model get"), ModelText::tr("Read a Hugging Face access token (read access is enough) from the terminal without echo, or from "
                                                                                                                                  "standard input, and keep it in the system keychain; model get passes it to the Spark's client "
                                                                                                                                  "for gated and private models. --forget removes it."),
         {},
         {{QStringLiteral("forget"), ModelText::tr("Remove the kept token.")}, {QStringLiteral("json"), ModelText::tr("Print JSON.")}},
         &modelToken},
    };
    table.add(std::move(model));
}

} // namespace sparkctl
