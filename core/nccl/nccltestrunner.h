// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include "core/common/expected.h"
#include "core/facts/nodefacts.h"
#include "core/nccl/nccltestoutput.h"
#include "core/nccl/nccltestrun.h"
#include "core/topology/clusterdefinition.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <optional>

namespace spark {

class SshSession;

struct NcclTestNode
{
    QString name;
    QString host; // how the other nodes reach it for mpirun (its management address or name)
    SshSession *session = nullptr;
};

struct NcclTestJob
{
    QString clusterName;
    CablingPlan cabling;
    QList<NcclTestNode> nodes; // in cluster order: the first starts mpirun
    NcclTestRequest request;
    // The cluster as planned: after a run below the bar, its addresses give
    // each cable's short check (none: the cables are not checked).
    std::optional<ClusterDefinition> definition;
};

// Runs NVIDIA's NCCL acceptance test on a configured cluster: checks every
// node's prerequisites (one read-only script each), reads the RoCE GIDs for
// the environment, starts mpirun on the first node with the environment of
// the exports (NcclEnvironment), reads its table as it streams and judges the
// result. Below the bar it checks each cable for a few seconds (the quick
// check's link test), so that a degraded cable is named. Cancel stops mpirun
// and every rank it started.
class NcclTestRunner final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclTestRunner)

public:
    explicit NcclTestRunner(QObject *parent = nullptr);

    QFuture<Expected<NcclTestRun>> run(const NcclTestJob &job);
    // The same on the calling thread (sparkctl), the signals emitted from it.
    Expected<NcclTestRun> runBlocking(const NcclTestJob &job);

Q_SIGNALS:
    void outputLine(const QString &line); // mpirun's, as received
    void rowMeasured(const spark::NcclSizeRow &row);
    // After the checks: NVIDIA's bar for this cluster at the nodes' rate scale.
    void expectationKnown(const spark::NcclExpectation &expectation);

private:
    struct Checked; // what the nodes' checks found (nccltestrunner.cpp)

    // The run's phases in order; each fills its part of `run`.
    // Every node's prerequisites and facts, read at once; NVIDIA's bar is known after it.
    Expected<Checked> checkNodes(const NcclTestJob &job, NcclTestRun &run);
    // mpirun on the first node, its table read as it streams into `output`.
    Expected<void> runMpirun(const NcclTestJob &job, const Checked &checked, NcclTestOutput &output, NcclTestRun &run);
    // The verdict; below the bar, each cable checked for a few seconds to name why.
    Expected<void> judge(const NcclTestJob &job, const Checked &checked, const NcclTestOutput &output, NcclTestRun &run);
    // Each cable's short check over the planned addresses; an error when it could not run.
    Expected<QList<NcclCableCheck>> checkCables(const NcclTestJob &job, const QList<NodeFacts> &facts);
};

} // namespace spark
