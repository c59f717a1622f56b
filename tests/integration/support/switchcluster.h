// SPDX-License-Identifier: MIT
#pragma once

// A switch lab of `nodes` Sparks registered as enrolment leaves them and
// saved as one configured cluster `cluster` (port 0), as the health
// benchmarks watch it; false, with the reason on stderr, when any step fails.

#include "core/cluster/clusterstore.h"
#include "support/clusterlab.h"
#include "support/registereddevices.h"

#include <cstdio>

namespace spark::testsupport {

inline bool upSwitchCluster(ClusterLab &lab, const ScratchHome &home, const QString &labName, const QString &subnet,
                            int nodes, const QString &cluster)
{
    if (!lab.up(labName, subnet, {QStringLiteral("switch"), QStringLiteral("--nodes"), QString::number(nodes)}))
        return false;
    if (registerLabDevices(lab, home).size() != nodes) {
        fprintf(stderr, "could not register the lab's Sparks\n");
        return false;
    }
    ClusterDefinition definition;
    definition.name = cluster;
    definition.layout = ClusterLayout::Switch;
    definition.devices = lab.nodeNames();
    definition.port = 0;
    ClusterStore store;
    if (!store.put(definition) || !store.save()) {
        fprintf(stderr, "could not save the cluster\n");
        return false;
    }
    return true;
}

} // namespace spark::testsupport
