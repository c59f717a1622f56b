// SPDX-License-Identifier: MIT
#include "core/nccl/ncclbuildplan.h"

#include "core/common/shellquote.h"

namespace spark {

namespace {

constexpr NcclBuildStep allSteps[] = {NcclBuildStep::Packages, NcclBuildStep::CloneNccl, NcclBuildStep::BuildNccl,
                                      NcclBuildStep::CloneNcclTests, NcclBuildStep::BuildNcclTests};

// One repository's part: clone it unless a checkout is there, then make. A
// directory that is there but is not a checkout is the user's: it is left
// alone and named ("@@blocked KEY").
QString part(const QString &directory, const QString &clone, const QString &make, NcclBuildStep cloneStep,
             NcclBuildStep makeStep)
{
    return QStringLiteral("d=\"$HOME\"/%1\n"
                          "if [ ! -d \"$d/.git\" ]; then\n"
                          "  if [ -e \"$d\" ] && [ -n \"$(ls -A \"$d\" 2>/dev/null)\" ]; then echo \"@@blocked %1\"; exit 3; fi\n"
                          "  echo \"@@step %2\"\n"
                          "  run %3 \"$d\" || exit $?\n"
                          "fi\n"
                          "echo \"@@step %4\"\n"
                          "cd \"$d\" || exit 1\n"
                          "run %5 || exit $?\n")
        .arg(directory, NcclBuildPlan::stepKey(cloneStep), clone, NcclBuildPlan::stepKey(makeStep), make);
}

} // namespace

QList<NcclBuildStep> NcclBuildNeeds::steps() const
{
    QList<NcclBuildStep> steps;
    if (!packages.isEmpty())
        steps << NcclBuildStep::Packages;
    if (nccl)
        steps << NcclBuildStep::CloneNccl << NcclBuildStep::BuildNccl;
    if (ncclTests)
        steps << NcclBuildStep::CloneNcclTests << NcclBuildStep::BuildNcclTests;
    return steps;
}

NcclBuildNeeds NcclBuildPlan::needs(const NcclNodeReadiness &readiness)
{
    NcclBuildNeeds needs;
    needs.node = readiness.node;
    if (readiness.cudaVersion.isEmpty())
        needs.blocker = NcclPrerequisites::problems(readiness).value(0);
    if (readiness.mpirunVersion.isEmpty())
        needs.packages << QStringLiteral("openmpi-bin");
    if (readiness.mpirunVersion.isEmpty() || !readiness.mpiHeaders)
        needs.packages << QStringLiteral("libopenmpi-dev");
    needs.nccl = readiness.ncclVersion.isEmpty() || !readiness.ncclLibrary;
    needs.ncclTests = !readiness.allGatherPerf || !readiness.allReducePerf;
    if (needs.nccl || needs.ncclTests)
        needs.packages << readiness.missingBuildTools; // "git", "make", "g++" are their packages' names
    return needs;
}

QString NcclBuildPlan::packageCommand(const QStringList &packages)
{
    return QStringLiteral("export DEBIAN_FRONTEND=noninteractive; apt-get update && apt-get install -y %1")
        .arg(shellJoin(packages));
}

QByteArray NcclBuildPlan::buildScript(const NcclBuildNeeds &needs)
{
    // A trapped signal waits for a foreground child to end; a background child
    // and `wait` let TERM stop the group at once.
    QString script = QStringLiteral(
        "export LC_ALL=C\n"
        "trap 'trap - TERM; kill -TERM 0 2>/dev/null; exit 143' TERM\n"
        "run() { \"$@\" & wait $!; }\n"
        "export CUDA_HOME=/usr/local/cuda\n"
        "export NCCL_HOME=\"$HOME/nccl/build\"\n"
        "MPI_HOME=; for m in /usr/lib/*-linux-gnu/openmpi; do [ -f \"$m/include/mpi.h\" ] && MPI_HOME=$m; done\n");
    if (needs.nccl)
        script += part(QStringLiteral("nccl"),
                       QStringLiteral("git clone -b %1 https://github.com/NVIDIA/nccl.git").arg(QLatin1String(ncclRelease)),
                       QStringLiteral("make -j\"$(nproc)\" src.build NVCC_GENCODE=\"-gencode=arch=compute_121,code=sm_121\""),
                       NcclBuildStep::CloneNccl, NcclBuildStep::BuildNccl);
    if (needs.ncclTests)
        script += part(QStringLiteral("nccl-tests"), QStringLiteral("git clone https://github.com/NVIDIA/nccl-tests.git"),
                       QStringLiteral("make -j\"$(nproc)\" MPI=1 MPI_HOME=\"$MPI_HOME\" CUDA_HOME=\"$CUDA_HOME\" "
                                      "NCCL_HOME=\"$NCCL_HOME\""),
                       NcclBuildStep::CloneNcclTests, NcclBuildStep::BuildNcclTests);
    script += QStringLiteral("echo \"@@done\"\n");
    return script.toUtf8();
}

std::optional<NcclBuildStep> NcclBuildPlan::stepOfLine(QStringView line)
{
    if (!line.startsWith(u"@@step "))
        return std::nullopt;
    const QStringView key = line.mid(7).trimmed();
    for (NcclBuildStep step : allSteps) {
        if (stepKey(step) == key)
            return step;
    }
    return std::nullopt;
}

QString NcclBuildPlan::stepKey(NcclBuildStep step)
{
    switch (step) {
    case NcclBuildStep::Packages:
        return QStringLiteral("packages");
    case NcclBuildStep::CloneNccl:
        return QStringLiteral("clone-nccl");
    case NcclBuildStep::BuildNccl:
        return QStringLiteral("build-nccl");
    case NcclBuildStep::CloneNcclTests:
        return QStringLiteral("clone-nccl-tests");
    case NcclBuildStep::BuildNcclTests:
        return QStringLiteral("build-nccl-tests");
    }
    return {};
}

QString NcclBuildPlan::stepSentence(NcclBuildStep step, const NcclBuildNeeds &needs)
{
    switch (step) {
    case NcclBuildStep::Packages:
        return tr("Installing %1 on %2 (apt-get, as root)…").arg(needs.packages.join(QStringLiteral(", ")), needs.node);
    case NcclBuildStep::CloneNccl:
        return tr("Fetching NCCL %1 on %2 (git clone)…").arg(QLatin1String(ncclRelease), needs.node);
    case NcclBuildStep::BuildNccl:
        return tr("Building NCCL %1 on %2 for sm_121 (make src.build; this takes several minutes)…")
            .arg(QLatin1String(ncclRelease), needs.node);
    case NcclBuildStep::CloneNcclTests:
        return tr("Fetching nccl-tests on %1 (git clone)…").arg(needs.node);
    case NcclBuildStep::BuildNcclTests:
        return tr("Building nccl-tests on %1 (make MPI=1)…").arg(needs.node);
    }
    return {};
}

} // namespace spark
