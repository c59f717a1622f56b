// SPDX-License-Identifier: MIT
#pragma once

#include <QWizardPage>

class QLabel;
class QPushButton;

namespace spark::ui {

class NodeProgressList;
class SetupState;

// The wizard's node-to-node SSH page: every Spark gets its own key and trusts
// the others (core's PeerTrustRunner), started as the page opens.
class PeerTrustPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PeerTrustPage)

public:
    explicit PeerTrustPage(SetupState *state, QWidget *parent = nullptr);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;

    bool running() const { return m_running; }
    QString outcomeText() const;

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void finished(bool succeeded);

private:
    SetupState *m_state;
    NodeProgressList *m_progress;
    QLabel *m_outcome;
    QPushButton *m_again;
    bool m_running = false;
    bool m_done = false;
    quint64 m_generation = 0;
};

} // namespace spark::ui
