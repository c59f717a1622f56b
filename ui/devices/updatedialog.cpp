// SPDX-License-Identifier: MIT
#include "ui/devices/updatedialog.h"

#include "core/common/runonthread.h"
#include "core/common/whenready.h"
#include "core/devices/secretstore.h"
#include "core/facts/updatesteps.h"
#include "ui/devices/updaterelay.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

UpdateDialog::UpdateDialog(const Device &device, SecretStore &secrets, QWidget *parent)
    : QDialog(parent)
    , m_device(device)
    , m_secrets(secrets)
{
    setObjectName(QStringLiteral("updateDialog"));
    setWindowTitle(tr("Update %1").arg(device.name));
    QStringList steps;
    for (const UpdateStep &step : UpdateSteps::documented())
        steps.append(QStringLiteral("• ") + step.title + QStringLiteral(" (") + step.program.join(QLatin1Char(' '))
                     + QLatin1Char(')'));
    m_intro = new QLabel(tr("This runs NVIDIA's documented update on %1 and restarts it; anything running on it stops. "
                            "Spark Companion waits until it is back and checks it again.\n\n%2")
                             .arg(device.name, steps.join(QLatin1Char('\n'))),
                         this);
    m_intro->setWordWrap(true);
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("updatePassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("Checking the keychain…"));
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("updateState"));
    m_state->setWordWrap(true);
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("updateLog"));
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setMinimumHeight(180);
    m_log->hide();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_start = m_buttons->addButton(tr("Update and restart"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("updateStart"));
    connect(m_start, &QPushButton::clicked, this, &UpdateDialog::start);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &UpdateDialog::reject);

    auto *form = new QFormLayout;
    form->addRow(tr("sudo password of %1:").arg(device.user), m_password);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(form);
    layout->addWidget(m_state);
    layout->addWidget(m_log, 1);
    layout->addWidget(m_buttons);
    resize(640, 420);

    whenReady(m_secrets.sudoPassword(device.name), this, [this](const Expected<QString> &remembered) {
        m_password->setPlaceholderText(tr("the password of %1 on %2").arg(m_device.user, m_device.name));
        if (remembered && !remembered->isEmpty() && m_password->text().isEmpty())
            m_password->setText(*remembered);
    });
}

void UpdateDialog::reject()
{
    if (!m_running)
        QDialog::reject();
}

void UpdateDialog::start()
{
    m_running = true;
    m_start->setEnabled(false);
    m_buttons->button(QDialogButtonBox::Cancel)->setEnabled(false);
    m_password->setEnabled(false);
    m_log->show();
    m_state->setText(tr("Updating %1…").arg(m_device.name));

    auto *relay = new UpdateRelay;
    connect(relay, &UpdateRelay::progress, this, &UpdateDialog::showProgress);
    connect(relay, &UpdateRelay::finished, this, &UpdateDialog::finish);
    // Emitted on the update's thread, so queued: finished arrives after the last progress.
    connect(relay, &UpdateRelay::finished, relay, &QObject::deleteLater, Qt::QueuedConnection);
    runOnThread([relay, device = m_device, password = m_password->text()] {
        const Expected<NodeFacts> facts = UpdateRunner::run(device, password, [relay](const UpdateEvent &event) {
            Q_EMIT relay->progress(event);
        });
        Q_EMIT relay->finished(facts);
        return facts;
    });
}

void UpdateDialog::showProgress(const UpdateEvent &event)
{
    switch (event.kind) {
    case UpdateEvent::Kind::Output:
        m_log->appendPlainText(event.text);
        return;
    case UpdateEvent::Kind::Step:
    case UpdateEvent::Kind::Waiting:
    case UpdateEvent::Kind::Probing:
        m_state->setText(event.text);
        m_log->appendPlainText(QStringLiteral("== ") + event.text);
        return;
    }
}

void UpdateDialog::finish(const Expected<NodeFacts> &facts)
{
    m_running = false;
    auto *close = m_buttons->button(QDialogButtonBox::Cancel);
    close->setText(tr("Close"));
    close->setEnabled(true);
    if (!facts) {
        m_state->setText(facts.error().message);
        return;
    }
    m_state->setText(tr("%1 is back and runs DGX OS %2; its check is shown in the main window.")
                         .arg(m_device.name, facts->release.version()));
    Q_EMIT nodeBack(m_device, *facts);
}

} // namespace spark::ui
