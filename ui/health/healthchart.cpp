// SPDX-License-Identifier: MIT
#include "ui/health/healthchart.h"


#include <QChart>
#include <QDateTimeAxis>
#include <QEvent>
#include <QKeyEvent>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPen>
#include <QResizeEvent>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace spark::ui {

namespace {

// Fixed hues that read on light and dark backgrounds alike (as the link test's chart).
QColor colorFor(int twin)
{
    if (twin == 0)
        return QColor(0x3b, 0x82, 0xf6);
    if (twin == 1)
        return QColor(0xf5, 0x9e, 0x0b);
    return QColor(0x22, 0xa5, 0x5a);
}

constexpr qint64 kMinimumSpanMs = 5000;

} // namespace

HealthChart::HealthChart(QWidget *parent)
    : ThemedChartView(parent)
    , m_time(new QDateTimeAxis(this))
    , m_rate(new QValueAxis(this))
{
    setObjectName(QStringLiteral("healthChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(260, 180);
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(tr("Scroll to zoom, drag to move along the time axis, double-click to follow the newest values."));
    QChart *chart = this->chart();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_time->setFormat(QStringLiteral("HH:mm:ss"));
    m_time->setTickCount(6);
    m_rate->setTitleText(tr("Gb/s"));
    m_rate->setLabelFormat(QStringLiteral("%.3g"));
    m_rate->setRange(0, 1);
    chart->addAxis(m_time, Qt::AlignBottom);
    chart->addAxis(m_rate, Qt::AlignLeft);
    const QStringList names{tr("Rx twin 0"), tr("Rx twin 1"), tr("Rx port"), tr("Tx twin 0"), tr("Tx twin 1"), tr("Tx port")};
    for (int i = 0; i < names.size(); ++i) {
        auto *series = new QLineSeries(this);
        series->setName(names.at(i));
        chart->addSeries(series);
        series->attachAxis(m_time);
        series->attachAxis(m_rate);
        m_series.append(series);
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_toMs = now;
    m_fromMs = now - m_windowSeconds * 1000LL;
    applyRange();
    setThemedAxes({m_time, m_rate});
    applyPalette();
}

void HealthChart::setSamples(const QString &title, const QList<PortSample> &samples)
{
    chart()->setTitle(title);
    QList<QList<QPointF>> points(m_series.size());
    double highest = 0;
    for (const PortSample &sample : samples) {
        const double x = double(sample.time.toMSecsSinceEpoch());
        const std::optional<double> values[6] = {sample.rxGbps[0], sample.rxGbps[1], sample.portRxGbps,
                                                 sample.txGbps[0], sample.txGbps[1], sample.portTxGbps};
        for (int i = 0; i < 6; ++i) {
            if (values[i]) {
                points[i].append(QPointF(x, *values[i]));
                highest = std::max(highest, *values[i]);
            }
        }
    }
    for (int i = 0; i < m_series.size(); ++i)
        m_series.at(i)->replace(points.at(i));
    m_newestMs = samples.isEmpty() ? QDateTime::currentMSecsSinceEpoch() : samples.last().time.toMSecsSinceEpoch();
    // A scale that fits the busiest line, in steps that do not jump every tick.
    double top = 0.01;
    while (top < highest * 1.1)
        top *= top * 2 < highest * 1.1 ? 10 : 2;
    m_rate->setRange(0, top);
    m_rate->applyNiceNumbers();
    applyRange();
}

void HealthChart::setWindowSeconds(int seconds)
{
    m_windowSeconds = std::max(10, seconds);
    applyRange();
}

void HealthChart::applyRange()
{
    if (m_following) {
        m_toMs = m_newestMs > 0 ? m_newestMs : QDateTime::currentMSecsSinceEpoch();
        m_fromMs = m_toMs - m_windowSeconds * 1000LL;
    }
    m_time->setRange(QDateTime::fromMSecsSinceEpoch(m_fromMs), QDateTime::fromMSecsSinceEpoch(m_toMs));
}

void HealthChart::zoomBy(double factor, std::optional<double> centreMs)
{
    if (factor <= 0)
        return;
    const double centre = centreMs.value_or((m_fromMs + m_toMs) / 2.0);
    const double span = std::clamp((m_toMs - m_fromMs) / factor, double(kMinimumSpanMs), 3600.0 * 1000);
    const double share = (m_toMs > m_fromMs) ? (centre - m_fromMs) / double(m_toMs - m_fromMs) : 0.5;
    m_fromMs = qint64(centre - span * share);
    m_toMs = qint64(m_fromMs + span);
    m_following = false;
    applyRange();
}

void HealthChart::panBy(double seconds)
{
    const qint64 shift = qint64(seconds * 1000);
    m_fromMs += shift;
    m_toMs += shift;
    m_following = false;
    applyRange();
}

void HealthChart::follow()
{
    m_following = true;
    applyRange();
}

QDateTime HealthChart::visibleFrom() const
{
    return QDateTime::fromMSecsSinceEpoch(m_fromMs);
}

QDateTime HealthChart::visibleTo() const
{
    return QDateTime::fromMSecsSinceEpoch(m_toMs);
}

int HealthChart::pointCount() const
{
    int count = 0;
    for (const QLineSeries *series : m_series)
        count += int(series->count());
    return count;
}

void HealthChart::wheelEvent(QWheelEvent *event)
{
    const QPointF value = chart()->mapToValue(chart()->mapFromScene(mapToScene(event->position().toPoint())));
    zoomBy(event->angleDelta().y() > 0 ? 1.25 : 0.8, value.x());
    event->accept();
}

void HealthChart::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragFrom = event->position().toPoint();
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void HealthChart::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragFrom) {
        QChartView::mouseMoveEvent(event);
        return;
    }
    const QRectF plot = chart()->plotArea();
    if (plot.width() > 0) {
        const int dx = event->position().toPoint().x() - m_dragFrom->x();
        panBy(-dx / plot.width() * (m_toMs - m_fromMs) / 1000.0);
    }
    m_dragFrom = event->position().toPoint();
    event->accept();
}

void HealthChart::mouseReleaseEvent(QMouseEvent *event)
{
    m_dragFrom.reset();
    QChartView::mouseReleaseEvent(event);
}

void HealthChart::mouseDoubleClickEvent(QMouseEvent *event)
{
    follow();
    event->accept();
}

void HealthChart::keyPressEvent(QKeyEvent *event)
{
    const double step = (m_toMs - m_fromMs) / 1000.0 / 10;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        break;
    case Qt::Key_Minus:
        zoomBy(0.8);
        break;
    case Qt::Key_Left:
        panBy(-step);
        break;
    case Qt::Key_Right:
        panBy(step);
        break;
    case Qt::Key_Home:
        follow();
        break;
    default:
        QChartView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HealthChart::resizeEvent(QResizeEvent *event)
{
    ThemedChartView::resizeEvent(event);
    m_time->setTickCount(width() < narrowWidth ? 2 : 6); // a narrow chart: fewer time labels
}

void HealthChart::applySeriesPalette()
{
    for (int i = 0; i < m_series.size(); ++i) {
        const int twin = i % 3; // 2: the port
        const bool tx = i >= 3;
        m_series.at(i)->setPen(QPen(colorFor(twin), twin == 2 ? 2.5 : 1.5, tx ? Qt::DashLine : Qt::SolidLine));
    }
}

} // namespace spark::ui
