// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linktesthistory.h"
#include "core/linktest/linktestrunner.h"
#include "ui/linktest/linktestjobsource.h"

#include <QFuture>
#include <QList>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace spark::ui {

class LinkTestView;
class RunComparisonView;

// The link test of one configured cluster in a window of its own, opened from
// the main window: the mode, seconds per direction and directions to run,
// the live LinkTestView, the cluster's earlier runs (one selected: shown
// again; two: compared side by side) and exports of the run on show. Every
// finished run joins the cluster's history. The planning (reading every
// node) and the run go off the GUI thread; closing the window cancels a run,
// whose sessions the job source keeps until it has stopped.
class LinkTestWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LinkTestWindow)

public:
    // The mode list's entries (their item data).
    enum class Mode { RdmaWherePossible, Tcp, Rdma };

    LinkTestWindow(const QString &cluster, LinkTestJobSource jobs,
                   const QString &historyPath = LinkTestHistory::defaultFilePath(), QWidget *parent = nullptr);
    ~LinkTestWindow() override;

    QString cluster() const { return m_cluster; }
    // The options the controls ask for.
    LinkTestOptions options() const;
    // Planning or running (or still stopping).
    bool isRunning() const { return m_planning || m_running; }
    // The run on show, if any (none while two are compared).
    const std::optional<LinkTestRun> &shownRun() const { return m_shown; }
    // The history list's runs, newest first.
    const QList<LinkTestRun> &earlierRuns() const { return m_runs; }

    // What the runner ends with, also for tests: kept in the history and shown.
    void finishRun(const Expected<LinkTestRun> &run);
    // A finished run again, or two side by side (`before` the earlier).
    void showRun(const LinkTestRun &run);
    void compareRuns(const LinkTestRun &before, const LinkTestRun &now);

    // The run on show: CSV or JSON by the file's suffix.
    Expected<void> exportRun(const QString &path) const;

    LinkTestView *view() const { return m_view; }
    RunComparisonView *comparisonView() const { return m_comparison; }

public Q_SLOTS:
    void start();
    void cancel();

Q_SIGNALS:
    void runningChanged(bool running);
    // A run ended with a result (pass or fail), already kept in the history.
    void runFinished(const spark::LinkTestRun &run);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void planned(const Expected<LinkTestJob> &job);
    void reloadHistory();
    void showSelection();
    void fillCompareMenu();
    void exportAs();
    void say(const QString &sentence);
    void updateButtons();

    QString m_cluster;
    LinkTestJobSource m_jobs;
    LinkTestHistory m_history;
    QList<LinkTestRun> m_runs; // the history list's, newest first
    std::optional<LinkTestRun> m_shown;
    LinkTestRunner *m_runner = nullptr;
    QFuture<Expected<LinkTestRun>> m_future;
    bool m_planning = false;
    bool m_running = false;
    bool m_stopAsked = false;

    QComboBox *m_mode;
    QSpinBox *m_seconds;
    QComboBox *m_direction;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_export;
    QPushButton *m_compare;
    QLabel *m_message;
    QStackedWidget *m_views;
    LinkTestView *m_view;
    RunComparisonView *m_comparison;
    QListWidget *m_historyList;
    QLabel *m_historyHint;
};

} // namespace spark::ui
