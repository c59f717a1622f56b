// SPDX-License-Identifier: MIT
#include "ui/drawings/drawingstyle.h"

#include "ui/common/colorscheme.h"

#include <QCoreApplication>
#include <QLineF>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace spark::ui::drawingstyle {

bool isDark(const QPalette &palette)
{
    return isDarkPalette(palette);
}

QColor stateColor(DrawState state, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (state) {
    case DrawState::Next:
        return dark ? QColor(0x4d, 0xa3, 0xff) : QColor(0x15, 0x6c, 0xd6);
    case DrawState::Ok:
        return dark ? QColor(0x3f, 0xc4, 0x5e) : QColor(0x1e, 0x9a, 0x3f);
    case DrawState::Wrong:
        return failureColor(palette);
    case DrawState::Missing:
        return dark ? QColor(0xf2, 0xb1, 0x2d) : QColor(0xc2, 0x7c, 0x00);
    case DrawState::Degraded:
        return dark ? QColor(0xff, 0x8c, 0x3a) : QColor(0xe0, 0x5a, 0x00);
    case DrawState::None:
        break;
    }
    QColor neutral = palette.color(QPalette::WindowText);
    neutral.setAlphaF(0.55f);
    return neutral;
}

QColor onStateColor(DrawState state, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (state) {
    case DrawState::Missing:
        return QColor(0x1a, 0x1a, 0x1a);
    case DrawState::None:
        return palette.color(QPalette::Window);
    default:
        return dark ? QColor(0x10, 0x10, 0x10) : QColor(Qt::white);
    }
}

QColor metalLight(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xc9, 0xb5, 0x8a) : QColor(0xe6, 0xd6, 0xb0);
}

QColor metalDark(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x9c, 0x87, 0x5c) : QColor(0xbf, 0xa5, 0x72);
}

QColor metalEdge(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xe0, 0xcf, 0xa6) : QColor(0x8a, 0x74, 0x48);
}

QColor recessColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x17, 0x17, 0x19) : QColor(0x2b, 0x2b, 0x2e);
}

QColor plugColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x8d, 0x93, 0x9b) : QColor(0x5d, 0x63, 0x6b);
}

QString stateText(DrawState state)
{
    switch (state) {
    case DrawState::None:
        return QCoreApplication::translate("spark::ui::drawingstyle", "Not cabled");
    case DrawState::Next:
        return QCoreApplication::translate("spark::ui::drawingstyle", "The next cable goes here");
    case DrawState::Ok:
        return QCoreApplication::translate("spark::ui::drawingstyle", "Cabled correctly, link up");
    case DrawState::Wrong:
        return QCoreApplication::translate("spark::ui::drawingstyle", "Wrong port: this cable belongs elsewhere");
    case DrawState::Missing:
        return QCoreApplication::translate("spark::ui::drawingstyle", "A cable belongs here but none is seen");
    case DrawState::Degraded:
        return QCoreApplication::translate("spark::ui::drawingstyle", "Cabled, but the link is slow or has errors");
    }
    return {};
}

void paintBadge(QPainter &painter, DrawState state, const QPointF &centre, qreal diameter, const QPalette &palette)
{
    if (state == DrawState::None || state == DrawState::Next)
        return;
    painter.save();
    const qreal r = diameter / 2;
    painter.setPen(QPen(palette.color(QPalette::Window), diameter * 0.1));
    painter.setBrush(stateColor(state, palette));
    painter.drawEllipse(centre, r, r);
    QPen mark(onStateColor(state, palette), diameter * 0.14, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    painter.setPen(mark);
    painter.setBrush(Qt::NoBrush);
    const qreal s = r * 0.45;
    if (state == DrawState::Ok) {
        QPainterPath tick;
        tick.moveTo(centre + QPointF(-s, 0.05 * r));
        tick.lineTo(centre + QPointF(-0.25 * s, 0.75 * s));
        tick.lineTo(centre + QPointF(s, -0.6 * s));
        painter.drawPath(tick);
    } else if (state == DrawState::Wrong) {
        painter.drawLine(centre + QPointF(-s, -s), centre + QPointF(s, s));
        painter.drawLine(centre + QPointF(-s, s), centre + QPointF(s, -s));
    } else {
        painter.drawLine(centre + QPointF(0, -s * 1.1), centre + QPointF(0, s * 0.3));
        painter.drawPoint(centre + QPointF(0, s * 1.05));
    }
    painter.restore();
}

void paintArrow(QPainter &painter, const QPointF &from, const QPointF &to, qreal bend, qreal width, const QColor &color)
{
    painter.save();
    const QLineF chord(from, to);
    const QPointF normal = chord.length() > 0 ? QPointF(-chord.dy(), chord.dx()) / chord.length() : QPointF();
    const QPointF control = chord.center() + normal * bend;
    const qreal head = width * 4;

    // Stop the shaft where the head begins, so the round cap does not poke through.
    QLineF tail(control, to);
    const QPointF headBase = tail.length() > head ? tail.pointAt(1 - head * 0.8 / tail.length()) : control;
    QPainterPath shaft(from);
    shaft.quadTo(control, headBase);
    painter.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(shaft);

    const qreal angle = qAtan2(to.y() - control.y(), to.x() - control.x());
    const QPointF left = to - QPointF(qCos(angle - 0.45), qSin(angle - 0.45)) * head;
    const QPointF right = to - QPointF(qCos(angle + 0.45), qSin(angle + 0.45)) * head;
    painter.setPen(QPen(color, width * 0.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(color);
    painter.drawPolygon(QPolygonF({ to, left, right }));
    painter.restore();
}

} // namespace spark::ui::drawingstyle
