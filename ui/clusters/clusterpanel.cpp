// SPDX-License-Identifier: MIT
#include "ui/clusters/clusterpanel.h"

#include "core/linktest/linkverdict.h"
#include "ui/drawings/drawingstyle.h"
#include "ui/drawings/topologyview.h"
#include "ui/health/healthpicture.h"
#include "ui/nccl/ncclrunsummary.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace spark::ui {

namespace {

QString layoutText(const ClusterDefinition &cluster)
{
    switch (cluster.layout) {
    case ClusterLayout::Direct2:
        return ClusterPanel::tr("Two Sparks, direct");
    case ClusterLayout::Ring3:
        return ClusterPanel::tr("Three Sparks, ring");
    case ClusterLayout::Switch:
        return ClusterPanel::tr("%1 Sparks through a switch").arg(cluster.devices.size());
    }
    return {};
}

QString when(const QDateTime &time)
{
    return QLocale().toString(time.toLocalTime(), QLocale::ShortFormat);
}

QString linkTestText(const LinkTestRun &run)
{
    const auto slowest = std::min_element(run.links.cbegin(), run.links.cend(), [](const LinkResult &a, const LinkResult &b) {
        return a.slowestPortGbps() < b.slowestPortGbps();
    });
    const QString outcome = run.passed() ? ClusterPanel::tr("passed") : ClusterPanel::tr("failed");
    if (slowest == run.links.cend())
        return ClusterPanel::tr("%1: %2").arg(when(run.started), outcome);
    return ClusterPanel::tr("%1: %2, slowest %3 at %4 Gb/s")
        .arg(when(run.started), outcome, slowest->label, LinkVerdict::formatGbps(slowest->slowestPortGbps()));
}

// The label's text in the pass or fail colour of the drawings (readable on light and dark).
void setOutcome(QLabel *label, const QString &text, std::optional<bool> passed)
{
    label->setText(text);
    QPalette palette; // nothing set: the label follows the window's palette
    if (passed)
        palette.setColor(QPalette::WindowText, drawingstyle::stateColor(*passed ? DrawState::Ok : DrawState::Wrong, label->palette()));
    label->setPalette(palette);
}

} // namespace

