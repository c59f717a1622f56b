// SPDX-License-Identifier: MIT
#include "ui/about/aboutdialog.h"

#include "core/common/appinfo.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QVBoxLayout>

namespace spark::ui {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Spark Companion"));

    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/spark-companion.png")).pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);

    auto *text = new QLabel(this);
    text->setObjectName(QStringLiteral("aboutText"));
    text->setTextFormat(Qt::RichText);
    text->setOpenExternalLinks(true);
    text->setWordWrap(true);
    text->setText(QStringLiteral("<h3>%1</h3><p>%2</p><p>%3</p><p>%4</p>")
                      .arg(tr("Spark Companion %1").arg(applicationVersion()),
                           tr("Registers your NVIDIA DGX Sparks, guides the cabling, configures the "
                              "ConnectX-7 ports, tests every link and watches link health."),
                           tr("Free software under the MIT licence. Not affiliated with NVIDIA."),
                           tr("Built with Qt %1 and libssh2.").arg(QString::fromLatin1(qVersion()))));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addWidget(text, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    setMinimumWidth(420);
}

} // namespace spark::ui
