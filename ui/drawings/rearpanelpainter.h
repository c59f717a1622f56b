// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/rearpanelmodel.h"

#include <QPalette>

class QPainter;

namespace spark::ui::rearpanelpainter {

// Paints a Spark's rear panel. The painter's world transform maps the
// millimetres of rearpanelgeometry.h onto the device; `scale` is device
// pixels per millimetre, used to keep lines and captions legible when small.

// Everything that does not change with the ports' states (cacheable).
void paintBody(QPainter &painter, const QPalette &palette, qreal scale);
// One QSFP port in its state; `pulse` (0…1) animates the Next highlight.
void paintQsfp(QPainter &painter, int port, const PanelPort &state, const QPalette &palette, qreal scale, qreal pulse);
// The "this cable belongs there" arrow from one QSFP port to the other.
void paintMoveArrow(QPainter &painter, int from, int to, const QPalette &palette, qreal scale);

// The caption under a QSFP port ("PORT 0") and its accessible name ("Port 0, left").
QString portCaption(int port);
QString portName(int port);

} // namespace spark::ui::rearpanelpainter
