// SPDX-License-Identifier: MIT
#pragma once

#include <QWizardPage>

class QLabel;
class QVBoxLayout;

namespace spark::ui {

class NcclTestPanel;
class SetupState;

// The wizard's optional NCCL test page, after the link test: NVIDIA's
// acceptance test (all_gather_perf across the cluster) in an NcclTestPanel
// for the cluster of this set-up, its jobs and build from the backend. Next
// goes on with or without a run; while a run or a build of what it needs
// goes, Next and Finish wait, and Back or closing the wizard cancels it. A finished run is kept in the cluster's
// history and, for the Done page, in the set-up's state.
class NcclTestPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclTestPage)

public:
    explicit NcclTestPage(SetupState *state, QWidget *parent = nullptr);

    // The panel for the configured cluster: made when the page is reached, nullptr before.
    NcclTestPanel *panel() const { return m_panel; }
    bool isRunning() const;

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;

public Q_SLOTS:
    void cancelTest();

private:
    SetupState *m_state;
    QLabel *m_intro;
    QVBoxLayout *m_layout;
    NcclTestPanel *m_panel = nullptr;
};

} // namespace spark::ui
