// SPDX-License-Identifier: MIT
#include "ui/drawings/topologygeometry.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace spark::ui {

namespace {

// Where a ray from `start` (inside `r`) along `dir` leaves `r`.
QPointF exitPoint(const QRectF &r, const QPointF &start, const QPointF &dir)
{
    qreal t = std::numeric_limits<qreal>::max();
    if (dir.x() > 0)
        t = std::min(t, (r.right() - start.x()) / dir.x());
    else if (dir.x() < 0)
        t = std::min(t, (r.left() - start.x()) / dir.x());
    if (dir.y() > 0)
        t = std::min(t, (r.bottom() - start.y()) / dir.y());
    else if (dir.y() < 0)
        t = std::min(t, (r.top() - start.y()) / dir.y());
    if (t == std::numeric_limits<qreal>::max())
        return start;
    return start + dir * std::max<qreal>(0, t);
}

qreal distanceToSegment(const QPointF &p, const QLineF &line)
{
    const QPointF d = line.p2() - line.p1();
    const qreal len2 = d.x() * d.x() + d.y() * d.y();
    qreal t = len2 > 0 ? QPointF::dotProduct(p - line.p1(), d) / len2 : 0;
    t = std::clamp<qreal>(t, 0, 1);
    const QPointF q = line.p1() + d * t;
    return std::hypot(p.x() - q.x(), p.y() - q.y());
}

} // namespace

TopologyGeometry::TopologyGeometry(const TopologyModel &model, const QRectF &area, const QFont &font, bool compact)
{
    const QFontMetricsF fm(font);
    const qreal pad = compact ? 4 : 8;
    const QRectF inner = area.adjusted(pad, pad, -pad, -pad);
    QSizeF box;
    if (compact) {
        const qreal w = std::clamp<qreal>(inner.width() * 0.3, 18, 64);
        box = { w, w / 2.4 };
        m_cableWidth = std::clamp<qreal>(w / 14, 1.5, 3);
    } else {
        box = { std::clamp<qreal>(inner.width() * 0.28, 84, 180), fm.height() * 2 + 14 };
        m_cableWidth = 4;
    }
    m_nodes.resize(model.nodes.size());
    switch (model.kind) {
    case TopologyModel::Kind::Direct:
        placeDirect(inner, box);
        break;
    case TopologyModel::Kind::Ring:
        placeRing(inner, box);
        break;
    case TopologyModel::Kind::Switch:
        placeSwitch(inner, box, compact ? box.height() * 0.9 : fm.height() + 16);
        break;
    }
    routeCables(model);
}

void TopologyGeometry::placeDirect(const QRectF &area, QSizeF box)
{
    const qreal cable = std::min(area.width() - 2 * box.width(), std::max<qreal>(box.width() * 1.2, 100));
    const qreal total = 2 * box.width() + std::max<qreal>(cable, 16);
    const qreal left = area.center().x() - total / 2;
    const qreal top = area.center().y() - box.height() / 2;
    for (int i = 0; i < m_nodes.size(); ++i)
        m_nodes[i]
            = QRectF(QPointF(i % 2 == 0 ? left : left + total - box.width(), top + i / 2 * (box.height() + 8)), box);
}

void TopologyGeometry::placeRing(const QRectF &area, QSizeF box)
{
    // A triangle: two on top, one centred below; further nodes (not a valid
    // layout, but drawable) go round the same circle.
    const int n = int(m_nodes.size());
    if (n != 3) {
        const QPointF c = area.center();
        const qreal rx = (area.width() - box.width()) / 2, ry = (area.height() - box.height()) / 2;
        for (int i = 0; i < n; ++i) {
            const qreal a = -M_PI / 2 + 2 * M_PI * i / std::max(1, n);
            m_nodes[i] = QRectF(
                QPointF(c.x() + rx * std::cos(a), c.y() + ry * std::sin(a)) - QPointF(box.width(), box.height()) / 2,
                box);
        }
        return;
    }
    const qreal height = std::min(area.height(), box.height() * 2 + std::max<qreal>(box.height() * 1.8, 90));
    const qreal width = std::min(area.width(), box.width() * 2 + std::max<qreal>(box.width() * 1.4, 110));
    const QRectF used(area.center().x() - width / 2, area.center().y() - height / 2, width, height);
    m_nodes[0] = QRectF(used.topLeft(), box);
    m_nodes[1] = QRectF(QPointF(used.right() - box.width(), used.top()), box);
    m_nodes[2] = QRectF(QPointF(used.center().x() - box.width() / 2, used.bottom() - box.height()), box);
}

