// SPDX-License-Identifier: MIT
#include "ui/health/healthpicture.h"

#include "core/linktest/linkverdict.h"
#include <QCoreApplication>
#include <QLocale>

namespace spark::ui {

namespace {

// The dashboard's words, in its translation context (the picture is drawn for it).
struct HealthDashboard
{
    Q_DECLARE_TR_FUNCTIONS(spark::ui::HealthDashboard)
};

DrawState drawState(CableHealth::State state)
{
    switch (state) {
    case CableHealth::State::Ok:
        return DrawState::Ok;
    case CableHealth::State::Degraded:
        return DrawState::Degraded;
    case CableHealth::State::Down:
        return DrawState::Missing;
    case CableHealth::State::Unknown:
        break;
    }
    return DrawState::None;
}

DrawState drawState(NodeState state)
{
    switch (state) {
    case NodeState::Online:
        return DrawState::Ok;
    case NodeState::Late:
        return DrawState::Degraded;
    case NodeState::Offline:
        return DrawState::Missing;
    case NodeState::Connecting:
        break;
    }
    return DrawState::None;
}

} // namespace

TopologyModel healthTopology(const CablingPlan &plan, const QList<NodeHealth> &nodes, const QList<CableHealth> &cables)
{
    TopologyModel model;
    model.kind = plan.layout == ClusterLayout::Switch ? TopologyModel::Kind::Switch
        : plan.layout == ClusterLayout::Ring3         ? TopologyModel::Kind::Ring
                                                      : TopologyModel::Kind::Direct;
    for (const QString &name : plan.nodes) {
        const auto node = std::find_if(nodes.cbegin(), nodes.cend(), [&name](const NodeHealth &n) { return n.node == name; });
        model.nodes.append(TopologyNode{name, QString(), node != nodes.cend() ? drawState(ClusterHealth::nodeState(*node))
                                                                              : DrawState::None});
    }
    for (int c = 0; c < plan.cables.size(); ++c) {
        const Cable &cable = plan.cables.at(c);
        TopologyCable drawn;
        drawn.a = int(plan.nodes.indexOf(cable.from.node));
        drawn.portA = cable.from.port;
        drawn.b = cable.to ? int(plan.nodes.indexOf(cable.to->node)) : TopologyModel::kSwitch;
        drawn.portB = cable.to ? cable.to->port : -1;
        const CableHealth *health = c < cables.size() ? &cables.at(c) : nullptr;
        drawn.state = health ? drawState(health->state) : DrawState::None;
        if (health && health->state == CableHealth::State::Down)
            drawn.label = HealthDashboard::tr("cable %1: down").arg(cable.number);
        else if (health && health->gbps)
            drawn.label = HealthDashboard::tr("%1 Gb/s").arg(LinkVerdict::formatGbps(*health->gbps));
        else
            drawn.label = HealthDashboard::tr("cable %1").arg(cable.number);
        model.cables.append(drawn);
    }
    return model;
}

QString healthSummary(const QList<NodeHealth> &nodes, const QList<CableHealth> &cables, const QList<HealthAlert> &active,
                      const QDateTime &time)
{
    int online = 0;
    for (const NodeHealth &node : nodes)
        online += ClusterHealth::nodeState(node) == NodeState::Online || ClusterHealth::nodeState(node) == NodeState::Late ? 1 : 0;
    int down = 0;
    for (const CableHealth &cable : cables)
        down += cable.state == CableHealth::State::Down ? 1 : 0;
    return HealthDashboard::tr("%1 of %2 Sparks online · %3 · %4 · updated %5")
        .arg(online)
        .arg(nodes.size())
        .arg(down == 0 ? HealthDashboard::tr("every cable has a link") : HealthDashboard::tr("%n cable(s) down", nullptr, down),
             active.isEmpty() ? HealthDashboard::tr("no alerts") : HealthDashboard::tr("%n alert(s)", nullptr, int(active.size())),
             QLocale().toString(time.toLocalTime().time(), QLocale::LongFormat));
}

} // namespace spark::ui
