// SPDX-License-Identifier: MIT
#include "ui/wizard/peertrustpage.h"

#include "core/common/whenready.h"
#include "ui/progress/nodeprogresslist.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/wizard/setupstate.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

PeerTrustPage::PeerTrustPage(SetupState *state, QWidget *parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_progress(new NodeProgressList(this))
    , m_outcome(new QLabel(this))
    , m_again(new QPushButton(tr("Try &again"), this))
{
    setObjectName(QStringLiteral("peerTrustPage"));
    setTitle(tr("Node-to-node SSH"));
    setSubTitle(tr("Let the Sparks log in to each other without a password."));

    auto *help = new QLabel(tr("Each Spark makes its own key and trusts the others' keys, on the management network "
                               "and on the ConnectX-7 addresses. No private key leaves its Spark. MPI and NCCL "
                               "programs need this to start on every node."),
                            this);
    help->setWordWrap(true);
    m_progress->setObjectName(QStringLiteral("trustProgress"));
    m_outcome->setObjectName(QStringLiteral("trustOutcome"));
    m_outcome->setWordWrap(true);
    m_again->setObjectName(QStringLiteral("trustAgain"));
    m_again->hide();

    auto *row = new QHBoxLayout;
    row->addWidget(m_outcome, 1);
    row->addWidget(m_again);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addSpacing(8);
    layout->addWidget(m_progress);
    layout->addLayout(row);
    layout->addStretch();

    connect(m_again, &QPushButton::clicked, this, &PeerTrustPage::run);
    connect(m_state->backend(), &ClusterBackend::progress, this, [this](const JobProgress &progress) {
        if (m_running)
            m_progress->showProgress(progress);
    });
}

void PeerTrustPage::initializePage()
{
    run();
}

void PeerTrustPage::cleanupPage()
{
    ++m_generation;
    m_running = false;
}

void PeerTrustPage::run()
{
    if (m_running || !m_state->prepared())
        return;
    const quint64 generation = ++m_generation;
    m_running = true;
    m_done = false;
    m_again->hide();
    m_progress->setNodes(m_state->deviceNames());
    m_outcome->setText(tr("Exchanging keys…"));
    whenReady(m_state->backend()->trustPeers(m_state->devices(), m_state->prepared()->addresses), this,
        [this, generation](const Expected<void> &result) {
            if (generation != m_generation)
                return;
            m_running = false;
            m_done = result.hasValue();
            for (const QString &node : m_progress->nodes())
                m_progress->setOutcome(node, m_done ? NodeProgressList::Outcome::Succeeded : NodeProgressList::Outcome::Failed,
                                       m_done ? tr("Trusts every other Spark.") : m_progress->sentence(node));
            m_outcome->setText(m_done ? tr("Every Spark can log in to every other one without a password.")
                                      : result.error().message);
            m_again->setVisible(!m_done);
            Q_EMIT completeChanged();
            Q_EMIT finished(m_done);
        });
    Q_EMIT completeChanged();
}

bool PeerTrustPage::isComplete() const
{
    return m_done;
}

QString PeerTrustPage::outcomeText() const
{
    return m_outcome->text();
}

} // namespace spark::ui
