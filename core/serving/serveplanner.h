// SPDX-License-Identifier: MIT
#pragma once

#include "core/serving/serveplan.h"

#include <QCoreApplication>

namespace spark {

// Turns a recipe, the cluster and what was read from its nodes into what runs
// on each node (../shared/design/DGX-SPARK.md, "After the network"): NVIDIA's
// container flags, a Ray head on the first node and a worker on every other,
// the environment that puts Ray and NCCL's bootstrap on the network every
// node reaches (the CX-7 subnet on a pair or a switch, the management network
// on a ring of three) and NCCL's data on both twins of the cabled ports, and
// the filled serve command. Everything that would make the launch fail is a
// refusal, all of them at once. Pure.
class ServePlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::ServePlanner)

public:
    static constexpr int rayPort = 6379;
    static constexpr int defaultApiPort = 8000;
    static ServePlan plan(const ServeRequest &request);
    // Container names and launch ids: what `serve stop` may name.
    static bool isValidLaunchId(const QString &launchId);
    static QString containerName(const QString &launchId, int index);
    // The labels every container of a launch carries, so a stop finds them
    // even without the launch's record.
    static constexpr const char *clusterLabel = "io.spark-companion.cluster";
    static constexpr const char *launchLabel = "io.spark-companion.launch";
};

} // namespace spark
