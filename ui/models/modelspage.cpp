// SPDX-License-Identifier: MIT
#include "ui/models/modelspage.h"

#include "core/cluster/modelcopies.h"
#include "core/common/runonthread.h"
#include "core/common/whenready.h"
#include "core/devices/secretstore.h"
#include "ui/common/colorscheme.h"
#include "ui/progress/nodeprogresslist.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace spark::ui {

namespace {

ModelsPage::Reading readWithJob(const QList<Device> &devices, QObject *owner)
{
    auto *job = new ModelInventoryJob(owner);
    return {job->read(devices, {}), job};
}

ModelsPage::Copying copyWithJob(const QString &cluster, const QString &repoId, bool download, QObject *owner)
{
    auto *job = new ModelCopyJob(owner);
    if (!download)
        return {copyModelToCluster(*job, cluster, repoId), job};
    // The token is read from the keychain on the job's thread, and goes no
    // further than the request (never into a widget or a log).
    return {runOnThread([job, cluster, repoId] {
                SecretStore secrets;
                const Expected<QString> token = secrets.huggingFaceToken().result();
                ModelCopyRequest::Download asked;
                asked.token = token ? *token : QString();
                return copyModelToCluster(*job, cluster, repoId, {}, {}, asked).result();
            }),
            job};
}

ModelsPage::Verifying verifyWithJob(const QList<Device> &devices, const QString &repoId, QObject *owner)
{
    auto *job = new ModelVerifyJob(owner);
    return {job->verify(devices, repoId, {}), job};
}

ModelsPage::Removing removeWithJob(const QList<Device> &devices, const QString &repoId, QObject *owner)
{
    auto *job = new ModelRemover(owner);
    return {job->remove(devices, repoId, {}), job};
}

} // namespace

ModelsPage::ModelsPage(QWidget *parent)
    : QWidget(parent)
    , m_reader(&readWithJob)
    , m_copier(&copyWithJob)
    , m_verifier(&verifyWithJob)
    , m_remover(&removeWithJob)
    , m_status(new QLabel(this))
    , m_read(new QPushButton(tr("&Read the Sparks' models"), this))
    , m_cluster(new QComboBox(this))
    , m_copy(new QPushButton(tr("&Copy to the cluster"), this))
    , m_verify(new QPushButton(tr("&Verify"), this))
    , m_remove(new QPushButton(tr("Re&move from…"), this))
    , m_cancel(new QPushButton(tr("Cancel the copy"), this))
    , m_getId(new QLineEdit(this))
    , m_get(new QPushButton(tr("&Get onto the cluster"), this))
    , m_token(new QPushButton(tr("Hugging Face &token…"), this))
    , m_progress(new NodeProgressList(this))
    , m_table(new QTableWidget(this))
    , m_detail(new QLabel(this))
{
    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this, tr("Copy a model"), question) == QMessageBox::Yes;
    };
    m_status->setObjectName(QStringLiteral("modelsStatus"));
    m_status->setWordWrap(true);
    m_status->setText(tr("See which models each Spark holds in its Hugging Face cache, and whether every file arrived."));
    m_read->setObjectName(QStringLiteral("readModels"));
    m_read->setEnabled(false); // until there is a Spark to read
    m_table->setObjectName(QStringLiteral("modelsTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_detail->setObjectName(QStringLiteral("modelDetail"));
    m_detail->setWordWrap(true);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_cluster->setObjectName(QStringLiteral("copyCluster"));
    m_cluster->setToolTip(tr("The cluster whose Sparks get the model, over its cables"));
    m_copy->setObjectName(QStringLiteral("copyModel"));
    m_verify->setObjectName(QStringLiteral("verifyModel"));
    m_verify->setToolTip(tr("Hash every file of the selected model on each Spark that holds it, on the Spark itself"));
    m_remove->setObjectName(QStringLiteral("removeModel"));
    m_remove->setMenu(new QMenu(m_remove));
    m_cancel->setObjectName(QStringLiteral("cancelCopy"));
    m_cancel->hide();
    m_progress->setObjectName(QStringLiteral("copyProgress"));
    m_progress->hide();

    m_getId->setObjectName(QStringLiteral("getModelId"));
    m_getId->setPlaceholderText(tr("org/name, e.g. Qwen/Qwen3-8B"));
    m_getId->setClearButtonEnabled(true);
    m_get->setObjectName(QStringLiteral("getModel"));
    m_get->setToolTip(tr("Put this model on every Spark of the cluster: downloaded once, on the first Spark, by its own "
                         "Hugging Face client when no Spark holds it, then copied over the cables and checked"));
    m_token->setObjectName(QStringLiteral("huggingFaceToken"));
    m_token->setToolTip(tr("Gated and private models need a Hugging Face token; it is kept in the system keychain"));

    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_read);
    auto *copyRow = new QHBoxLayout;
    copyRow->addWidget(new QLabel(tr("Selected model:"), this));
    copyRow->addWidget(m_copy);
    copyRow->addWidget(m_cluster);
    copyRow->addWidget(m_verify);
    copyRow->addWidget(m_remove);
    copyRow->addWidget(m_cancel);
    copyRow->addStretch(1);
    auto *getRow = new QHBoxLayout;
    getRow->addWidget(new QLabel(tr("From Hugging Face:"), this));
    getRow->addWidget(m_getId, 1);
    getRow->addWidget(m_get);
    getRow->addWidget(m_token);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);
    layout->addLayout(copyRow);
    layout->addLayout(getRow);
    layout->addWidget(m_progress);
    layout->addWidget(m_detail);

    connect(m_read, &QPushButton::clicked, this, &ModelsPage::read);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ModelsPage::showSelected);
    connect(m_copy, &QPushButton::clicked, this, &ModelsPage::copySelected);
    connect(m_get, &QPushButton::clicked, this, &ModelsPage::getNamed);
    connect(m_getId, &QLineEdit::returnPressed, this, &ModelsPage::getNamed);
    connect(m_getId, &QLineEdit::textChanged, this, &ModelsPage::updateActions);
    connect(m_token, &QPushButton::clicked, this, &ModelsPage::askForToken);
    connect(m_verify, &QPushButton::clicked, this, &ModelsPage::verifySelected);
    connect(m_remove->menu(), &QMenu::aboutToShow, this, &ModelsPage::fillRemoveMenu);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_copyJob) {
            m_copyJob->cancel();
            m_cancel->setEnabled(false);
        }
    });
    updateActions();
}

