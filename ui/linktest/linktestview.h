// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"
#include "core/linktest/linktestrun.h"

#include <QHash>
#include <QSet>
#include <QWidget>

class QBarSet;
class QBarCategoryAxis;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTableWidget;
class QValueAxis;

namespace spark {
class LinkTestRunner;
}

namespace spark::ui {

class ThroughputChart;

// A link test as it runs: a live chart per link, a summary bar chart of each
// link's slowest port total against the expected rate, and a results table
// with latency and the verdict sentence. It only shows what the runner sends.
class LinkTestView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LinkTestView)

public:
    explicit LinkTestView(QWidget *parent = nullptr);

    // Queued connections to the runner's signals (it runs on its own thread).
    void attach(LinkTestRunner *runner);

    void start(const LinkTestRun &planned);
    // A finished run again (the history's): its table, verdicts and summary,
    // and its per-second charts when the run kept its samples (runs kept
    // before samples were kept have none).
    void showRun(const LinkTestRun &run);
    void addSample(const LinkSample &sample);
    void setLatency(const QString &link, double microseconds, double lossPercent);
    void setResult(const LinkResult &result);
    void setProgress(double fraction, const QString &sentence);
    void showProgress(const spark::JobProgress &progress); // a run's, as it comes

    ThroughputChart *chart(const QString &link) const { return m_charts.value(link); }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // The summary and a row per link; a per-second chart per link for a live run.
    void begin(const LinkTestRun &planned, bool perSecondCharts);
    int rowOf(const QString &link) const;

    QLabel *m_status;
    QProgressBar *m_progress;
    QTabWidget *m_tabs;
    QTableWidget *m_table;
    QBarSet *m_passed = nullptr; // one bar per link: its value in the set of its verdict
    QBarSet *m_failed = nullptr;
    QValueAxis *m_barAxis = nullptr;
    QStringList m_links;
    QHash<QString, ThroughputChart *> m_charts;
    QSet<QString> m_finished; // links whose result is in
    double m_expectedGbps = 0;
};

} // namespace spark::ui
