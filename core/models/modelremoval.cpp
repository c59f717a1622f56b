// SPDX-License-Identifier: MIT
#include "core/models/modelremoval.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/common/shellquote.h"
#include "core/models/ondevices.h"
#include "core/ssh/sshsession.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace spark {

namespace {

struct RemovalText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelRemover)
};

constexpr int RemoveTimeoutMs = 10 * 60 * 1000;

} // namespace

QJsonObject NodeRemoval::toJson() const
{
    QJsonArray paths;
    double freed = 0;
    for (const ModelRemoval &removal : removed) {
        paths.append(removal.path);
        freed += double(removal.freedBytes);
    }
    return QJsonObject{{QStringLiteral("node"), node},
                       {QStringLiteral("error"), error ? QJsonValue(error->message) : QJsonValue()},
                       {QStringLiteral("removed"), paths},
                       {QStringLiteral("freed_bytes"), freed}};
}

ModelRemover::ModelRemover(QObject *parent)
    : Job(lcModels, parent)
{
}

namespace {

const CacheRootListing *rootOf(const NodeModels &node, const QString &root)
{
    for (const CacheRootListing &listed : node.listing.roots) {
        if (listed.root == root)
            return &listed;
    }
    return nullptr;
}

// One revision of a model that holds others: its snapshot, the refs that
// name it, and the blobs that only its snapshot links to.
ModelRemoval revisionRemoval(const NodeModels &node, const CachedModel &model, const QString &commit)
{
    const QString top = model.root + QLatin1Char('/') + model.folder;
    ModelRemoval removal{node.node, model.repoId, top + QStringLiteral("/snapshots/") + commit, 0, commit, {}};
    const CacheRootListing *root = rootOf(node, model.root);
    if (!root)
        return removal;
    const QString snapshots = model.folder + QStringLiteral("/snapshots/");
    const QString mine = snapshots + commit + QLatin1Char('/');
    QSet<QString> ours;
    QSet<QString> others;
    QHash<QString, qint64> sizes;
    for (const CacheEntry &entry : root->entries) {
        if (entry.type == CacheEntry::Type::Link && entry.path.startsWith(snapshots))
            (entry.path.startsWith(mine) ? ours : others).insert(entry.linkTarget.section(QLatin1Char('/'), -1));
        else if (entry.type == CacheEntry::Type::File && entry.path.startsWith(model.folder + QStringLiteral("/blobs/")))
            sizes.insert(entry.path.section(QLatin1Char('/'), -1), entry.bytes);
    }
    for (const QString &blob : std::as_const(ours)) {
        if (others.contains(blob) || !sizes.contains(blob))
            continue;
        removal.files.append(top + QStringLiteral("/blobs/") + blob);
        removal.freedBytes += sizes.value(blob);
    }
    for (auto it = root->refs.cbegin(); it != root->refs.cend(); ++it) {
        if (it.key().startsWith(model.folder + QStringLiteral("/refs/")) && it.value() == commit)
            removal.files.append(model.root + QLatin1Char('/') + it.key());
    }
    removal.files.sort();
    return removal;
}

} // namespace

QList<ModelRemoval> ModelRemover::plan(const NodeModels &node, const QString &repoId, const QString &revision)
{
    QList<ModelRemoval> removals;
    for (const CachedModel &model : node.models) {
        if (model.repoId != repoId || ModelInventory::repoIdOfFolder(model.folder) != repoId)
            continue;
        const ModelRevision *named = revision.isEmpty() ? nullptr : model.revisionNamed(revision);
        if (!revision.isEmpty() && !named)
            continue;
        if (named && model.revisions.size() > 1)
            removals.append(revisionRemoval(node, model, named->commit));
        else
            removals.append(ModelRemoval{node.node, repoId, model.root + QLatin1Char('/') + model.folder, model.diskBytes, {}, {}});
    }
    return removals;
}

