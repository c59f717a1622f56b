// SPDX-License-Identifier: MIT
#include "ui/nccl/nccltestchart.h"

#include "core/nccl/nccltestverdict.h"

#include <QCategoryAxis>
#include <QChart>
#include <QFontMetrics>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QResizeEvent>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace spark::ui {

namespace {

double position(qint64 bytes)
{
    return std::log2(double(std::max<qint64>(bytes, 1)));
}

// A fixed hue that reads on light and dark backgrounds alike (the link test's twin 0).
const QColor measuredColor(0x3b, 0x82, 0xf6);

} // namespace

NcclTestChart::NcclTestChart(QWidget *parent)
    : ThemedChartView(parent)
    , m_sizes(new QCategoryAxis(this))
    , m_rate(new QValueAxis(this))
    , m_busbw(new QLineSeries(this))
    , m_barLine(new QLineSeries(this))
{
    setObjectName(QStringLiteral("ncclChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
    QChart *chart = this->chart();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);

    m_sizes->setTitleText(tr("Message size"));
    m_sizes->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    updateRateTitle();
    m_rate->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(m_sizes, Qt::AlignBottom);
    chart->addAxis(m_rate, Qt::AlignLeft);

    m_busbw->setName(tr("Bus bandwidth"));
    m_busbw->setPointsVisible(true);
    m_barLine->setObjectName(QStringLiteral("ncclBarLine"));
    for (QLineSeries *series : {m_busbw, m_barLine}) {
        chart->addSeries(series);
        series->attachAxis(m_sizes);
        series->attachAxis(m_rate);
    }
    setThemedAxes({m_sizes, m_rate});
    // The size labels follow the room the plot has (it changes with the legend and the rate labels).
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        updateSizeLabels();
        updateRateTitle();
    });
    clear(8LL << 20, 1LL << 30);
    applyPalette();
}

void NcclTestChart::clear(qint64 minBytes, qint64 maxBytes)
{
    m_minBytes = std::max<qint64>(1, std::min(minBytes, maxBytes));
    m_maxBytes = std::max<qint64>(1, std::max(minBytes, maxBytes));
    m_rowBytes.clear();
    m_busbw->clear();
    m_highest = 0;
    updateAxes();
}

void NcclTestChart::addRow(const NcclSizeRow &row)
{
    m_busbw->append(position(row.bytes), row.busbwGBps());
    m_highest = std::max(m_highest, row.busbwGBps());
    if (!m_rowBytes.contains(row.bytes))
        m_rowBytes.append(row.bytes);
    if (row.bytes < m_minBytes || row.bytes > m_maxBytes) {
        m_minBytes = std::min(m_minBytes, row.bytes);
        m_maxBytes = std::max(m_maxBytes, row.bytes);
    }
    updateAxes();
}

void NcclTestChart::setBar(std::optional<double> gigabytesPerSecond)
{
    m_bar = gigabytesPerSecond;
    updateAxes();
}

int NcclTestChart::pointCount() const
{
    return int(m_busbw->count());
}

void NcclTestChart::updateAxes()
{
    double left = position(m_minBytes) - 0.5;
    double right = position(m_maxBytes) + 0.5;
    if (right - left < 2) {
        left -= 0.5;
        right += 0.5;
    }
    m_sizes->setRange(left, right);
    updateSizeLabels();

    m_barLine->clear();
    if (m_bar) {
        m_barLine->append(left, *m_bar);
        m_barLine->append(right, *m_bar);
        m_barLine->setName(tr("NVIDIA's bar: %1 GB/s").arg(QLocale().toString(*m_bar, 'g', 3)));
    }
    m_barLine->setVisible(m_bar.has_value());
    // Before a bar or a size is known, the scale of a real cluster (NVIDIA's
    // bar is 21.875 GB/s), not an empty axis of thousandths.
    double top = std::max(m_bar.value_or(0) * 1.15, m_highest * 1.15);
    if (top <= 0)
        top = 25;
    // Four or five gridlines on round numbers (1, 2, 2.5 or 5 times a power of ten).
    const double rough = top / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude * 10;
    for (double nice : {1.0, 2.0, 2.5, 5.0}) {
        if (nice * magnitude >= rough) {
            step = nice * magnitude;
            break;
        }
    }
    const int ticks = int(std::ceil(top / step - 1e-9));
    m_rate->setRange(0, ticks * step);
    m_rate->setTickCount(ticks + 1);
}

void NcclTestChart::updateSizeLabels()
{
    const QStringList old = m_sizes->categoriesLabels();
    // Every power of two the run spans, and any measured size between them.
    QList<qint64> sizes;
    for (int exponent = int(std::floor(position(m_minBytes))); exponent <= int(std::ceil(position(m_maxBytes))); ++exponent) {
        const qint64 bytes = qint64(1) << exponent;
        if (bytes >= m_minBytes && bytes <= m_maxBytes)
            sizes.append(bytes);
    }
    for (qint64 bytes : std::as_const(m_rowBytes)) {
        if (!sizes.contains(bytes))
            sizes.append(bytes);
    }
    std::sort(sizes.begin(), sizes.end());
    // Every step-th power of two, so that labels as wide as "512 MiB" and a gap fit.
    const double plot = chart()->plotArea().width() > 0 ? chart()->plotArea().width() : width() - 80.0;
    const double perDoubling = plot / std::max(1.0, m_sizes->max() - m_sizes->min());
    const int labelWidth = QFontMetrics(m_sizes->labelsFont()).horizontalAdvance(QStringLiteral("512 MiB")) + 14;
    const qsizetype step = std::max<qsizetype>(1, qsizetype(std::ceil(labelWidth / std::max(1.0, perDoubling))));
    QStringList wanted;
    for (qsizetype i = 0; i < sizes.size(); i += step)
        wanted.append(NcclVerdict::formatBytes(sizes.at(i)));
    if (wanted == old && m_sizes->startValue() == m_sizes->min())
        return; // as it is: no relayout, no loop through plotAreaChanged
    for (const QString &label : old)
        m_sizes->remove(label);
    m_sizes->setStartValue(m_sizes->min());
    for (qsizetype i = 0; i < sizes.size(); i += step)
        m_sizes->append(NcclVerdict::formatBytes(sizes.at(i)), position(sizes.at(i)));
}

void NcclTestChart::updateRateTitle()
{
    // The title stands along the plot's side: a short plot (a small window, the
    // wizard) keeps the unit rather than an elided "Bus band…".
    const QString full = tr("Bus bandwidth (GB/s)");
    const bool fits = QFontMetricsF(m_rate->titleFont()).horizontalAdvance(full) <= chart()->plotArea().height();
    m_rate->setTitleText(fits ? full : tr("GB/s"));
}

void NcclTestChart::resizeEvent(QResizeEvent *event)
{
    ThemedChartView::resizeEvent(event);
    // Two short entries: below the plot even when narrow, where they are not cut.
    chart()->legend()->setAlignment(Qt::AlignBottom);
    if (event->size().width() != event->oldSize().width())
        updateSizeLabels();
}

void NcclTestChart::applySeriesPalette()
{
    m_busbw->setPen(QPen(measuredColor, 2.5));
    m_busbw->setBrush(measuredColor);
    m_barLine->setPen(QPen(palette().text().color(), 1.5, Qt::DashLine));
}

} // namespace spark::ui
