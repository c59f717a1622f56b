// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/topologymodel.h"

#include <QFont>
#include <QLineF>
#include <QList>
#include <QRectF>

namespace spark::ui {

// Where a topology picture puts its nodes, switch and cables inside a
// rectangle: direct pairs side by side, a ring of three as a triangle, a
// switch above one row of nodes (or between two rows past eight nodes).
// Compact pictures (the layout cards) use small boxes and no captions.
class TopologyGeometry
{
public:
    TopologyGeometry(const TopologyModel &model, const QRectF &area, const QFont &font, bool compact);

    QRectF nodeRect(int node) const; // kSwitch gives the switch box
    QLineF cableLine(int cable) const; // from end a to end b, on the boxes' edges
    QPointF anchor(int node, int port) const; // where an arrow for a node/port starts or ends
    QPointF portTagCentre(int cable, bool atA) const; // the "P0" tag near an end

    // Hit tests; -1 for nothing (the switch is kSwitch, so nodeAt returns -2 for nothing).
    int cableAt(const QPointF &position, qreal tolerance) const;
    int nodeAt(const QPointF &position) const;
    static constexpr int kNoNode = -2;

    bool hasSwitch() const { return !m_switch.isNull(); }
    qreal cableWidth() const { return m_cableWidth; }

private:
    void placeDirect(const QRectF &area, QSizeF box);
    void placeRing(const QRectF &area, QSizeF box);
    void placeSwitch(const QRectF &area, QSizeF box, qreal switchHeight);
    void routeCables(const TopologyModel &model);

    QList<QRectF> m_nodes;
    QRectF m_switch;
    QList<QLineF> m_cables;
    QList<QPair<int, int>> m_ends; // node index and port at each end a, for anchors
    QList<QPair<int, int>> m_endsB;
    qreal m_cableWidth = 4;
};

} // namespace spark::ui
