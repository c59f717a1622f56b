// SPDX-License-Identifier: MIT
#include "ui/wizard/welcomepage.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

WelcomePage::WelcomePage(QWidget *parent)
    : QWizardPage(parent)
    , m_offer(new QFrame(this))
    , m_offerText(new QLabel(m_offer))
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

    m_offer->setObjectName(QStringLiteral("continueOffer"));
    m_offer->setFrameShape(QFrame::StyledPanel);
    m_offerText->setObjectName(QStringLiteral("continueOfferText"));
    m_offerText->setWordWrap(true);
    auto *continueButton = new QPushButton(tr("&Continue it"), m_offer);
    continueButton->setObjectName(QStringLiteral("continueSetup"));
    auto *startOver = new QPushButton(tr("&Start over"), m_offer);
    startOver->setObjectName(QStringLiteral("startOver"));
    auto *offerButtons = new QHBoxLayout;
    offerButtons->addStretch();
    offerButtons->addWidget(startOver);
    offerButtons->addWidget(continueButton);
    auto *offerLayout = new QVBoxLayout(m_offer);
    offerLayout->addWidget(m_offerText);
    offerLayout->addLayout(offerButtons);
    m_offer->hide();
    connect(continueButton, &QPushButton::clicked, this, &WelcomePage::continueRequested);
    connect(startOver, &QPushButton::clicked, this, &WelcomePage::startOverRequested);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_offer);
    layout->addWidget(needsHeading);
    layout->addWidget(needsList);
    layout->addSpacing(8);
    layout->addWidget(duration);
    layout->addStretch();
}

void WelcomePage::offerToContinue(const QString &sentence)
{
    m_offerText->setText(sentence);
    m_offer->show();
}

void WelcomePage::withdrawOffer()
{
    m_offer->hide();
}

} // namespace spark::ui
