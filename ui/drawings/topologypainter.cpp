// SPDX-License-Identifier: MIT
#include "ui/drawings/topologypainter.h"

#include "ui/drawings/drawingstyle.h"

#include <QCoreApplication>
#include <QPainter>
#include <QtMath>

#include <cmath>
#include <limits>

namespace spark::ui::topologypainter {

namespace ds = drawingstyle;

namespace {

const QColor kOnMetal(0x2b, 0x24, 0x16);
const QColor kOnMetalDim(0x5a, 0x4e, 0x36);
const QColor kSwitchBody(0x3b, 0x40, 0x48);
const QColor kSwitchText(0xee, 0xee, 0xee);

QString endName(const TopologyModel &model, int node, int port)
{
    if (node == TopologyModel::kSwitch) {
        const QString name = model.switchName.isEmpty()
            ? QCoreApplication::translate("spark::ui::TopologyView", "Switch")
            : model.switchName;
        return port >= 0 ? QCoreApplication::translate("spark::ui::TopologyView", "%1 port %2").arg(name).arg(port)
                         : name;
    }
    const QString name = node >= 0 && node < model.nodes.size() ? model.nodes.at(node).name : QString();
    return port >= 0 ? QCoreApplication::translate("spark::ui::TopologyView", "%1 port %2").arg(name).arg(port) : name;
}

// A rounded label with a border, centred on `centre`.
void paintPill(QPainter &p, const QPointF &centre, const QString &text, const QColor &border, const QColor &fill,
    const QColor &ink)
{
    const QFontMetricsF fm(p.font());
    const QSizeF size(fm.horizontalAdvance(text) + fm.height() * 0.7, fm.height() + 2);
    const QRectF r(centre - QPointF(size.width(), size.height()) / 2, size);
    p.setPen(QPen(border, 1.2));
    p.setBrush(fill);
    p.drawRoundedRect(r, r.height() / 2, r.height() / 2);
    p.setPen(ink);
    p.drawText(r, Qt::AlignCenter, text);
}

void paintCable(QPainter &p, const TopologyCable &cable, const QLineF &line, qreal width, const QPalette &pal,
    bool hovered, bool compact)
{
    if (line.isNull())
        return;
    QColor color = cable.state == DrawState::None ? pal.color(QPalette::WindowText) : ds::stateColor(cable.state, pal);
    if (cable.state == DrawState::None)
        color.setAlphaF(0.6f);
    const qreal w = width + (hovered ? 2 : 0) + (cable.state == DrawState::Next ? 1 : 0);
    if (cable.state == DrawState::Next || hovered) {
        QColor glow = color;
        glow.setAlphaF(0.25f);
        p.setPen(QPen(glow, w * 3, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(line);
    }
    const bool dashed = cable.state == DrawState::Missing;
    QPen pen(color, w, dashed ? Qt::DashLine : Qt::SolidLine, dashed ? Qt::FlatCap : Qt::RoundCap);
    if (dashed)
        pen.setDashPattern({ 2.0, 1.5 });
    p.setPen(pen);
    p.drawLine(line);
    Q_UNUSED(compact)
}

void paintNode(
    QPainter &p, const TopologyNode &node, int index, const QRectF &r, const QPalette &pal, bool hovered, bool compact)
{
    QLinearGradient metal(r.topLeft(), r.bottomLeft());
    metal.setColorAt(0, ds::metalLight(pal));
    metal.setColorAt(1, ds::metalDark(pal));
    const bool marked = node.state != DrawState::None;
    const QColor border = marked ? ds::stateColor(node.state, pal) : ds::metalEdge(pal);
    p.setPen(QPen(border, marked ? 2.5 : (hovered ? 2.0 : 1.0)));
    p.setBrush(metal);
    const qreal radius = std::min<qreal>(6, r.height() / 4);
    p.drawRoundedRect(r, radius, radius);
    if (compact) {
        // A strip of ports along the bottom, like the real rear panel.
        const QRectF strip(
            r.left() + r.width() * 0.08, r.bottom() - r.height() * 0.38, r.width() * 0.84, r.height() * 0.24);
        p.setPen(Qt::NoPen);
        p.setBrush(ds::recessColor(pal));
        p.drawRoundedRect(strip, strip.height() / 3, strip.height() / 3);
        return;
    }
    const QFontMetricsF fm(p.font());
    const QRectF text = r.adjusted(6, 4, -6, -4);
    QFont bold = p.font();
    bold.setBold(true);
    const bool twoLines = !node.detail.isEmpty() && text.height() >= fm.height() * 2;
    const QRectF nameRect
        = twoLines ? QRectF(text.left(), text.center().y() - fm.height(), text.width(), fm.height()) : text;
    p.save();
    p.setFont(bold);
    p.setPen(kOnMetal);
    // Too narrow for the name (many nodes on a switch): its number, as in the cable list.
    const QFontMetricsF boldMetrics(bold);
    const QString name
        = boldMetrics.horizontalAdvance(node.name) <= text.width() ? node.name : QString::number(index + 1);
    p.drawText(nameRect, Qt::AlignCenter, boldMetrics.elidedText(name, Qt::ElideRight, text.width()));
    p.restore();
    if (twoLines) {
        p.setPen(kOnMetalDim);
        p.drawText(QRectF(text.left(), text.center().y(), text.width(), fm.height()), Qt::AlignCenter,
            fm.elidedText(node.detail, Qt::ElideMiddle, text.width()));
    }
    ds::paintBadge(p, node.state, r.topRight(), fm.height() * 0.9, pal);
}

void paintSwitch(
    QPainter &p, const TopologyModel &model, const QRectF &r, const QPalette &pal, bool hovered, bool compact)
{
    // A dark box in both palettes, lifted a little off a dark page.
    const QColor body = ds::isDark(pal) ? kSwitchBody.lighter(135) : kSwitchBody;
    p.setPen(QPen(hovered ? pal.color(QPalette::Highlight) : body.darker(140), hovered ? 2 : 1));
    p.setBrush(body);
    const qreal radius = std::min<qreal>(5, r.height() / 4);
    p.drawRoundedRect(r, radius, radius);
    // A row of port cages along the front.
    const int cages = std::clamp(int(r.width() / (compact ? 7 : 14)), 4, 24);
    const qreal cw = r.width() * 0.8 / cages;
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x15, 0x17, 0x1a));
    const qreal ch = compact ? r.height() * 0.3 : std::min<qreal>(5, r.height() * 0.2);
    for (int i = 0; i < cages; ++i)
        p.drawRect(
            QRectF(r.left() + r.width() * 0.1 + i * cw + cw * 0.15, r.bottom() - ch - r.height() * 0.12, cw * 0.7, ch));
    if (compact)
        return;
    p.setPen(kSwitchText);
    const QString name = model.switchName.isEmpty() ? QCoreApplication::translate("spark::ui::TopologyView", "Switch")
                                                    : model.switchName;
    const QRectF text(r.left() + 6, r.top() + 2, r.width() - 12, r.height() - ch - r.height() * 0.12 - 2);
    p.drawText(text, Qt::AlignCenter, p.fontMetrics().elidedText(name, Qt::ElideRight, int(text.width())));
}

// Bends an arrow to the side where its middle keeps clear of the boxes and
// of the cable labels (which sit at the cables' middles).
qreal chooseBend(
    const TopologyModel &model, const TopologyGeometry &geometry, const QPointF &from, const QPointF &to, qreal bend)
{
    const QLineF chord(from, to);
    if (chord.length() <= 0)
        return bend;
    const QPointF normal = QPointF(-chord.dy(), chord.dx()) / chord.length();
    auto clearance = [&](qreal b) {
        const QPointF mid = chord.center() + normal * b * 0.5;
        qreal best = std::numeric_limits<qreal>::max();
        for (int i = 0; i < model.cables.size(); ++i) {
            if (!geometry.cableLine(i).isNull())
                best = std::min(best, QLineF(mid, geometry.cableLine(i).center()).length());
        }
        for (int i = -1; i < model.nodes.size(); ++i) {
            const QRectF r = geometry.nodeRect(i);
            if (r.isNull())
                continue;
            const qreal dx = std::max({ r.left() - mid.x(), 0.0, mid.x() - r.right() });
            const qreal dy = std::max({ r.top() - mid.y(), 0.0, mid.y() - r.bottom() });
            best = std::min(best, std::hypot(dx, dy));
        }
        return best;
    };
    return clearance(-bend) > clearance(bend) ? -bend : bend;
}

} // namespace

QString describeCable(const TopologyModel &model, int cable)
{
    if (cable < 0 || cable >= model.cables.size())
        return {};
    const TopologyCable &c = model.cables.at(cable);
    QString text = QCoreApplication::translate("spark::ui::TopologyView", "%1 – %2: %3")
                       .arg(endName(model, c.a, c.portA), endName(model, c.b, c.portB), ds::stateText(c.state));
    if (!c.label.isEmpty())
        text += QStringLiteral(" (") + c.label + QLatin1Char(')');
    return text;
}

QString describeNode(const TopologyModel &model, int node)
{
    if (node == TopologyModel::kSwitch)
        return endName(model, node, -1);
    if (node < 0 || node >= model.nodes.size())
        return {};
    const TopologyNode &n = model.nodes.at(node);
    return n.detail.isEmpty() ? n.name : n.name + QStringLiteral(" (") + n.detail + QLatin1Char(')');
}

void paint(QPainter &p, const TopologyModel &model, const TopologyGeometry &geometry, const QPalette &pal,
    const Options &options)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    const qreal width = geometry.cableWidth();

