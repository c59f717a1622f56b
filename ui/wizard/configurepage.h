// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/sudotarget.h"
#include "core/netconfig/clusterpreparer.h"
#include "ui/clusterbackend/sudocredentials.h"

#include <QWizardPage>

#include <functional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace spark::ui {

class NodeProgressList;
class SetupState;

// The wizard's Configure page: the address plan as a table, then the safe
// apply on every Spark at once with its progress. Every node keeps a backup
// and undoes the change by itself unless all links check out; a failure,
// cancelling or a lost Spark leaves every node on its earlier settings, and
// the page says so in sentences. "Roll back" restores the settings from
// before the first apply.
class ConfigurePage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConfigurePage)

public:
    static constexpr int RevertSeconds = 60;
    static constexpr int KeychainTimeoutMs = spark::ui::KeychainTimeoutMs;

    explicit ConfigurePage(SetupState *state, QWidget *parent = nullptr);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;

    bool busy() const { return m_busy; }
    QString outcomeText() const;

public Q_SLOTS:
    void apply();
    void cancel();
    void rollback();

Q_SIGNALS:
    void finished(bool succeeded);

private:
    void showAddressPlan();
    // Each device with its sudo credential: the typed password, else each one remembered.
    void withCredentials(const std::function<void(const QList<SudoTarget> &)> &then);
    void prepared(const QList<SudoTarget> &nodes, const Expected<PreparedCluster> &prepared);
    void applied(const ClusterApplyReport &report);
    void setBusy(bool busy);
    void fail(const QString &sentence);

    SetupState *m_state;
    QTableWidget *m_table;
    QLineEdit *m_password;
    QLabel *m_passwordNote;
    QLabel *m_conflicts;
    QLabel *m_networkManager;
    QCheckBox *m_disableConflicts;
    QPushButton *m_apply;
    QPushButton *m_cancel;
    QPushButton *m_rollback;
    NodeProgressList *m_progress;
    QLabel *m_outcome;
    bool m_busy = false;
    bool m_stopRequested = false;
    quint64 m_generation = 0;
};

} // namespace spark::ui
