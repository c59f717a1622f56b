// SPDX-License-Identifier: MIT
#include "ui/health/healthdashboard.h"

#include "ui/drawings/topologyview.h"
#include "ui/health/healthchart.h"
#include "ui/health/healthpicture.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace spark::ui {

namespace {

QString severityText(HealthAlert::Severity severity)
{
    return severity == HealthAlert::Severity::Critical ? HealthDashboard::tr("Critical") : HealthDashboard::tr("Warning");
}

QIcon severityIcon(HealthAlert::Severity severity)
{
    return QIcon::fromTheme(severity == HealthAlert::Severity::Critical ? QStringLiteral("dialog-error")
                                                                        : QStringLiteral("dialog-warning"));
}

QString portText(const PortEnd &end)
{
    return HealthDashboard::tr("%1 port %2").arg(end.node).arg(end.port);
}

QTableWidgetItem *item(const QString &text)
{
    auto *cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return cell;
}

// Updates a cell in place (keeps the selection), or makes it.
QTableWidgetItem *setCell(QTableWidget *table, int row, int column, const QString &text)
{
    if (QTableWidgetItem *existing = table->item(row, column)) {
        if (existing->text() != text)
            existing->setText(text);
        return existing;
    }
    QTableWidgetItem *cell = item(text);
    table->setItem(row, column, cell);
    return cell;
}

} // namespace

HealthDashboard::HealthDashboard(const QString &clusterName, CablingPlan plan, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_clusterName(clusterName)
    , m_plan(std::move(plan))
    , m_summary(new QLabel(this))
    , m_topology(new TopologyView(this))
    , m_nodeTable(new QTableWidget(this))
    , m_detailTitle(new QLabel(this))
    , m_chart(new HealthChart(this))
    , m_figures(new QTableWidget(this))
    , m_alertTabs(new QTabWidget(this))
    , m_alerts(new QTreeWidget(this))
    , m_history(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("healthDashboard"));
    setWindowTitle(tr("Link health — %1").arg(m_clusterName));
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);
    m_topology->setObjectName(QStringLiteral("topology"));
    m_nodeTable->setObjectName(QStringLiteral("nodes"));
    m_detailTitle->setObjectName(QStringLiteral("detailTitle"));
    m_detailTitle->setWordWrap(true);
    m_detailTitle->setTextFormat(Qt::PlainText);
    m_figures->setObjectName(QStringLiteral("figures"));
    m_alerts->setObjectName(QStringLiteral("alerts"));
    m_history->setObjectName(QStringLiteral("history"));
    m_alertTabs->setObjectName(QStringLiteral("alertTabs"));

    m_nodeTable->setColumnCount(6);
    m_nodeTable->setHorizontalHeaderLabels({tr("Spark"), tr("State"), tr("Release"), tr("Driver"), tr("CX-7 firmware"), tr("Kernel")});
    m_nodeTable->verticalHeader()->hide();
    m_nodeTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_nodeTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_nodeTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_nodeTable->horizontalHeader()->setStretchLastSection(true);
    m_figures->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_figures->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_figures->horizontalHeader()->setMinimumSectionSize(70);
    m_figures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_figures->setSelectionMode(QAbstractItemView::NoSelection);

    m_alerts->setColumnCount(3);
    m_alerts->setHeaderLabels({tr("Severity"), tr("Spark"), tr("What")});
    m_alerts->setWordWrap(true);
    m_alerts->setRootIsDecorated(true);
    m_history->setColumnCount(4);
    m_history->setHeaderLabels({tr("Raised"), tr("Cleared"), tr("Spark"), tr("What")});
    m_history->setRootIsDecorated(false);
    m_alertTabs->addTab(m_alerts, tr("Alerts"));
    m_alertTabs->addTab(m_history, tr("History"));

    auto *left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_topology);
    left->addWidget(m_nodeTable);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 1);

    auto *details = new QWidget(this);
    auto *detailLayout = new QVBoxLayout(details);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_detailTitle);
    auto *detailSplit = new QSplitter(Qt::Vertical, details);
    detailSplit->addWidget(m_chart);
    detailSplit->addWidget(m_figures);
    detailSplit->setStretchFactor(0, 3);
    detailSplit->setStretchFactor(1, 2);
    m_chart->setMinimumHeight(240);
    m_figures->setMinimumHeight(120);
    detailLayout->addWidget(detailSplit, 1);

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(left);
    top->addWidget(details);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    top->setChildrenCollapsible(false);

    auto *main = new QSplitter(Qt::Vertical, this);
    main->addWidget(top);
    main->addWidget(m_alertTabs);
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(main, 1);

    connect(m_topology, &TopologyView::cableClicked, this, &HealthDashboard::selectCable);
    connect(m_topology, &TopologyView::nodeClicked, this, [this](int node) {
        if (node >= 0 && node < m_plan.nodes.size())
            selectNode(m_plan.nodes.at(node));
    });
    connect(m_nodeTable, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (row >= 0 && row < m_plan.nodes.size())
            selectNode(m_plan.nodes.at(row));
    });

    m_summary->setText(tr("Waiting for the first answers of %n Spark(s)…", nullptr, int(m_plan.nodes.size())));
    refreshTopology();
    refreshNodes();
    refreshDetails();
    resize(1100, 760);
}