void ModelsPage::setClusters(const QList<ClusterDefinition> &clusters)
{
    m_clusters = clusters;
    const QString current = m_cluster->currentText();
    m_cluster->clear();
    for (const ClusterDefinition &cluster : clusters)
        m_cluster->addItem(cluster.name);
    if (const int again = m_cluster->findText(current); again >= 0)
        m_cluster->setCurrentIndex(again);
    updateActions();
}

const ModelRow *ModelsPage::selectedRow() const
{
    const QList<QTableWidgetItem *> selected = m_table->selectedItems();
    if (selected.isEmpty())
        return nullptr;
    const int row = selected.constFirst()->row();
    return row >= 0 && row < m_matrix.rows.size() ? &m_matrix.rows.at(row) : nullptr;
}

void ModelsPage::updateActions()
{
    const ModelRow *selected = selectedRow();
    const bool somewhereWhole = selected && selected->completeSomewhere();
    const bool idle = !m_job && !m_copyJob;
    m_copy->setEnabled(idle && somewhereWhole && m_cluster->count() > 0);
    m_cluster->setEnabled(idle && m_cluster->count() > 0);
    m_get->setEnabled(idle && m_cluster->count() > 0 && !m_getId->text().trimmed().isEmpty());
    const bool held = selected && !holdingNodes(*selected).isEmpty();
    m_verify->setEnabled(idle && held);
    m_remove->setEnabled(idle && held);
    if (m_cluster->count() == 0)
        m_copy->setToolTip(tr("Set up a cluster first: a model is copied over the cluster's cables."));
    else if (selected && !somewhereWhole)
        m_copy->setToolTip(tr("No Spark holds this model complete, so there is nothing whole to copy."));
    else
        m_copy->setToolTip(tr("Copy the selected model to every Spark of the cluster that lacks it, over the cables, "
                              "and check every file on arrival"));
}

