// SPDX-License-Identifier: MIT
#include "ui/drawings/rearpanelpainter.h"

#include "ui/drawings/drawingstyle.h"
#include "ui/drawings/rearpanelgeometry.h"

#include <QCoreApplication>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace spark::ui::rearpanelpainter {

namespace rp = rearpanel;
namespace ds = drawingstyle;

namespace {

const QColor kCaption(0xe4, 0xe4, 0xe6); // captions sit on the dark recess in both palettes
const QColor kConnectorHole(0x08, 0x08, 0x09);
const QColor kConnectorRim(0x9a, 0x9d, 0xa2);
constexpr qreal kCaptionMm = 2.7; // caption height at full size
constexpr int kMinCaptionPx = 8; // below this, secondary captions are left out

// A pen at least one device pixel wide.
QPen hairPen(const QColor &color, qreal mm, qreal scale, Qt::PenStyle style = Qt::SolidLine)
{
    QPen pen(color, qMax(mm, 1.0 / scale), style, Qt::RoundCap, Qt::RoundJoin);
    return pen;
}

// Text is drawn in device space at a whole pixel size, so it stays crisp.
void drawText(QPainter &painter, const QRectF &mmRect, const QString &text, int pixelSize, const QColor &color,
    bool bold = false, int flags = Qt::AlignHCenter | Qt::AlignTop)
{
    const QTransform world = painter.worldTransform();
    painter.save();
    painter.resetTransform();
    QFont font = painter.font();
    font.setPixelSize(qMax(1, pixelSize));
    font.setBold(bold);
    painter.setFont(font);
    painter.setPen(color);
    painter.drawText(world.mapRect(mmRect), flags | Qt::TextDontClip, text);
    painter.restore();
}

int captionPx(qreal scale)
{
    return qRound(kCaptionMm * scale);
}

void paintUsbC(QPainter &painter, const QRectF &r, qreal scale)
{
    painter.setPen(hairPen(kConnectorRim, 0.35, scale));
    painter.setBrush(kConnectorHole);
    painter.drawRoundedRect(r, r.height() / 2, r.height() / 2);
    painter.setPen(hairPen(QColor(0x55, 0x58, 0x5c), 0.5, scale));
    painter.drawLine(QPointF(r.left() + 2.2, r.center().y()), QPointF(r.right() - 2.2, r.center().y()));
}

void paintDcSymbol(QPainter &painter, const QRectF &below, qreal scale)
{
    // ⎓: a solid line over a dashed one.
    const qreal cx = below.center().x(), y = below.top() + 0.8, half = 2.6;
    painter.setPen(hairPen(kCaption, 0.45, scale));
    painter.drawLine(QPointF(cx - half, y), QPointF(cx + half, y));
    for (int i = 0; i < 3; ++i) {
        const qreal x = cx - half + i * (2 * half / 2.5);
        painter.drawLine(QPointF(x, y + 1.4), QPointF(x + 1.0, y + 1.4));
    }
}

void paintPowerButton(QPainter &painter, const QPalette &palette, qreal scale)
{
    const QPointF c = rp::powerButtonCentre();
    const qreal r = rp::powerButtonRadius();
    QRadialGradient g(c - QPointF(r / 3, r / 3), r * 1.4);
    g.setColorAt(0, ds::metalLight(palette));
    g.setColorAt(1, ds::metalDark(palette));
    painter.setPen(hairPen(QColor(0x0, 0x0, 0x0, 0x90), 0.35, scale));
    painter.setBrush(g);
    painter.drawEllipse(c, r, r);
    // ⏻
    const qreal s = r * 0.52;
    painter.setPen(hairPen(QColor(0x3a, 0x33, 0x25), 0.45, scale));
    painter.setBrush(Qt::NoBrush);
    painter.drawArc(QRectF(c.x() - s, c.y() - s, 2 * s, 2 * s), 120 * 16, -300 * 16);
    painter.drawLine(QPointF(c.x(), c.y() - s * 1.25), QPointF(c.x(), c.y() - s * 0.1));
}

void paintHdmi(QPainter &painter, qreal scale)
{
    const QRectF r = rp::hdmi();
    const qreal chamfer = 1.6;
    const QPolygonF shape(
        { r.topLeft(), r.topRight(), QPointF(r.right(), r.bottom() - chamfer), QPointF(r.right() - chamfer, r.bottom()),
            QPointF(r.left() + chamfer, r.bottom()), QPointF(r.left(), r.bottom() - chamfer) });
    painter.setPen(hairPen(kConnectorRim, 0.35, scale));
    painter.setBrush(kConnectorHole);
    painter.drawPolygon(shape);
    painter.setPen(hairPen(QColor(0x55, 0x58, 0x5c), 0.6, scale));
    painter.drawLine(QPointF(r.left() + 2.5, r.top() + 1.8), QPointF(r.right() - 2.5, r.top() + 1.8));
}

void paintRj45(QPainter &painter, qreal scale)
{
    const QRectF r = rp::rj45();
    const qreal notchW = 5.0, notchH = 2.0;
    const QPolygonF shape({ r.topLeft(), r.topRight(), QPointF(r.right(), r.bottom() - notchH),
        QPointF(r.center().x() + notchW / 2, r.bottom() - notchH), QPointF(r.center().x() + notchW / 2, r.bottom()),
        QPointF(r.center().x() - notchW / 2, r.bottom()), QPointF(r.center().x() - notchW / 2, r.bottom() - notchH),
        QPointF(r.left(), r.bottom() - notchH) });
    painter.setPen(hairPen(kConnectorRim, 0.45, scale));
    painter.setBrush(kConnectorHole);
    painter.drawPolygon(shape);
    // Contacts and the two link LEDs.
    painter.setPen(hairPen(QColor(0x8c, 0x7a, 0x3c), 0.25, scale));
    for (int i = 0; i < 8; ++i) {
        const qreal x = r.left() + 3.0 + i * (r.width() - 6.0) / 7;
        painter.drawLine(QPointF(x, r.top() + 1.0), QPointF(x, r.top() + 2.6));
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0x3c, 0xa0, 0x3c));
    painter.drawRect(QRectF(r.left() + 0.8, r.top() + 0.8, 1.6, 1.0));
    painter.setBrush(QColor(0xd0, 0x90, 0x20));
    painter.drawRect(QRectF(r.right() - 2.4, r.top() + 0.8, 1.6, 1.0));
}

