// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linksample.h"
#include "core/linktest/linkverdict.h"
#include "core/linktest/portthroughput.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace spark {

// The result of testing one link (a direct cable, or a node-to-switch leg
// paired with a peer): every measured phase and direction, latency, loss and
// the verdict.
struct LinkResult
{
    QString link;            // stable id, e.g. "spark-1:0-spark-2:0"
    QString label;           // "cable 1"
    QString nodeA;
    int portA = 0;
    QString nodeB;
    int portB = 0;
    QString method;          // "rdma" (ib_write_bw) or "tcp" (iperf3)
    QList<PortThroughput> throughput;
    double latencyUs = -1;   // -1: not measured
    double lossPercent = 0;
    LinkVerdict verdict;
    // Every per-second reading the live chart drew (twins and port totals),
    // so a run opened again from the history draws the same charts.
    QList<LinkSample> samples;

    // The lowest port total over every phase and direction (0: nothing measured).
    double slowestPortGbps() const;

    QJsonObject toJson() const;
    static LinkResult fromJson(const QJsonObject &object);
};

// One run of the link test over a cluster: what the results table shows and
// what is exported (CSV, JSON) and kept in the history.
struct LinkTestRun
{
    QString cluster;
    QDateTime started;       // UTC
    double scale = 1.0;      // the lab's rate_scale; 1 on real hardware
    double expectedGbps = 184;
    QList<LinkResult> links;

    bool passed() const;

    QJsonObject toJson() const;
    static Expected<LinkTestRun> fromJson(const QJsonObject &object);
    // One row per link, phase and direction; RFC 4180 quoting; a header row.
    QString toCsv() const;
};

} // namespace spark
