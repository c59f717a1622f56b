// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linktestrunner.h"

#include <QFutureWatcher>
#include <QWizardPage>

#include <optional>

class QLabel;
class QPushButton;

namespace spark::ui {

class LinkTestView;

// The wizard's Link test page: Start measures every link of the configured
// cluster (core's LinkTestRunner, on its own thread) and the view draws the
// samples as they arrive; Cancel stops it and cleans up the nodes. The page
// is complete once a run has ended, passed or not: the verdicts say what to fix.
class LinkTestPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LinkTestPage)

public:
    explicit LinkTestPage(QWidget *parent = nullptr);
    ~LinkTestPage() override;

    // An earlier run (from the history) in the table and the summary, without its samples.
    void showRun(const LinkTestRun &run);
    // What Start runs: set by whoever configured the cluster (links, sessions).
    void setJob(const LinkTestJob &job);
    LinkTestView *view() const { return m_view; }
    const std::optional<LinkTestRun> &lastRun() const { return m_lastRun; }
    bool isRunning() const { return m_watcher.isRunning(); }

    bool isComplete() const override;

    // The last run's results as CSV or JSON, and the chart on show as PNG;
    // an error says what went wrong in one sentence.
    Expected<void> exportResults(const QString &path) const;
    Expected<void> saveChart(const QString &path) const;

public Q_SLOTS:
    void startTest();
    void cancelTest();

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
    QFutureWatcher<Expected<LinkTestRun>> m_watcher;
    std::optional<LinkTestJob> m_job;
    std::optional<LinkTestRun> m_lastRun;
};

} // namespace spark::ui
