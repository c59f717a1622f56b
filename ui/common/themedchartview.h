// SPDX-License-Identifier: MIT
#pragma once

#include <QChartView>

#include <initializer_list>

class QAbstractAxis;

namespace spark::ui {

// What both charts (link health, link-test throughput) share: they follow the
// palette (light, dark, a change while shown), and a narrow chart puts its
// legend beside it, one entry a line, where it stays readable.
class ThemedChartView : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThemedChartView)

public:
    static constexpr int narrowWidth = 560;

protected:
    explicit ThemedChartView(QWidget *parent = nullptr);

    // The chart's own colours (series, lines): called on every palette change.
    virtual void applySeriesPalette() = 0;
    // Sets the palette's colours on the chart and these axes, then the series'.
    void applyPalette();
    void setThemedAxes(std::initializer_list<QAbstractAxis *> axes);

    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QList<QAbstractAxis *> m_axes;
};

} // namespace spark::ui
