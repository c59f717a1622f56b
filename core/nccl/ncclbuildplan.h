// SPDX-License-Identifier: MIT
#pragma once

#include "core/nccl/ncclprerequisites.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// The steps of NVIDIA's NCCL playbook that build what a Spark lacks, in order.
enum class NcclBuildStep { Packages, CloneNccl, BuildNccl, CloneNcclTests, BuildNcclTests };

// What one Spark needs built, read from its prerequisites: the Debian packages
// to install as root, and whether NCCL and nccl-tests are to be built as the user.
struct NcclBuildNeeds
{
    QString node;
    QStringList packages;  // openmpi-bin, libopenmpi-dev, git, make, g++: only those missing
    bool nccl = false;     // ~/nccl/build has no NCCL
    bool ncclTests = false; // ~/nccl-tests/build lacks all_gather_perf or all_reduce_perf
    QString blocker;       // why nothing can be built there (no CUDA), a sentence; empty: none

    bool nothingToDo() const { return packages.isEmpty() && !nccl && !ncclTests; }
    QList<NcclBuildStep> steps() const;
};

// NVIDIA's documented build, as commands: `apt-get install` of the missing
// packages (the only root step), then as the user NCCL v2.28.9-1 from its git
// tag with `make src.build` for sm_121 and nccl-tests with `make MPI=1`. Each
// part is skipped when its result is there, and a clone already made is built
// on (make redoes only what is missing), so a stopped build resumes. An
// existing NCCL build is never rebuilt: the user's own stays as it is.
class NcclBuildPlan
{
    Q_DECLARE_TR_FUNCTIONS(spark::NcclBuildPlan)

public:
    static constexpr const char *ncclRelease = "v2.28.9-1";

    static NcclBuildNeeds needs(const NcclNodeReadiness &readiness);

    // For SudoCredential::rootShell: refresh the package lists and install.
    static QString packageCommand(const QStringList &packages);
    // The user's part, for `sh -c`: each step prints "@@step KEY" when it
    // starts, then its tools' output. It runs as its own process group and
    // stops the whole of it (make's compilers, git) on SIGTERM.
    static QByteArray buildScript(const NcclBuildNeeds &needs);
    // The step a line of the script's output starts, if it is a step line.
    static std::optional<NcclBuildStep> stepOfLine(QStringView line);

    static QString stepKey(NcclBuildStep step); // "packages", "clone-nccl", … (JSON)
    // "Building NCCL v2.28.9-1 on spark-1 (make src.build for sm_121)…"
    static QString stepSentence(NcclBuildStep step, const NcclBuildNeeds &needs);
};

} // namespace spark
