// SPDX-License-Identifier: MIT
#pragma once

#include "core/models/hfcachelisting.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// One snapshot (revision) of a model in one cache, judged.
struct ModelRevision
{
    QString commit;         // the snapshot's folder name
    QStringList refs;       // "main", … (the refs that name this commit)
    int files = 0;          // files the snapshot holds (links and plain files)
    qint64 bytes = 0;       // what those files weigh (the blobs they point to)
    qint64 weightBytes = 0; // the index's metadata.total_size, else the sum of its weight files
    int shardsListed = 0;   // distinct shards in model.safetensors.index.json (0: no index)
    int shardsPresent = 0;
    // Sentences, each naming what is wrong and with how many files; empty: complete.
    QStringList problems;

    bool complete() const { return files > 0 && problems.isEmpty(); }
    QJsonObject toJson() const;
};

// One repository in one cache folder of one node.
struct CachedModel
{
    QString repoId;                 // "org/name"
    QString folder;                 // "models--org--name"
    QString root;                   // the cache folder it is in
    qint64 diskBytes = 0;           // blobs and plain files, each once
    int unfinishedDownloads = 0;    // blobs/*.incomplete
    QList<ModelRevision> revisions; // newest ref first ("main"), then by commit

    // The revision "main" names, else the only one, else none.
    const ModelRevision *mainRevision() const;
    // A revision by its ref ("main", a branch or tag the cache has a ref
    // for) or its commit (or a prefix of 7 or more); empty: mainRevision().
    const ModelRevision *revisionNamed(const QString &name) const;
    QJsonObject toJson() const;
};

// The models of a node, from its listing. Pure: the judgement of every rule
// the issue names (a snapshot's files present, each link resolving into its
// own repository's blobs/, every shard of the index there, no unfinished
// download) is made here, on what find printed.
class ModelInventory
{
public:
    static QList<CachedModel> models(const CacheListing &listing);
    static QList<CachedModel> models(const CacheRootListing &root);
    // "org/name" from "models--org--name"; empty for anything else.
    static QString repoIdOfFolder(const QString &folder);
    // How a model's size is said: SI units (GB, as the hub and disk makers give
    // them), in the reader's locale.
    static QString sizeText(qint64 bytes, int decimals = 1);
    // A repository id the hub accepts: "org/name" (or "name"), letters, digits, '-', '_', '.'.
    static bool isValidRepoId(const QString &repoId);
};

} // namespace spark
