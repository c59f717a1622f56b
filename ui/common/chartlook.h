// SPDX-License-Identifier: MIT
#pragma once

#include <QPalette>

#include <initializer_list>

class QAbstractAxis;
class QChart;

namespace spark::ui {

// What both charts (link health, link test throughput) share: they follow the
// palette (light, dark, a change while shown), and a narrow chart puts its
// legend beside it, one entry a line, where it stays readable.
namespace chartLook {

void applyPalette(QChart *chart, const QPalette &palette, std::initializer_list<QAbstractAxis *> axes);
void placeLegend(QChart *chart, int width);

inline constexpr int narrowWidth = 560;

} // namespace chartLook
} // namespace spark::ui
