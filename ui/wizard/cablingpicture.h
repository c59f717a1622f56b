// SPDX-License-Identifier: MIT
#pragma once

#include "core/topology/cablingplan.h"
#include "core/topology/discoveryrunner.h"
#include "ui/drawings/rearpanelmodel.h"
#include "ui/drawings/topologymodel.h"

#include <QCoreApplication>
#include <QList>

#include <optional>

namespace spark::ui {

// What the cabling page draws: one rear panel per Spark and the topology.
struct CablingPicture
{
    QList<RearPanelModel> panels; // in the plan's node order
    TopologyModel topology;
};

// Puts core's cabling plan, and what discovery found, onto the drawings: no
// rule is checked here (CablingCheck did that), each port only takes the
// state of what was seen in it.
class CablingPictureBuilder
{
    Q_DECLARE_TR_FUNCTIONS(spark::ui::CablingPictureBuilder)

public:
    // `nextCable`: the index in plan.cables of the cable to plug in now
    // (highlighted at both ends), -1 for none. `report`: the last discovery,
    // if any; a report with problems (a node did not answer) is not drawn.
    static CablingPicture build(const CablingPlan &plan, const std::optional<DiscoveryReport> &report, int nextCable,
                                bool selectable);

    // "Spark 2"
    static QString position(int index);
};

} // namespace spark::ui
