// SPDX-License-Identifier: MIT
#include "ui/wizard/setupwizard.h"

#include "ui/wizard/cablingpage.h"
#include "ui/wizard/checkspage.h"
#include "ui/wizard/configurepage.h"
#include "ui/wizard/devicespage.h"
#include "ui/wizard/donepage.h"
#include "ui/wizard/layoutpage.h"
#include "ui/wizard/livesetupbackend.h"
#include "ui/wizard/peertrustpage.h"
#include "ui/wizard/setupstate.h"
#include "ui/wizard/welcomepage.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QWizardPage>

namespace spark::ui {

namespace {

const char *const kPlaceholder = "sparkPlaceholder";

QWizardPage *makePage(const QString &objectName, const QString &title, const QString &subTitle, QWidget *parent)
{
    auto *page = new QWizardPage(parent);
    page->setObjectName(objectName);
    page->setTitle(title);
    page->setSubTitle(subTitle);
    page->setProperty(kPlaceholder, true);
    auto *layout = new QVBoxLayout(page);
    layout->addStretch();
    return page;
}

} // namespace

SetupWizard::SetupWizard(QWidget *parent)
    : QWizard(parent)
    , m_backend(new LiveSetupBackend(this))
{
    build();
}

SetupWizard::SetupWizard(SetupBackend *backend, QWidget *parent)
    : QWizard(parent)
    , m_backend(backend)
{
    build();
}

void SetupWizard::build()
{
    setObjectName(QStringLiteral("setupWizard"));
    setWindowTitle(tr("Set up a cluster"));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    m_state = new SetupState(m_backend, this);

    auto *layoutPage = new spark::ui::LayoutPage(this);
    connect(layoutPage, &spark::ui::LayoutPage::choiceChanged, this,
            [this, layoutPage] { m_state->setLayout(layoutPage->layout(), layoutPage->nodeCount()); });
    setPage(WelcomePage, new spark::ui::WelcomePage(this));
    setPage(LayoutPage, layoutPage);
    setPage(DevicesPage, new spark::ui::DevicesPage(m_state, this));
    setPage(ChecksPage, new spark::ui::ChecksPage(m_state, this));
    setPage(CablingPage, new spark::ui::CablingPage(m_state, this));
    setPage(ConfigurePage, new spark::ui::ConfigurePage(m_state, this));
    setPage(PeerTrustPage, new spark::ui::PeerTrustPage(m_state, this));
    // The link test page (ui/wizard/linktestpage) needs a LinkTestJob built from the
    // configured cluster's sessions; until that is wired the wizard passes over this placeholder.
    setPage(LinkTestPage, makePage(QStringLiteral("linkTestPage"), tr("Link test"),
                                   tr("Measure every cable's throughput and latency."), this));
    setPage(DonePage, new spark::ui::DonePage(m_state, this));
    setStartId(WelcomePage);
    resize(900, 680);
}

bool SetupWizard::isPlaceholder(const QWizardPage *page)
{
    return page && page->property(kPlaceholder).toBool();
}

int SetupWizard::nextId() const
{
    int next = QWizard::nextId();
    while (next >= 0 && isPlaceholder(page(next)))
        next = page(next)->nextId();
    return next;
}

} // namespace spark::ui
