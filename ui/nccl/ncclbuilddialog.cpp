// SPDX-License-Identifier: MIT
#include "ui/nccl/ncclbuilddialog.h"

#include "core/nccl/ncclbuildplan.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

NcclBuildDialog::NcclBuildDialog(QWidget *parent)
    : QDialog(parent)
    , m_explanation(new QLabel(this))
    , m_password(new QLineEdit(this))
{
    setObjectName(QStringLiteral("ncclBuildDialog"));
    setWindowTitle(tr("Build what the NCCL test needs"));

    // Every step, before anything runs: it installs packages as root and
    // takes minutes, so the person decides knowing all of it.
    const QString release = QString::fromLatin1(NcclBuildPlan::ncclRelease);
    const QStringList steps{
        tr("the packages it lacks of openmpi-bin, libopenmpi-dev, git, make and g++ are installed with sudo apt-get, "
           "the only step that runs as root;"),
        tr("NCCL %1 is cloned from GitHub into ~/nccl and built for the Spark's GPU (sm_121), which takes several "
           "minutes on a Spark;")
            .arg(release),
        tr("nccl-tests is cloned from GitHub into ~/nccl-tests and built with MPI=1.")};
    QString html = QStringLiteral("<p>%1</p><ul>").arg(
        tr("On every Spark that lacks them, as NVIDIA's NCCL playbook does it:").toHtmlEscaped());
    for (const QString &step : steps)
        html += QStringLiteral("<li>%1</li>").arg(step.toHtmlEscaped());
    html += QStringLiteral("</ul><p>%1</p>")
                .arg(tr("Nothing else changes, and a Spark that has everything is left as it is. A build that is "
                        "stopped goes on from where it stopped the next time.")
                         .toHtmlEscaped());
    m_explanation->setObjectName(QStringLiteral("ncclBuildExplanation"));
    m_explanation->setTextFormat(Qt::RichText);
    m_explanation->setText(html);
    m_explanation->setWordWrap(true);

    m_password->setObjectName(QStringLiteral("ncclBuildPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("optional"));
    auto *passwordNote = new QLabel(
        tr("Needed only when a package must be installed; leave it empty when sudo needs no password. It is the "
           "same on every Spark and is not kept."),
        this);
    passwordNote->setObjectName(QStringLiteral("ncclBuildPasswordNote"));
    passwordNote->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *build = buttons->addButton(tr("&Build"), QDialogButtonBox::AcceptRole);
    build->setObjectName(QStringLiteral("ncclBuildStart"));
    build->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *form = new QFormLayout;
    form->addRow(tr("sudo &password:"), m_password);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_explanation);
    layout->addLayout(form);
    layout->addWidget(passwordNote);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(buttons);
    // As tall as the words need at this width, no taller.
    resize(560, heightForWidth(560) > 0 ? heightForWidth(560) : sizeHint().height());
}

QString NcclBuildDialog::explanation() const
{
    return m_explanation->text();
}

SudoCredential NcclBuildDialog::credential() const
{
    return m_password->text();
}

} // namespace spark::ui
