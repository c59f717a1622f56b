// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/finding.h"
#include "core/facts/nodefacts.h"
#include "core/facts/versionpolicy.h"

#include <QList>

namespace spark {

// Is one node ready to join a cluster? Findings about its release, driver,
// firmware, cabled ports, sudo and earlier network configuration.
QList<Finding> assessNode(const NodeFacts &facts, const VersionPolicy &policy);

// assessNode for every node, then what must match across nodes: release,
// driver and CUDA (NCCL breaks on mixed versions), firmware, kernel, user
// name, uid and gid.
QList<Finding> assessCluster(const QList<NodeFacts> &nodes, const VersionPolicy &policy);

} // namespace spark
