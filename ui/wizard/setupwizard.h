// SPDX-License-Identifier: MIT
#pragma once

#include <QWizard>

namespace spark::ui {

// The cluster set-up wizard. Each page shows a core object and forwards the
// user's choices; the pages are filled in as their features arrive.
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
        VerifyCablingPage,
        ConfigurePage,
        PeerTrustPage,
        LinkTestPage,
        DonePage,
    };

    explicit SetupWizard(QWidget *parent = nullptr);
};

} // namespace spark::ui
