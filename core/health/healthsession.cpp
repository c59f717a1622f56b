// SPDX-License-Identifier: MIT
#include "core/health/healthsession.h"

#include "core/cluster/clustersessions.h"
#include "core/common/whenready.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/nodeprober.h"
#include "core/health/clusterhealth.h"
#include "core/health/sessionpolling.h"
#include "core/ssh/sshlibrary.h"
#include "core/ssh/sshsession.h"
#include "core/topology/cablingplanner.h"

namespace spark {

Expected<std::unique_ptr<HealthSession>> HealthSession::open(const ClusterDefinition &cluster, const DeviceRegistry &registry,
                                                             HealthThresholds thresholds)
{
    if (auto plan = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port); !plan)
        return plan.error();
    ensureSshLibraryInitialised();
    auto nodes = ClusterSessions::open(cluster, registry);
    if (!nodes)
        return nodes.error();
    QHash<QString, Device> devices;
    for (const Device &device : (*nodes)->devices())
        devices.insert(device.name, device);
    const SessionPolling polling = SessionPolling::over(**nodes);
    auto session = open(
        cluster, polling.poller, [devices](const QString &node) { return NodeProber::probe(devices.value(node)); },
        thresholds);
    if (session) {
        (*session)->m_monitor->setSilence(polling.silence);
        (*session)->m_nodes = std::move(*nodes); // the sessions live as long as the health session
    }
    return session;
}

Expected<std::unique_ptr<HealthSession>> HealthSession::open(const ClusterDefinition &cluster, HealthMonitor::Poller poller,
                                                             FactsProbe probe, HealthThresholds thresholds)
{
    auto plan = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
    if (!plan)
        return plan.error();
    return std::unique_ptr<HealthSession>(
        new HealthSession(cluster, std::move(*plan), std::move(poller), std::move(probe), thresholds));
}

HealthSession::HealthSession(ClusterDefinition cluster, CablingPlan plan, HealthMonitor::Poller poller, FactsProbe probe,
                             HealthThresholds thresholds)
    : m_cluster(std::move(cluster))
    , m_plan(std::move(plan))
    , m_probe(std::move(probe))
{
    const HealthWatch watch = ClusterHealth::watchFor(m_plan);
    m_links = watch.links;
    m_monitor = std::make_unique<HealthMonitor>(watch.nodes, watch.links, std::move(poller), thresholds);
    connect(m_monitor.get(), &HealthMonitor::tick, this,
            [this](const QDateTime &time, const QList<NodeHealth> &nodes, const QList<HealthAlert> &) {
                m_rates.add(time, nodes);
                onTick(nodes);
            });
}

HealthSession::~HealthSession()
{
    m_monitor->stop();
    if (m_nodes)
        m_nodes->cancel();
}

void HealthSession::onTick(const QList<NodeHealth> &nodes)
{
    for (const NodeHealth &node : nodes) {
        // An overdue poll does not make a node new: its facts are read again
        // only after its polls failed (a restart, a node gone and back), not
        // each time a loaded node answers late.
        const bool wasOnline = m_online.value(node.node, false);
        const bool online = (node.reachable && node.snapshot) || (node.overdue && wasOnline);
        m_online.insert(node.node, online);
        if (!online || wasOnline)
            continue;
        // Online now (first answer, or back after a restart): what does it run?
        if (!m_probe)
            continue;
        whenReady(m_probe(node.node), this, [this, name = node.node](const Expected<NodeFacts> &facts) {
            if (!facts)
                return;
            NodeFacts named = *facts;
            named.node = name;
            onFacts(named);
            Q_EMIT factsReady(named);
        });
    }
}

void HealthSession::onFacts(const NodeFacts &facts)
{
    m_facts.insert(facts.node, facts);
    // Each end of a cable pings the other end's twin at its IPv4 address.
    const auto addressOf = [this](const QString &node, const QString &netdev) -> QString {
        const auto found = m_facts.constFind(node);
        if (found == m_facts.cend())
            return {};
        for (const IpInterface &interface : found->interfaces) {
            if (interface.name != netdev)
                continue;
            for (const IpAddress &address : interface.addresses) {
                if (address.family == u"inet")
                    return address.local;
            }
        }
        return {};
    };
    QHash<QString, QList<RttTarget>> targets;
    for (const LinkEnds &link : std::as_const(m_links)) {
        if (const QString b = addressOf(link.nodeB, link.netdevB); !b.isEmpty())
            targets[link.nodeA].append({link.netdevA, b});
        if (const QString a = addressOf(link.nodeA, link.netdevA); !a.isEmpty())
            targets[link.nodeB].append({link.netdevB, a});
    }
    for (auto it = targets.cbegin(); it != targets.cend(); ++it)
        m_monitor->setRttTargets(it.key(), it.value());
}

} // namespace spark
