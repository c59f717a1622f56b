// SPDX-License-Identifier: MIT
#include "ui/wizard/setupwizard.h"

#include "ui/wizard/cablingpage.h"
#include "ui/wizard/checkspage.h"
#include "ui/wizard/configurepage.h"
#include "ui/wizard/devicespage.h"
#include "ui/wizard/donepage.h"
#include "ui/wizard/layoutpage.h"
#include "ui/wizard/linktestpage.h"
#include "ui/clusterbackend/liveclusterbackend.h"
#include "ui/wizard/nccltestpage.h"
#include "ui/wizard/peertrustpage.h"
#include "ui/wizard/setupstate.h"
#include "ui/wizard/welcomepage.h"

#include <QLocale>

namespace spark::ui {

SetupWizard::SetupWizard(QWidget *parent)
    : QWizard(parent)
    , m_backend(new LiveClusterBackend(this))
{
    build();
}

SetupWizard::SetupWizard(ClusterBackend *backend, QWidget *parent)
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
    auto *welcome = new spark::ui::WelcomePage(this);
    setPage(WelcomePage, welcome);
    setPage(LayoutPage, layoutPage);
    setPage(DevicesPage, new spark::ui::DevicesPage(m_state, this));
    setPage(ChecksPage, new spark::ui::ChecksPage(m_state, this));
    setPage(CablingPage, new spark::ui::CablingPage(m_state, this));
    setPage(ConfigurePage, new spark::ui::ConfigurePage(m_state, this));
    setPage(PeerTrustPage, new spark::ui::PeerTrustPage(m_state, this));
    setPage(LinkTestPage, new spark::ui::LinkTestPage(m_state, this));
    auto *nccl = new spark::ui::NcclTestPage(m_state, this);
    setPage(NcclTestPage, nccl);
    // Finish waits for a running test; closing the wizard stops it.
    connect(this, &QDialog::rejected, nccl, &spark::ui::NcclTestPage::cancelTest);
    auto *done = new spark::ui::DonePage(m_state, this);
    setPage(DonePage, done);
    connect(done, &spark::ui::DonePage::dashboardRequested, this, [this](const QString &cluster) {
        accept();
        Q_EMIT dashboardRequested(cluster);
    });
    setStartId(WelcomePage);
    resize(900, 680);

    connect(welcome, &spark::ui::WelcomePage::continueRequested, this, [this, welcome] {
        SetupProgressStore store(m_backend->setupProgressFile());
        if (store.load() && store.latest())
            resume(*store.latest());
        welcome->withdrawOffer();
    });
    connect(welcome, &spark::ui::WelcomePage::startOverRequested, this, [this, welcome] {
        SetupProgressStore store(m_backend->setupProgressFile());
        if (store.load()) {
            if (const auto latest = store.latest()) {
                store.forget(latest->cluster.name);
                store.save();
            }
        }
        welcome->withdrawOffer();
        offerUnfinishedSetup(); // an older one, if any
    });
    connect(this, &QWizard::currentIdChanged, this, &SetupWizard::keepProgress);
    offerUnfinishedSetup();
}

namespace {

std::optional<SetupStep> stepOf(int pageId)
{
    switch (pageId) {
    case SetupWizard::DevicesPage: return SetupStep::Devices;
    case SetupWizard::ChecksPage: return SetupStep::Checks;
    case SetupWizard::CablingPage: return SetupStep::Cabling;
    case SetupWizard::ConfigurePage: return SetupStep::Configure;
    case SetupWizard::PeerTrustPage: return SetupStep::PeerTrust;
    case SetupWizard::LinkTestPage: return SetupStep::LinkTest;
    default: return std::nullopt;
    }
}

} // namespace

void SetupWizard::offerUnfinishedSetup()
{
    SetupProgressStore store(m_backend->setupProgressFile());
    if (!store.load())
        return; // a damaged file only costs the offer; the set-up starts afresh
    const auto latest = store.latest();
    if (!latest)
        return;
    const QString stepTitle = [&] {
        for (int id : pageIds()) {
            if (stepOf(id) == latest->reached)
                return page(id)->title();
        }
        return QString();
    }();
    auto *welcome = qobject_cast<spark::ui::WelcomePage *>(page(WelcomePage));
    welcome->offerToContinue(tr("The set-up of “%1” (%2) stopped at %3 on %4. Continue it with the same choices; "
                                "the checks run again because a Spark may have changed since.")
                                 .arg(latest->cluster.name, latest->cluster.devices.join(QStringLiteral(", ")), stepTitle,
                                      QLocale().toString(latest->saved.toLocalTime(), QLocale::ShortFormat)));
}

void SetupWizard::resume(const SetupProgress &progress)
{
    const ClusterDefinition &cluster = progress.cluster;
    if (currentId() != WelcomePage)
        restart();
    auto *layoutPage = qobject_cast<spark::ui::LayoutPage *>(page(LayoutPage));
    layoutPage->setChoice(cluster.layout, int(cluster.devices.size()));
    m_state->setClusterName(cluster.name);
    const auto registered = m_backend->loadDevices();
    const QList<Device> devices = registered ? devicesNamed(*registered, cluster.devices) : QList<Device>();
    m_state->setDevices(devices); // a device removed since is simply not ticked
    if (cluster.port)
        m_state->setPort(*cluster.port);
    next(); // Layout
    next(); // Devices, with the choices ticked
    if (progress.reached != SetupStep::Devices && devices.size() == cluster.devices.size())
        next(); // Checks
}

void SetupWizard::keepProgress(int pageId)
{
    SetupProgressStore store(m_backend->setupProgressFile());
    if (!store.load())
        return;
    const QString name = m_state->clusterName();
    if (pageId == DonePage) {
        store.forget(name);
        store.save();
        return;
    }
    const auto step = stepOf(pageId);
    if (!step || !m_state->layout() || !ClusterDefinition::isValidName(name) || m_state->devices().isEmpty())
        return;
    store.put(SetupProgress{m_state->definition(), *step, QDateTime::currentDateTimeUtc()});
    store.save();
}

SetupWizard::~SetupWizard()
{
    // A running link test uses the backend's sessions, and the backend may go
    // first. (A running NCCL test's sessions belong to its job source, which
    // its panel keeps until the run has stopped.)
    if (auto *test = qobject_cast<spark::ui::LinkTestPage *>(page(LinkTestPage)))
        test->stopAndWait();
}

} // namespace spark::ui
