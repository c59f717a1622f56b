// SPDX-License-Identifier: MIT
#pragma once

#include "ui/nccl/nccltestpanel.h"

#include <QWidget>

namespace spark::ui {

// The NCCL test of one configured cluster in a window of its own, opened from
// the main window: an NcclTestPanel with the cluster's earlier runs. Closing
// the window cancels a running test or build (the panel sees it through).
class NcclTestWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclTestWindow)

public:
    using JobSource = NcclJobSource;

    explicit NcclTestWindow(const QString &cluster, JobSource jobs,
                            const QString &historyPath = NcclTestHistory::defaultFilePath(), QWidget *parent = nullptr);

    NcclTestPanel *panel() const { return m_panel; }

    // The panel's, for the window's openers and tests.
    QString cluster() const { return m_panel->cluster(); }
    NcclTestRequest request() const { return m_panel->request(); }
    bool isRunning() const { return m_panel->isRunning(); }
    void beginRun(const NcclTestRequest &request) { m_panel->beginRun(request); }
    void addRow(const NcclSizeRow &row) { m_panel->addRow(row); }
    void setProgress(const QString &sentence) { m_panel->setProgress(sentence); }
    void finishRun(const Expected<NcclTestRun> &run) { m_panel->finishRun(run); }
    void showRun(const NcclTestRun &run) { m_panel->showRun(run); }
    Expected<void> exportRun(const QString &path) const { return m_panel->exportRun(path); }
    Expected<void> saveChart(const QString &path) const { return m_panel->saveChart(path); }
    NcclTestChart *chart() const { return m_panel->chart(); }

public Q_SLOTS:
    void start() { m_panel->start(); }
    void cancel() { m_panel->cancel(); }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    NcclTestPanel *m_panel;
};

} // namespace spark::ui