void ModelsPage::copySelected()
{
    const ModelRow *selected = selectedRow();
    const QString cluster = m_cluster->currentText();
    if (!selected || cluster.isEmpty() || m_copyJob || m_job)
        return;
    const QString repoId = selected->repoId;
    if (!m_confirm(tr("Copy %1 to every Spark of %2 that lacks it? It goes over the cluster's cables; a Spark that "
                      "already holds it complete gets nothing, and every file is checked on arrival.")
                       .arg(repoId, cluster)))
        return;
    startCopy(cluster, repoId, false);
}

void ModelsPage::getNamed()
{
    const QString repoId = m_getId->text().trimmed();
    const QString cluster = m_cluster->currentText();
    if (repoId.isEmpty() || cluster.isEmpty() || m_copyJob || m_job)
        return;
    if (!ModelInventory::isValidRepoId(repoId)) {
        m_detail->setText(tr("\"%1\" is not a Hugging Face model id: give it as org/name, e.g. Qwen/Qwen3-8B.").arg(repoId));
        return;
    }
    if (!m_confirm(tr("Get %1 onto every Spark of %2? When no Spark holds it, it is downloaded once on the first "
                      "Spark by its own Hugging Face client, then copied over the cables; every file is checked.")
                       .arg(repoId, cluster)))
        return;
    startCopy(cluster, repoId, true);
}

void ModelsPage::askForToken()
{
    bool given = false;
    const QString token = QInputDialog::getText(this, tr("Hugging Face token"),
                                                tr("A token of your Hugging Face account with read access "
                                                   "(huggingface.co/settings/tokens). It is kept in the system keychain "
                                                   "and given only to the Spark's Hugging Face client while it downloads."),
                                                QLineEdit::Password, {}, &given)
                              .trimmed();
    if (!given || token.isEmpty())
        return;
    auto *secrets = new SecretStore(this);
    whenReady(secrets->storeHuggingFaceToken(token), this, [this, secrets](const Expected<void> &stored) {
        m_detail->setText(stored ? tr("The Hugging Face token is kept in the system keychain.") : stored.error().message);
        secrets->deleteLater();
    });
}

void ModelsPage::startCopy(const QString &cluster, const QString &repoId, bool download)
{
    QStringList nodes;
    for (const ClusterDefinition &definition : std::as_const(m_clusters)) {
        if (definition.name == cluster)
            nodes = definition.devices;
    }
    m_status->setText(download ? tr("Getting %1 onto %2…").arg(repoId, cluster) : tr("Copying %1 to %2…").arg(repoId, cluster));
    const Copying copying = m_copier(cluster, repoId, download, this);
    follow(copying.job, nodes, tr("Cancel the copy"));
    whenReady(copying.future, this, [this](const ModelCopyResult &result) {
        finishAction();
        showCopied(result);
        if (!result.error)
            read(); // what each Spark holds now
    });
}

void ModelsPage::follow(Job *job, const QStringList &nodes, const QString &cancelText)
{
    m_progress->setNodes(nodes);
    m_progress->show();
    m_cancel->setText(cancelText);
    m_cancel->setEnabled(true);
    m_cancel->show();
    m_copyJob = job;
    if (m_copyJob) {
        connect(
            m_copyJob, &Job::progress, this,
            [this](const JobProgress &progress) {
                if (!m_copyJob)
                    return;
                if (progress.node.isEmpty())
                    m_status->setText(progress.sentence);
                else
                    m_progress->showProgress(progress);
            },
            Qt::QueuedConnection);
    }
    updateActions();
}

void ModelsPage::finishAction()
{
    if (m_copyJob)
        m_copyJob->deleteLater();
    m_copyJob = nullptr;
    m_cancel->hide();
}

QStringList ModelsPage::holdingNodes(const ModelRow &row) const
{
    QStringList holding;
    for (qsizetype i = 0; i < row.nodes.size() && i < m_matrix.nodes.size(); ++i) {
        if (row.nodes.at(i).state != ModelPresence::State::Missing)
            holding.append(m_matrix.nodes.at(i));
    }
    return holding;
}

QList<Device> ModelsPage::devicesNamed(const QStringList &names) const
{
    QList<Device> named;
    for (const Device &device : m_devices) {
        if (names.contains(device.name))
            named.append(device);
    }
    return named;
}