Expected<QString> ModelRemover::command(const ModelRemoval &removal)
{
    if (!removal.revision.isEmpty()) {
        // Only "<cache>/models--org--name/snapshots/<commit>", and that folder's own blobs and refs.
        static const QRegularExpression commit(QStringLiteral("^[0-9a-f]{40}$"));
        const QString top = removal.path.section(QLatin1Char('/'), 0, -3);
        const QString folder = top.section(QLatin1Char('/'), -1);
        bool valid = commit.match(removal.revision).hasMatch()
                  && removal.path == top + QStringLiteral("/snapshots/") + removal.revision && top.startsWith(QLatin1Char('/'))
                  && ModelInventory::repoIdOfFolder(folder) == removal.repoId;
        for (const QString &file : removal.files) {
            valid = valid && !file.contains(QLatin1String("/../"))
                 && (file.startsWith(top + QStringLiteral("/blobs/")) || file.startsWith(top + QStringLiteral("/refs/")));
        }
        if (!valid)
            return Error(RemovalText::tr("%1 is not a revision of a model of a Hugging Face cache; nothing was removed.").arg(removal.path));
        // The snapshot first: no link is left pointing into a removed blob.
        QString command = shellJoin({QStringLiteral("rm"), QStringLiteral("-rf"), QStringLiteral("--"), removal.path});
        if (!removal.files.isEmpty())
            command += QStringLiteral(" && ") + shellJoin(QStringList{QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--")} + removal.files);
        return command;
    }
    const QString folder = removal.path.section(QLatin1Char('/'), -1);
    const QString root = removal.path.section(QLatin1Char('/'), 0, -2);
    // Only "<absolute cache folder>/models--org--name", the name the id makes.
    if (!root.startsWith(QLatin1Char('/')) || root.size() < 2 || ModelInventory::repoIdOfFolder(folder) != removal.repoId)
        return Error(RemovalText::tr("%1 is not a model folder of a Hugging Face cache; nothing was removed.").arg(removal.path));
    return shellJoin({QStringLiteral("rm"), QStringLiteral("-rf"), QStringLiteral("--"), removal.path});
}

QString ModelRemover::confirmation(const QList<NodeModels> &inventory, const QString &repoId, const QStringList &fromNodes,
                                   const QString &revision)
{
    qint64 freed = 0;
    QStringList removedFrom;
    QStringList keep;
    for (const NodeModels &node : inventory) {
        const QList<ModelRemoval> removals = plan(node, repoId, revision);
        if (removals.isEmpty())
            continue;
        if (!fromNodes.contains(node.node)) {
            keep.append(node.node);
            continue;
        }
        removedFrom.append(node.node);
        for (const ModelRemoval &removal : removals)
            freed += removal.freedBytes;
    }
    if (removedFrom.isEmpty())
        return RemovalText::tr("None of %1 holds %2: there is nothing to remove.").arg(fromNodes.join(QStringLiteral(", ")), repoId);
    const QString what = revision.isEmpty() ? repoId : RemovalText::tr("revision %1 of %2").arg(revision.left(12), repoId);
    const QString removing = RemovalText::tr("Removing %1 from %2 frees %3")
                                 .arg(what, removedFrom.join(QStringLiteral(", ")), ModelInventory::sizeText(freed));
    if (keep.isEmpty())
        return RemovalText::tr("%1; no other Spark holds it, so it would have to be downloaded again.").arg(removing);
    return keep.size() == 1 ? RemovalText::tr("%1; %2 keeps it.").arg(removing, keep.constFirst())
                            : RemovalText::tr("%1; %2 keep it.").arg(removing, keep.join(QStringLiteral(", ")));
}

NodeRemoval ModelRemover::removeOnNode(SshSession &session, const QString &node, const QString &repoId,
                                       const QStringList &extraFolders, const QString &revision)
{
    NodeRemoval result;
    result.node = node;
    const NodeModels listed = ModelInventoryJob::readNode(session, node, extraFolders);
    if (listed.error) {
        result.error = listed.error;
        return result;
    }
    for (const ModelRemoval &removal : plan(listed, repoId, revision)) {
        const Expected<QString> command = ModelRemover::command(removal);
        if (!command) {
            result.error = command.error();
            return result;
        }
        const auto answer = session.exec(*command, {}, RemoveTimeoutMs).result();
        if (!answer) {
            result.error = answer.error();
            return result;
        }
        if (answer->exitCode != 0) {
            result.error = Error(RemovalText::tr("%1 could not remove %2 completely: %3. What is left of it is listed as partial; "
                                                 "check the folder's permissions and remove it again.")
                                     .arg(node, removal.path, QString::fromUtf8(answer->standardError).trimmed().left(300)));
            return result;
        }
        result.removed.append(removal);
    }
    return result;
}

QFuture<QList<NodeRemoval>> ModelRemover::remove(const QList<Device> &devices, const QString &repoId,
                                                 const QHash<QString, QStringList> &extraFolders, const QString &revision)
{
    m_cancelled = false;
    return runOnThread([this, devices, repoId, extraFolders, revision] {
        return onEveryDevice<NodeRemoval>(
            devices,
            [&](const Device &device, SshSession &session) {
                if (isCancelled())
                    return NodeRemoval{device.name, Error(RemovalText::tr("cancelled; nothing was removed there")), {}};
                return removeOnNode(session, device.name, repoId, extraFolders.value(device.name), revision);
            },
            [](const Device &device, const Error &error) { return NodeRemoval{device.name, error, {}}; },
            [this, &devices, &repoId](const Device &device, const NodeRemoval &done, int answered) {
                qint64 freed = 0;
                for (const ModelRemoval &removal : done.removed)
                    freed += removal.freedBytes;
                reportProgress(device.name, double(answered) / double(devices.size()),
                               done.error ? done.error->message
                               : done.removed.isEmpty()
                                   ? RemovalText::tr("%1 does not hold %2.").arg(device.name, repoId)
                                   : RemovalText::tr("Removed %1 from %2 (%3 freed).").arg(repoId, device.name, ModelInventory::sizeText(freed)));
            });
    });
}

} // namespace spark
