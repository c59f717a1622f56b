// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linksample.h"

#include "ui/common/themedchartview.h"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>

class QLineSeries;
class QTimer;
class QValueAxis;

namespace spark::ui {

// The live chart of one link: Gb/s over time for each twin and the port's
// sum, per direction, with the expected rate as a dashed line. Phases follow
// each other on the time axis. Samples are drawn as they are added.
class ThroughputChart final : public ThemedChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThroughputChart)

public:
    explicit ThroughputChart(const QString &title, double expectedGbps, QWidget *parent = nullptr);

    // Queued and drawn together a moment later (at most every 50 ms), so a
    // burst of samples costs one redraw.
    void addSample(const LinkSample &sample);
    void flush();
    // The link is measured again (alone, to confirm a low figure): what comes
    // next is drawn after what is there, not over it.
    void measuredAgain();
    // Points over all series (for tests and the benchmark).
    int pointCount() const;
    // The line pieces of one twin (or LinkSample::wholePort) in one direction:
    // one per phase it has samples in, so no line crosses a phase without them.
    QList<QLineSeries *> segments(int twin, LinkDirection direction) const;

protected:

private:
    QLineSeries *seriesFor(int twin, LinkDirection direction, int phase);
    void applySeriesPalette() override;

    QValueAxis *m_time;
    QValueAxis *m_rate;
    QLineSeries *m_expected;
    double m_expectedGbps;
    QTimer *m_flush;
    QHash<int, QList<QPointF>> m_pending; // series key → points not drawn yet
    QHash<int, QList<QLineSeries *>> m_series; // twin (0, 1, port) × direction → its pieces, one per phase
    QHash<int, int> m_phaseOf;                 // series key → the phase its last piece draws
    QHash<int, double> m_phaseOffset;    // phase → seconds before it on the axis
    double m_startOffset = 0;            // seconds before this measurement (after the first: the earlier ones)
    double m_lastX = 0;
    double m_highest = 0;
};

} // namespace spark::ui
