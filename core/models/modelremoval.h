// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/devices/device.h"
#include "core/models/modelinventoryjob.h"

#include <QFuture>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// One copy of a model to remove: its repository folder in one cache folder,
// or one revision of it: its snapshot folder, the refs that name it and the
// blobs no other snapshot links to.
struct ModelRemoval
{
    QString node;
    QString repoId;
    QString path; // absolute: "<cache>/models--org--name", or ".../snapshots/<commit>" for a revision
    qint64 freedBytes = 0;
    QString revision;  // the commit; empty: the whole folder
    QStringList files; // a revision's blobs and refs, absolute
};

// What removing a model from a node did.
struct NodeRemoval
{
    QString node;
    std::optional<Error> error;
    QList<ModelRemoval> removed;

    QJsonObject toJson() const;
};

// Removing a model from chosen Sparks: the whole repository folder (every
// revision) in each cache folder of the node that holds it, nothing else. The
// plan comes from the node's own listing, read just before, so only a folder
// that is a Hugging Face repository of that cache is ever named; the command
// is `rm -rf --` on that one quoted path.
class ModelRemover final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelRemover)

public:
    explicit ModelRemover(QObject *parent = nullptr);

    // `revision` (a ref or commit, CachedModel::revisionNamed): that revision
    // only; the model's only revision is the whole folder. Empty: every revision.
    static QList<ModelRemoval> plan(const NodeModels &node, const QString &repoId, const QString &revision = {});
    static Expected<QString> command(const ModelRemoval &removal);
    // "Removing org/m from spark-2 frees 61.2 GB; spark-1 keeps it." from
    // the inventory of every Spark (those not named keep their copies).
    static QString confirmation(const QList<NodeModels> &inventory, const QString &repoId, const QStringList &fromNodes,
                                const QString &revision = {});

    QFuture<QList<NodeRemoval>> remove(const QList<Device> &devices, const QString &repoId,
                                       const QHash<QString, QStringList> &extraFolders, const QString &revision = {});
    static NodeRemoval removeOnNode(SshSession &session, const QString &node, const QString &repoId,
                                    const QStringList &extraFolders, const QString &revision = {});
};

} // namespace spark
