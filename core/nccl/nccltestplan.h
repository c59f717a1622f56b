// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/nccl/ncclprerequisites.h"
#include "core/nccl/ncclenvironment.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

enum class NcclCollective { AllGather, AllReduce };

// What the user asked for: NVIDIA's run is all_gather_perf at 16 GiB.
struct NcclTestRequest
{
    NcclCollective collective = NcclCollective::AllGather;
    qint64 minBytes = 16LL << 30;
    qint64 maxBytes = 16LL << 30;
    int stepFactor = 2;
    int iterations = 20; // nccl-tests' -n
    int warmup = 5;      // nccl-tests' -w

    // NVIDIA's run (the defaults above): all_gather_perf -b 16G -e 16G -f 2.
    // A quick one instead: a minute or less on a real cluster, 8 MiB to 1 GiB,
    // whose largest size still reaches a 200G port's full bandwidth.
    static NcclTestRequest quick(NcclCollective collective = NcclCollective::AllGather)
    {
        return NcclTestRequest{collective, 8LL << 20, 1LL << 30, 4, 5, 2};
    }
};

class NcclTestPlan
{
    Q_DECLARE_TR_FUNCTIONS(spark::NcclTestPlan)

public:
    static QString collectiveKey(NcclCollective collective);       // "all_gather", "all_reduce"
    static std::optional<NcclCollective> collectiveFromKey(const QString &key);
    static QString testName(NcclCollective collective);           // "all_gather_perf"
    // "16G", "512M", "64K", "1048576": nccl-tests' sizes (powers of 1024).
    static std::optional<qint64> parseBytes(const QString &text);
    // The request as nccl-tests accepts it, or why not in a sentence.
    static Expected<void> validate(const NcclTestRequest &request);

    // The variables mpirun passes to every rank: the exports' (NcclEnvironment),
    // NCCL_DEBUG=INFO for the network NCCL chose, and the NCCL build's library path.
    static QList<EnvironmentVariable> runVariables(const QList<EnvironmentVariable> &exported, const NcclNodeReadiness &first);
    // mpirun's argument vector, started on the first node: one rank per host
    // (the hosts in cluster order, the first one's first), over the node-to-node
    // SSH that the set-up installed, never asking for anything.
    static Expected<QStringList> mpirunCommand(const NcclTestRequest &request, const QStringList &hosts,
                                               const QList<EnvironmentVariable> &variables, const NcclNodeReadiness &first);
};

} // namespace spark
