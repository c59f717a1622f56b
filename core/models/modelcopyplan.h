// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/models/hfcachelisting.h"
#include "core/netconfig/addressplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// One node as the copy sees it: the login the others use on it and its
// default cache folder as the inventory listed it.
struct CopyNode
{
    QString name;
    QString user;
    CacheRootListing cache;
};

// One blob of the revision: its name (the hash) and size.
struct CopyFile
{
    QString blob;
    qint64 bytes = 0;
    friend bool operator==(const CopyFile &, const CopyFile &) = default;
};

// One link of the snapshot: its path inside the snapshot folder and its
// target as the source stores it ("../../blobs/<hash>").
struct SnapshotLink
{
    QString path;
    QString target;
    friend bool operator==(const SnapshotLink &, const SnapshotLink &) = default;
};

// One transfer: `from` sends the blobs `to` lacks over the cable between
// them, one stream per twin (`toAddresses`: the destination's CX-7 address on
// each twin of that cable).
struct CopyHop
{
    QString from;
    QString to;
    QString fromFolder; // absolute: "<cache>/models--org--name"
    QString toFolder;
    QString toUser;
    QStringList toAddresses;
    qint64 bytesToSend = 0; // what `to` lacks of the revision
    bool fromSource = true; // false: `from` is itself receiving and passes each file on once it has it whole
    friend bool operator==(const CopyHop &, const CopyHop &) = default;
};

// A model's revision from one node to the others, over the cables: who sends
// to whom (the source's free ports first, then nodes that already receive it
// pass it on, so that one port never carries N-1 copies), the blobs split
// between two streams, and the snapshot's links (made last, so a snapshot
// never points into nothing).
struct ModelCopyPlan
{
    QString repoId;
    QString folder; // "models--org--name"
    QString commit;
    QStringList refs; // the refs that name `commit` on the source ("main")
    QString source;
    qint64 revisionBytes = 0;
    // 2 × StreamsPerTwin, stream i to the destination's address on twin i % 2;
    // largest file first, as even in bytes as the files allow.
    QList<QList<CopyFile>> streams;
    QList<SnapshotLink> links;
    QList<CopyHop> hops; // a hop's `from` is the source or an earlier hop's `to`
    QStringList alreadyComplete;
};

class ModelCopyPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelCopyPlanner)

public:
    // Space a copy leaves free on the destination's disk, so a full cache
    // never stops the node's other work.
    static constexpr qint64 HeadroomBytes = 2'000'000'000;
    // Measured on sparklab (December 2026): bare rsync moved 1.57 Gb/s with
    // one stream per twin and 1.61 with two; the copy itself fell from 0.96 to
    // 0.60 Gb/s with four (each stream its own rsync and SSH on two cores).
    static constexpr int StreamsPerTwin = 1;

    // `nodes` in the cluster's order; `source` empty: the first node that
    // holds the model complete. `targets` empty: every other node.
    // `revision`: a ref or commit (CachedModel::revisionNamed); empty: main.
    static Expected<ModelCopyPlan> plan(const QString &repoId, const QList<CopyNode> &nodes, const AddressPlan &addresses,
                                        const QString &source = {}, const QStringList &targets = {},
                                        const QString &revision = {});
    // Whether some node holds that revision of the model whole.
    static bool completeSomewhere(const QList<CopyNode> &nodes, const QString &repoId, const QString &revision);

    // The sentence when `free` bytes cannot take `needed` plus the headroom; empty when they can.
    static QString spaceProblem(const QString &node, const QString &folder, qint64 free, qint64 needed);
};

} // namespace spark
