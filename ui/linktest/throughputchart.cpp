// SPDX-License-Identifier: MIT
#include "ui/linktest/throughputchart.h"


#include <QChart>
#include <QEvent>
#include <QResizeEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QTimer>
#include <QValueAxis>

#include <cmath>

namespace spark::ui {

namespace {

int key(int twin, LinkDirection direction)
{
    return (twin + 1) * 2 + (direction == LinkDirection::BToA ? 1 : 0);
}

// Fixed hues that read on light and dark backgrounds alike.
QColor colorFor(int twin)
{
    if (twin == 0)
        return QColor(0x3b, 0x82, 0xf6);
    if (twin == 1)
        return QColor(0xf5, 0x9e, 0x0b);
    return QColor(0x22, 0xa5, 0x5a);
}

QString seriesName(int twin, LinkDirection direction)
{
    const QString arrow = direction == LinkDirection::AToB ? ThroughputChart::tr("A→B") : ThroughputChart::tr("B→A");
    if (twin == LinkSample::wholePort)
        return ThroughputChart::tr("Port %1").arg(arrow);
    return ThroughputChart::tr("Twin %1 %2").arg(twin).arg(arrow);
}

} // namespace

ThroughputChart::ThroughputChart(const QString &title, double expectedGbps, QWidget *parent)
    // Our chart from the start: setChart() would orphan the view's default one.
    : ThemedChartView(parent)
    , m_time(new QValueAxis(this))
    , m_rate(new QValueAxis(this))
    , m_expected(new QLineSeries(this))
    , m_expectedGbps(expectedGbps)
    , m_flush(new QTimer(this))
{
    m_flush->setSingleShot(true);
    m_flush->setInterval(50);
    connect(m_flush, &QTimer::timeout, this, &ThroughputChart::flush);
    setObjectName(QStringLiteral("throughputChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
    QChart *chart = this->chart();
    chart->setTitle(tr("%1 — expected %2 Gb/s").arg(title, QLocale().toString(expectedGbps, 'g', 3)));
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);

    m_time->setTitleText(tr("Time (s)"));
    m_time->setLabelFormat(QStringLiteral("%d"));
    m_time->setTickType(QValueAxis::TicksDynamic);
    m_time->setTickAnchor(0);
    m_time->setTickInterval(2);
    m_time->setRange(0, 10);
    m_rate->setTitleText(tr("Gb/s"));
    m_rate->setLabelFormat(QStringLiteral("%.3g"));
    m_rate->setRange(0, std::max(expectedGbps * 1.2, 0.01));
    m_rate->applyNiceNumbers();
    chart->addAxis(m_time, Qt::AlignBottom);
    chart->addAxis(m_rate, Qt::AlignLeft);

    chart->addSeries(m_expected);
    m_expected->attachAxis(m_time);
    m_expected->attachAxis(m_rate);
    m_expected->append(0, expectedGbps);
    m_expected->append(10, expectedGbps);
    // The expected line is named in the title; the legend keeps to the measurements.
    const auto markers = chart->legend()->markers(m_expected);
    for (QLegendMarker *marker : markers)
        marker->setVisible(false);
    setThemedAxes({m_time, m_rate});
    applyPalette();
}

QLineSeries *ThroughputChart::seriesFor(int twin, LinkDirection direction, int phase)
{
    const int k = key(twin, direction);
    QList<QLineSeries *> &pieces = m_series[k];
    if (!pieces.isEmpty() && m_phaseOf.value(k) == phase)
        return pieces.constLast();
    // A new phase for this line: a new piece, so the line does not join across
    // the phases between (the twin had no samples there). Points queued for the
    // old piece are drawn on it first.
    if (!pieces.isEmpty())
        flush();
    auto *series = new QLineSeries(this);
    series->setName(seriesName(twin, direction));
    // Appending is cheap; OpenGL is not available offscreen and not needed at 10 points a second.
    chart()->addSeries(series);
    series->attachAxis(m_time);
    series->attachAxis(m_rate);
    if (!pieces.isEmpty()) {
        const auto markers = chart()->legend()->markers(series);
        for (QLegendMarker *marker : markers)
            marker->setVisible(false); // the line's name is in the legend once
    }
    pieces.append(series);
    m_phaseOf.insert(k, phase);
    applyPalette();
    return series;
}

QList<QLineSeries *> ThroughputChart::segments(int twin, LinkDirection direction) const
{
    return m_series.value(key(twin, direction));
}

void ThroughputChart::addSample(const LinkSample &sample)
{
    const int phase = int(sample.phase);
    if (!m_phaseOffset.contains(phase))
        m_phaseOffset.insert(phase, m_phaseOffset.isEmpty() ? m_startOffset : std::ceil(m_lastX) + 1);
    const double x = m_phaseOffset.value(phase) + sample.seconds;
    seriesFor(sample.twin, sample.direction, phase);
    m_pending[key(sample.twin, sample.direction)].append(QPointF(x, sample.gbps));
    m_lastX = std::max(m_lastX, x);
    m_highest = std::max(m_highest, sample.gbps);
    if (!m_flush->isActive())
        m_flush->start();
}

void ThroughputChart::measuredAgain()
{
    flush();
    m_phaseOffset.clear();
    for (auto it = m_phaseOf.begin(); it != m_phaseOf.end(); ++it)
        it.value() = -1; // every line starts a new piece
    m_startOffset = std::ceil(m_lastX) + 1;
}

void ThroughputChart::flush()
{
    m_flush->stop();
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it)
        m_series.value(it.key()).constLast()->append(it.value());
    m_pending.clear();
    const double right = std::max(10.0, std::ceil(m_lastX));
    if (right > m_time->max()) {
        m_time->setMax(right);
        // Five to ten labels, on whole seconds.
        m_time->setTickInterval(std::max(1.0, std::ceil(right / 10.0 / 2.0) * 2.0));
        m_expected->replace(1, QPointF(right, m_expectedGbps));
    }
    const double top = std::max(m_expectedGbps * 1.2, m_highest * 1.1);
    if (top > m_rate->max()) {
        m_rate->setMax(top);
        m_rate->applyNiceNumbers();
    }
}

int ThroughputChart::pointCount() const
{
    int count = 0;
    for (const QList<QPointF> &points : m_pending)
        count += int(points.size());
    for (const QList<QLineSeries *> &pieces : m_series) {
        for (const QLineSeries *series : pieces)
            count += series->count();
    }
    return count;
}

void ThroughputChart::applySeriesPalette()
{
    QPen expected(palette().text().color(), 1.5, Qt::DashLine);
    m_expected->setPen(expected);
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it) {
        const int twin = it.key() / 2 - 1;
        const bool reverse = it.key() % 2 == 1;
        QPen pen(colorFor(twin), twin == LinkSample::wholePort ? 2.5 : 1.5, reverse ? Qt::DotLine : Qt::SolidLine);
        for (QLineSeries *series : it.value())
            series->setPen(pen);
    }
}

} // namespace spark::ui