void paintCage(QPainter &painter, int port, qreal scale, bool showNumber)
{
    const QRectF cage = rp::qsfpCage(port);
    painter.setPen(hairPen(QColor(0x3a, 0x3c, 0x40), 0.3, scale));
    painter.setBrush(QColor(0xb4, 0xb8, 0xbd));
    painter.drawRoundedRect(cage, 0.8, 0.8);
    const QRectF hole = cage.adjusted(1.1, 1.1, -1.1, -1.1);
    painter.setPen(Qt::NoPen);
    painter.setBrush(kConnectorHole);
    painter.drawRect(hole);
    // The guide rails at the top and bottom of the opening.
    painter.setPen(hairPen(QColor(0x4a, 0x4d, 0x52), 0.35, scale));
    painter.drawLine(QPointF(hole.left() + 1.5, hole.top() + 1.2), QPointF(hole.right() - 1.5, hole.top() + 1.2));
    painter.drawLine(QPointF(hole.left() + 1.5, hole.bottom() - 1.2), QPointF(hole.right() - 1.5, hole.bottom() - 1.2));
    if (showNumber)
        drawText(painter, hole, QString::number(port), qRound(hole.height() * 0.62 * scale), QColor(0x6a, 0x6e, 0x74),
            true, Qt::AlignCenter);
}

