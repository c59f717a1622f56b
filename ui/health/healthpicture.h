// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/clusterhealth.h"
#include "ui/drawings/topologymodel.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace spark::ui {

// A cluster's drawing from its cabling plan and one tick of its health (no
// tick yet: every Spark and cable in no state, each cable by its number).
// The link-health window and the main window's cluster panel show the same.
TopologyModel healthTopology(const CablingPlan &plan, const QList<NodeHealth> &nodes, const QList<CableHealth> &cables);

// "2 of 2 Sparks online · every cable has a link · no alerts · updated 14:02:11".
QString healthSummary(const QList<NodeHealth> &nodes, const QList<CableHealth> &cables, const QList<HealthAlert> &active,
                      const QDateTime &time);

} // namespace spark::ui
