// SPDX-License-Identifier: MIT
#include "core/models/modelcopyplan.h"

#include "core/models/modelinventory.h"

#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace spark {

namespace {

const CopyNode *nodeNamed(const QList<CopyNode> &nodes, const QString &name)
{
    for (const CopyNode &node : nodes) {
        if (node.name == name)
            return &node;
    }
    return nullptr;
}

// The model as each node's listing holds it, every listing judged once.
QHash<QString, CachedModel> modelOnEachNode(const QList<CopyNode> &nodes, const QString &repoId)
{
    QHash<QString, CachedModel> held;
    for (const CopyNode &node : nodes) {
        for (const CachedModel &model : ModelInventory::models(node.cache)) {
            if (model.repoId == repoId)
                held.insert(node.name, model);
        }
    }
    return held;
}

const ModelRevision *revisionOf(const CachedModel &model, const QString &commit)
{
    for (const ModelRevision &revision : model.revisions) {
        if (revision.commit == commit)
            return &revision;
    }
    return nullptr;
}

bool revisionComplete(const CachedModel *model, const QString &revision)
{
    const ModelRevision *named = model ? model->revisionNamed(revision) : nullptr;
    return named && named->complete();
}

// The size of every blob of the model's folder in a listing, by blob name.
QHash<QString, qint64> blobSizes(const CacheRootListing &cache, const QString &folder)
{
    const QString blobs = folder + QStringLiteral("/blobs/");
    QHash<QString, qint64> sizes;
    for (const CacheEntry &entry : cache.entries) {
        if (entry.type == CacheEntry::Type::File && entry.path.startsWith(blobs))
            sizes.insert(entry.path.mid(blobs.size()), entry.bytes);
    }
    return sizes;
}

// A link the copy may make again elsewhere: a plain relative path inside the
// snapshot, pointing at a blob of its own repository ("../" once per folder
// level, then blobs/<sha1 or sha256>).
bool isCopyableLink(const QString &path, const QString &target)
{
    static const QRegularExpression component(QStringLiteral("^[^/\\x00-\\x1f]+$"));
    const QStringList parts = path.split(QLatin1Char('/'));
    for (const QString &part : parts) {
        if (part == QLatin1String(".") || part == QLatin1String("..") || !component.match(part).hasMatch())
            return false;
    }
    static const QRegularExpression blobTarget(QStringLiteral("^((?:\\.\\./)+)blobs/([0-9a-f]{40}|[0-9a-f]{64})$"));
    const QRegularExpressionMatch match = blobTarget.match(target);
    return match.hasMatch() && match.capturedLength(1) == 3 * (parts.size() + 1);
}

QString blobOf(const QString &target)
{
    return target.mid(target.lastIndexOf(QLatin1Char('/')) + 1);
}

// The destination's addresses on the twins of each port of `from` cabled to `to`.
QMap<int, QStringList> cablesBetween(const AddressPlan &addresses, const QString &from, const QString &to)
{
    QMap<int, QMap<int, QString>> byPort;
    for (const InterfaceAddress &mine : addresses.interfacesOf(from)) {
        for (const InterfaceAddress &peer : addresses.peersOf(mine)) {
            if (peer.node == to)
                byPort[mine.port].insert(mine.twin, peer.addressText());
        }
    }
    QMap<int, QStringList> result;
    for (auto it = byPort.cbegin(); it != byPort.cend(); ++it)
        result.insert(it.key(), it.value().values());
    return result;
}


struct PlanText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelCopyPlanner)
};

