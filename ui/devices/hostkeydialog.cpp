// SPDX-License-Identifier: MIT
#include "ui/devices/hostkeydialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

HostKeyDialog::HostKeyDialog(const QString &host, const HostKey &key, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("hostKeyDialog"));
    setWindowTitle(tr("Check the device's identity"));

    auto *intro = new QLabel(tr("This is the first connection to <b>%1</b>. Before going on, check that it is really "
                                "your Spark: on the Spark, run<br><tt>ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub</tt><br>"
                                "and compare the fingerprint it prints with this one:")
                                 .arg(host.toHtmlEscaped()),
                             this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);

    auto *fingerprint = new QLabel(key.fingerprint, this);
    fingerprint->setObjectName(QStringLiteral("fingerprint"));
    fingerprint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    fingerprint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fingerprint->setFrameShape(QFrame::StyledPanel);
    fingerprint->setMargin(8);

    auto *type = new QLabel(tr("Key type: %1").arg(key.typeName), this);
    auto *warning = new QLabel(tr("If they differ, cancel: another computer may be answering in its place."), this);
    warning->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(this);
    auto *accept = buttons->addButton(tr("The fingerprints match"), QDialogButtonBox::AcceptRole);
    accept->setObjectName(QStringLiteral("acceptHostKey"));
    buttons->addButton(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("rejectHostKey"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(fingerprint);
    layout->addWidget(type);
    layout->addWidget(warning);
    layout->addWidget(buttons);
    setMinimumWidth(480);
}

} // namespace spark::ui
