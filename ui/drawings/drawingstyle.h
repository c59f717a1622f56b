// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/drawstate.h"

#include <QColor>
#include <QPalette>
#include <QString>

class QPainter;
class QPointF;

namespace spark::ui::drawingstyle {

// Colours and small markers shared by every drawing. Status colours are fixed
// hues tuned per palette so they read on light and dark backgrounds alike.
bool isDark(const QPalette &palette);
QColor stateColor(DrawState state, const QPalette &palette);
// Text that sits on a stateColor() fill (a badge or a label pill).
QColor onStateColor(DrawState state, const QPalette &palette);
// The champagne-gold body of a Spark: light and dark stop of its gradient and its edge.
QColor metalLight(const QPalette &palette);
QColor metalDark(const QPalette &palette);
QColor metalEdge(const QPalette &palette);
// The dark recess the ports sit in, and the colour of a cable or a plug.
QColor recessColor(const QPalette &palette);
QColor plugColor(const QPalette &palette);
// One short translated sentence naming the state, for tooltips and accessibility.
QString stateText(DrawState state);

// A round badge with a check mark, a cross or an exclamation mark (for Ok,
// Wrong, Missing/Degraded) centred on `centre`, `diameter` across; Next and
// None draw nothing.
void paintBadge(QPainter &painter, DrawState state, const QPointF &centre, qreal diameter, const QPalette &palette);
// An arrow from `from` to `to`, bent sideways by `bend` (0 = straight), with a head at `to`.
void paintArrow(
    QPainter &painter, const QPointF &from, const QPointF &to, qreal bend, qreal width, const QColor &color);

} // namespace spark::ui::drawingstyle