    for (int i = 0; i < model.cables.size(); ++i)
        paintCable(
            p, model.cables.at(i), geometry.cableLine(i), width, pal, i == options.hoveredCable, options.compact);
    if (geometry.hasSwitch())
        paintSwitch(p, model, geometry.nodeRect(TopologyModel::kSwitch), pal,
            options.hoveredNode == TopologyModel::kSwitch, options.compact);
    for (int i = 0; i < model.nodes.size(); ++i)
        paintNode(p, model.nodes.at(i), i, geometry.nodeRect(i), pal, i == options.hoveredNode, options.compact);

    if (!options.compact) {
        QFont small = p.font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(small);
        const QColor fill = pal.color(QPalette::Base);
        const QColor ink = pal.color(QPalette::Text);
        // Port tags near the node ends, then the cable's label and badge at its middle.
        for (int i = 0; i < model.cables.size(); ++i) {
            const TopologyCable &c = model.cables.at(i);
            const QLineF line = geometry.cableLine(i);
            if (line.isNull())
                continue;
            const QColor border = c.state == DrawState::None ? pal.color(QPalette::Mid) : ds::stateColor(c.state, pal);
            // Short cables (a crowded switch) keep only their middle badge.
            const bool roomForTags = line.length() >= QFontMetricsF(small).height() * 4.5;
            if (c.portA >= 0 && roomForTags)
                paintPill(p, geometry.portTagCentre(i, true),
                    QCoreApplication::translate("spark::ui::TopologyView", "P%1").arg(c.portA), border, fill, ink);
            if (c.portB >= 0 && c.b != TopologyModel::kSwitch && roomForTags)
                paintPill(p, geometry.portTagCentre(i, false),
                    QCoreApplication::translate("spark::ui::TopologyView", "P%1").arg(c.portB), border, fill, ink);
            const QPointF mid = line.center();
            if (!c.label.isEmpty()) {
                paintPill(p, mid, c.label, border, fill, ink);
                const qreal labelWidth
                    = QFontMetricsF(small).horizontalAdvance(c.label) + QFontMetricsF(small).height();
                ds::paintBadge(
                    p, c.state, mid + QPointF(labelWidth / 2 + 4, 0), QFontMetricsF(small).height() * 1.1, pal);
            } else {
                ds::paintBadge(p, c.state, mid, QFontMetricsF(small).height() * 1.2, pal);
            }
        }
    }

    // "Belongs here" arrows on top of everything.
    for (const TopologyArrow &arrow : model.arrows) {
        const QPointF from = geometry.anchor(arrow.fromNode, arrow.fromPort);
        QPointF to = geometry.anchor(arrow.toNode, arrow.toPort);
        if (from == to)
            to += QPointF(geometry.nodeRect(arrow.toNode).width() * 0.4, 0);
        const qreal bend = chooseBend(model, geometry, from, to, std::max<qreal>(20, QLineF(from, to).length() * 0.25));
        const QColor color = ds::stateColor(DrawState::Next, pal);
        ds::paintArrow(p, from, to, bend, options.compact ? 1.5 : 2.5, color);
        if (!arrow.label.isEmpty() && !options.compact) {
            const QLineF chord(from, to);
            const QPointF normal = chord.length() > 0 ? QPointF(-chord.dy(), chord.dx()) / chord.length() : QPointF();
            paintPill(p, chord.center() + normal * bend * 0.5, arrow.label, color, pal.color(QPalette::Base),
                pal.color(QPalette::Text));
        }
    }
    p.restore();
}

} // namespace spark::ui::topologypainter
