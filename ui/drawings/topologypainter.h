// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/topologygeometry.h"
#include "ui/drawings/topologymodel.h"

#include <QPalette>

class QPainter;

namespace spark::ui::topologypainter {

struct Options
{
    bool compact = false; // small boxes, no captions (the layout cards)
    int hoveredCable = -1;
    int hoveredNode = TopologyGeometry::kNoNode;
};

void paint(QPainter &painter, const TopologyModel &model, const TopologyGeometry &geometry, const QPalette &palette,
    const Options &options);

// One line per cable, for tooltips and the accessible description:
// "Spark 1 port 0 – Spark 2 port 1: cabled correctly, link up".
QString describeCable(const TopologyModel &model, int cable);
QString describeNode(const TopologyModel &model, int node);

} // namespace spark::ui::topologypainter
