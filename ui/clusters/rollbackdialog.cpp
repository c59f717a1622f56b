// SPDX-License-Identifier: MIT
#include "ui/clusters/rollbackdialog.h"

#include "core/common/whenready.h"
#include "ui/progress/nodeprogresslist.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/clusterbackend/sudocredentials.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

RollbackDialog::RollbackDialog(const ClusterDefinition &cluster, const QList<Device> &devices, ClusterBackend *backend,
                               QWidget *parent)
    : QDialog(parent)
    , m_cluster(cluster)
    , m_devices(devices)
    , m_backend(backend)
    , m_password(new QLineEdit(this))
    , m_progress(new NodeProgressList(this))
    , m_outcome(new QLabel(this))
{
    setObjectName(QStringLiteral("rollbackDialog"));
    setWindowTitle(tr("Roll back %1").arg(cluster.name));
    m_backend->setParent(this);
    auto *what = new QLabel(
        tr("Every Spark of %1 (%2) goes back to the network settings it had before the cluster was first applied: the "
           "ConnectX-7 addresses the set-up gave its ports are removed, and a NetworkManager profile that was set "
           "aside takes its port again. A Spark that was never applied has nothing to roll back. The node-to-node SSH "
           "keys stay, and the cluster stays in the list; apply it again with the set-up.")
            .arg(cluster.name, cluster.devices.join(QStringLiteral(", "))),
        this);
    what->setObjectName(QStringLiteral("rollbackExplanation"));
    what->setWordWrap(true);
    m_password->setObjectName(QStringLiteral("rollbackPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("Empty: the one the keychain remembers"));
    auto *form = new QFormLayout;
    form->addRow(tr("&sudo password:"), m_password);
    m_outcome->setObjectName(QStringLiteral("rollbackOutcome"));
    m_outcome->setWordWrap(true);
    m_progress->hide();

    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("&Roll back"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("rollbackStart"));
    m_close = buttons->addButton(QDialogButtonBox::Cancel);
    m_close->setObjectName(QStringLiteral("rollbackClose"));
    m_start->setDefault(false);
    m_close->setDefault(true); // Enter does not roll back by accident
    connect(m_start, &QPushButton::clicked, this, &RollbackDialog::rollBack);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_backend, &ClusterBackend::progress, m_progress, &NodeProgressList::showProgress);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(what);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_outcome);
    layout->addStretch();
    layout->addWidget(buttons);
    resize(520, 320);
}

QString RollbackDialog::outcome() const
{
    return m_outcome->text();
}

void RollbackDialog::rollBack()
{
    if (m_running)
        return;
    m_running = true;
    m_start->setEnabled(false);
    m_close->setEnabled(false);
    m_password->setEnabled(false);
    QStringList names;
    for (const Device &device : std::as_const(m_devices))
        names.append(device.name);
    m_progress->setNodes(names);
    m_progress->show();
    m_outcome->setText(tr("Restoring the settings from before the first apply…"));
    gatherSudoTargets(
        *m_backend, m_devices, m_password->text(), this,
        [this](const QList<SudoTarget> &nodes) {
            whenReady(m_backend->rollback(nodes), this, [this](const Expected<void> &result) {
                done(result ? tr("Every Spark of %1 is back on the network settings it had before the first apply.")
                                  .arg(m_cluster.name)
                            : result.error().message,
                     result.hasValue());
            });
        },
        [this] {
            done(tr("The keychain did not answer: type the sudo password and press Roll back again. Nothing was changed."),
                 false);
        });
}

void RollbackDialog::done(const QString &sentence, bool succeeded)
{
    m_running = false;
    m_outcome->setText(sentence);
    m_close->setEnabled(true);
    m_close->setText(tr("&Close"));
    m_start->setEnabled(!succeeded);
    m_password->setEnabled(!succeeded);
    Q_EMIT rolledBack(succeeded);
}

} // namespace spark::ui
