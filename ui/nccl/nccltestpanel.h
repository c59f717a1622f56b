// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/nccltesthistory.h"
#include "core/linktest/nccltestrunner.h"
#include "ui/nccl/nccljobsource.h"

#include <QList>
#include <QWidget>

#include <optional>
#include <utility>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace spark::ui {

class NcclTestChart;

// NVIDIA's NCCL test of one configured cluster, for the NCCL test window and
// the set-up wizard alike: the collective and the sizes to run, a live chart
// of bus bandwidth by message size against NVIDIA's bar, the sizes' table,
// the verdict, the cluster's earlier runs, and exports of the run on show.
// Every finished run joins the cluster's history. It shows what the runner
// sends; the job comes from its owner (see NcclJobSource).
class NcclTestPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclTestPanel)

public:
    // Listed: the cluster's earlier runs beside the chart, the newest on show
    // at first (the window). NotListed: only the runs made here are shown, as
    // in a set-up, where an older run of the same name says nothing about it.
    enum class EarlierRuns { Listed, NotListed };

    NcclTestPanel(const QString &cluster, NcclJobSource jobs, const QString &historyPath,
                  EarlierRuns earlier = EarlierRuns::Listed, QWidget *parent = nullptr);
    ~NcclTestPanel() override;

    QString cluster() const { return m_cluster; }
    // The request the controls ask for.
    NcclTestRequest request() const;
    // Sizes of the caller's choosing (quick's iterations), added to the list
    // and chosen: a slower cluster, or the emulated one, in reasonable time.
    void chooseSizes(qint64 minBytes, qint64 maxBytes);
    bool isRunning() const { return m_running; }
    // The run on show, if any.
    const std::optional<NcclTestRun> &shownRun() const { return m_shown; }

    // What the runner sends, also for tests: a run begins, sizes come, it ends.
    void beginRun(const NcclTestRequest &request);
    void addRow(const NcclSizeRow &row);
    void setProgress(const QString &sentence);
    void finishRun(const Expected<NcclTestRun> &run);
    // A finished run (the last, or one from the history).
    void showRun(const NcclTestRun &run);

    // The run on show: CSV or JSON by the file's suffix; the chart as PNG.
    Expected<void> exportRun(const QString &path) const;
    Expected<void> saveChart(const QString &path) const;

    NcclTestChart *chart() const { return m_chart; }

public Q_SLOTS:
    void start();
    void cancel();

Q_SIGNALS:
    void runningChanged(bool running);
    // A run ended with a result (pass or fail), already kept in the history.
    void runFinished(const spark::NcclTestRun &run);

private:
    void reloadHistory(int select);
    void showHistoryRow(int row);
    void showVerdict(bool pass, const QString &sentence);
    void exportAs();
    void updateButtons();

    QString m_cluster;
    NcclJobSource m_jobs;
    NcclTestHistory m_history;
    EarlierRuns m_earlier;
    QList<NcclTestRun> m_runs; // the history list's, newest first
    std::optional<NcclTestRun> m_shown;
    std::pair<qint64, qint64> m_chosenSizes{8LL << 20, 1LL << 30};
    NcclTestRunner *m_runner = nullptr;
    QFuture<Expected<NcclTestRun>> m_future;
    bool m_running = false;

    QComboBox *m_collective;
    QComboBox *m_sizes;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_export;
    QLabel *m_progress;
    NcclTestChart *m_chart;
    QTableWidget *m_table;
    QLabel *m_verdict;
    QListWidget *m_historyList;
};

} // namespace spark::ui
