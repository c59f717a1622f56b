// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/runcomparison.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace spark::ui {

// Two runs of the link test side by side: per link, each run's slowest port
// total and verdict, and the difference (RunComparison's figures).
class RunComparisonView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunComparisonView)

public:
    enum Column { LinkColumn, BeforeColumn, BeforeVerdictColumn, NowColumn, NowVerdictColumn, DifferenceColumn, ColumnCount };

    explicit RunComparisonView(QWidget *parent = nullptr);

    // `before` is the earlier run.
    void compare(const LinkTestRun &before, const LinkTestRun &now);
    const RunComparison &comparison() const { return m_comparison; }

    // "+0.40 Gb/s (+21 %)", "−0.95 Gb/s (−50 %)"; a dash when a run lacks the link.
    static QString difference(const LinkChange &change);

private:
    RunComparison m_comparison;
    QLabel *m_heading;
    QTableWidget *m_table;
    QLabel *m_outcome;
};

} // namespace spark::ui