const NodeHealth *HealthDashboard::health(const QString &node) const
{
    for (const NodeHealth &health : m_nodes) {
        if (health.node == node)
            return &health;
    }
    return nullptr;
}

void HealthDashboard::showTick(const QDateTime &time, const QList<NodeHealth> &nodes, const QList<HealthAlert> &active,
                               const AlertHistory &history)
{
    m_lastTick = time;
    m_nodes = nodes;
    m_cables = ClusterHealth::cables(m_plan, nodes, active);
    if (!m_sharedRates)
        m_rates.add(time, nodes);
    m_summary->setText(healthSummary(nodes, m_cables, active, time));
    refreshTopology();
    refreshNodes();
    refreshDetails();
    refreshAlerts(active, history);
}

void HealthDashboard::useRates(const RateHistory *rates)
{
    m_sharedRates = rates;
    refreshDetails();
}

void HealthDashboard::showFacts(const NodeFacts &facts)
{
    m_facts.insert(facts.node, facts);
    refreshNodes();
    if (!m_selectedNode.isEmpty())
        refreshDetails();
}

void HealthDashboard::selectCable(int cable)
{
    if (cable < 0 || cable >= m_plan.cables.size())
        return;
    m_selectedCable = cable;
    m_selectedNode.clear();
    refreshDetails();
}

void HealthDashboard::selectNode(const QString &node)
{
    if (!m_plan.nodes.contains(node))
        return;
    m_selectedNode = node;
    m_selectedCable = -1;
    refreshDetails();
}

void HealthDashboard::refreshTopology()
{
    m_topology->setModel(healthTopology(m_plan, m_nodes, m_cables));
}

void HealthDashboard::refreshNodes()
{
    m_nodeTable->setRowCount(int(m_plan.nodes.size()));
    for (int row = 0; row < m_plan.nodes.size(); ++row) {
        const QString &name = m_plan.nodes.at(row);
        const NodeHealth *node = health(name);
        const auto facts = m_facts.constFind(name);
        const bool known = facts != m_facts.cend();
        setCell(m_nodeTable, row, 0, name);
        QTableWidgetItem *state = setCell(m_nodeTable, row, 1, node ? ClusterHealth::nodeStateText(*node, m_intervalMs) : tr("Connecting…"));
        state->setToolTip(node && !node->reachable ? node->unreachableDetail : QString());
        setCell(m_nodeTable, row, 2, known ? facts->release.version() : QStringLiteral("…"));
        setCell(m_nodeTable, row, 3, known ? facts->gpu.driverVersion : QStringLiteral("…"));
        setCell(m_nodeTable, row, 4, known ? facts->cx7Firmware() : QStringLiteral("…"));
        setCell(m_nodeTable, row, 5, known ? facts->kernel : QStringLiteral("…"));
    }
}

void HealthDashboard::refreshDetails()
{
    // Which ports to show: both ends of the selected cable, or the node's cabled ports.
    QList<PortEnd> ends;
    QString title;
    if (!m_selectedNode.isEmpty()) {
        const NodeHealth *node = health(m_selectedNode);
        for (const Cable &cable : std::as_const(m_plan.cables)) {
            if (cable.from.node == m_selectedNode)
                ends.append(cable.from);
            if (cable.to && cable.to->node == m_selectedNode)
                ends.append(*cable.to);
        }
        std::sort(ends.begin(), ends.end(), [](const PortEnd &a, const PortEnd &b) { return a.port < b.port; });
        title = tr("%1 — %2").arg(m_selectedNode, node ? ClusterHealth::nodeStateText(*node, m_intervalMs) : tr("Connecting…"));
        if (const auto facts = m_facts.constFind(m_selectedNode); facts != m_facts.cend())
            title += QLatin1Char('\n')
                + tr("Release %1 · driver %2 · CX-7 firmware %3")
                      .arg(facts->release.version(), facts->gpu.driverVersion, facts->cx7Firmware());
        if (node && !node->reachable)
            title += QLatin1Char('\n') + tr("Last error: %1").arg(node->unreachableDetail);
    } else if (m_selectedCable >= 0 && m_selectedCable < m_plan.cables.size()) {
        const Cable &cable = m_plan.cables.at(m_selectedCable);
        ends.append(cable.from);
        if (cable.to)
            ends.append(*cable.to);
        const CableHealth *health = m_selectedCable < m_cables.size() ? &m_cables.at(m_selectedCable) : nullptr;
        const QString state = !health ? tr("waiting for data")
            : health->state == CableHealth::State::Ok      ? tr("healthy")
            : health->state == CableHealth::State::Degraded ? tr("degraded")
            : health->state == CableHealth::State::Down     ? tr("down")
                                                            : tr("state unknown");
        title = cable.to ? tr("Cable %1: %2 ↔ %3 — %4").arg(cable.number).arg(portText(cable.from), portText(*cable.to), state)
                         : tr("Cable %1: %2 ↔ switch — %3").arg(cable.number).arg(portText(cable.from), state);
        if (health) {
            for (const HealthAlert &alert : health->alerts)
                title += QLatin1Char('\n') + alert.message;
        }
    }
    m_detailTitle->setText(title);

    // The chart: the first end (the cable's A end, or the node's first port).
    if (!ends.isEmpty()) {
        const PortEnd &shown = ends.first();
        m_chart->setSamples(tr("%1 — Gb/s (solid: received, dashed: sent)").arg(portText(shown)),
                            rates().samples(shown.node, shown.port));
    } else {
        m_chart->setSamples(QString(), {});
    }

    // The figures: one column per end.
    m_figures->clear();
    m_figures->setColumnCount(int(ends.size()));
    QStringList headers;
    for (const PortEnd &end : std::as_const(ends))
        headers.append(portText(end));
    m_figures->setHorizontalHeaderLabels(headers);
    for (int column = 0; column < ends.size(); ++column) {
        const PortEnd &end = ends.at(column);
        const NodeHealth *node = health(end.node);
        const QList<PortFigure> figures = node ? ClusterHealth::portFigures(*node, end.port) : ClusterHealth::portFigures(NodeHealth{}, end.port);
        m_figures->setRowCount(int(figures.size()));
        QStringList rows;
        for (int row = 0; row < figures.size(); ++row) {
            rows.append(figures.at(row).label);
            auto *cell = item(figures.at(row).text);
            cell->setData(Qt::UserRole, figures.at(row).key);
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_figures->setItem(row, column, cell);
        }
        m_figures->setVerticalHeaderLabels(rows);
    }
}

