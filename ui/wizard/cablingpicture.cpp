// SPDX-License-Identifier: MIT
#include "ui/wizard/cablingpicture.h"

#include <QHash>
#include <QSet>

namespace spark::ui {

namespace {

struct PortKey
{
    QString node;
    int port = 0;
    friend bool operator==(const PortKey &, const PortKey &) = default;
};

size_t qHash(const PortKey &key, size_t seed = 0)
{
    return qHashMulti(seed, key.node, key.port);
}

PortKey keyOf(const PortEnd &end)
{
    return {end.node, end.port};
}

bool joins(const ObservedLink &link, const PortEnd &a, const PortEnd &b)
{
    return (link.a == a && link.b == b) || (link.a == b && link.b == a);
}

// Was this planned cable seen where the plan wants it?
bool cableSeen(const Cable &cable, const CablingPlan &plan, const ObservedCabling &seen)
{
    if (cable.to) {
        for (const ObservedLink &link : seen.links) {
            if (joins(link, cable.from, *cable.to))
                return true;
        }
        return false;
    }
    if (seen.switchedPorts.contains(cable.from))
        return true;
    // Two Sparks on a switch look like one direct cable between the same ports.
    for (const ObservedLink &link : seen.links) {
        if (plan.nodes.size() == 2 && (link.a == cable.from || link.b == cable.from) && link.a.port == link.b.port)
            return true;
    }
    return false;
}

DrawState worse(DrawState a, DrawState b)
{
    auto rank = [](DrawState s) {
        switch (s) {
        case DrawState::Wrong:
            return 5;
        case DrawState::Missing:
            return 4;
        case DrawState::Degraded:
            return 3;
        case DrawState::Ok:
            return 2;
        case DrawState::Next:
            return 1;
        case DrawState::None:
            return 0;
        }
        return 0;
    };
    return rank(a) >= rank(b) ? a : b;
}

} // namespace

QString CablingPictureBuilder::position(int index)
{
    return tr("Spark %1").arg(index + 1);
}

CablingPicture CablingPictureBuilder::build(const CablingPlan &plan, const std::optional<DiscoveryReport> &report,
                                            int nextCable, bool selectable)
{
    CablingPicture picture;
    QHash<QString, int> index;
    for (int i = 0; i < plan.nodes.size(); ++i)
        index.insert(plan.nodes.at(i), i);
    auto shortEnd = [&](const PortEnd &end) {
        return tr("%1 · port %2").arg(position(index.value(end.node)), QString::number(end.port));
    };

    QHash<PortKey, DrawState> states;
    QHash<PortKey, QStringList> notes;
    QList<DrawState> cableStates(plan.cables.size(), DrawState::None);
    if (nextCable >= 0 && nextCable < plan.cables.size())
        cableStates[nextCable] = DrawState::Next;

    const bool drawReport = report && report->complete();
    if (drawReport) {
        const ObservedCabling &seen = report->cabling;
        QSet<PortKey> right;
        for (int c = 0; c < plan.cables.size(); ++c) {
            const Cable &cable = plan.cables.at(c);
            if (cableSeen(cable, plan, seen)) {
                cableStates[c] = DrawState::Ok;
                right.insert(keyOf(cable.from));
                if (cable.to)
                    right.insert(keyOf(*cable.to));
            } else {
                cableStates[c] = DrawState::Missing;
            }
        }
        QList<PortEnd> occupied = seen.switchedPorts;
        for (const ObservedLink &link : seen.links)
            occupied << link.a << link.b;
        // While some Sparks were not seen, the core concludes nothing about the
        // others' cables: draw them as not yet confirmed, never as wrong.
        const DrawState unconfirmed = report->silentNodes.isEmpty() ? DrawState::Wrong : DrawState::Missing;
        for (const PortEnd &end : std::as_const(occupied))
            states.insert(keyOf(end), right.contains(keyOf(end)) ? DrawState::Ok : unconfirmed);
        for (const Cable &cable : plan.cables) {
            for (const std::optional<PortEnd> &end : {std::optional<PortEnd>(cable.from), cable.to}) {
                if (end && !states.contains(keyOf(*end)))
                    states.insert(keyOf(*end), DrawState::Missing);
            }
        }
        for (const CablingFinding &finding : report->findings) {
            const bool health = finding.kind == CablingFinding::Kind::SlowPort
                || finding.kind == CablingFinding::Kind::TwinDown || finding.kind == CablingFinding::Kind::MtuMismatch;
            for (const std::optional<PortEnd> &end : {std::optional<PortEnd>(finding.a), finding.b}) {
                if (!end)
                    continue;
                notes[keyOf(*end)].append(finding.message);
                if (health && states.value(keyOf(*end)) == DrawState::Ok)
                    states.insert(keyOf(*end), DrawState::Degraded);
            }
        }
        for (int c = 0; c < plan.cables.size(); ++c) {
            const Cable &cable = plan.cables.at(c);
            DrawState state = cableStates[c];
            if (state == DrawState::Ok) {
                state = worse(state, states.value(keyOf(cable.from)));
                if (cable.to)
                    state = worse(state, states.value(keyOf(*cable.to)));
            }
            cableStates[c] = state;
        }
        // The cable to plug in now stays highlighted until it is seen.
        if (nextCable >= 0 && nextCable < plan.cables.size() && cableStates[nextCable] == DrawState::Missing) {
            const Cable &cable = plan.cables.at(nextCable);
            cableStates[nextCable] = DrawState::Next;
            for (const std::optional<PortEnd> &end : {std::optional<PortEnd>(cable.from), cable.to}) {
                if (end && states.value(keyOf(*end)) == DrawState::Missing)
                    states.insert(keyOf(*end), DrawState::Next);
            }
        }
    } else {
        for (int c = 0; c < plan.cables.size(); ++c) {
            const Cable &cable = plan.cables.at(c);
            for (const std::optional<PortEnd> &end : {std::optional<PortEnd>(cable.from), cable.to}) {
                if (end)
                    states.insert(keyOf(*end), cableStates[c]);
            }
        }
    }

    // The rear panels.
    for (int i = 0; i < plan.nodes.size(); ++i) {
        const QString &node = plan.nodes.at(i);
        RearPanelModel panel;
        panel.title = tr("%1 · %2").arg(position(i), node);
        panel.selectable = selectable;
        for (int port = 0; port < 2; ++port) {
            PanelPort &p = panel.ports[size_t(port)];
            const PortEnd end{node, port};
            if (const Cable *cable = plan.cableAt(end)) {
                const PortEnd *other = cable->to ? (cable->from == end ? &*cable->to : &cable->from) : nullptr;
                p.peer = other ? shortEnd(*other) : tr("the switch");
            }
            p.state = states.value(keyOf(end), DrawState::None);
            p.note = notes.value(keyOf(end)).join(QLatin1Char(' '));
        }
        // A cable in the wrong port of a Spark whose planned port is empty belongs there.
        for (int port = 0; port < 2; ++port) {
            const DrawState other = panel.ports[size_t(1 - port)].state;
            if (panel.ports[size_t(port)].state == DrawState::Wrong
                && (other == DrawState::Missing || other == DrawState::Next)) {
                panel.arrowFrom = port;
                panel.arrowTo = 1 - port;
            }
        }
        picture.panels.append(panel);
    }

    // The topology.
    TopologyModel &topology = picture.topology;
    topology.kind = plan.layout == ClusterLayout::Switch ? TopologyModel::Kind::Switch
        : plan.layout == ClusterLayout::Ring3            ? TopologyModel::Kind::Ring
                                                         : TopologyModel::Kind::Direct;
    for (int i = 0; i < plan.nodes.size(); ++i) {
        TopologyNode node{position(i), plan.nodes.at(i), DrawState::None};
        if (drawReport) {
            const DrawState a = states.value(PortKey{plan.nodes.at(i), 0}, DrawState::None);
            const DrawState b = states.value(PortKey{plan.nodes.at(i), 1}, DrawState::None);
            node.state = worse(a, b);
        }
        topology.nodes.append(node);
    }
    for (int c = 0; c < plan.cables.size(); ++c) {
        const Cable &cable = plan.cables.at(c);
        TopologyCable drawn;
        drawn.a = index.value(cable.from.node);
        drawn.portA = cable.from.port;
        drawn.b = cable.to ? index.value(cable.to->node) : TopologyModel::kSwitch;
        drawn.portB = cable.to ? cable.to->port : -1;
        drawn.state = cableStates[c];
        drawn.label = tr("cable %1").arg(cable.number);
        topology.cables.append(drawn);
    }
    if (drawReport) {
        // Cables seen where none is planned, drawn in red where they are.
        for (const ObservedLink &link : report->cabling.links) {
            bool planned = false;
            for (const Cable &cable : plan.cables)
                planned = planned || (cable.to && joins(link, cable.from, *cable.to));
            if (planned || !index.contains(link.a.node) || !index.contains(link.b.node))
                continue;
            if (plan.layout == ClusterLayout::Switch && (plan.nodes.size() == 2 || !report->silentNodes.isEmpty())
                && link.a.port == link.b.port)
                continue; // the switch itself, seen as one link (others on it were silent)
            topology.cables.append(TopologyCable{index.value(link.a.node), index.value(link.b.node), link.a.port,
                                                 link.b.port, DrawState::Wrong, tr("wrong")});
        }
        for (int i = 0; i < picture.panels.size(); ++i) {
            const RearPanelModel &panel = picture.panels.at(i);
            if (panel.arrowFrom >= 0)
                topology.arrows.append(TopologyArrow{i, panel.arrowFrom, i, panel.arrowTo, tr("move here")});
        }
    }
    return picture;
}

} // namespace spark::ui
