// SPDX-License-Identifier: MIT
#include "ui/wizard/setupwizard.h"

#include "ui/wizard/layoutpage.h"
#include "ui/wizard/linktestpage.h"
#include "ui/wizard/welcomepage.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QWizardPage>

namespace spark::ui {

namespace {

QWizardPage *makePage(const QString &objectName, const QString &title, const QString &subTitle, QWidget *parent)
{
    auto *page = new QWizardPage(parent);
    page->setObjectName(objectName);
    page->setTitle(title);
    page->setSubTitle(subTitle);
    auto *layout = new QVBoxLayout(page);
    layout->addStretch();
    return page;
}

} // namespace

SetupWizard::SetupWizard(QWidget *parent)
    : QWizard(parent)
{
    setObjectName(QStringLiteral("setupWizard"));
    setWindowTitle(tr("Set up a cluster"));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);

    setPage(WelcomePage, new spark::ui::WelcomePage(this));
    setPage(LayoutPage, new spark::ui::LayoutPage(this));
    setPage(DevicesPage, makePage(QStringLiteral("devicesPage"), tr("Devices"),
                                  tr("Pick the Sparks that form the cluster and put them in order."), this));
    setPage(ChecksPage, makePage(QStringLiteral("checksPage"), tr("Checks"),
                                 tr("Software versions, sudo and ports, checked on every Spark."), this));
    setPage(CablingPage, makePage(QStringLiteral("cablingPage"), tr("Cabling"),
                                  tr("Plug in each cable where the drawing shows it, pull tab up."), this));
    setPage(VerifyCablingPage, makePage(QStringLiteral("verifyCablingPage"), tr("Verify cabling"),
                                        tr("Find out which port is cabled to which, and compare with the plan."), this));
    setPage(ConfigurePage, makePage(QStringLiteral("configurePage"), tr("Configure"),
                                    tr("Give every ConnectX-7 port its address, safely, with automatic undo."), this));
    setPage(PeerTrustPage, makePage(QStringLiteral("peerTrustPage"), tr("Node-to-node SSH"),
                                    tr("Let the Sparks log in to each other without a password."), this));
    setPage(LinkTestPage, new spark::ui::LinkTestPage(this));
    setPage(DonePage, makePage(QStringLiteral("donePage"), tr("Done"),
                               tr("Your cluster is ready. Export its files or open the dashboard."), this));
    setStartId(WelcomePage);
    resize(820, 600);
}

} // namespace spark::ui
