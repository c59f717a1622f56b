// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/nccltesthistory.h"
#include "core/linktest/nccltestrunner.h"

#include <QList>
#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace spark::ui {

class NcclTestChart;

// NVIDIA's NCCL test of one configured cluster: the collective and the sizes
// to run, a live chart of bus bandwidth by message size against NVIDIA's bar,
// the sizes' table, the verdict, the cluster's earlier runs, and exports of
// the run on show. It shows what the runner sends; the job comes from its
// opener (which holds the cluster's sessions).
class NcclTestWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclTestWindow)

public:
    // The job for a request, or why there is none (a device gone, no plan).
    using JobSource = std::function<Expected<NcclTestJob>(const NcclTestRequest &)>;

    explicit NcclTestWindow(const QString &cluster, JobSource jobs,
                            const QString &historyPath = NcclTestHistory::defaultFilePath(), QWidget *parent = nullptr);
    ~NcclTestWindow() override;

    QString cluster() const { return m_cluster; }
    // The request the controls ask for.
    NcclTestRequest request() const;
    bool isRunning() const { return m_running; }

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

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void reloadHistory(int select);
    void showHistoryRow(int row);
    void showVerdict(bool pass, const QString &sentence);
    void exportAs();
    void updateButtons();

    QString m_cluster;
    JobSource m_jobs;
    NcclTestHistory m_history;
    QList<NcclTestRun> m_runs; // the history list's, newest first
    std::optional<NcclTestRun> m_shown;
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