void ModelsPage::verifySelected()
{
    const ModelRow *selected = selectedRow();
    if (!selected || m_copyJob || m_job)
        return;
    const QString repoId = selected->repoId;
    const QStringList holding = holdingNodes(*selected);
    m_status->setText(tr("Checking every file of %1 on %n Spark(s)…", nullptr, int(holding.size())).arg(repoId));
    const Verifying verifying = m_verifier(devicesNamed(holding), repoId, this);
    follow(verifying.job, holding, tr("Stop checking"));
    whenReady(verifying.future, this, [this, repoId](const QList<NodeVerification> &nodes) {
        finishAction();
        int whole = 0;
        for (const NodeVerification &node : nodes) {
            whole += node.passed() ? 1 : 0;
            m_progress->setOutcome(node.node, node.passed() ? NodeProgressList::Outcome::Succeeded : NodeProgressList::Outcome::Failed,
                                   node.sentence());
        }
        m_status->setText(tr("%1: whole on %2 of %n Spark(s) checked.", nullptr, int(nodes.size())).arg(repoId).arg(whole));
        updateActions();
    });
}

void ModelsPage::fillRemoveMenu()
{
    QMenu *menu = m_remove->menu();
    menu->clear();
    const ModelRow *selected = selectedRow();
    if (!selected)
        return;
    const QStringList holding = holdingNodes(*selected);
    for (const QString &node : std::as_const(holding))
        connect(menu->addAction(node), &QAction::triggered, this, [this, node] { removeSelectedFrom({node}); });
    if (holding.size() > 1) {
        menu->addSeparator();
        connect(menu->addAction(tr("Every Spark that holds it")), &QAction::triggered, this,
                [this, holding] { removeSelectedFrom(holding); });
    }
}

void ModelsPage::removeSelectedFrom(const QStringList &nodes)
{
    const ModelRow *selected = selectedRow();
    if (!selected || nodes.isEmpty() || m_copyJob || m_job)
        return;
    const QString repoId = selected->repoId;
    if (!m_confirm(ModelRemover::confirmation(m_inventory, repoId, nodes) + QLatin1Char(' ')
                   + tr("Only the model's own folder in each cache is removed. Remove it?")))
        return;
    m_status->setText(tr("Removing %1 from %2…").arg(repoId, nodes.join(QStringLiteral(", "))));
    const Removing removing = m_remover(devicesNamed(nodes), repoId, this);
    follow(removing.job, nodes, tr("Stop after the removal under way"));
    whenReady(removing.future, this, [this](const QList<NodeRemoval> &removed) {
        finishAction();
        for (const NodeRemoval &node : removed) {
            qint64 freed = 0;
            for (const ModelRemoval &removal : node.removed)
                freed += removal.freedBytes;
            m_progress->setOutcome(node.node, node.error ? NodeProgressList::Outcome::Failed : NodeProgressList::Outcome::Succeeded,
                                   node.error ? node.error->message : tr("%1: removed, %2 freed.").arg(node.node, ModelInventory::sizeText(freed)));
        }
        read();
    });
}

void ModelsPage::showCopied(const ModelCopyResult &result)
{
    if (result.error) {
        m_progress->hide();
        m_detail->setText(result.error->message);
        updateActions();
        return;
    }
    for (const NodeCopy &node : result.nodes) {
        const auto outcome = node.passed() ? NodeProgressList::Outcome::Succeeded : NodeProgressList::Outcome::Failed;
        m_progress->setOutcome(node.node, outcome, node.sentence());
    }
    if (result.download && !result.source.isEmpty())
        m_progress->setOutcome(result.source, NodeProgressList::Outcome::Succeeded,
                               tr("%1: downloaded from Hugging Face (%2) and checked.")
                                   .arg(result.source, ModelInventory::sizeText(result.download->bytes)));
    else if (!result.source.isEmpty())
        m_progress->setOutcome(result.source, NodeProgressList::Outcome::Succeeded,
                               tr("%1: the source; its copy was checked before it was sent.").arg(result.source));
    updateActions();
}

void ModelsPage::setDevices(const QList<Device> &devices)
{
    m_devices = devices;
    m_read->setEnabled(!devices.isEmpty() && !m_job);
}