// The snapshot's links (into plan.links) and the blobs they name, from the
// source's listing; refused for anything the Hugging Face cache would not make.
Expected<QList<CopyFile>> readSnapshot(ModelCopyPlan &plan, const CopyNode &from)
{
    const QString snapshot = plan.folder + QStringLiteral("/snapshots/") + plan.commit + QLatin1Char('/');
    const QHash<QString, qint64> blobBytes = blobSizes(from.cache, plan.folder);
    QSet<QString> linked;
    QList<CopyFile> files;
    for (const CacheEntry &entry : from.cache.entries) {
        if (!entry.path.startsWith(snapshot))
            continue;
        const QString path = entry.path.mid(snapshot.size());
        if (entry.type != CacheEntry::Type::Link || !isCopyableLink(path, entry.linkTarget))
            return Error(PlanText::tr("%1 of %2 on %3 is not a link into the model's blobs, as the Hugging Face cache "
                                      "makes them; it is not copied. Download the model again on %3 (or copy it by hand).")
                             .arg(path, plan.repoId, plan.source));
        plan.links.append({path, entry.linkTarget});
        const QString blob = blobOf(entry.linkTarget);
        if (!linked.contains(blob)) {
            linked.insert(blob);
            files.append({blob, blobBytes.value(blob)});
            plan.revisionBytes += blobBytes.value(blob);
        }
    }
    std::sort(plan.links.begin(), plan.links.end(), [](const SnapshotLink &a, const SnapshotLink &b) { return a.path < b.path; });
    return files;
}

// The streams of both twins, largest file first, each file to the lightest
// stream (the first of equals: files alternate between the twins).
QList<QList<CopyFile>> splitIntoStreams(QList<CopyFile> files)
{
    std::sort(files.begin(), files.end(), [](const CopyFile &a, const CopyFile &b) {
        return a.bytes != b.bytes ? a.bytes > b.bytes : a.blob < b.blob;
    });
    QList<QList<CopyFile>> streams(2 * ModelCopyPlanner::StreamsPerTwin);
    QList<qint64> load(streams.size(), 0);
    for (const CopyFile &file : std::as_const(files)) {
        const auto lightest = std::distance(load.begin(), std::min_element(load.begin(), load.end()));
        streams[lightest].append(file);
        load[lightest] += file.bytes;
    }
    return streams;
}

// The first feeder with a cable to hop.to whose port sends nothing yet (or,
// when every such port already sends, the first cable found). False: no cable.
bool route(CopyHop &hop, const QStringList &feeders, QSet<QPair<QString, int>> &busy, const AddressPlan &addresses)
{
    std::optional<QPair<QString, QStringList>> shared;
    for (const QString &feeder : feeders) {
        const QMap<int, QStringList> cables = cablesBetween(addresses, feeder, hop.to);
        for (auto it = cables.cbegin(); it != cables.cend(); ++it) {
            if (!shared)
                shared = qMakePair(feeder, it.value());
            if (busy.contains({feeder, it.key()}))
                continue;
            busy.insert({feeder, it.key()});
            hop.from = feeder;
            hop.toAddresses = it.value();
            return true;
        }
    }
    if (!shared)
        return false;
    hop.from = shared->first;
    hop.toAddresses = shared->second;
    return true;
}

// What `node` lacks of `files`: a blob there with another size is sent again.
qint64 missingBytes(const CopyNode &node, const QString &folder, const QList<CopyFile> &files)
{
    const QHash<QString, qint64> present = blobSizes(node.cache, folder);
    qint64 missing = 0;
    for (const CopyFile &file : files)
        missing += present.value(file.blob, -1) == file.bytes ? 0 : file.bytes;
    return missing;
}

} // namespace

QString ModelCopyPlanner::spaceProblem(const QString &node, const QString &folder, qint64 free, qint64 needed)
{
    if (free < 0 || needed <= 0 || free >= needed + HeadroomBytes)
        return {};
    return tr("%1 has %2 free in %3; the copy needs %4 and leaves %5 for the node's other work. Free space there "
              "(sparkctl model list shows what each model takes) and copy again.")
        .arg(node, ModelInventory::sizeText(free), folder, ModelInventory::sizeText(needed),
             ModelInventory::sizeText(HeadroomBytes, 0));
}

bool ModelCopyPlanner::completeSomewhere(const QList<CopyNode> &nodes, const QString &repoId, const QString &revision)
{
    const QHash<QString, CachedModel> held = modelOnEachNode(nodes, repoId);
    return std::any_of(held.cbegin(), held.cend(), [&](const CachedModel &model) { return revisionComplete(&model, revision); });
}

