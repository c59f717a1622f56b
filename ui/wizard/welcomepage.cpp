// SPDX-License-Identifier: MIT
#include "ui/wizard/welcomepage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace spark::ui {

WelcomePage::WelcomePage(QWidget *parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("welcomePage"));
    setTitle(tr("Welcome"));
    setSubTitle(tr("Connect two to four DGX Sparks into one cluster."));

    const QStringList needs{
        tr("Two or three Sparks cabled directly, or two to sixteen through a 200 GbE switch (four or more "
           "need a switch)."),
        tr("One approved QSFP cable per link: Amphenol NJAAKK-N911 or NJAAKK0006, or Luxshare LMTQF022-SD-R. "
           "Two cables between the same two Sparks add no bandwidth."),
        tr("The same user name on every Spark, with its password (used once, then forgotten)."),
        tr("DGX OS from April 2026 or later on every Spark, all on the same release. The checks tell you if "
           "one needs an update."),
    };
    QString list = QStringLiteral("<ul>");
    for (const QString &item : needs)
        list += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped());
    list += QStringLiteral("</ul>");

    auto *needsHeading = new QLabel(QStringLiteral("<b>%1</b>").arg(tr("What you need").toHtmlEscaped()), this);
    auto *needsList = new QLabel(list, this);
    needsList->setObjectName(QStringLiteral("welcomeNeeds"));
    needsList->setWordWrap(true);
    needsList->setTextFormat(Qt::RichText);

    auto *duration = new QLabel(
        tr("It takes about ten minutes, most of it plugging in cables. Nothing on a Spark changes until you "
           "confirm the configuration, and every change undoes itself if a Spark stops answering."),
        this);
    duration->setObjectName(QStringLiteral("welcomeDuration"));
    duration->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(needsHeading);
    layout->addWidget(needsList);
    layout->addSpacing(8);
    layout->addWidget(duration);
    layout->addStretch();
}

} // namespace spark::ui