void HealthDashboard::refreshAlerts(const QList<HealthAlert> &active, const AlertHistory &history)
{
    // Rebuilt only when something changed, so the lists keep what the user opened and scrolled to.
    QStringList keys;
    for (const HealthAlert &alert : active)
        keys.append(alert.key + QLatin1Char('|') + alert.message);
    if (keys != m_shownAlerts || m_alerts->topLevelItemCount() == 0) {
        m_shownAlerts = keys;
        refreshAlertList(active);
    }
    int cleared = 0;
    for (const AlertHistory::Event &event : history.events())
        cleared += event.cleared ? 1 : 0;
    const QString shown = QStringLiteral("%1/%2/%3").arg(history.events().size()).arg(cleared).arg(
        history.events().isEmpty() ? QString() : history.events().first().raised.toString(Qt::ISODateWithMs));
    if (shown != m_shownHistory) {
        m_shownHistory = shown;
        refreshHistoryList(history);
    }
}

void HealthDashboard::refreshAlertList(const QList<HealthAlert> &active)
{
    m_alerts->clear();
    for (const HealthAlert &alert : active) {
        auto *top = new QTreeWidgetItem(m_alerts, {severityText(alert.severity), alert.node, alert.message});
        top->setIcon(0, severityIcon(alert.severity));
        top->setData(0, Qt::UserRole, alert.key);
        new QTreeWidgetItem(top, {QString(), QString(), tr("Likely cause: %1").arg(alert.cause)});
        new QTreeWidgetItem(top, {QString(), QString(), tr("Fix: %1").arg(alert.fix)});
        top->setExpanded(true);
    }
    if (active.isEmpty())
        new QTreeWidgetItem(m_alerts, {QString(), QString(), tr("No alerts: every link and Spark is healthy.")});
    m_alerts->resizeColumnToContents(0);
    m_alerts->resizeColumnToContents(1);
    m_alertTabs->setTabText(0, active.isEmpty() ? tr("Alerts") : tr("Alerts (%1)").arg(active.size()));
}

void HealthDashboard::refreshHistoryList(const AlertHistory &history)
{
    m_history->clear();
    const QLocale locale;
    const auto &events = history.events();
    for (auto it = events.crbegin(); it != events.crend(); ++it) {
        auto *row = new QTreeWidgetItem(m_history,
                                        {locale.toString(it->raised.toLocalTime(), QLocale::ShortFormat),
                                         it->cleared ? locale.toString(it->cleared->toLocalTime(), QLocale::ShortFormat) : tr("active"),
                                         it->alert.node, it->alert.message});
        row->setIcon(0, severityIcon(it->alert.severity));
        row->setToolTip(3, tr("Likely cause: %1\nFix: %2").arg(it->alert.cause, it->alert.fix));
    }
    for (int column = 0; column < 3; ++column)
        m_history->resizeColumnToContents(column);
}

void HealthDashboard::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        setWindowTitle(tr("Link health — %1").arg(m_clusterName));
    if (event->type() == QEvent::WindowStateChange)
        updateShown();
}

void HealthDashboard::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateShown();
}

void HealthDashboard::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateShown();
}

void HealthDashboard::updateShown()
{
    const bool shown = isVisible() && !isMinimized();
    if (shown == m_shown)
        return;
    m_shown = shown;
    Q_EMIT shownChanged(shown);
}

} // namespace spark::ui
