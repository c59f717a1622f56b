// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/error.h"
#include "core/common/expected.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// What NVIDIA's NCCL playbook needs on every Spark, as one node has it:
// CUDA at /usr/local/cuda, Open MPI (mpirun and libopenmpi-dev's mpi.h), an
// NCCL build in ~/nccl/build and nccl-tests built with MPI=1 in ~/nccl-tests/build.
struct NcclNodeReadiness
{
    QString node;
    QString home;           // the user's home directory on the node
    QString cudaVersion;    // "13.0"; empty: no nvcc at /usr/local/cuda
    QString mpirunVersion;  // "4.1.4"; empty: no mpirun
    bool mpiHeaders = false;
    QString ncclVersion;    // "2.28.9" from nccl.h; empty: no build
    bool ncclLibrary = false;
    bool allGatherPerf = false;
    bool allReducePerf = false;
    QStringList missingBuildTools; // of git, make, g++: what building NCCL and nccl-tests would lack

    QString ncclLibraryDir() const;           // "<home>/nccl/build/lib"
    QString testBinary(const QString &test) const; // "<home>/nccl-tests/build/all_gather_perf"
};

class NcclPrerequisites
{
    Q_DECLARE_TR_FUNCTIONS(spark::NcclPrerequisites)

public:
    // Read-only; sent on stdin of `sh -s`. Prints one "key value" line per check.
    static QByteArray script();
    static Expected<NcclNodeReadiness> parse(const QByteArray &output, const QString &node);
    // One sentence per missing part, each with what to do.
    static QStringList problems(const NcclNodeReadiness &node);
    // "spark-1 2.28.9" for each node with a build (for the verdict's mismatch rule).
    static QStringList versions(const QList<NcclNodeReadiness> &nodes);

    // The error of a run some Spark is not ready for: the problems' sentences,
    // one per line, and a detail the callers recognise it by (to offer the build).
    static Error missing(const QStringList &problems);
    static bool isMissing(const Error &error);
};

} // namespace spark