Expected<ModelCopyPlan> ModelCopyPlanner::plan(const QString &repoId, const QList<CopyNode> &nodes,
                                               const AddressPlan &addresses, const QString &source,
                                               const QStringList &targets, const QString &revisionName)
{
    if (!ModelInventory::isValidRepoId(repoId))
        return Error(tr("\"%1\" is not a model id: it looks like org/name (letters, digits, '-', '_', '.').").arg(repoId));
    const QStringList named = QStringList(targets) << source;
    for (const QString &name : named) {
        if (!name.isEmpty() && !nodeNamed(nodes, name))
            return Error(tr("%1 is not a Spark of this cluster.").arg(name));
    }
    const QHash<QString, CachedModel> held = modelOnEachNode(nodes, repoId);
    const auto heldOn = [&held](const QString &node) {
        const auto found = held.constFind(node);
        return found == held.cend() ? nullptr : &*found;
    };
    ModelCopyPlan plan;
    plan.repoId = repoId;
    plan.source = source;
    if (plan.source.isEmpty()) {
        for (const CopyNode &node : nodes) {
            if (revisionComplete(heldOn(node.name), revisionName) && !targets.contains(node.name)) {
                plan.source = node.name;
                break;
            }
        }
    }
    if (plan.source.isEmpty())
        return Error(tr("No Spark of the cluster holds %1 complete: download it on one of them first ("
                        "hf download %1 on that Spark), or finish a copy that stopped.")
                         .arg(repoId));
    const CopyNode &from = *nodeNamed(nodes, plan.source);
    const CachedModel *sourceModel = heldOn(plan.source);
    const ModelRevision *revision = sourceModel ? sourceModel->revisionNamed(revisionName) : nullptr;
    if (!revision || !revision->complete())
        return Error(tr("%1 does not hold %2 complete (%3): choose a Spark that does as the source.")
                         .arg(plan.source, repoId,
                              revision ? revision->problems.join(QLatin1Char(' ')) : tr("it is not in its cache")));
    plan.folder = sourceModel->folder;
    plan.commit = revision->commit;
    plan.refs = revision->refs;

    const auto files = readSnapshot(plan, from);
    if (!files)
        return files.error();
    plan.streams = splitIntoStreams(*files);

    // Who sends to whom: each port sends one copy at a time; a node that
    // receives the model passes it on over a port of its own.
    QStringList feeders{plan.source};
    QSet<QPair<QString, int>> busy;
    for (const CopyNode &node : nodes) {
        if (node.name == plan.source || (!targets.isEmpty() && !targets.contains(node.name)))
            continue;
        if (const CachedModel *there = heldOn(node.name)) {
            const ModelRevision *same = revisionOf(*there, plan.commit);
            if (same && same->complete()) {
                plan.alreadyComplete.append(node.name);
                continue;
            }
        }
        if (node.cache.root.isEmpty() || !node.cache.root.startsWith(QLatin1Char('/')))
            return Error(tr("The cache folder of %1 is not known: read the models again (sparkctl model list).").arg(node.name));
        CopyHop hop;
        hop.to = node.name;
        hop.toUser = node.user;
        hop.toFolder = node.cache.root + QLatin1Char('/') + plan.folder;
        if (!route(hop, feeders, busy, addresses))
            return Error(tr("No cable joins %1 to a Spark that holds or receives %2: check the cabling and the cluster's "
                            "set-up (sparkctl cluster verify). The management link is never used for a copy.")
                             .arg(node.name, repoId));
        hop.fromSource = hop.from == plan.source;
        hop.fromFolder = nodeNamed(nodes, hop.from)->cache.root + QLatin1Char('/') + plan.folder;
        hop.bytesToSend = missingBytes(node, plan.folder, *files);
        if (node.cache.exists) {
            const QString space = spaceProblem(node.name, node.cache.root, node.cache.freeBytes, hop.bytesToSend);
            if (!space.isEmpty())
                return Error(space);
        }
        plan.hops.append(hop);
        feeders.append(node.name);
    }
    return plan;
}

} // namespace spark
