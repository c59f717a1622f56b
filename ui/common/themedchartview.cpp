// SPDX-License-Identifier: MIT
#include "ui/common/themedchartview.h"

#include <QAbstractAxis>
#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QPen>

namespace spark::ui {

ThemedChartView::ThemedChartView(QWidget *parent)
    : QChartView(new QChart, parent)
{
}

void ThemedChartView::setThemedAxes(std::initializer_list<QAbstractAxis *> axes)
{
    m_axes = axes;
}

void ThemedChartView::applyPalette()
{
    const QPalette p = palette();
    chart()->setBackgroundBrush(p.base());
    chart()->setBackgroundPen(QPen(p.mid().color()));
    chart()->setTitleBrush(p.text());
    chart()->legend()->setLabelColor(p.text().color());
    for (QAbstractAxis *axis : std::as_const(m_axes)) {
        axis->setLabelsBrush(p.text());
        axis->setTitleBrush(p.text());
        axis->setLinePenColor(p.mid().color());
        axis->setGridLineColor(p.midlight().color());
    }
    applySeriesPalette();
}

void ThemedChartView::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void ThemedChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    chart()->legend()->setAlignment(width() < narrowWidth ? Qt::AlignRight : Qt::AlignBottom);
}

} // namespace spark::ui
