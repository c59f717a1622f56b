// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include "core/common/expected.h"
#include "core/common/sudocredential.h"
#include "core/nccl/ncclbuildplan.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>

#include <atomic>

namespace spark {

class SshSession;

struct NcclBuildNode
{
    QString name;
    SshSession *session = nullptr; // the caller's, alive until the build ends
    SudoCredential sudo;           // for the package install, the only root step
};

// What the build left on one Spark.
struct NcclBuildNodeResult
{
    QString node;
    QList<NcclBuildStep> stepsRun; // empty: it had everything
    QString problem;               // a sentence with what to do; empty: ready for the NCCL test
};

struct NcclBuildReport
{
    QList<NcclBuildNodeResult> nodes;
    bool ready() const;
    QStringList problems() const;
};

// Builds what NVIDIA's NCCL playbook needs on every Spark at once, as the
// playbook does (NcclBuildPlan): reads each node's prerequisites, installs the
// missing packages with sudo, then clones and makes NCCL and nccl-tests as the
// user, streaming each tool's output, and reads the prerequisites again to
// prove the result. One node's failure does not stop the others. Cancel stops
// every running step (its whole process group) and leaves what is built; the
// next build resumes from there.
class NcclBuilder final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclBuilder)

public:
    explicit NcclBuilder(QObject *parent = nullptr);

    QFuture<NcclBuildReport> run(const QList<NcclBuildNode> &nodes);
    // The same on the calling thread (sparkctl); the signals come from the nodes' threads.
    NcclBuildReport runBlocking(const QList<NcclBuildNode> &nodes);

Q_SIGNALS:
    // progress(): a step begins on a node (fraction 0..1 of that node's steps), and
    // a node that ends ready says so.
    // A line of a tool's output on a node, as received.
    void outputLine(const QString &node, const QString &line);
    void nodeFinished(const spark::NcclBuildNodeResult &result);

private:
    NcclBuildNodeResult buildNode(const NcclBuildNode &node);
    QString installPackages(const NcclBuildNode &node, const NcclBuildNeeds &needs);
    QString runBuildScript(const NcclBuildNode &node, const NcclBuildNeeds &needs, QList<NcclBuildStep> &stepsRun);

};

} // namespace spark
