// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/sudocredential.h"
#include "core/nccl/ncclbuilder.h"
#include "core/nccl/nccltesthistory.h"
#include "core/nccl/nccltestrunner.h"
#include "ui/nccl/nccljobsource.h"

#include <QList>
#include <QWidget>

#include <optional>
#include <utility>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QStackedWidget;
class QTableWidget;

namespace spark::ui {

class NcclTestChart;
class NcclBuildView;

// NVIDIA's NCCL test of one configured cluster, for the NCCL test window and
// the set-up wizard alike: the collective and the sizes to run, a live chart
// of bus bandwidth by message size against NVIDIA's bar, the sizes' table,
// the verdict, the cluster's earlier runs, and exports of the run on show.
// Every finished run joins the cluster's history. When a Spark lacks what the
// test needs, it offers to build it (NcclBuilder, after NcclBuildDialog has
// asked), shows the build node by node with the tools' output, and runs the
// test again once every Spark is ready. It shows what the runner and the
// builder send; the jobs and the build's nodes come from its owner (see
// NcclJobSource).
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
    // A test or a build of what it needs goes on (or is still stopping).
    bool isRunning() const { return m_running || m_building; }
    bool isBuilding() const { return m_building; }
    // The run on show, if any.
    const std::optional<NcclTestRun> &shownRun() const { return m_shown; }

    // What the runner sends, also for tests: a run begins, sizes come, it ends.
    void beginRun(const NcclTestRequest &request);
    void addRow(const NcclSizeRow &row);
    void setProgress(const QString &sentence);
    void finishRun(const Expected<NcclTestRun> &run);
    // A finished run (the last, or one from the history).
    void showRun(const NcclTestRun &run);

    // What the builder sends, also for tests: a build begins on these nodes,
    // steps and lines of output come, nodes end, the build ends (all ready:
    // the test runs again with the request that found them lacking).
    void beginBuild(const QStringList &nodes);
    void showBuildStep(const spark::JobProgress &progress);
    void addBuildOutput(const QString &node, const QString &line);
    void finishBuildNode(const spark::NcclBuildNodeResult &result);
    void finishBuild(const spark::NcclBuildReport &report);

    // The run on show: CSV or JSON by the file's suffix; the chart as PNG.
    Expected<void> exportRun(const QString &path) const;
    Expected<void> saveChart(const QString &path) const;

    NcclTestChart *chart() const { return m_chart; }

public Q_SLOTS:
    void start();
    // Stops the run, or the build (what is built stays).
    void cancel();
    // Asks first (NcclBuildDialog), then builds on the nodes the source gives.
    void askToBuild();
    void startBuild(const spark::SudoCredential &sudo);

Q_SIGNALS:
    void runningChanged(bool running);
    // A run ended with a result (pass or fail), already kept in the history.
    void runFinished(const spark::NcclTestRun &run);

private:
    void startRun(const NcclTestRequest &request);
    void reportRunning();
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
    NcclTestRequest m_lastRequest; // of the last run: the build's run repeats it
    NcclBuilder *m_builder = nullptr;
    QFuture<NcclBuildReport> m_buildFuture;
    bool m_building = false;
    bool m_buildStopped = false;  // cancelled by the person
    bool m_runningSaid = false;   // isRunning() as runningChanged last said it

    QComboBox *m_collective;
    QComboBox *m_sizes;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_export;
    QPushButton *m_build;
    QLabel *m_progress;
    QStackedWidget *m_views; // the results, or the build
    QWidget *m_results;
    NcclTestChart *m_chart;
    QTableWidget *m_table;
    NcclBuildView *m_buildView;
    QLabel *m_verdict;
    QListWidget *m_historyList;
};

} // namespace spark::ui
