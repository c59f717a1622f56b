// SPDX-License-Identifier: MIT
#include "core/health/clusterhealth.h"

#include "core/facts/cx7.h"

#include <algorithm>

namespace spark::ClusterHealth {

namespace {

const NodeHealth *findNode(const QList<NodeHealth> &nodes, const QString &name)
{
    for (const NodeHealth &node : nodes) {
        if (node.node == name)
            return &node;
    }
    return nullptr;
}

bool onEnd(const HealthAlert &alert, const PortEnd &end)
{
    return alert.node == end.node && alertPort(alert) == end.port;
}

// Up on at least one twin of the port.
bool portUp(const NodeHealth &node, int port)
{
    if (!node.snapshot)
        return false;
    for (const NetdevSnapshot &netdev : node.snapshot->netdevs) {
        if (netdev.port == port && netdev.isUp())
            return true;
    }
    return false;
}

} // namespace

HealthWatch watchFor(const CablingPlan &plan)
{
    HealthWatch watch;
    for (const QString &name : plan.nodes) {
        HealthMonitor::Node node{name, {}};
        for (const Cable &cable : plan.cables) {
            if (cable.from.node == name && !node.cabledPorts.contains(cable.from.port))
                node.cabledPorts.append(cable.from.port);
            if (cable.to && cable.to->node == name && !node.cabledPorts.contains(cable.to->port))
                node.cabledPorts.append(cable.to->port);
        }
        std::sort(node.cabledPorts.begin(), node.cabledPorts.end());
        watch.nodes.append(node);
    }
    for (const Cable &cable : plan.cables) {
        if (!cable.to)
            continue; // a switch leg has no far end we poll
        const QString label = QStringLiteral("cable %1").arg(cable.number);
        for (int twin = 0; twin < cx7::twinCount; ++twin) {
            const Cx7Function *a = cx7::find(cable.from.port, twin);
            const Cx7Function *b = cx7::find(cable.to->port, twin);
            if (a && b)
                watch.links.append({label, cable.from.node, QString::fromLatin1(a->netdev), cable.to->node,
                                    QString::fromLatin1(b->netdev)});
        }
    }
    return watch;
}

std::optional<int> alertPort(const HealthAlert &alert)
{
    QString subject = alert.subject;
    if (subject.startsWith(QLatin1String("port "))) {
        bool ok = false;
        const int port = subject.mid(5).toInt(&ok);
        return ok ? std::optional<int>(port) : std::nullopt;
    }
    if (const qsizetype slash = subject.lastIndexOf(QLatin1Char('/')); slash >= 0)
        subject = subject.mid(slash + 1); // "cable 2/enp1s0f0np0"
    if (const Cx7Function *function = cx7::findByNetdev(subject))
        return function->port;
    if (const Cx7Function *function = cx7::findByRdmaDevice(subject))
        return function->port;
    return std::nullopt;
}

QList<CableHealth> cables(const CablingPlan &plan, const QList<NodeHealth> &nodes, const QList<HealthAlert> &active)
{
    QList<CableHealth> result;
    for (const Cable &cable : plan.cables) {
        CableHealth health;
        health.number = cable.number;
        QList<PortEnd> ends{cable.from};
        if (cable.to)
            ends.append(*cable.to);
        for (const HealthAlert &alert : active) {
            if (std::any_of(ends.cbegin(), ends.cend(), [&](const PortEnd &end) { return onEnd(alert, end); }))
                health.alerts.append(alert);
        }
        bool known = true;
        bool up = true;
        for (const PortEnd &end : std::as_const(ends)) {
            const NodeHealth *node = findNode(nodes, end.node);
            if (!node || !node->reachable || !node->snapshot) {
                known = false;
                continue;
            }
            up = up && portUp(*node, end.port);
        }
        const bool critical = std::any_of(health.alerts.cbegin(), health.alerts.cend(), [](const HealthAlert &alert) {
            return alert.severity == HealthAlert::Severity::Critical;
        });
        if (critical || (known && !up))
            health.state = CableHealth::State::Down;
        else if (!health.alerts.isEmpty())
            health.state = CableHealth::State::Degraded;
        else if (known)
            health.state = CableHealth::State::Ok;
        if (const NodeHealth *node = findNode(nodes, cable.from.node); node && node->rates) {
            if (const PortRates *port = node->rates->portRates(cable.from.port); port && (port->rxGbps || port->txGbps))
                health.gbps = std::max(port->rxGbps.value_or(0), port->txGbps.value_or(0));
        }
        result.append(health);
    }
    return result;
}

QString stateKey(CableHealth::State state)
{
    switch (state) {
    case CableHealth::State::Ok:
        return QStringLiteral("ok");
    case CableHealth::State::Degraded:
        return QStringLiteral("degraded");
    case CableHealth::State::Down:
        return QStringLiteral("down");
    case CableHealth::State::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

} // namespace spark::ClusterHealth
