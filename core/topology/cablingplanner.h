// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include <optional>

namespace spark {

// Turns a layout choice into a cabling plan, and enforces NVIDIA's cabling
// rules on any list of cables (a plan, or the cabling seen on the nodes).
class CablingPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::CablingPlanner)

public:
    // `port` is the user's choice of left (0) or right (1) where the layout
    // allows one (direct2, switch); a ring uses both ports, so it takes none.
    static Expected<CablingPlan> plan(ClusterLayout layout, const QStringList &nodes, std::optional<int> port = {});

    // Every broken rule, one sentence each; empty when the cabling is allowed.
    // Rules: 4+ nodes only through a switch; never mix direct and switched
    // cables; one cable per link and per port; no cable from a node to itself;
    // direct 2 on the same port number; a 3-node ring from Port 0 to Port 1;
    // a switch on the same port number on every node.
    static QList<Error> checkRules(const CablingPlan &plan);

private:
    static Expected<void> checkNodes(ClusterLayout layout, const QStringList &nodes, std::optional<int> port);
};

} // namespace spark
