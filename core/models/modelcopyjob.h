// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/devices/device.h"
#include "core/models/modelcopyplan.h"
#include "core/models/modeldownload.h"
#include "core/models/modelverifyjob.h"
#include "core/netconfig/addressplan.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// What the copy did for one node of the cluster.
struct NodeCopy
{
    enum class State { AlreadyComplete,
                       Copied,
                       Failed,
                       Cancelled,
                       NotStarted };
    QString node;
    State state = State::NotStarted;
    QString from;            // the node that sent it the model
    QStringList via;         // the addresses it was sent to (one per twin)
    qint64 bytesToSend = 0;  // what it lacked
    qint64 bytesArrived = 0; // of those, what arrived whole
    qint64 bytesOnCable = 0; // what rsync sent (less than what arrived when a cut copy was resumed)
    double seconds = 0;
    std::optional<Error> error;
    std::optional<NodeVerification> verification; // after the copy: every blob hashed on the node

    bool passed() const;
    QString sentence() const;
    QJsonObject toJson() const;
};

struct ModelCopyResult
{
    QString repoId;
    QString commit;
    QString source;
    std::optional<Error> error;           // nothing was copied: why
    std::optional<NodeDownload> download; // when it was downloaded on `source` first
    QList<NodeCopy> nodes;                // every node but the source, in the cluster's order

    bool passed() const;
    // Without `error`: sparkctl's envelope carries that.
    QJsonObject toJson() const;
};

struct ModelCopyRequest
{
    QString repoId;
    QString source;        // empty: the first node holding it complete
    QStringList targets;   // empty: every other node
    QList<Device> devices; // the cluster's, in its order
    AddressPlan addresses; // the cluster's CX-7 addresses, as set up
    // "Get": when no node holds the revision whole, download it on `node`
    // (empty: the cluster's first) with its Hugging Face client first.
    struct Download
    {
        QString node;
        QString revision; // empty: main
        QString token;    // empty: none (public models)
    };
    std::optional<Download> download;
};

// Copies a model from one Spark to the others over the CX-7 cables
// (ModelCopyPlanner decides who sends to whom), then proves every byte on
// every node. Before anything is sent: every node is read, the source's own
// copy is checked (a broken copy is never spread), and every destination must
// have rsync and the space. Progress per destination: bytes, rate, time left.
// cancel() stops every stream; what arrived whole stays, what was cut stays in
// rsync's partial folder, and the next copy goes on from there.
class ModelCopyJob final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelCopyJob)

public:
    explicit ModelCopyJob(QObject *parent = nullptr);
    // Blocks (never on the GUI thread): copyModelToCluster runs it on a
    // thread of its own once it has worked out the request.
    ModelCopyResult copyNow(const ModelCopyRequest &request);
    // Only from copyNow's caller, before it: says what it is doing.
    void sayPreparing(const QString &sentence) { reportProgress(0, sentence); }

private:
    std::optional<ModelCopyPlan> prepare(const ModelCopyRequest &request, ModelCopyResult &result);
    bool downloadFirst(const ModelCopyRequest &request, QList<CopyNode> &nodes, ModelCopyResult &result);
};

} // namespace spark
