// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/ratehistory.h"

#include "ui/common/themedchartview.h"

#include <QDateTime>
#include <QList>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace spark::ui {

// One port's Gb/s over the last minutes: Rx and Tx of each twin and the
// port's total. Follows the newest sample until the user zooms (wheel, + and
// -) or pans (drag, arrow keys); a double click or Home follows again.
class HealthChart final : public ThemedChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthChart)

public:
    explicit HealthChart(QWidget *parent = nullptr);

    void setSamples(const QString &title, const QList<PortSample> &samples);
    void setWindowSeconds(int seconds); // what the live view spans (default 300)

    void zoomBy(double factor, std::optional<double> centreMs = {}); // > 1 zooms in
    void panBy(double seconds);
    void follow();
    bool following() const { return m_following; }
    QDateTime visibleFrom() const;
    QDateTime visibleTo() const;
    int pointCount() const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void applyRange();
    void applySeriesPalette() override;

    QDateTimeAxis *m_time;
    QValueAxis *m_rate;
    QList<QLineSeries *> m_series; // rx twin 0, rx twin 1, rx port, tx twin 0, tx twin 1, tx port
    int m_windowSeconds = 300;
    bool m_following = true;
    qint64 m_fromMs = 0;
    qint64 m_toMs = 0;
    qint64 m_newestMs = 0;
    std::optional<QPoint> m_dragFrom;
};

} // namespace spark::ui
