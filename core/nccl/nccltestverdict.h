// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linkverdict.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// NVIDIA's pass bar for the NCCL test ("# Avg bus bandwidth" of
// all_gather_perf at 16 GiB): 21.875 GB/s (175 Gb/s) for two Sparks on a
// cable or a switch, 10 GB/s (80 Gb/s) for a ring of three. The emulated
// cluster runs slower by its rate scale, so the bar is multiplied by it.
struct NcclExpectation
{
    ClusterLayout layout = ClusterLayout::Direct2;
    double scale = 1.0;

    double barGBps() const;
};

// One cable's short check after a run below the bar: the link test's verdict
// over a few seconds of both twins, so that a cable's own fault (degraded
// initialisation, loss, an idle twin) is named instead of "below the bar".
struct NcclCableCheck
{
    QString cable;            // "cable 1"
    QString method;           // "rdma" or "tcp"
    double slowestGbps = 0;   // the lowest port total it measured
    LinkVerdict verdict;
};

// What the run showed, with the facts the verdict needs to name a cause.
struct NcclObservation
{
    bool finished = false;          // mpirun ended with 0
    int rows = 0;                   // sizes measured
    std::optional<double> busbwGBps; // at the largest size
    qint64 largestBytes = 0;
    bool wrongResults = false;
    QString firstFailure;           // the first line that said why it failed
    QString network;                // "IB", "Socket", empty: not said
    QStringList ncclVersions;       // "spark-1 2.28.9" per node, from the prerequisites
    QStringList idleTwins;          // "enP2p1s0f1np1 on spark-2": a cabled twin without an IPv4 address
    QString gidProblem;             // why no common RoCE v2 GID index was found (empty: one was)
    std::optional<QList<NcclCableCheck>> cableChecks; // after a run below the bar (none: not checked)
};

enum class NcclVerdictReason {
    Pass,
    RunFailed,
    WrongResults,
    MismatchedNccl,
    SocketFallback,
    OneHcaPerPort,
    GidNotRoceV2,
    DegradedLink,
    BelowBar,
};

struct NcclVerdict
{
    bool pass = false;
    NcclVerdictReason reason = NcclVerdictReason::RunFailed;
    QString sentence;

    static QString reasonKey(NcclVerdictReason reason); // "pass", "one-hca-per-port", … (files, JSON)
    static std::optional<NcclVerdictReason> reasonFromKey(const QString &key);

    // Rules, first match wins: the run failed or measured nothing; wrong
    // results; NCCL builds differ across nodes; at or above the bar → pass;
    // NCCL fell back to sockets; a cabled twin without an address (one HCA per
    // port: about half the bandwidth); no common RoCE v2 GID; a cable whose
    // short check found the degraded initialisation (reboot); else below the
    // bar, with what the cables' checks found where they ran.
    static NcclVerdict judge(const NcclObservation &observation, const NcclExpectation &expectation);

    // "22.1 GB/s (177 Gb/s)"
    static QString formatBandwidth(double gigabytesPerSecond);
    // "16 GiB", "512 MiB", "64 KiB", "8 B"
    static QString formatBytes(qint64 bytes);
};

} // namespace spark
