// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/health/healthmonitor.h"
#include "core/health/ratehistory.h"
#include "core/topology/cablingplan.h"
#include "core/topology/clusterdefinition.h"

#include <QCoreApplication>
#include <QObject>

#include <functional>
#include <memory>
#include <vector>

namespace spark {

class ClusterSessions;
class DeviceRegistry;

// Everything the dashboard watches one configured cluster with: its cabling
// plan, one long-lived SSH session per Spark and the monitor polling them,
// plus each Spark's facts (release, driver, firmware) probed in the
// background when it comes online.
class HealthSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthSession)

public:
    using FactsProbe = std::function<QFuture<Expected<NodeFacts>>(const QString &node)>;

    // Fails, with what to do, when a device of the cluster is not registered
    // any more or the layout cannot be planned.
    static Expected<std::unique_ptr<HealthSession>> open(const ClusterDefinition &cluster, const DeviceRegistry &registry,
                                                         HealthThresholds thresholds = {});
    // The same over other means of reaching the nodes (tests): `poller` runs
    // the health script on a node, `probe` reads its facts.
    static Expected<std::unique_ptr<HealthSession>> open(const ClusterDefinition &cluster, HealthMonitor::Poller poller,
                                                         FactsProbe probe, HealthThresholds thresholds = {});
    ~HealthSession() override;

    const ClusterDefinition &cluster() const { return m_cluster; }
    const CablingPlan &plan() const { return m_plan; }
    HealthMonitor &monitor() { return *m_monitor; }
    // The facts of the Sparks probed so far, by name.
    const QHash<QString, NodeFacts> &facts() const { return m_facts; }
    // Every port's rates of the last minutes, at whatever rate the monitor
    // polled (a window opened later charts what happened before).
    const RateHistory &rates() const { return m_rates; }

Q_SIGNALS:
    void factsReady(const spark::NodeFacts &facts);

private:
    HealthSession(ClusterDefinition cluster, CablingPlan plan, HealthMonitor::Poller poller, FactsProbe probe,
                  HealthThresholds thresholds);
    void onTick(const QList<NodeHealth> &nodes);
    void onFacts(const NodeFacts &facts);

    ClusterDefinition m_cluster;
    std::unique_ptr<ClusterSessions> m_nodes; // its devices and their sessions (none in tests)
    CablingPlan m_plan;
    FactsProbe m_probe;
    std::unique_ptr<HealthMonitor> m_monitor;
    QHash<QString, bool> m_online; // facts are probed again when a node comes back
    QList<LinkEnds> m_links;
    QHash<QString, NodeFacts> m_facts;
    RateHistory m_rates;
};

} // namespace spark
