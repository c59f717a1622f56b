// SPDX-License-Identifier: MIT
#include "ui/devices/adddevicedialog.h"

#include "core/common/whenready.h"
#include "core/devices/secretstore.h"
#include "core/ssh/sshconfigfile.h"
#include "ui/devices/hostkeydialog.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace spark::ui {

namespace {
QLabel *makeErrorLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, QColor(0xd0, 0x3a, 0x3a));
    label->setPalette(palette);
    label->hide();
    return label;
}

void showCheck(QLabel *label, const Expected<void> &check, bool touched)
{
    label->setText(check ? QString() : check.error().message);
    label->setVisible(touched && !check);
}
} // namespace

AddDeviceDialog::AddDeviceDialog(SecretStore *secrets, DeviceEnroller::Paths paths, QWidget *parent)
    : QDialog(parent)
    , m_secrets(secrets)
    , m_paths(std::move(paths))
{
    setObjectName(QStringLiteral("addDeviceDialog"));
    setWindowTitle(tr("Add a Spark"));

    auto *intro = new QLabel(tr("Spark Companion logs in once with the password, installs its own key on the Spark "
                                "and uses that key from then on. The password is kept only if you ask "
                                "below to remember it for sudo."),
                             this);
    intro->setWordWrap(true);

    m_withPassword = new QRadioButton(tr("With i&ts address and password"), this);
    m_withPassword->setObjectName(QStringLiteral("withPassword"));
    m_withPassword->setChecked(true);
    m_withAlias = new QRadioButton(tr("With a host I already log in to from ~/.ssh/&config:"), this);
    m_withAlias->setObjectName(QStringLiteral("withAlias"));
    m_alias = new QComboBox(this);
    m_alias->setObjectName(QStringLiteral("aliasCombo"));
    m_alias->addItems(SshConfigFile(m_paths.sshConfigFile).userHostAliases());
    auto *modes = new QButtonGroup(this);
    modes->addButton(m_withPassword);
    modes->addButton(m_withAlias);
    auto *aliasRow = new QHBoxLayout;
    aliasRow->addWidget(m_withAlias);
    aliasRow->addWidget(m_alias, 1);
    // Without aliases there is nothing to choose between.
    const bool haveAliases = m_alias->count() > 0;
    m_withPassword->setVisible(haveAliases);
    m_withAlias->setVisible(haveAliases);
    m_alias->setVisible(haveAliases);

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_name->setPlaceholderText(QStringLiteral("spark-1"));
    m_host = new QLineEdit(this);
    m_host->setObjectName(QStringLiteral("hostEdit"));
    m_host->setPlaceholderText(QStringLiteral("spark-1.local"));
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("portSpin"));
    m_port->setRange(1, 65535);
    m_port->setValue(22);
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("userEdit"));
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("passwordEdit"));
    m_password->setEchoMode(QLineEdit::Password);
    m_rememberSudo = new QCheckBox(tr("Remember the password for sudo in the system keychain"), this);
    m_rememberSudo->setObjectName(QStringLiteral("rememberSudo"));
    m_nameError = makeErrorLabel(QStringLiteral("nameError"), this);
    m_hostError = makeErrorLabel(QStringLiteral("hostError"), this);
    m_userError = makeErrorLabel(QStringLiteral("userError"), this);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(QString(), m_nameError);
    form->addRow(tr("&Host:"), m_host);
    form->addRow(QString(), m_hostError);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&User:"), m_user);
    form->addRow(QString(), m_userError);
    form->addRow(tr("Pass&word:"), m_password);
    form->addRow(QString(), m_rememberSudo);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("enrolProgress"));
    m_progress->setRange(0, 100);
    m_progress->hide();
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("enrolStatus"));
    m_status->setWordWrap(true);
    m_status->hide();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    auto *add = m_buttons->addButton(tr("&Add"), QDialogButtonBox::AcceptRole);
    add->setObjectName(QStringLiteral("addButton"));
    add->setEnabled(false);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AddDeviceDialog::startEnrolment);
    connect(m_buttons, &QDialogButtonBox::rejected, this, [this] {
        // Cancel during an enrolment stops it; what it did is undone on its thread.
        if (m_watcher.isRunning() && m_job) {
            m_cancelled = true;
            m_job->cancel();
        }
        reject();
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_withPassword);
    layout->addLayout(aliasRow);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch();
    layout->addWidget(m_buttons);
    setMinimumWidth(460);

    for (QLineEdit *edit : {m_name, m_host, m_user, m_password})
        connect(edit, &QLineEdit::textChanged, this, &AddDeviceDialog::validateFields);
    connect(m_withAlias, &QRadioButton::toggled, this, [this] {
        if (importingAlias() && m_name->text().isEmpty())
            m_name->setText(m_alias->currentText());
        setBusy(false);
    });
    connect(m_alias, &QComboBox::currentTextChanged, this, [this] { validateFields(); });
    setBusy(false);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &AddDeviceDialog::enrolmentFinished);
}

AddDeviceDialog::~AddDeviceDialog()
{
    m_password->clear();
}

bool AddDeviceDialog::importingAlias() const
{
    return m_withAlias->isChecked();
}

