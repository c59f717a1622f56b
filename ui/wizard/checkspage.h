// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/finding.h"
#include "core/facts/nodefacts.h"
#include "core/facts/versionpolicy.h"

#include <QHash>
#include <QWizardPage>

#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace spark::ui {

class SetupState;

// The wizard's Checks page: every chosen Spark is probed at once (NodeProber)
// and core's readiness rules give the verdict per node and for the cluster.
// Blockers stop the flow; warnings go on only when accepted explicitly.
class ChecksPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChecksPage)

public:
    explicit ChecksPage(SetupState *state, QWidget *parent = nullptr);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;
    bool validatePage() override;

    bool running() const { return m_pending > 0; }
    std::optional<Readiness> verdict() const { return m_verdict; }
    QList<Finding> findings() const { return m_findings; }

public Q_SLOTS:
    void runChecks();

Q_SIGNALS:
    void checksFinished();

private:
    void nodeAnswered(int index, const Expected<NodeFacts> &facts);
    void showFindings();

    SetupState *m_state;
    QTreeWidget *m_tree;
    QLabel *m_verdictLabel;
    QLabel *m_guide;
    QCheckBox *m_acceptWarnings;
    QPushButton *m_again;
    std::optional<VersionPolicy> m_policy;
    QList<std::optional<NodeFacts>> m_facts;
    QHash<QString, QString> m_failures; // node -> why it could not be probed
    QList<Finding> m_findings;
    std::optional<Readiness> m_verdict;
    int m_pending = 0;
    quint64 m_generation = 0;
};

} // namespace spark::ui
