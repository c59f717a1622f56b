// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/nodefacts.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace spark {

struct EnvironmentVariable
{
    QString name;
    QString value;
    QString why; // one line, English: it goes into files people keep

    friend bool operator==(const EnvironmentVariable &, const EnvironmentVariable &) = default;
};

// The environment NVIDIA's NCCL playbook gives mpirun for a cluster of Sparks
// (../shared/design/DGX-SPARK.md, "NCCL across Sparks"), with this cluster's
// layout and, when the probe read it, its RoCE v2 GID index. One function
// builds it for the export file and every other place that needs it.
class NcclEnvironment
{
    Q_DECLARE_TR_FUNCTIONS(spark::NcclEnvironment)

public:
    // gidIndex: the index of the RoCE v2 IPv4 GID that every cabled twin of
    // every node has (commonGidIndex); without it NCCL chooses by itself.
    static QList<EnvironmentVariable> variables(ClusterLayout layout, std::optional<int> gidIndex);
    // The part that decides NCCL's data path, shared with the serving plan:
    // NCCL_IB_HCA = the given RoCE devices, subnet-aware routing, the ring's
    // two settings, the GID index when known.
    static QList<EnvironmentVariable> dataPath(ClusterLayout layout, const QStringList &rdmaDevices,
                                               std::optional<int> gidIndex);
    // The file: a header, then per variable its reason as a comment and
    // "export NAME=VALUE"; `note` (may be empty) is added as a comment.
    static QString exports(const QString &clusterName, ClusterLayout layout, const QList<EnvironmentVariable> &variables,
                           const QString &note = {});
    // The index of the RoCE v2 GID with an IPv4 address on every cabled twin of
    // every node, when it is the same everywhere; otherwise why not, as a sentence.
    static Expected<int> commonGidIndex(const CablingPlan &cabling, const QList<NodeFacts> &facts);
};

} // namespace spark
