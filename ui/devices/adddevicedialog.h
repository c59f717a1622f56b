// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/deviceenroller.h"
#include "core/devices/enrolmentjob.h"

#include <QDialog>
#include <QPointer>
#include <QFutureWatcher>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QRadioButton;
class QSpinBox;

namespace spark {
class SecretStore;
}

namespace spark::ui {

// "Add a Spark": name, host, port, user and password with inline checks,
// then the enrolment with its progress; or, for someone who already logs in
// with a key, a Host alias from ~/.ssh/config to import instead. A first-contact host key is shown in a
// HostKeyDialog; the password is used once (and, when asked, remembered in the
// keychain for sudo), then cleared.
class AddDeviceDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AddDeviceDialog)

public:
    explicit AddDeviceDialog(SecretStore *secrets, DeviceEnroller::Paths paths = DeviceEnroller::Paths::defaults(),
                             QWidget *parent = nullptr);
    ~AddDeviceDialog() override;

    // Shows progress as during an enrolment (for screenshots and tests).
    void showProgress(int percent, const QString &text);
    // A step of the running enrolment (EnrolmentJob's progress).
    void showStep(const spark::JobProgress &progress);
    void showError(const QString &message);

Q_SIGNALS:
    void deviceAdded(const QString &name);

private:
    bool validateFields();
    bool importingAlias() const;
    void startEnrolment();
    void enrolmentFinished();
    void setBusy(bool busy);
    HostKeyApprover makeApprover();
    // Starts an EnrolmentJob of its own with `start`, its steps shown here.
    QFuture<Expected<EnrolmentResult>> startJob(
        const std::function<QFuture<Expected<EnrolmentResult>>(EnrolmentJob &)> &start);

    SecretStore *m_secrets;
    DeviceEnroller::Paths m_paths;
    QRadioButton *m_withPassword;
    QRadioButton *m_withAlias;
    QComboBox *m_alias;
    QLineEdit *m_name;
    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QCheckBox *m_rememberSudo;
    QLabel *m_nameError;
    QLabel *m_hostError;
    QLabel *m_userError;
    QProgressBar *m_progress;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
    QFutureWatcher<Expected<EnrolmentResult>> m_watcher;
    QPointer<EnrolmentJob> m_job; // the running one; it deletes itself when done
    bool m_cancelled = false;
};

} // namespace spark::ui
