// SPDX-License-Identifier: MIT
#pragma once

// Canned NCCL test runs for the ui tests (the NCCL test window and the
// wizard's NCCL page): sizes as the runner reports them at sparklab scale
// (rate scale 0.01), judged by core's verdict exactly as a real run is; and
// a Spark lacking what the test needs, in core's own sentences.

#include "core/common/expected.h"
#include "core/nccl/ncclbuildplan.h"
#include "core/nccl/ncclprerequisites.h"
#include "core/nccl/nccltestrun.h"
#include "core/nccl/nccltestverdict.h"

#include <QDateTime>
#include <QList>

namespace spark::testsupport {

inline NcclSizeRow ncclRow(int mebibytes, double busbw, double timeUs)
{
    NcclSizeRow r;
    r.bytes = qint64(mebibytes) << 20;
    r.count = r.bytes / 4;
    r.type = QStringLiteral("float");
    r.redop = QStringLiteral("none");
    r.outOfPlace = {timeUs, busbw * 2, busbw, 0};
    r.inPlace = {timeUs * 1.01, busbw * 2 * 0.99, busbw * 0.99, 0};
    return r;
}

// 8 MiB to 256 MiB, ending above NVIDIA's bar for a pair (0.219 GB/s at this
// scale) and a ring (0.1 GB/s); `pace` scales the rates (0.3: below both).
inline QList<NcclSizeRow> ncclSixSizes(double pace = 1.0)
{
    return {ncclRow(8, 0.181 * pace, 23170 / pace), ncclRow(16, 0.197 * pace, 42580 / pace),
            ncclRow(32, 0.209 * pace, 80270 / pace), ncclRow(64, 0.224 * pace, 149800 / pace),
            ncclRow(128, 0.233 * pace, 288000 / pace), ncclRow(256, 0.238 * pace, 564000 / pace)};
}

// 8 MiB to 64 MiB, at half the bar.
inline QList<NcclSizeRow> ncclSlowSizes()
{
    return {ncclRow(8, 0.091, 46100), ncclRow(16, 0.102, 82300), ncclRow(32, 0.108, 155000), ncclRow(64, 0.111, 302000)};
}

inline NcclTestRun ncclRun(const QString &cluster, ClusterLayout layout, const QStringList &nodes,
                           const QList<NcclSizeRow> &rows, const QDateTime &started)
{
    NcclTestRun r;
    r.cluster = cluster;
    r.layout = layout;
    r.request.minBytes = 8LL << 20;
    r.request.maxBytes = rows.constLast().bytes;
    r.started = started;
    r.elapsedMs = 41200;
    r.mpirunMs = 36800;
    r.scale = 0.01;
    r.nodes = nodes;
    for (const QString &node : nodes)
        r.ncclVersions.append(node + QStringLiteral(" 2.28.9"));
    r.rows = rows;
    r.network = QStringLiteral("IB");
    r.exitCode = 0;
    NcclObservation observation;
    observation.finished = true;
    observation.rows = int(rows.size());
    observation.busbwGBps = rows.constLast().busbwGBps();
    observation.largestBytes = rows.constLast().bytes;
    observation.network = r.network;
    observation.ncclVersions = r.ncclVersions;
    r.verdict = NcclVerdict::judge(observation, NcclExpectation{r.layout, r.scale});
    return r;
}

// A Spark with CUDA but no Open MPI, NCCL build or nccl-tests, as the check reads it.
inline NcclNodeReadiness ncclLacking(const QString &node)
{
    NcclNodeReadiness r;
    r.node = node;
    r.home = QStringLiteral("/home/nvidia");
    r.cudaVersion = QStringLiteral("13.0");
    return r;
}

// The runner's error when these Sparks lack what the test needs: a sentence per missing part.
inline Error ncclPrerequisitesError(const QStringList &nodes)
{
    QStringList sentences;
    for (const QString &node : nodes)
        sentences << NcclPrerequisites::problems(ncclLacking(node));
    return NcclPrerequisites::missing(sentences);
}

} // namespace spark::testsupport
