// SPDX-License-Identifier: MIT
#include "ui/clusters/verifycablingdialog.h"

#include "core/common/whenready.h"
#include "core/linktest/quickcheck.h"
#include "core/topology/cablingplanner.h"
#include "ui/progress/nodeprogresslist.h"
#include "ui/drawings/drawingstyle.h"
#include "ui/clusterbackend/clusterbackend.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <memory>

namespace spark::ui {

VerifyCablingDialog::VerifyCablingDialog(const ClusterDefinition &cluster, const QList<Device> &devices,
                                         ClusterBackend *backend, QWidget *parent)
    : QDialog(parent)
    , m_cluster(cluster)
    , m_devices(devices)
    , m_backend(backend)
    , m_progress(new NodeProgressList(this))
    , m_lines(new QListWidget(this))
    , m_outcome(new QLabel(this))
{
    setObjectName(QStringLiteral("verifyCablingDialog"));
    setWindowTitle(tr("Verify the cabling — %1").arg(cluster.name));
    m_backend->setParent(this);
    auto *intro = new QLabel(tr("Which port of which Spark is cabled to which, against the plan; then, when the cables "
                                "match, a few seconds of traffic over both halves of every cable. Nothing on the "
                                "Sparks is changed."),
                             this);
    intro->setWordWrap(true);
    m_lines->setObjectName(QStringLiteral("verifyLines"));
    m_lines->setWordWrap(true);
    m_outcome->setObjectName(QStringLiteral("verifyOutcome"));
    m_outcome->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_backend, &ClusterBackend::progress, m_progress, &NodeProgressList::showProgress);
    connect(m_backend, &ClusterBackend::progress, this, [this](const JobProgress &progress) {
        if (progress.node.isEmpty())
            m_outcome->setText(progress.sentence); // the quick check's, about every cable at once
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_progress);
    layout->addWidget(m_lines, 1);
    layout->addWidget(m_outcome);
    layout->addWidget(buttons);
    resize(560, 420);
    start();
}

QString VerifyCablingDialog::outcome() const
{
    return m_outcome->text();
}

QStringList VerifyCablingDialog::lines() const
{
    QStringList texts;
    for (int row = 0; row < m_lines->count(); ++row)
        texts.append(m_lines->item(row)->text());
    return texts;
}

void VerifyCablingDialog::start()
{
    const auto plan = CablingPlanner::plan(m_cluster.layout, m_cluster.devices, m_cluster.port);
    if (!plan) {
        finish(false, plan.error().message);
        return;
    }
    m_running = true;
    QStringList names;
    for (const Device &device : std::as_const(m_devices))
        names.append(device.name);
    m_progress->setNodes(names);
    m_outcome->setText(tr("Looking at the cables…"));
    whenReady(m_backend->discover(m_devices, *plan), this,
              [this, plan = *plan](const DiscoveryReport &report) { discovered(plan, report); });
}

void VerifyCablingDialog::discovered(const CablingPlan &plan, const DiscoveryReport &report)
{
    for (const NodeError &problem : report.problems)
        addLine(problem.error.message, false);
    for (const CablingFinding &finding : report.findings)
        addLine(finding.message, false);
    if (!report.healthy()) {
        finish(false, tr("The cabling of %1 does not match its plan: see above.").arg(m_cluster.name));
        return;
    }
    addLine(tr("The cabling of %1 matches its plan.").arg(m_cluster.name), true);
    m_outcome->setText(tr("A few seconds of traffic over every cable…"));
    // Each Spark's facts (its RoCE GIDs: RDMA where every Spark has perftest), then the traffic.
    auto facts = std::make_shared<QList<NodeFacts>>();
    auto pending = std::make_shared<int>(int(m_devices.size()));
    for (const Device &device : std::as_const(m_devices)) {
        whenReady(m_backend->probe(device), this, [this, plan, report, facts, pending](const Expected<NodeFacts> &probed) {
            if (probed)
                facts->append(*probed);
            if (--*pending == 0)
                this->probed(plan, report, *facts);
        });
    }
}

void VerifyCablingDialog::probed(const CablingPlan &plan, const DiscoveryReport &report, const QList<NodeFacts> &facts)
{
    whenReady(m_backend->quickCheck(m_devices, plan, report, facts), this, [this](const Expected<QuickCheckResult> &result) {
        if (!result) {
            finish(false, result.error().message);
            return;
        }
        for (const LinkResult &link : result->links)
            addLine(link.verdict.sentence, link.verdict.pass); // the sentence names its cable
        for (const QString &sentence : result->unmeasured)
            addLine(sentence, false);
        finish(result->passed(), result->passed() ? tr("Every cable of %1 carries what it should.").arg(m_cluster.name)
                                                  : tr("Some cables of %1 need a look: see above.").arg(m_cluster.name));
    });
}

void VerifyCablingDialog::addLine(const QString &text, bool ok)
{
    auto *item = new QListWidgetItem(text, m_lines);
    item->setForeground(drawingstyle::stateColor(ok ? DrawState::Ok : DrawState::Wrong, palette()));
}

void VerifyCablingDialog::finish(bool passed, const QString &sentence)
{
    m_running = false;
    m_outcome->setText(sentence);
    // Each Spark's part is over, whatever the outcome: the list above says what was found.
    for (const QString &node : m_progress->nodes())
        m_progress->setProgress(node, 1, tr("Done."));
    Q_EMIT finishedChecking(passed);
}

} // namespace spark::ui