void paintPlug(QPainter &painter, int port, const QColor &accent, const QPalette &palette, qreal scale)
{
    const QRectF plug = rp::qsfpPlug(port);
    const QRectF tab = rp::qsfpPullTab(port);
    const QColor body = ds::plugColor(palette);

    // The pull tab, up: a strap leaving the top of the plug with a finger hole.
    painter.setPen(hairPen(accent.darker(160), 0.3, scale));
    painter.setBrush(accent);
    painter.drawRoundedRect(tab.adjusted(0, 0, 0, 1.0), 1.6, 1.6);
    painter.setBrush(ds::metalLight(palette));
    painter.setPen(hairPen(accent.darker(160), 0.3, scale));
    painter.drawRoundedRect(QRectF(tab.left() + 2.0, tab.top() + 1.4, tab.width() - 4.0, 3.4), 1.2, 1.2);

    // The plug's rear end with the cable leaving it towards the viewer.
    QLinearGradient g(plug.topLeft(), plug.bottomLeft());
    g.setColorAt(0, body.lighter(125));
    g.setColorAt(1, body.darker(125));
    painter.setPen(hairPen(QColor(0x1c, 0x1c, 0x1e), 0.35, scale));
    painter.setBrush(g);
    painter.drawRoundedRect(plug, 1.2, 1.2);
    const QRectF boot = plug.adjusted(2.6, 1.6, -2.6, -1.6);
    painter.setBrush(body.darker(150));
    painter.drawRoundedRect(boot, 1.0, 1.0);
    const qreal r = boot.height() * 0.42;
    painter.setPen(hairPen(accent, 0.8, scale));
    painter.setBrush(QColor(0x16, 0x16, 0x18));
    painter.drawEllipse(boot.center(), r, r);
}

} // namespace

QString portCaption(int port)
{
    return QCoreApplication::translate("spark::ui::RearPanelView", "PORT %1").arg(port);
}

QString portName(int port)
{
    return port == 0 ? QCoreApplication::translate("spark::ui::RearPanelView", "Port 0, left")
                     : QCoreApplication::translate("spark::ui::RearPanelView", "Port 1, right");
}

void paintBody(QPainter &painter, const QPalette &palette, qreal scale)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);

    const QRectF body = rp::body();
    QLinearGradient metal(body.topLeft(), body.bottomLeft());
    metal.setColorAt(0, ds::metalLight(palette));
    metal.setColorAt(1, ds::metalDark(palette));
    painter.setPen(hairPen(ds::metalEdge(palette), 0.4, scale));
    painter.setBrush(metal);
    painter.drawRoundedRect(body.adjusted(0.2, 0.2, -0.2, -0.2), 3.5, 3.5);

    // The metal-foam grille: a staggered field of small pores.
    const QRectF grille = rp::grille();
    QColor pore = ds::metalDark(palette).darker(135);
    pore.setAlpha(170);
    painter.setPen(Qt::NoPen);
    painter.setBrush(pore);
    const qreal pitch = 1.8, radius = qMax(0.42, 0.6 / scale);
    int row = 0;
    for (qreal y = grille.top() + pitch / 2; y < grille.bottom(); y += pitch * 0.87, ++row) {
        for (qreal x = grille.left() + (row % 2 ? pitch : pitch / 2); x < grille.right(); x += pitch)
            painter.drawEllipse(QPointF(x, y), radius, radius);
    }

    const QRectF strip = rp::portStrip();
    painter.setPen(hairPen(ds::metalEdge(palette).darker(130), 0.3, scale));
    painter.setBrush(ds::recessColor(palette));
    painter.drawRoundedRect(strip, 2.0, 2.0);

    paintPowerButton(painter, palette, scale);
    for (int i = 0; i < rp::kUsbCCount; ++i)
        paintUsbC(painter, rp::usbC(i), scale);
    paintDcSymbol(painter, rp::labelBelow(rp::usbC(0)), scale);
    paintHdmi(painter, scale);
    paintRj45(painter, scale);

    const int px = captionPx(scale);
    if (px >= kMinCaptionPx) {
        const QRectF usb = rp::usbC(1).united(rp::usbC(3));
        drawText(painter, rp::labelBelow(usb), QCoreApplication::translate("spark::ui::RearPanelView", "USB-C"), px,
            kCaption);
        QRectF dc = rp::labelBelow(rp::usbC(0));
        dc.setTop(dc.top() + 3.0);
        drawText(painter, dc, QCoreApplication::translate("spark::ui::RearPanelView", "240 W"), px, kCaption);
        drawText(painter, rp::labelBelow(rp::hdmi()), QCoreApplication::translate("spark::ui::RearPanelView", "HDMI"),
            px, kCaption);
        drawText(painter, rp::labelBelow(rp::rj45()), QCoreApplication::translate("spark::ui::RearPanelView", "10 GbE"),
            px, kCaption);
    }
    for (int port = 0; port < 2; ++port)
        drawText(painter, rp::labelBelow(rp::qsfpPlug(port)), portCaption(port), qMax(px, kMinCaptionPx + 1), kCaption,
            true);
    painter.restore();
}

