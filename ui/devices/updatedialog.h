// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/devices/updaterunner.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace spark {
class SecretStore;
}

namespace spark::ui {

// Asks before running NVIDIA's documented update on one Spark, then shows
// its output live, waits through the restart and reports the fresh probe.
// UpdateRunner does the work on a thread of its own.
class UpdateDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UpdateDialog)

public:
    UpdateDialog(const Device &device, SecretStore &secrets, QWidget *parent = nullptr);

    void reject() override; // refused while the update runs: it cannot be stopped half-way

Q_SIGNALS:
    void nodeBack(const spark::Device &device, const spark::NodeFacts &facts);

private:
    void start();
    void showProgress(const spark::UpdateEvent &event);
    void finish(const spark::Expected<spark::NodeFacts> &facts);

    Device m_device;
    SecretStore &m_secrets;
    bool m_running = false;
    QLabel *m_intro = nullptr;
    QLineEdit *m_password = nullptr;
    QLabel *m_state = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_start = nullptr;
};

} // namespace spark::ui