ClusterPanel::ClusterPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_layout(new QLabel(this))
    , m_drawing(new TopologyView(this))
    , m_health(new QLabel(this))
    , m_linkTest(new QLabel(this))
    , m_ncclTest(new QLabel(this))
{
    setObjectName(QStringLiteral("clusterPanel"));
    m_title->setObjectName(QStringLiteral("clusterTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setWeight(QFont::DemiBold);
    m_title->setFont(titleFont);
    m_layout->setObjectName(QStringLiteral("clusterLayout"));
    m_layout->setForegroundRole(QPalette::PlaceholderText);
    m_drawing->setObjectName(QStringLiteral("clusterDrawing"));
    m_health->setObjectName(QStringLiteral("clusterHealth"));
    m_linkTest->setObjectName(QStringLiteral("clusterLastLinkTest"));
    m_ncclTest->setObjectName(QStringLiteral("clusterLastNcclTest"));
    for (QLabel *label : {m_health, m_linkTest, m_ncclTest}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }

    auto *heading = new QHBoxLayout;
    heading->addWidget(m_title);
    heading->addWidget(m_layout, 1, Qt::AlignBottom);

    auto *facts = new QFormLayout;
    facts->setRowWrapPolicy(QFormLayout::WrapLongRows);
    facts->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    facts->addRow(tr("Health:"), m_health);
    facts->addRow(tr("Link test:"), m_linkTest);
    facts->addRow(tr("NCCL test:"), m_ncclTest);

    auto *buttons = new QVBoxLayout;
    const QList<QPushButton *> row{
        addButton(tr("Link &health…"), QStringLiteral("clusterHealthButton"), Action::Health),
        addButton(tr("Run the &link test…"), QStringLiteral("clusterLinkTestButton"), Action::LinkTest),
        addButton(tr("Run the &NCCL test…"), QStringLiteral("clusterNcclTestButton"), Action::NcclTest),
        addButton(tr("&Verify the cabling…"), QStringLiteral("clusterVerifyButton"), Action::Verify),
        addButton(tr("&Roll back…"), QStringLiteral("clusterRollbackButton"), Action::Rollback),
        nullptr, // Export, with its menu
        addButton(tr("&Delete the cluster…"), QStringLiteral("clusterDeleteButton"), Action::Delete),
    };
    auto *exportButton = new QPushButton(tr("&Export"), this);
    exportButton->setObjectName(QStringLiteral("clusterExportButton"));
    auto *formats = new QMenu(exportButton);
    formats->setObjectName(QStringLiteral("clusterExportMenu"));
    const QList<std::pair<ClusterExport::Format, QString>> entries{
        {ClusterExport::Format::Hostfile, tr("MPI &hostfile…")},
        {ClusterExport::Format::NcclEnv, tr("&NCCL environment…")},
        {ClusterExport::Format::Ansible, tr("&Ansible inventory…")},
        {ClusterExport::Format::Vllm, tr("&vLLM commands…")},
    };
    for (const auto &[format, text] : entries) {
        QAction *action = formats->addAction(text, this, [this, format = format] { Q_EMIT exportRequested(format, m_cluster.name); });
        action->setObjectName(QStringLiteral("clusterExport-") + ClusterExport::key(format));
    }
    exportButton->setMenu(formats);
    m_buttons.append(exportButton);
    for (QPushButton *action : row)
        buttons->addWidget(action ? action : exportButton);
    buttons->addStretch(1);

    // The actions beside the drawing: the panel fits a 640×480 window without scrolling.
    auto *middle = new QHBoxLayout;
    middle->addWidget(m_drawing, 1);
    middle->addLayout(buttons);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(heading);
    layout->addLayout(middle, 1);
    layout->addLayout(facts);
}

QPushButton *ClusterPanel::addButton(const QString &text, const QString &objectName, Action action)
{
    auto *button = new QPushButton(text, this);
    button->setObjectName(objectName);
    connect(button, &QPushButton::clicked, this, [this, action] { Q_EMIT requested(action, m_cluster.name); });
    m_buttons.append(button);
    return button;
}

void ClusterPanel::setCluster(const ClusterDefinition &cluster, const Expected<CablingPlan> &plan)
{
    m_cluster = cluster;
    m_title->setText(cluster.name);
    m_layout->setText(layoutText(cluster) + QStringLiteral(" · ") + cluster.devices.join(QStringLiteral(", ")));
    m_plan = plan ? std::optional<CablingPlan>(*plan) : std::nullopt;
    m_drawing->setVisible(m_plan.has_value());
    if (!plan)
        m_health->setText(plan.error().message);
    drawPlan({}, {});
}

void ClusterPanel::drawPlan(const QList<NodeHealth> &nodes, const QList<CableHealth> &cables)
{
    if (m_plan)
        m_drawing->setModel(healthTopology(*m_plan, nodes, cables));
}

void ClusterPanel::showHealth(const QList<NodeHealth> &nodes, const QList<HealthAlert> &active, const QDateTime &time)
{
    if (!m_plan)
        return;
    const QList<CableHealth> cables = ClusterHealth::cables(*m_plan, nodes, active);
    drawPlan(nodes, cables);
    m_health->setText(healthSummary(nodes, cables, active, time));
}

void ClusterPanel::showWaitingForHealth()
{
    drawPlan({}, {});
    if (m_plan)
        m_health->setText(tr("Watched; waiting for the Sparks' first answer."));
}

void ClusterPanel::showNotWatched()
{
    drawPlan({}, {});
    if (m_plan)
        m_health->setText(tr("Not watched: Link health polls it while its window is open."));
}

void ClusterPanel::showLastRuns(const std::optional<LinkTestRun> &linkTest, const std::optional<NcclTestRun> &ncclTest)
{
    setOutcome(m_linkTest, linkTest ? linkTestText(*linkTest) : tr("Not run yet."),
               linkTest ? std::optional<bool>(linkTest->passed()) : std::nullopt);
    setOutcome(m_ncclTest,
               ncclTest ? tr("%1: %2").arg(when(ncclTest->started), ncclRunSummary(*ncclTest)) : tr("Not run yet."),
               ncclTest ? std::optional<bool>(ncclTest->verdict.pass) : std::nullopt);
    if (ncclTest)
        m_ncclTest->setToolTip(ncclTest->verdict.sentence);
}

} // namespace spark::ui