void paintQsfp(QPainter &painter, int port, const PanelPort &state, const QPalette &palette, qreal scale, qreal pulse)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor accent = ds::stateColor(state.state, palette);
    const QRectF plug = rp::qsfpPlug(port);
    const bool plugged
        = state.state == DrawState::Ok || state.state == DrawState::Wrong || state.state == DrawState::Degraded;

    paintCage(painter, port, scale, !plugged);
    switch (state.state) {
    case DrawState::None:
        break;
    case DrawState::Next: {
        // A glowing outline and the ghost of the plug to come, tab up.
        QColor glow = accent;
        glow.setAlphaF(float(0.18 + 0.3 * pulse));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(hairPen(glow, 2.6, scale));
        painter.drawRoundedRect(plug.adjusted(-0.6, -0.6, 0.6, 0.6), 1.8, 1.8);
        painter.setPen(hairPen(accent, 0.9, scale));
        painter.drawRoundedRect(plug, 1.4, 1.4);
        QColor ghost = accent;
        ghost.setAlphaF(float(0.55 + 0.45 * pulse));
        painter.setPen(hairPen(ghost, 0.6, scale, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(rp::qsfpPullTab(port), 1.6, 1.6);
        break;
    }
    case DrawState::Missing:
        painter.setBrush(Qt::NoBrush);
        painter.setPen(hairPen(accent, 0.8, scale, Qt::DashLine));
        painter.drawRoundedRect(plug, 1.4, 1.4);
        break;
    case DrawState::Ok:
    case DrawState::Wrong:
    case DrawState::Degraded:
        paintPlug(painter, port, accent, palette, scale);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(hairPen(accent, 0.9, scale));
        painter.drawRoundedRect(plug.adjusted(-0.5, -0.5, 0.5, 0.5), 1.6, 1.6);
        break;
    }
    ds::paintBadge(painter, state.state, plug.topRight() + QPointF(-0.6, 0.6), qMax(6.0, 13.0 / scale), palette);
    painter.restore();
}

void paintMoveArrow(QPainter &painter, int from, int to, const QPalette &palette, qreal scale)
{
    if (from < 0 || from > 1 || to < 0 || to > 1 || from == to)
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF a = rp::qsfpPullTab(from), b = rp::qsfpPullTab(to);
    const QPointF start(a.center().x() + (to > from ? 2.5 : -2.5), a.top() - 0.8);
    const QPointF end(b.center().x() + (to > from ? -2.5 : 2.5), b.top() - 0.3);
    const qreal bend = (to > from ? -1 : 1) * 5.0;
    const qreal width = qMax(1.0, 3.0 / scale);
    ds::paintArrow(painter, start, end, bend, width, ds::stateColor(DrawState::Next, palette));
    painter.restore();
}

} // namespace spark::ui::rearpanelpainter
