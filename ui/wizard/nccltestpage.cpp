// SPDX-License-Identifier: MIT
#include "ui/wizard/nccltestpage.h"

#include "ui/nccl/nccltestpanel.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/wizard/setupstate.h"

#include <QLabel>
#include <QVBoxLayout>

namespace spark::ui {

NcclTestPage::NcclTestPage(SetupState *state, QWidget *parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_intro(new QLabel(this))
    , m_layout(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("ncclTestPage"));
    setTitle(tr("NCCL test (optional)"));
    setSubTitle(tr("Run NVIDIA's acceptance test across the cluster, or go on without it."));
    m_intro->setObjectName(QStringLiteral("ncclTestIntro"));
    m_intro->setWordWrap(true);
    m_layout->addWidget(m_intro);
    m_layout->addSpacing(m_intro->fontMetrics().height() / 2); // the explanation apart from the controls
}

bool NcclTestPage::isRunning() const
{
    return m_panel && m_panel->isRunning();
}

void NcclTestPage::initializePage()
{
    const QString cluster = m_state->clusterName();
    m_intro->setText(tr("The link test measured the cables; this measures what a workload gets from them: "
                        "all_gather_perf from NVIDIA's nccl-tests runs on every Spark at once, GPU to GPU over the "
                        "ConnectX-7 links, and its bus bandwidth is judged against NVIDIA's bar. It needs CUDA, "
                        "Open MPI, NCCL and nccl-tests on every Spark; the test checks them first and says, Spark by "
                        "Spark, what is missing. Next goes on without it: “sparkctl nccl-test --cluster %1” runs it "
                        "later.")
                         .arg(cluster));
    // A cancelled run may still be stopping: that panel stays until it has.
    if (isRunning())
        return;
    // Made afresh each time the page is reached: the cluster may have been set up again since.
    delete m_panel;
    m_state->setNcclTestRun(std::nullopt);
    ClusterBackend *backend = m_state->backend();
    const Expected<NcclJobSource> jobs = backend->ncclTestJobs(m_state->definition());
    // Without a source, Run says why in the verdict, as the runner's own errors are said.
    const NcclJobSource source = jobs ? *jobs : failingNcclJobSource(jobs.error());
    m_panel = new NcclTestPanel(cluster, source, backend->ncclTestHistoryFile(), NcclTestPanel::EarlierRuns::NotListed, this);
    if (!jobs)
        m_panel->setProgress(jobs.error().message);
    connect(m_panel, &NcclTestPanel::runningChanged, this, &QWizardPage::completeChanged);
    connect(m_panel, &NcclTestPanel::runFinished, this, [this](const NcclTestRun &run) { m_state->setNcclTestRun(run); });
    m_layout->addWidget(m_panel, 1);
}

void NcclTestPage::cleanupPage()
{
    // Back leaves the page: a running test or build stops rather than going on unseen.
    cancelTest();
    QWizardPage::cleanupPage();
}

bool NcclTestPage::isComplete() const
{
    return !isRunning();
}

void NcclTestPage::cancelTest()
{
    if (isRunning())
        m_panel->cancel();
}

} // namespace spark::ui
