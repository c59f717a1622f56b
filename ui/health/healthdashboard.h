// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/nodefacts.h"
#include "core/health/alerthistory.h"
#include "core/health/clusterhealth.h"
#include "core/health/ratehistory.h"
#include "core/topology/cablingplan.h"

#include <QDateTime>
#include <QHash>
#include <QWidget>

class QLabel;
class QTabWidget;
class QTableWidget;
class QTreeWidget;

namespace spark::ui {

class HealthChart;
class TopologyView;

// The live link-health window of one cluster: the topology with each cable
// coloured by its health, the selected cable's (or Spark's) chart and
// figures, every Spark's state and versions, and the alerts with their cause
// and fix, now and earlier. It shows what core computed (HealthMonitor's
// ticks, ClusterHealth, RateHistory, NodeFacts) and plans nothing.
class HealthDashboard final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthDashboard)

public:
    HealthDashboard(const QString &clusterName, CablingPlan plan, QWidget *parent = nullptr);

    void setIntervalMs(int intervalMs) { m_intervalMs = intervalMs; }
    // Charts a history kept elsewhere (the health session's, which outlives
    // the window) instead of its own from the ticks it is shown.
    void useRates(const RateHistory *rates);
    const RateHistory &rates() const { return m_sharedRates ? *m_sharedRates : m_rates; }
    int selectedCable() const { return m_selectedCable; }
    QString selectedNode() const { return m_selectedNode; }
    QString cluster() const { return m_clusterName; }

public Q_SLOTS:
    // One tick of the monitor, with its alert history.
    void showTick(const QDateTime &time, const QList<spark::NodeHealth> &nodes, const QList<spark::HealthAlert> &active,
                  const spark::AlertHistory &history);
    void showFacts(const spark::NodeFacts &facts);
    void selectCable(int cable);
    void selectNode(const QString &node);

Q_SIGNALS:
    // Shown, or hidden / minimised (the poll rate follows).
    void shownChanged(bool shown);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void updateShown();
    void refreshTopology();
    void refreshNodes();
    void refreshDetails();
    void refreshAlerts(const QList<HealthAlert> &active, const AlertHistory &history);
    void refreshAlertList(const QList<HealthAlert> &active);
    void refreshHistoryList(const AlertHistory &history);
    const NodeHealth *health(const QString &node) const;

    QString m_clusterName;
    CablingPlan m_plan;
    int m_intervalMs = 1000;
    QDateTime m_lastTick;
    QList<NodeHealth> m_nodes;
    QList<CableHealth> m_cables;
    QHash<QString, NodeFacts> m_facts;
    RateHistory m_rates;
    const RateHistory *m_sharedRates = nullptr;
    int m_selectedCable = 0;
    QString m_selectedNode;
    QStringList m_shownAlerts;  // keys in the alert list (rebuilt only when they change)
    QString m_shownHistory;     // what the history list shows, in short
    bool m_shown = false;       // on screen and not minimised, as last reported

    QLabel *m_summary;
    TopologyView *m_topology;
    QTableWidget *m_nodeTable;
    QLabel *m_detailTitle;
    HealthChart *m_chart;
    QTableWidget *m_figures;
    QTabWidget *m_alertTabs;
    QTreeWidget *m_alerts;
    QTreeWidget *m_history;
};

} // namespace spark::ui