void TopologyGeometry::placeSwitch(const QRectF &area, QSizeF box, qreal switchHeight)
{
    const int n = int(m_nodes.size());
    const bool twoRows = n > 8;
    const int perRow = twoRows ? (n + 1) / 2 : std::max(1, n);
    qreal gap = std::max<qreal>(4, box.width() * 0.15);
    qreal w = std::min(box.width(), (area.width() - (perRow - 1) * gap) / perRow);
    gap = std::min(gap, std::max<qreal>(2, w * 0.2));
    const qreal h = box.width() > 0 ? box.height() * std::min<qreal>(1.0, std::max(w / box.width(), 0.75)) : 0;
    const qreal vGap = std::clamp<qreal>(
        (area.height() - switchHeight - (twoRows ? 2 : 1) * h) / (twoRows ? 2 : 1), 12, std::max<qreal>(40, h * 1.6));
    const qreal total = switchHeight + (twoRows ? 2 : 1) * (h + vGap);
    qreal y = area.center().y() - total / 2;

    auto placeRow = [&](int first, int count, qreal top) {
        const qreal rowWidth = count * w + (count - 1) * gap;
        const qreal left = area.center().x() - rowWidth / 2;
        for (int i = 0; i < count; ++i)
            m_nodes[first + i] = QRectF(left + i * (w + gap), top, w, h);
    };
    const int topCount = twoRows ? perRow : 0;
    if (twoRows) {
        placeRow(0, topCount, y);
        y += h + vGap;
    }
    const qreal rowWidth = perRow * w + (perRow - 1) * gap;
    const qreal switchWidth = std::min(area.width(), std::max(rowWidth, std::min(area.width(), box.width() * 1.4)));
    m_switch = QRectF(area.center().x() - switchWidth / 2, y, switchWidth, switchHeight);
    y += switchHeight + vGap;
    placeRow(topCount, n - topCount, y);
}

void TopologyGeometry::routeCables(const TopologyModel &model)
{
    const int count = int(model.cables.size());
    m_cables.resize(count);
    m_ends.resize(count);
    m_endsB.resize(count);
    auto validNode = [&](int i) { return i >= 0 && i < m_nodes.size(); };

    for (int i = 0; i < count; ++i) {
        const TopologyCable &c = model.cables.at(i);
        m_ends[i] = { c.a, c.portA };
        m_endsB[i] = { c.b, c.portB };
        const bool toSwitch = c.b == TopologyModel::kSwitch && hasSwitch();
        if (!validNode(c.a) || (!toSwitch && !validNode(c.b))) {
            m_cables[i] = QLineF();
            continue;
        }
        const QRectF a = m_nodes.at(c.a);
        if (toSwitch) {
            const bool below = a.center().y() > m_switch.center().y();
            const qreal x = std::clamp(a.center().x(), m_switch.left() + 6, m_switch.right() - 6);
            m_cables[i] = QLineF(QPointF(a.center().x(), below ? a.top() : a.bottom()),
                QPointF(x, below ? m_switch.bottom() : m_switch.top()));
            continue;
        }
        const QRectF b = m_nodes.at(c.b);
        // Parallel cables between the same two nodes are spread apart.
        int index = 0, same = 0;
        for (int j = 0; j < count; ++j) {
            const TopologyCable &o = model.cables.at(j);
            if ((o.a == c.a && o.b == c.b) || (o.a == c.b && o.b == c.a)) {
                if (j < i)
                    ++index;
                ++same;
            }
        }
        QPointF dir = b.center() - a.center();
        const qreal len = std::hypot(dir.x(), dir.y());
        if (len <= 0) {
            m_cables[i] = QLineF();
            continue;
        }
        dir /= len;
        const QPointF normal(-dir.y(), dir.x());
        const qreal offset = (index - (same - 1) / 2.0) * m_cableWidth * 3.5 * (c.a < c.b ? 1 : -1);
        const QPointF sa = a.center() + normal * offset, sb = b.center() + normal * offset;
        m_cables[i] = QLineF(exitPoint(a, sa, dir), exitPoint(b, sb, -dir));
    }
}

QRectF TopologyGeometry::nodeRect(int node) const
{
    if (node == TopologyModel::kSwitch)
        return m_switch;
    return node >= 0 && node < m_nodes.size() ? m_nodes.at(node) : QRectF();
}

QLineF TopologyGeometry::cableLine(int cable) const
{
    return cable >= 0 && cable < m_cables.size() ? m_cables.at(cable) : QLineF();
}

QPointF TopologyGeometry::portTagCentre(int cable, bool atA) const
{
    const QLineF line = cableLine(cable);
    const qreal len = line.length();
    if (len <= 0)
        return line.p1();
    const qreal distance = std::min(len * 0.3, 22.0);
    return atA ? line.pointAt(distance / len) : line.pointAt(1 - distance / len);
}

QPointF TopologyGeometry::anchor(int node, int port) const
{
    for (int i = 0; i < m_cables.size(); ++i) {
        if (m_cables.at(i).isNull())
            continue;
        if (m_ends.at(i) == qMakePair(node, port))
            return m_cables.at(i).p1();
        if (m_endsB.at(i) == qMakePair(node, port))
            return m_cables.at(i).p2();
    }
    const QRectF r = nodeRect(node);
    const qreal fraction = port == 0 ? 0.3 : port == 1 ? 0.7 : 0.5;
    return { r.left() + r.width() * fraction, r.bottom() };
}

int TopologyGeometry::cableAt(const QPointF &position, qreal tolerance) const
{
    int best = -1;
    qreal bestDistance = tolerance;
    for (int i = 0; i < m_cables.size(); ++i) {
        if (m_cables.at(i).isNull())
            continue;
        const qreal d = distanceToSegment(position, m_cables.at(i));
        if (d <= bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best;
}

int TopologyGeometry::nodeAt(const QPointF &position) const
{
    for (int i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes.at(i).contains(position))
            return i;
    }
    if (hasSwitch() && m_switch.contains(position))
        return TopologyModel::kSwitch;
    return kNoNode;
}

} // namespace spark::ui
