// SPDX-License-Identifier: MIT
#pragma once

#include <QWizardPage>

namespace spark::ui {

// What a newcomer needs before starting, and how long it takes.
class WelcomePage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)

public:
    explicit WelcomePage(QWidget *parent = nullptr);
};

} // namespace spark::ui
