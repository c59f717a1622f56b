// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/sudocredential.h"

#include <QDialog>

class QLabel;
class QLineEdit;

namespace spark::ui {

// Asks before building what the NCCL test needs, saying exactly what will
// happen on the Sparks (as NVIDIA's playbook does it), and takes the sudo
// password the package install may need. Nothing runs from here: accepted,
// the panel builds with credential().
class NcclBuildDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NcclBuildDialog)

public:
    explicit NcclBuildDialog(QWidget *parent = nullptr);

    // What the dialog says will happen, also for tests.
    QString explanation() const;
    // The password typed, or none: sudo -n.
    SudoCredential credential() const;

private:
    QLabel *m_explanation;
    QLineEdit *m_password;
};

} // namespace spark::ui
