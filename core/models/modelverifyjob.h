// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"
#include "core/devices/device.h"
#include "core/models/blobverification.h"
#include "core/models/modelinventoryjob.h"

#include <QFuture>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// A model checked on one node: its snapshot judged (the inventory's rules)
// and every blob hashed against its name.
struct NodeVerification
{
    QString node;
    std::optional<Error> error;     // the node could not be read or checked
    bool found = false;             // the node holds the model at all
    QList<ModelRevision> revisions; // as the inventory judged them
    QList<BlobVerification> copies; // one per cache folder holding it

    bool passed() const;
    // One sentence: what was found and what to do.
    QString sentence() const;
    QJsonObject toJson() const;
};

// Checks one model on every node at once: the listing, then on each node
// that holds it the hashing of its blobs (on the node, never over the network).
class ModelVerifyJob final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelVerifyJob)

public:
    static constexpr int HashTimeoutMs = 6 * 60 * 60 * 1000; // a 120 GB model at 10 GB/s with room to spare

    explicit ModelVerifyJob(QObject *parent = nullptr);

    QFuture<QList<NodeVerification>> verify(const QList<Device> &devices, const QString &repoId,
                                            const QHash<QString, QStringList> &extraFolders);
    static NodeVerification verifyNode(SshSession &session, const QString &node, const QString &repoId,
                                       const QStringList &extraFolders);
};

} // namespace spark
