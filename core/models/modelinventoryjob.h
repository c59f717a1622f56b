// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/devices/device.h"
#include "core/models/modelinventory.h"

#include <QFuture>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

class SshSession;

// What one node's caches hold, or why they could not be read.
struct NodeModels
{
    QString node;
    std::optional<Error> error; // the node could not be read: the sentence says why
    CacheListing listing;       // the folders, their free space, the node's memory
    QList<CachedModel> models;

    QJsonObject toJson() const;
};

// The inventory of models on registered Sparks: one read-only SSH exec of
// HfCacheListing per node, every node at once, parsed and judged here.
class ModelInventoryJob final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelInventoryJob)

public:
    static constexpr int TimeoutMs = 60000;

    explicit ModelInventoryJob(QObject *parent = nullptr);

    // Each device's default cache and the extra folders named for it. Progress
    // names each node as it answers; cancel() leaves the nodes not yet read
    // out with "cancelled" (the listing only reads, so nothing is left behind).
    QFuture<QList<NodeModels>> read(const QList<Device> &devices, const QHash<QString, QStringList> &extraFolders);

    // Blocks on `session` (off the GUI thread).
    static NodeModels readNode(SshSession &session, const QString &node, const QStringList &extraFolders);
};

} // namespace spark
