// SPDX-License-Identifier: MIT
#include "ui/common/chartlook.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>
#include <QPen>

namespace spark::ui::chartLook {

void applyPalette(QChart *chart, const QPalette &palette, std::initializer_list<QAbstractAxis *> axes)
{
    chart->setBackgroundBrush(palette.base());
    chart->setBackgroundPen(QPen(palette.mid().color()));
    chart->setTitleBrush(palette.text());
    chart->legend()->setLabelColor(palette.text().color());
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsBrush(palette.text());
        axis->setTitleBrush(palette.text());
        axis->setLinePenColor(palette.mid().color());
        axis->setGridLineColor(palette.midlight().color());
    }
}

void placeLegend(QChart *chart, int width)
{
    chart->legend()->setAlignment(width < narrowWidth ? Qt::AlignRight : Qt::AlignBottom);
}

} // namespace spark::ui::chartLook
