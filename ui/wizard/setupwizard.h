// SPDX-License-Identifier: MIT
#pragma once

#include "core/topology/setupprogress.h"

#include <QWizard>

namespace spark::ui {

class ClusterBackend;
class SetupState;

// The cluster set-up wizard. Each page shows a core object and forwards the
// user's choices; what the pages share lives in SetupState, and everything
// that talks to a Spark goes through a ClusterBackend (the live one by default).
class SetupWizard final : public QWizard
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SetupWizard)

public:
    enum PageId {
        WelcomePage,
        LayoutPage,
        DevicesPage,
        ChecksPage,
        CablingPage,
        VerifyCablingPage, // merged into the cabling page: its check draws on the same pictures
        ConfigurePage,
        PeerTrustPage,
        LinkTestPage,
        NcclTestPage, // optional: NVIDIA's NCCL acceptance test
        DonePage,
    };

    explicit SetupWizard(QWidget *parent = nullptr);
    // For tests: the wizard uses `backend` (it does not take ownership).
    explicit SetupWizard(ClusterBackend *backend, QWidget *parent = nullptr);

    ~SetupWizard() override;

    SetupState *state() const { return m_state; }

    // Picks up an unfinished set-up: the choices are restored and the wizard
    // goes on from the checks, which run again (a Spark may have changed since).
    void resume(const SetupProgress &progress);

Q_SIGNALS:
    // The user finished with "Open the dashboard" on the last page.
    void dashboardRequested(const QString &cluster);

private:
    void build();
    void offerUnfinishedSetup();
    // Remembers the choices so far when a page is reached; forgets them at Done.
    void keepProgress(int pageId);

    ClusterBackend *m_backend;
    SetupState *m_state = nullptr;
};

} // namespace spark::ui
