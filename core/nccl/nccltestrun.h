// SPDX-License-Identifier: MIT
#pragma once

#include "core/nccl/ncclprerequisites.h"
#include "core/nccl/nccltestoutput.h"
#include "core/nccl/nccltestplan.h"
#include "core/nccl/nccltestverdict.h"
#include "core/topology/cablingplan.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// One NCCL test of a cluster: what was asked, what each size measured, what
// NCCL said and the verdict. Kept in the cluster's history; its JSON is the
// file's and sparkctl's.
struct NcclTestRun
{
    QString cluster;
    ClusterLayout layout = ClusterLayout::Direct2;
    NcclTestRequest request;
    QDateTime started;
    qint64 elapsedMs = 0; // checks, then mpirun
    qint64 mpirunMs = 0;  // mpirun alone
    double scale = 1.0;   // the nodes' rate scale (sparklab's; 1 on a real Spark)
    QStringList nodes;    // in rank order
    QStringList mpirun;   // the command line the first node ran (to run it again by hand)
    QStringList ncclVersions; // "spark-1 2.28.9"
    QList<NcclSizeRow> rows;
    std::optional<double> averageBusbwGBps;
    QString network;
    int exitCode = -1;
    QStringList failureLines;
    QList<NcclCableCheck> cableChecks; // each cable's short check, after a run below the bar
    NcclVerdict verdict;

    QJsonObject toJson() const;
    // size,busbw,algbw,time_us,wrong: a line per size, bytes and GB/s, C locale.
    QString toCsv() const;
    static std::optional<NcclTestRun> fromJson(const QJsonObject &object);
};

} // namespace spark
