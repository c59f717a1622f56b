// SPDX-License-Identifier: MIT
#include "core/cluster/linktestjobs.h"

#include "core/cluster/clusteroperations.h"
#include "core/cluster/clustersessions.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/topology/cablingplanner.h"

namespace spark {

Expected<LinkTestJob> planLinkTestJob(ClusterSessions &sessions, const LinkTestOptions &options)
{
    const ClusterDefinition &cluster = sessions.cluster();
    // The cabling first: a plan that cannot be cabled fails before any SSH.
    const auto cabling = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
    if (!cabling)
        return cabling.error();
    const QList<PrepareTarget> targets = sessions.targets();
    const auto facts = ClusterPreparer::probe(targets);
    if (!facts)
        return facts.error();
    const auto addresses = ClusterPreparer::planAddresses(cluster, *cabling, *facts);
    if (!addresses)
        return addresses.error();
    auto job = ClusterOperations::linkTestJob(cluster.name, *cabling, *addresses, *facts, targets);
    if (job)
        job->options = options;
    return job;
}

} // namespace spark
