// SPDX-License-Identifier: MIT
#pragma once

#include "core/nccl/nccltestoutput.h"

#include "ui/common/themedchartview.h"

#include <QList>

#include <optional>

class QCategoryAxis;
class QLineSeries;
class QValueAxis;

namespace spark::ui {

// The NCCL test's chart: bus bandwidth (GB/s) against message size on a log2
// axis labelled in bytes ("8 MiB"), one point per size as it is measured, and
// NVIDIA's bar as a dashed line named in the legend.
class NcclTestChart final : public ThemedChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclTestChart)

public:
    explicit NcclTestChart(QWidget *parent = nullptr);

    // Empties the chart for a run over these sizes (the axis spans them).
    void clear(qint64 minBytes, qint64 maxBytes);
    void addRow(const NcclSizeRow &row);
    // NVIDIA's bar (none: not known yet, no line).
    void setBar(std::optional<double> gigabytesPerSecond);

    int pointCount() const;
    std::optional<double> bar() const { return m_bar; }
    QLineSeries *measured() const { return m_busbw; }
    QLineSeries *barLine() const { return m_barLine; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void applySeriesPalette() override;
    void updateAxes();
    void updateSizeLabels();
    void updateRateTitle();

    QCategoryAxis *m_sizes;
    QValueAxis *m_rate;
    QLineSeries *m_busbw;
    QLineSeries *m_barLine;
    std::optional<double> m_bar;
    qint64 m_minBytes = 0;
    qint64 m_maxBytes = 0;
    QList<qint64> m_rowBytes;
    double m_highest = 0;
};

} // namespace spark::ui