void ModelsPage::read()
{
    if (m_devices.isEmpty() || m_job)
        return;
    m_read->setEnabled(false);
    m_status->setText(tr("Reading the models on %n Spark(s)…", nullptr, int(m_devices.size())));
    updateActions();
    const Reading reading = m_reader(m_devices, this);
    m_job = reading.job;
    if (m_job) {
        connect(
            m_job, &Job::progress, this, [this](const JobProgress &progress) {
                if (m_job)
                    m_status->setText(progress.sentence);
            },
            Qt::QueuedConnection);
    }
    whenReady(reading.future, this, [this](const QList<NodeModels> &inventory) {
        if (m_job)
            m_job->deleteLater();
        m_job = nullptr;
        m_read->setEnabled(!m_devices.isEmpty());
        showInventory(inventory);
        updateActions();
    });
}

void ModelsPage::showInventory(const QList<NodeModels> &inventory)
{
    m_inventory = inventory;
    m_matrix = ModelMatrix::from(inventory);
    m_table->clear();
    m_table->setRowCount(int(m_matrix.rows.size()));
    QStringList headers{tr("Model"), tr("Weights")};
    headers += m_matrix.nodes;
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    const QColor good(0x22, 0xa5, 0x5a);
    const QColor bad = failureColor(palette());
    for (int row = 0; row < m_matrix.rows.size(); ++row) {
        const ModelRow &model = m_matrix.rows.at(row);
        m_table->setItem(row, 0, new QTableWidgetItem(model.repoId));
        m_table->setItem(row, 1, new QTableWidgetItem(model.weightBytes > 0 ? ModelInventory::sizeText(model.weightBytes) : QStringLiteral("-")));
        for (int column = 0; column < model.nodes.size(); ++column) {
            const ModelPresence &presence = model.nodes.at(column);
            QString text;
            switch (presence.state) {
            case ModelPresence::State::Complete:
                text = tr("✓ complete");
                break;
            case ModelPresence::State::Partial:
                text = tr("✗ partial");
                break;
            case ModelPresence::State::Missing:
                text = tr("— not there");
                break;
            }
            auto *item = new QTableWidgetItem(text);
            if (presence.state != ModelPresence::State::Missing)
                item->setForeground(presence.state == ModelPresence::State::Complete ? good : bad);
            item->setToolTip(presence.problems.join(QLatin1Char('\n')));
            m_table->setItem(row, 2 + column, item);
        }
    }
    m_table->resizeColumnsToContents();
    // The model's name takes the room left; each Spark's column is as wide as its state.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    int whole = 0;
    for (const ModelRow &row : std::as_const(m_matrix.rows))
        whole += row.completeEverywhere() ? 1 : 0;
    QString status = m_matrix.rows.isEmpty()
                       ? tr("No model in the Sparks' Hugging Face caches.")
                       : tr("%n model(s) found; %1 complete on every Spark read.", nullptr, int(m_matrix.rows.size())).arg(whole);
    for (const QString &unread : std::as_const(m_matrix.unread))
        status += QLatin1Char('\n') + tr("Not read: %1").arg(unread);
    m_status->setText(status);
    m_detail->clear();
}

void ModelsPage::showSelected()
{
    updateActions();
    const ModelRow *selected = selectedRow();
    if (!selected) {
        m_detail->clear();
        return;
    }
    const ModelRow &model = *selected;
    QStringList lines;
    for (int column = 0; column < model.nodes.size(); ++column) {
        const ModelPresence &presence = model.nodes.at(column);
        const QString node = m_matrix.nodes.at(column);
        switch (presence.state) {
        case ModelPresence::State::Complete:
            lines.append(tr("%1: complete, revision %2, %3.").arg(node, presence.commit.left(7), ModelInventory::sizeText(presence.bytes)));
            break;
        case ModelPresence::State::Partial:
            lines.append(tr("%1: partial, revision %2. %3").arg(node, presence.commit.left(7), presence.problems.join(QLatin1Char(' '))));
            break;
        case ModelPresence::State::Missing:
            lines.append(tr("%1: not there.").arg(node));
            break;
        }
    }
    m_detail->setText(QStringLiteral("%1\n%2").arg(model.repoId, lines.join(QLatin1Char('\n'))));
}

} // namespace spark::ui