bool AddDeviceDialog::validateFields()
{
    const auto name = EnrolmentRequest::validateName(m_name->text().trimmed());
    if (importingAlias()) {
        showCheck(m_nameError, name, !m_name->text().isEmpty());
        m_hostError->hide();
        m_userError->hide();
        const bool valid = name && !m_alias->currentText().isEmpty();
        if (auto *add = findChild<QPushButton *>(QStringLiteral("addButton")))
            add->setEnabled(valid && !m_watcher.isRunning());
        return valid;
    }
    const auto host = EnrolmentRequest::validateHost(m_host->text().trimmed());
    const auto user = EnrolmentRequest::validateUser(m_user->text().trimmed());
    showCheck(m_nameError, name, !m_name->text().isEmpty());
    showCheck(m_hostError, host, !m_host->text().isEmpty());
    showCheck(m_userError, user, !m_user->text().isEmpty());
    const bool valid = name && host && user && !m_password->text().isEmpty();
    if (auto *add = findChild<QPushButton *>(QStringLiteral("addButton")))
        add->setEnabled(valid && !m_watcher.isRunning());
    return valid;
}

void AddDeviceDialog::setBusy(bool busy)
{
    m_withPassword->setEnabled(!busy);
    m_withAlias->setEnabled(!busy);
    m_alias->setEnabled(!busy && importingAlias());
    m_name->setEnabled(!busy);
    // An imported alias brings its own address, user and key.
    for (QWidget *field : std::initializer_list<QWidget *>{m_host, m_port, m_user, m_password, m_rememberSudo})
        field->setEnabled(!busy && !importingAlias());
    if (busy) {
        if (auto *add = findChild<QPushButton *>(QStringLiteral("addButton")))
            add->setEnabled(false);
    } else {
        validateFields();
    }
}

void AddDeviceDialog::showProgress(int percent, const QString &text)
{
    m_progress->show();
    m_progress->setValue(percent);
    m_status->show();
    m_status->setText(text);
    setBusy(true);
}

void AddDeviceDialog::showStep(const JobProgress &progress)
{
    m_progress->setValue(int(progress.fraction * 100));
    m_status->setText(progress.sentence);
}

QFuture<Expected<EnrolmentResult>> AddDeviceDialog::startJob(
    const std::function<QFuture<Expected<EnrolmentResult>>(EnrolmentJob &)> &start)
{
    // The job lives until its thread is done, also when the dialog goes first
    // (a cancelled enrolment still undoes what it did).
    auto *job = new EnrolmentJob(m_paths);
    m_job = job;
    m_cancelled = false;
    connect(job, &Job::progress, this, &AddDeviceDialog::showStep, Qt::QueuedConnection);
    const QFuture<Expected<EnrolmentResult>> future = start(*job);
    const auto release = [job] { delete job; };
    whenReady(future, QCoreApplication::instance(), [release](const Expected<EnrolmentResult> &) { release(); }, release);
    return future;
}

void AddDeviceDialog::showError(const QString &message)
{
    m_progress->hide();
    m_status->show();
    m_status->setText(message);
    QPalette palette = m_status->palette();
    palette.setColor(QPalette::WindowText, QColor(0xd0, 0x3a, 0x3a));
    m_status->setPalette(palette);
    setBusy(false);
    validateFields();
    adjustSize(); // room for the sentence
}

HostKeyApprover AddDeviceDialog::makeApprover()
{
    // Runs on the enrolment thread: ask on the GUI thread and wait there (never on the GUI thread).
    QPointer<AddDeviceDialog> self(this);
    const QString host = importingAlias() ? m_alias->currentText() : m_host->text().trimmed();
    return [self, host](const HostKey &key) {
        auto promise = std::make_shared<QPromise<bool>>();
        promise->start();
        QFuture<bool> answer = promise->future();
        const bool posted = self && QMetaObject::invokeMethod(
            self.data(),
            [self, host, key, promise]() mutable {
                if (!self)
                    return;
                auto *dialog = new HostKeyDialog(host, key, self);
                dialog->setAttribute(Qt::WA_DeleteOnClose);
                QObject::connect(dialog, &QDialog::finished, dialog, [promise](int result) {
                    promise->addResult(result == QDialog::Accepted);
                    promise->finish();
                });
                dialog->open();
                promise.reset(); // the connection holds it now
            },
            Qt::QueuedConnection);
        promise.reset();
        if (!posted)
            return false;
        answer.waitForFinished();
        return answer.resultCount() > 0 && answer.result();
    };
}

void AddDeviceDialog::startEnrolment()
{
    if (!validateFields())
        return;
    m_status->setPalette(QPalette());
    if (importingAlias()) {
        showProgress(0, tr("Starting…"));
        const QString alias = m_alias->currentText();
        const QString name = m_name->text().trimmed();
        HostKeyApprover approve = makeApprover();
        m_watcher.setFuture(startJob([&](EnrolmentJob &job) { return job.importAlias(alias, name, approve); }));
        return;
    }
    EnrolmentRequest request;
    request.name = m_name->text().trimmed();
    request.host = m_host->text().trimmed();
    request.port = quint16(m_port->value());
    request.user = m_user->text().trimmed();
    request.password = m_password->text();
    request.approveHostKey = makeApprover();
    showProgress(0, tr("Starting…"));
    m_watcher.setFuture(startJob([&](EnrolmentJob &job) { return job.enrol(std::move(request)); }));
}

void AddDeviceDialog::enrolmentFinished()
{
    if (m_cancelled || m_watcher.future().resultCount() == 0)
        return;
    const auto result = m_watcher.future().result();
    if (!result) {
        showError(result.error().message);
        return;
    }
    const QString name = result->device.name;
    if (m_secrets && m_rememberSudo->isChecked() && !importingAlias()) {
        whenReady(m_secrets->storeSudoPassword(name, m_password->text()), this, [](const Expected<void> &stored) {
            if (!stored)
                qWarning("%s", qPrintable(stored.error().message));
        });
    }
    m_password->clear();
    Q_EMIT deviceAdded(name);
    accept();
}

} // namespace spark::ui
