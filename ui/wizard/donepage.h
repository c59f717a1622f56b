// SPDX-License-Identifier: MIT
#pragma once

#include <QWizardPage>

class QLabel;
class QTabWidget;

namespace spark::ui {

class SetupState;

// The wizard's last page: what was set up, and the cluster's files (MPI
// hostfile, NCCL environment, Ansible inventory) from core's exports, each
// shown and saved with one button.
class DonePage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DonePage)

public:
    explicit DonePage(SetupState *state, QWidget *parent = nullptr);

    void initializePage() override;

    // The text of an export tab ("hostfile", "nccl", "ansible").
    QString exportText(const QString &key) const;

Q_SIGNALS:
    // "Open the dashboard": the link-health window for this cluster.
    void dashboardRequested(const QString &cluster);

private:
    void addExport(const QString &key, const QString &title, const QString &fileName, const QString &text);

    SetupState *m_state;
    QLabel *m_summary;
    QTabWidget *m_exports;
};

} // namespace spark::ui
