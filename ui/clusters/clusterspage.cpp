// SPDX-License-Identifier: MIT
#include "ui/clusters/clusterspage.h"

#include "core/health/clusterwatch.h"
#include "core/health/healthsession.h"
#include "core/linktest/linktesthistory.h"
#include "core/nccl/nccltesthistory.h"
#include "core/topology/cablingplanner.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace spark::ui {

namespace {

// The newest kept run of the cluster, if the file has one.
template<typename History>
auto lastRun(const QString &file, const QString &cluster) -> std::optional<typename decltype(History().runs(QString()))::value_type>
{
    History history(file);
    if (!history.load())
        return std::nullopt;
    const auto runs = history.runs(cluster);
    if (runs.isEmpty())
        return std::nullopt;
    return runs.constFirst();
}

QWidget *emptyState(ClustersPage *page)
{
    auto *empty = new QWidget(page);
    empty->setObjectName(QStringLiteral("clustersEmpty"));
    auto *heading = new QLabel(ClustersPage::tr("No cluster yet"), empty);
    QFont font = heading->font();
    font.setPointSizeF(font.pointSizeF() * 1.4);
    font.setWeight(QFont::DemiBold);
    heading->setFont(font);
    auto *text = new QLabel(ClustersPage::tr("Set up a cluster to cable two or more Sparks together: it shows up here "
                                             "with its drawing, its health and its last tests."),
                            empty);
    text->setWordWrap(true);
    text->setForegroundRole(QPalette::PlaceholderText);
    auto *setUp = new QPushButton(ClustersPage::tr("Set up a &cluster…"), empty);
    setUp->setObjectName(QStringLiteral("clustersSetUp"));
    QObject::connect(setUp, &QPushButton::clicked, page, &ClustersPage::setUpRequested);
    auto *layout = new QVBoxLayout(empty);
    layout->addStretch();
    for (QWidget *widget : {static_cast<QWidget *>(heading), static_cast<QWidget *>(text)}) {
        layout->addWidget(widget);
        static_cast<QLabel *>(widget)->setAlignment(Qt::AlignHCenter);
    }
    layout->addWidget(setUp, 0, Qt::AlignHCenter);
    layout->addStretch();
    return empty;
}

} // namespace

ClustersPage::ClustersPage(ClusterRemoval::Files files, QWidget *parent)
    : QWidget(parent)
    , m_files(std::move(files))
    , m_stack(new QStackedWidget(this))
    , m_list(new QListWidget(this))
    , m_panel(new ClusterPanel(this))
{
    setObjectName(QStringLiteral("clustersPage"));
    m_list->setObjectName(QStringLiteral("clusterList"));
    m_list->setAccessibleName(tr("Clusters"));
    connect(m_list, &QListWidget::currentRowChanged, this, &ClustersPage::showSelected);
    connect(m_panel, &ClusterPanel::requested, this, &ClustersPage::requested);
    connect(m_panel, &ClusterPanel::exportRequested, this, &ClustersPage::exportRequested);

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("clusterPanelScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_panel);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("clusterSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_list);
    split->addWidget(scroll);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    split->setSizes({130, 500});
    m_list->setMinimumWidth(90);

    m_stack->addWidget(emptyState(this));
    m_stack->addWidget(split);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    reload();
}

void ClustersPage::setWatch(ClusterWatch *watch)
{
    m_watch = watch;
    showSelected();
}

void ClustersPage::reload()
{
    const QString selected = selectedCluster();
    ClusterStore store(m_files.clusters);
    m_clusters = store.load() ? store.clusters() : QList<ClusterDefinition>();
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    int row = m_clusters.isEmpty() ? -1 : 0;
    for (int i = 0; i < m_clusters.size(); ++i) {
        m_list->addItem(m_clusters.at(i).name);
        if (m_clusters.at(i).name == (selected.isEmpty() ? store.defaultCluster() : selected))
            row = i;
    }
    m_list->setCurrentRow(row);
    m_stack->setCurrentIndex(m_clusters.isEmpty() ? 0 : 1);
    showSelected();
}

QStringList ClustersPage::clusters() const
{
    QStringList names;
    for (const ClusterDefinition &cluster : m_clusters)
        names.append(cluster.name);
    return names;
}

QString ClustersPage::selectedCluster() const
{
    const int row = m_list->currentRow();
    return row >= 0 && row < m_clusters.size() ? m_clusters.at(row).name : QString();
}

void ClustersPage::selectCluster(const QString &name)
{
    const int row = int(clusters().indexOf(name));
    if (row >= 0)
        m_list->setCurrentRow(row);
}

void ClustersPage::showSelected()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_clusters.size()) {
        followHealth(QString());
        return;
    }
    const ClusterDefinition &cluster = m_clusters.at(row);
    m_panel->setCluster(cluster, CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port));
    m_panel->showLastRuns(lastRun<LinkTestHistory>(m_files.linkTests, cluster.name),
                          lastRun<NcclTestHistory>(m_files.ncclTests, cluster.name));
    followHealth(cluster.name);
}

void ClustersPage::followHealth(const QString &cluster)
{
    disconnect(m_tick);
    m_followed = m_watch && !cluster.isEmpty() ? m_watch->session(cluster) : nullptr;
    if (!m_followed) {
        if (!cluster.isEmpty())
            m_panel->showNotWatched();
        return;
    }
    HealthMonitor &monitor = m_followed->monitor();
    m_tick = connect(&monitor, &HealthMonitor::tick, m_panel,
                     [this](const QDateTime &time, const QList<NodeHealth> &nodes, const QList<HealthAlert> &active) {
                         m_panel->showHealth(nodes, active, time);
                     });
    // A session closed (the cluster planned again, or no longer watched) ends what the panel shows of it.
    connect(m_followed, &QObject::destroyed, this, [this, cluster] {
        if (selectedCluster() == cluster)
            m_panel->showNotWatched();
    }, Qt::SingleShotConnection);
    if (monitor.lastNodes().isEmpty())
        m_panel->showWaitingForHealth();
    else
        m_panel->showHealth(monitor.lastNodes(), monitor.history().active(), monitor.lastTickTime());
}

} // namespace spark::ui
