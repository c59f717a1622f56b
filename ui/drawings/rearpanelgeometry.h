// SPDX-License-Identifier: MIT
#pragma once

#include <QPointF>
#include <QRectF>

namespace spark::ui::rearpanel {

// The rear face of a DGX Spark in millimetres, seen from behind, origin top
// left. Schematic: the order and rough sizes are NVIDIA's, the spacing is ours.
inline constexpr qreal kWidth = 150.0;
inline constexpr qreal kHeight = 50.5;
inline constexpr int kUsbCCount = 4; // index 0 is the 240 W power input

QRectF body();
QRectF grille(); // the metal-foam area above the ports
QRectF portStrip(); // the dark recess holding the connectors
QPointF powerButtonCentre();
qreal powerButtonRadius();
QRectF usbC(int index);
QRectF hdmi();
QRectF rj45();
QRectF qsfpCage(int port); // port 0 left (next to the RJ-45), port 1 right (outermost)
QRectF qsfpPlug(int port); // the plug's rear seen end-on, slightly larger than the cage
QRectF qsfpPullTab(int port); // the pull tab above the plug
QRectF qsfpHitArea(int port); // what a click or a tap on the port may hit
QRectF labelBelow(const QRectF &connector); // where a connector's caption goes

} // namespace spark::ui::rearpanel
