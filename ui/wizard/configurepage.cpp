// SPDX-License-Identifier: MIT
#include "ui/wizard/configurepage.h"
#include "ui/clusterbackend/sudocredentials.h"

#include "core/netconfig/networkmanagerhandover.h"

#include "core/common/whenready.h"

#include "core/netconfig/clusterpreparer.h"
#include "core/netconfig/netplandocument.h"
#include "core/netconfig/networkmanagerhandover.h"
#include "ui/progress/nodeprogresslist.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/wizard/setupstate.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <memory>

namespace spark::ui {

namespace {

QString outcomeSentence(const NodeApplyOutcome &node, int revertSeconds)
{
    switch (node.state) {
    case NodeApplyOutcome::State::Applied:
        return ConfigurePage::tr("Runs its new settings; every link checked.");
    case NodeApplyOutcome::State::Unchanged:
        return ConfigurePage::tr("Nothing was changed.");
    case NodeApplyOutcome::State::Reverted:
        return ConfigurePage::tr("Back on its earlier settings.");
    case NodeApplyOutcome::State::RevertsByItself:
        return ConfigurePage::tr("Could not be reached; it restores its earlier settings by itself within %1 seconds.")
            .arg(revertSeconds);
    }
    return {};
}

} // namespace

ConfigurePage::ConfigurePage(SetupState *state, QWidget *parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_table(new QTableWidget(this))
    , m_password(new QLineEdit(this))
    , m_passwordNote(new QLabel(this))
    , m_conflicts(new QLabel(this))
    , m_networkManager(new QLabel(this))
    , m_disableConflicts(new QCheckBox(tr("&Set the earlier settings for these ports aside (files stay in the backup, "
                                          "profiles unchanged)"), this))
    , m_apply(new QPushButton(tr("&Apply"), this))
    , m_cancel(new QPushButton(tr("&Stop and undo"), this))
    , m_rollback(new QPushButton(tr("&Roll back"), this))
    , m_progress(new NodeProgressList(this))
    , m_outcome(new QLabel(this))
{
    setObjectName(QStringLiteral("configurePage"));
    setTitle(tr("Configure"));
    setSubTitle(tr("Give every ConnectX-7 port its address, safely, with automatic undo."));

    auto *help = new QLabel(tr("Each Spark keeps a backup of its network settings and puts it back by itself unless "
                               "every link is checked within %1 seconds. Nothing changes until you press Apply.")
                                .arg(RevertSeconds),
                            this);
    help->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("addressPlan"));
    m_table->setColumnCount(5);
    m_table->setHorizontalHeaderLabels({tr("Spark"), tr("Port"), tr("Interface"), tr("Address"), tr("MTU")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAccessibleName(tr("Address plan"));

    m_password->setObjectName(QStringLiteral("sudoPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("the same on every Spark"));
    m_passwordNote->setObjectName(QStringLiteral("sudoPasswordNote"));
    m_passwordNote->setWordWrap(true);
    m_networkManager->setObjectName(QStringLiteral("networkManagerHandover"));
    m_networkManager->setWordWrap(true);
    m_networkManager->hide();
    m_conflicts->setObjectName(QStringLiteral("conflicts"));
    m_conflicts->setWordWrap(true);
    m_conflicts->hide();
    m_disableConflicts->setObjectName(QStringLiteral("disableConflicts"));
    m_disableConflicts->hide();
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_cancel->setObjectName(QStringLiteral("cancelApply"));
    m_cancel->setEnabled(false);
    m_rollback->setObjectName(QStringLiteral("rollbackButton"));
    m_progress->setObjectName(QStringLiteral("applyProgress"));
    m_outcome->setObjectName(QStringLiteral("applyOutcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *form = new QFormLayout;
    form->addRow(tr("sudo &password:"), m_password);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_apply);
    buttons->addWidget(m_cancel);
    buttons->addStretch();
    buttons->addWidget(m_rollback);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addWidget(m_table, 1);
    layout->addLayout(form);
    layout->addWidget(m_passwordNote);
    layout->addWidget(m_networkManager);
    layout->addWidget(m_conflicts);
    layout->addWidget(m_disableConflicts);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_outcome);

    connect(m_apply, &QPushButton::clicked, this, &ConfigurePage::apply);
    connect(m_cancel, &QPushButton::clicked, this, &ConfigurePage::cancel);
    connect(m_rollback, &QPushButton::clicked, this, &ConfigurePage::rollback);
    connect(m_state->backend(), &ClusterBackend::progress, this, [this](const JobProgress &progress) {
        if (m_busy)
            m_progress->showProgress(progress);
    });
}

void ConfigurePage::initializePage()
{
    m_progress->setNodes(m_state->deviceNames());
    m_outcome->clear();
    m_passwordNote->setText(tr("Left empty, the password remembered in the keychain for each Spark is used."));
    showAddressPlan();
}

void ConfigurePage::cleanupPage()
{
    if (m_busy)
        cancel();
}

void ConfigurePage::showAddressPlan()
{
    m_table->setRowCount(0);
    const auto cabling = m_state->cablingPlan();
    if (!cabling) {
        m_outcome->setText(cabling.error().message);
        return;
    }
    // The same planner the apply uses, fed with the facts the checks read.
    const auto addresses = m_state->prepared()
        ? Expected<AddressPlan>(m_state->prepared()->addresses)
        : ClusterPreparer::planAddresses(m_state->definition(), *cabling, m_state->facts());
    if (!addresses) {
        m_outcome->setText(addresses.error().message);
        return;
    }
    for (const InterfaceAddress &address : addresses->interfaces) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const QStringList cells{address.node, CablingText::portLabel(address.port), address.netdev, address.cidr(),
                                QString::number(address.mtu)};
        for (int column = 0; column < cells.size(); ++column)
            m_table->setItem(row, column, new QTableWidgetItem(cells.at(column)));
    }
}

void ConfigurePage::withCredentials(const std::function<void(const QList<SudoTarget> &)> &then)
{
    const quint64 generation = m_generation;
    gatherSudoTargets(
        *m_state->backend(), m_state->devices(), m_password->text(), this,
        [this, then, generation](const QList<SudoTarget> &nodes) {
            if (generation == m_generation)
                then(nodes);
        },
        [this, generation] {
            if (generation != m_generation)
                return;
            ++m_generation;
            fail(tr("The keychain did not answer: type the sudo password above and press the button again. "
                    "Nothing was changed."));
        });
}

void ConfigurePage::apply()
{
    if (m_busy)
        return;
    setBusy(true);
    m_stopRequested = false;
    m_cancel->setEnabled(true);
    m_state->setApplied(false);
    m_outcome->setText(tr("Reading the network settings of every Spark…"));
    m_progress->setNodes(m_state->deviceNames());
    const quint64 generation = ++m_generation;
    withCredentials([this, generation](const QList<SudoTarget> &nodes) {
        ApplyOptions options;
        options.backupStamp = ClusterPreparer::backupStampNow();
        options.revertSeconds = RevertSeconds;
        // Planned with the conflicts disabled so they can be shown; applied only with consent.
        options.disableConflicts = true;
        whenReady(m_state->backend()->prepare(m_state->definition(), nodes, options), this,
            [this, generation, nodes](const Expected<PreparedCluster> &result) {
                if (generation == m_generation)
                    prepared(nodes, result);
            });
    });
}

void ConfigurePage::prepared(const QList<SudoTarget> &nodes, const Expected<PreparedCluster> &result)
{
    if (m_stopRequested) {
        fail(tr("Stopped before anything was changed."));
        return;
    }
    if (!result) {
        fail(result.error().message);
        return;
    }
    m_state->setPrepared(*result);
    showAddressPlan();
    QStringList conflicts;
    QList<std::pair<QString, QList<NmProfile>>> setAside;
    for (const PreparedNode &node : result->nodes) {
        conflicts += NetplanDocument::describeConflicts(node.plan.node, node.plan.conflicts);
        conflicts += NetworkManagerHandover::describe(node.plan.node, NetworkManagerHandover::needingConsent(node.plan.setAside));
        setAside.append({node.plan.node, node.plan.setAside});
    }
    const QString handover = NetworkManagerHandover::describeAutomatic(setAside);
    m_networkManager->setText(handover);
    m_networkManager->setVisible(!handover.isEmpty());
    m_conflicts->setText(conflicts.join(QLatin1Char(' ')));
    m_conflicts->setVisible(!conflicts.isEmpty());
    m_disableConflicts->setVisible(!conflicts.isEmpty());
    if (!conflicts.isEmpty() && !m_disableConflicts->isChecked()) {
        fail(tr("Earlier network settings configure the same ports: tick the box to set them aside, then press Apply "
                "again. Nothing was changed."));
        return;
    }
    if (result->alreadyApplied()) {
        for (const QString &node : m_state->deviceNames())
            m_progress->setOutcome(node, NodeProgressList::Outcome::Succeeded, tr("Already runs this plan."));
        setBusy(false);
        m_state->setApplied(true);
        m_outcome->setText(tr("%1 already runs this plan; nothing was changed.").arg(m_state->clusterName()));
        Q_EMIT completeChanged();
        Q_EMIT finished(true);
        return;
    }
    if (auto saved = m_state->backend()->saveCluster(m_state->definition()); !saved) {
        fail(saved.error().message);
        return;
    }
    m_outcome->setText(tr("Applying on every Spark…"));
    m_cancel->setEnabled(true);
    const quint64 generation = m_generation;
    whenReady(m_state->backend()->apply(*result, nodes), this,
        [this, generation](const ClusterApplyReport &report) {
            if (generation == m_generation)
                applied(report);
        });
}

void ConfigurePage::applied(const ClusterApplyReport &report)
{
    for (const NodeApplyOutcome &node : report.nodes) {
        QStringList sentences{outcomeSentence(node, RevertSeconds)};
        sentences += node.problems;
        const bool good = node.state == NodeApplyOutcome::State::Applied
            || (report.succeeded && node.state == NodeApplyOutcome::State::Unchanged);
        m_progress->setOutcome(node.node, good ? NodeProgressList::Outcome::Succeeded : NodeProgressList::Outcome::Failed,
                               sentences.join(QLatin1Char(' ')));
    }
    if (report.succeeded) {
        setBusy(false);
        m_state->setApplied(true);
        m_outcome->setText(tr("Every Spark runs its new network settings, and every link answered."));
        Q_EMIT completeChanged();
        Q_EMIT finished(true);
        return;
    }
    fail(report.cancelled ? tr("Stopped: every Spark that was changed is back on its earlier settings.")
                          : tr("The apply did not finish: %1 Every Spark that was changed is back on its earlier "
                               "settings; fix the cause and press Apply again.")
                                .arg(report.error.message));
}

void ConfigurePage::fail(const QString &sentence)
{
    setBusy(false);
    m_outcome->setText(sentence);
    Q_EMIT completeChanged();
    Q_EMIT finished(false);
}

void ConfigurePage::cancel()
{
    if (!m_busy)
        return;
    m_stopRequested = true;
    m_outcome->setText(tr("Stopping; undoing the changes made so far…"));
    m_cancel->setEnabled(false);
    m_state->backend()->cancelApply();
}

void ConfigurePage::rollback()
{
    if (m_busy)
        return;
    setBusy(true);
    m_cancel->setEnabled(false);
    m_state->setApplied(false);
    m_outcome->setText(tr("Restoring the settings from before the first apply…"));
    m_progress->setNodes(m_state->deviceNames());
    const quint64 generation = ++m_generation;
    withCredentials([this, generation](const QList<SudoTarget> &nodes) {
        whenReady(m_state->backend()->rollback(nodes), this,
            [this, generation](const Expected<void> &done) {
                if (generation != m_generation)
                    return;
                setBusy(false);
                m_outcome->setText(done
                        ? tr("Every Spark is back on the network settings it had before the first apply.")
                        : done.error().message);
                Q_EMIT completeChanged();
            });
    });
}

void ConfigurePage::setBusy(bool busy)
{
    m_busy = busy;
    m_apply->setEnabled(!busy);
    m_rollback->setEnabled(!busy);
    m_password->setEnabled(!busy);
    if (!busy)
        m_cancel->setEnabled(false);
    Q_EMIT completeChanged();
}

QString ConfigurePage::outcomeText() const
{
    return m_outcome->text();
}

bool ConfigurePage::isComplete() const
{
    return !m_busy && m_state->applied();
}

} // namespace spark::ui
