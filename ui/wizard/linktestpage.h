// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linktestrunner.h"

#include <QFutureWatcher>
#include <QWizardPage>

#include <optional>

class QLabel;
class QPushButton;
class QSpinBox;

namespace spark::ui {

class LinkTestView;
class SetupState;

// The wizard's Link test page: Start measures every link of the configured
// cluster (core's LinkTestRunner, on its own thread) and the view draws the
// samples as they arrive; Cancel stops it and cleans up the nodes. The page
// is complete once a run has ended, passed or not: the verdicts say what to fix.
// In the set-up wizard the job comes from the configured cluster, every run
// is kept with the cluster's earlier ones, and the test may be skipped.
class LinkTestPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LinkTestPage)

public:
    explicit LinkTestPage(QWidget *parent = nullptr);
    explicit LinkTestPage(SetupState *state, QWidget *parent = nullptr);
    ~LinkTestPage() override;

    // An earlier run (from the history) in the table and the summary, without its samples.
    void showRun(const LinkTestRun &run);
    // What Start runs: set by whoever configured the cluster (links, sessions).
    void setJob(const LinkTestJob &job);
    LinkTestView *view() const { return m_view; }
    const std::optional<LinkTestRun> &lastRun() const { return m_lastRun; }
    // From Start until the page has shown (and kept) the run's end.
    bool isRunning() const { return m_running; }

    void initializePage() override;
    bool isComplete() const override;
    // Seconds per direction for the next run.
    void setSecondsPerDirection(int seconds);

    // The last run's results as CSV or JSON, and the chart on show as PNG;
    // an error says what went wrong in one sentence.
    Expected<void> exportResults(const QString &path) const;
    Expected<void> saveChart(const QString &path) const;

public Q_SLOTS:
    void startTest();
    void cancelTest();
    // Cancels a running test and waits until the nodes are cleaned up.
    void stopAndWait();

Q_SIGNALS:
    void runFinished(const spark::LinkTestRun &run);

private:
    void onFinished();
    void updateButtons();
    void exportAs();

    LinkTestRunner *m_runner;
    LinkTestView *m_view;
    QLabel *m_message;
    QPushButton *m_start;
    QPushButton *m_cancel;
    QPushButton *m_export;
    QSpinBox *m_seconds;
    QLabel *m_skipHint;
    QLabel *m_comparison;
    SetupState *m_state = nullptr;
    bool m_running = false;
    QFutureWatcher<Expected<LinkTestRun>> m_watcher;
    std::optional<LinkTestJob> m_job;
    std::optional<LinkTestRun> m_lastRun;
};

} // namespace spark::ui
