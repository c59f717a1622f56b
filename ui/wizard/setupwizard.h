// SPDX-License-Identifier: MIT
#pragma once

#include <QWizard>

namespace spark::ui {

class SetupBackend;
class SetupState;

// The cluster set-up wizard. Each page shows a core object and forwards the
// user's choices; what the pages share lives in SetupState, and everything
// that talks to a Spark goes through a SetupBackend (the live one by default).
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
        DonePage,
    };

    explicit SetupWizard(QWidget *parent = nullptr);
    // For tests: the wizard uses `backend` (it does not take ownership).
    explicit SetupWizard(SetupBackend *backend, QWidget *parent = nullptr);

    SetupState *state() const { return m_state; }
    int nextId() const override;

    // A page still waiting for its feature is passed over.
    static bool isPlaceholder(const QWizardPage *page);

private:
    void build();

    SetupBackend *m_backend;
    SetupState *m_state = nullptr;
};

} // namespace spark::ui
