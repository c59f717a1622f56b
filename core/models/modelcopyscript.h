// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/models/modelcopyplan.h"

#include <QString>

#include <optional>

namespace spark {

// What the destination said before a copy: its free space once the model's
// folders exist, and whether rsync is there to receive.
struct CopyDestination
{
    qint64 freeBytes = -1;
    bool hasRsync = false;
    bool ready = false; // the end marker came
    QString said;       // the last thing it printed when not ready
};

// One line of a hop's script, as the runner reads it.
struct CopyLine
{
    // Batch: a stream's rsync starts (Progress counts from there).
    enum class Kind { Progress,
                      FileDone,
                      Literal,
                      Batch,
                      Failed,
                      Said,
                      Other };
    Kind kind = Kind::Other;
    int stream = -1;
    qint64 bytes = 0;  // Progress: bytes of the stream's running rsync so far; Literal: bytes that crossed the cable
    QString text;      // FileDone: the blob; Failed: the reason key; Said: the tool's words
    int exitCode = -1; // Failed: that stream's rsync's exit code (-1: none)
};

// The commands of a model copy, each from validated, quoted tokens. The
// transfer is rsync over the node-to-node SSH the set-up installed, one rsync
// per stream and round: rsync writes beside and renames a file only once it is
// whole (as the Hugging Face client does), keeps what arrived of a cut file in
// a partial folder (`--partial-dir`) and, with the delta transfer, sends only
// what is missing when the copy is run again.
class ModelCopyScript
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelCopyScript)

public:
    static constexpr const char *partialFolder = ".spark-companion-partial";
    // A file that does not arrive at a node passing it on in this time fails the hop.
    static constexpr int FeederWaitSeconds = 600;
    // rsync's own I/O timeout: a pulled cable or a gone node stops a stream.
    static constexpr int IoTimeoutSeconds = 20;

    // Says the destination's free space where the model's folder will be
    // (its nearest folder that exists) and whether rsync is there; changes
    // nothing (run with sh -c).
    static QString destinationCommand(const QString &folder);
    static CopyDestination parseDestination(const QString &output);

    // The hop's transfer, run on its sending node with `bash -c` (setsid):
    // both streams at once, each file waited for (a node passing the model on
    // sends a file once it has it whole) and sent by rsync to the destination's
    // address on that stream's twin.
    static Expected<QString> hopScript(const ModelCopyPlan &plan, const CopyHop &hop, int feederWaitSeconds = FeederWaitSeconds);
    static CopyLine parseLine(const QString &line);
    // Why a hop stopped, from its script's @@fail key, rsync's exit code and
    // its last words: what happened and what to do.
    static QString failureSentence(const CopyHop &hop, const QString &failKey, int exitCode, const QString &said);

    // Makes the snapshot's links and the refs on a destination once every
    // blob is there: built in a folder beside and moved into place, so a
    // snapshot never shows a link into nothing.
    static Expected<QString> snapshotCommand(const ModelCopyPlan &plan, const QString &folder);
};

} // namespace spark
