// SPDX-License-Identifier: MIT
#include "core/nccl/ncclprerequisites.h"

#include <QHash>
#include <QRegularExpression>

namespace spark {

namespace {

bool yes(const QHash<QString, QString> &values, const QString &key)
{
    return values.value(key) == QLatin1String("yes");
}

// "-" stands for "absent"; a version must look like one.
QString version(const QHash<QString, QString> &values, const QString &key)
{
    static const QRegularExpression pattern(QStringLiteral("^\\d+(\\.\\d+){1,3}$"));
    const QString value = values.value(key);
    return pattern.match(value).hasMatch() ? value : QString();
}

} // namespace

QString NcclNodeReadiness::ncclLibraryDir() const
{
    return home + QStringLiteral("/nccl/build/lib");
}

QString NcclNodeReadiness::testBinary(const QString &test) const
{
    return home + QStringLiteral("/nccl-tests/build/") + test;
}

QByteArray NcclPrerequisites::script()
{
    return QByteArrayLiteral(
        "export LC_ALL=C\n"
        "echo \"home $HOME\"\n"
        "v=-\n"
        "[ -x /usr/local/cuda/bin/nvcc ] && v=$(/usr/local/cuda/bin/nvcc --version 2>/dev/null"
        " | sed -n 's/.*release \\([0-9][0-9.]*\\),.*/\\1/p' | head -n 1)\n"
        "echo \"cuda ${v:--}\"\n"
        "v=-\n"
        "command -v mpirun >/dev/null 2>&1 && v=$(mpirun --version 2>/dev/null"
        " | sed -n 's/.*(Open MPI) \\([0-9][0-9.]*\\).*/\\1/p' | head -n 1)\n"
        "echo \"mpirun ${v:--}\"\n"
        "h=no\n"
        "for f in /usr/lib/*-linux-gnu/openmpi/include/mpi.h; do [ -f \"$f\" ] && h=yes; done\n"
        "echo \"mpi-headers $h\"\n"
        "v=-\n"
        "n=\"$HOME/nccl/build/include/nccl.h\"\n"
        "[ -f \"$n\" ] && v=$(awk '$1 == \"#define\" && $2 ~ /^NCCL_(MAJOR|MINOR|PATCH)$/ { x[$2] = $3 }"
        " END { if (x[\"NCCL_MAJOR\"] != \"\") print x[\"NCCL_MAJOR\"] \".\" x[\"NCCL_MINOR\"] \".\" x[\"NCCL_PATCH\"] }' \"$n\")\n"
        "echo \"nccl ${v:--}\"\n"
        "l=no; for f in \"$HOME\"/nccl/build/lib/libnccl.so*; do [ -e \"$f\" ] && l=yes; done\n"
        "echo \"nccl-library $l\"\n"
        "for t in all_gather_perf all_reduce_perf; do\n"
        "  if [ -x \"$HOME/nccl-tests/build/$t\" ]; then echo \"$t yes\"; else echo \"$t no\"; fi\n"
        "done\n"
        "m=; for t in git make g++; do command -v \"$t\" >/dev/null 2>&1 || m=\"$m $t\"; done\n"
        "echo \"missing-build-tools ${m:- -}\"\n");
}

Expected<NcclNodeReadiness> NcclPrerequisites::parse(const QByteArray &output, const QString &node)
{
    QHash<QString, QString> values;
    for (const QByteArray &raw : output.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        const qsizetype space = line.indexOf(QLatin1Char(' '));
        if (space > 0)
            values.insert(line.left(space), line.mid(space + 1).trimmed());
    }
    NcclNodeReadiness readiness;
    readiness.node = node;
    readiness.home = values.value(QStringLiteral("home"));
    static const char *const keys[] = {"cuda", "mpirun", "mpi-headers", "nccl", "nccl-library", "all_gather_perf", "all_reduce_perf"};
    for (const char *key : keys) {
        if (!values.contains(QLatin1String(key)))
            return Error(tr("%1 did not say what it has for the NCCL test; run the test again.").arg(node),
                         QStringLiteral("missing \"%1\" in: %2").arg(QLatin1String(key), QString::fromUtf8(output)));
    }
    if (!readiness.home.startsWith(QLatin1Char('/')) || readiness.home.contains(QLatin1Char('\'')))
        return Error(tr("%1's home directory could not be read; run the test again.").arg(node),
                     QStringLiteral("home: %1").arg(readiness.home));
    readiness.cudaVersion = version(values, QStringLiteral("cuda"));
    readiness.mpirunVersion = version(values, QStringLiteral("mpirun"));
    readiness.mpiHeaders = yes(values, QStringLiteral("mpi-headers"));
    readiness.ncclVersion = version(values, QStringLiteral("nccl"));
    readiness.ncclLibrary = yes(values, QStringLiteral("nccl-library"));
    readiness.allGatherPerf = yes(values, QStringLiteral("all_gather_perf"));
    readiness.allReducePerf = yes(values, QStringLiteral("all_reduce_perf"));
    // Only a build needs these; an older script's output without the line says nothing is missing.
    static const QStringList buildTools{QStringLiteral("git"), QStringLiteral("make"), QStringLiteral("g++")};
    for (const QString &tool : values.value(QStringLiteral("missing-build-tools")).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (buildTools.contains(tool))
            readiness.missingBuildTools << tool;
    }
    return readiness;
}

QStringList NcclPrerequisites::problems(const NcclNodeReadiness &n)
{
    QStringList sentences;
    if (n.cudaVersion.isEmpty())
        sentences << tr("%1 has no CUDA toolkit at /usr/local/cuda (nvcc): DGX OS ships it; run the guided update "
                        "(sparkctl update %1) to restore it.")
                         .arg(n.node);
    if (n.mpirunVersion.isEmpty())
        sentences << tr("%1 has no Open MPI (mpirun): install it there with \"sudo apt install openmpi-bin "
                        "libopenmpi-dev\".")
                         .arg(n.node);
    else if (!n.mpiHeaders)
        sentences << tr("%1 lacks Open MPI's development files (mpi.h), which nccl-tests are built with: install them "
                        "there with \"sudo apt install libopenmpi-dev\".")
                         .arg(n.node);
    if (n.ncclVersion.isEmpty() || !n.ncclLibrary)
        sentences << tr("%1 has no NCCL build in ~/nccl/build: build NCCL v2.28.9-1 there as NVIDIA's NCCL playbook "
                        "does (make src.build with NVCC_GENCODE for sm_121).")
                         .arg(n.node);
    if (!n.allGatherPerf || !n.allReducePerf)
        sentences << tr("%1 has no nccl-tests in ~/nccl-tests/build: build them there with \"make MPI=1\" as NVIDIA's "
                        "NCCL playbook does.")
                         .arg(n.node);
    return sentences;
}

QStringList NcclPrerequisites::versions(const QList<NcclNodeReadiness> &nodes)
{
    QStringList list;
    for (const NcclNodeReadiness &node : nodes) {
        if (!node.ncclVersion.isEmpty())
            list << node.node + QLatin1Char(' ') + node.ncclVersion;
    }
    return list;
}

namespace {
const QString missingDetail = QStringLiteral("NCCL test prerequisites");
}

Error NcclPrerequisites::missing(const QStringList &problems)
{
    return Error(problems.join(QLatin1Char('\n')), missingDetail);
}

bool NcclPrerequisites::isMissing(const Error &error)
{
    return error.detail == missingDetail;
}

} // namespace spark
