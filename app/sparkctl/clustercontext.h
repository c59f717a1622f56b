// SPDX-License-Identifier: MIT
#pragma once

#include "app/sparkctl/commandtable.h"
#include "core/cluster/clustersessions.h"
#include "core/common/expected.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/cluster/clusterstore.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <utility>
#include <vector>

namespace sparkctl {

// A planned cluster as the cluster commands use it: core's ClusterSessions
// (the definition, the registered devices, a session each) and a target per
// device (its session and sudo credential).
struct ClusterContext
{
    std::unique_ptr<spark::ClusterSessions> nodes;
    QList<spark::PrepareTarget> targets; // no sudo password until askPasswords()

    const spark::ClusterDefinition &cluster() const { return nodes->cluster(); }
    const QList<spark::Device> &devices() const { return nodes->devices(); }

    // The named cluster, or the one planned last.
    static spark::Expected<ClusterContext> open(const QString &name);
    // One password for every node from stdin's first line; otherwise each
    // node's remembered one from the keychain, or a prompt on the terminal
    // without echo (Enter: the same as the previous node).
    void askPasswords(bool fromStdin);
};

// --cluster NAME and --sudo-password-stdin, alike in every cluster command.
OptionSpec clusterOption();
OptionSpec sudoStdinOption();
// "[spark-1     40%] sentence", one line at a time from any thread (none with
// --quiet; a {"type": "progress"} line with --json).
void printProgress(const QString &node, double fraction, const QString &sentence);
// The named cluster's name (or the one planned last) and its earlier runs
// kept in History (LinkTestHistory, NcclTestHistory), newest first.
template<typename History>
auto earlierRuns(const QString &clusterName) -> spark::Expected<std::pair<QString, decltype(History().runs(QString()))>>
{
    spark::ClusterStore clusters;
    if (const auto loaded = clusters.load(); !loaded)
        return loaded.error();
    const auto cluster = clusters.resolve(clusterName);
    if (!cluster)
        return cluster.error();
    History history;
    if (const auto loaded = history.load(); !loaded)
        return loaded.error();
    return std::pair{cluster->name, history.runs(cluster->name)};
}
// sparkctl cluster plan (clusterplancommand.cpp).
Command clusterPlanCommand();

} // namespace sparkctl
