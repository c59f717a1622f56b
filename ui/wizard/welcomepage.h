// SPDX-License-Identifier: MIT
#pragma once

#include <QWizardPage>

class QFrame;
class QLabel;

namespace spark::ui {

// What a newcomer needs before starting, and how long it takes.
class WelcomePage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)

public:
    explicit WelcomePage(QWidget *parent = nullptr);

    // An unfinished set-up, said in one sentence, with Continue and Start over.
    void offerToContinue(const QString &sentence);
    void withdrawOffer();

Q_SIGNALS:
    void continueRequested();
    void startOverRequested();

private:
    QFrame *m_offer;
    QLabel *m_offerText;
};

} // namespace spark::ui
