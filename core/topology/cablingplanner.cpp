// SPDX-License-Identifier: MIT
#include "core/topology/cablingplanner.h"

#include <QSet>

namespace spark {

Expected<void> CablingPlanner::checkNodes(ClusterLayout layout, const QStringList &nodes, std::optional<int> port)
{
    QSet<QString> seen;
    for (const QString &node : nodes) {
        if (node.trimmed().isEmpty())
            return Error(tr("Every Spark in a cluster needs a name."));
        if (seen.contains(node.toCaseFolded()))
            return Error(tr("%1 is listed twice; list every Spark once.").arg(node));
        seen.insert(node.toCaseFolded());
    }
    if (port && *port != 0 && *port != 1)
        return Error(tr("The port is 0 (left) or 1 (right)."));
    const auto count = nodes.size();
    if (count < 2)
        return Error(tr("A cluster needs at least two Sparks."));
    if (count >= 4 && layout != ClusterLayout::Switch)
        return Error(tr("4 or more Sparks can only be connected through a switch."));
    if (layout == ClusterLayout::Direct2 && count != 2)
        return Error(tr("A direct cable joins exactly two Sparks; for three Sparks choose the ring."));
    if (layout == ClusterLayout::Ring3 && count != 3)
        return Error(tr("A ring joins exactly three Sparks; for two Sparks choose a direct cable."));
    if (layout == ClusterLayout::Ring3 && port)
        return Error(tr("A 3-Spark ring uses both ports of every Spark, so no port can be chosen."));
    return {};
}

Expected<CablingPlan> CablingPlanner::plan(ClusterLayout layout, const QStringList &nodes, std::optional<int> port)
{
    if (auto checked = checkNodes(layout, nodes, port); !checked)
        return checked.error();
    const int chosen = port.value_or(0);
    CablingPlan plan;
    plan.layout = layout;
    plan.nodes = nodes;
    switch (layout) {
    case ClusterLayout::Direct2:
        plan.cables.append(Cable{1, PortEnd{nodes[0], chosen}, PortEnd{nodes[1], chosen}});
        break;
    case ClusterLayout::Ring3:
        // NVIDIA's wiring: S1 P0→S2 P1, S2 P0→S3 P1, S3 P0→S1 P1.
        for (int i = 0; i < 3; ++i)
            plan.cables.append(Cable{i + 1, PortEnd{nodes[i], 0}, PortEnd{nodes[(i + 1) % 3], 1}});
        break;
    case ClusterLayout::Switch:
        for (int i = 0; i < nodes.size(); ++i)
            plan.cables.append(Cable{i + 1, PortEnd{nodes[i], chosen}, std::nullopt});
        break;
    }
    for (const QString &node : nodes) {
        for (int p = 0; p < 2; ++p) {
            if (!plan.cableAt(PortEnd{node, p}))
                plan.emptyPorts.append(PortEnd{node, p});
        }
    }
    return plan;
}

QList<Error> CablingPlanner::checkRules(const CablingPlan &plan)
{
    QList<Error> errors;
    int direct = 0;
    int switched = 0;
    for (const Cable &cable : plan.cables)
        (cable.toSwitch() ? switched : direct)++;

    if (plan.nodes.size() >= 4 && direct > 0)
        errors.append(Error(tr("4 or more Sparks can only be connected through a switch; "
                               "remove the direct cables and cable every Spark to the switch.")));
    if (direct > 0 && switched > 0)
        errors.append(Error(tr("Some cables go to the switch and some go directly between Sparks; "
                               "use one or the other, never a mix.")));

    QList<PortEnd> usedPorts;
    QList<QPair<QString, QString>> links;
    for (const Cable &cable : plan.cables) {
        QList<PortEnd> ends{cable.from};
        if (cable.to)
            ends.append(*cable.to);
        for (const PortEnd &end : ends) {
            if (usedPorts.contains(end))
                errors.append(Error(tr("%1 has two cables; a port takes one cable.").arg(CablingText::end(end))));
            usedPorts.append(end);
        }
        if (!cable.to)
            continue;
        if (cable.from.node == cable.to->node) {
            errors.append(Error(tr("Cable %1 joins two ports of %2; remove it, a Spark is never cabled to itself.")
                                    .arg(cable.number)
                                    .arg(cable.from.node)));
            continue;
        }
        const auto pair = qMakePair(qMin(cable.from.node, cable.to->node), qMax(cable.from.node, cable.to->node));
        if (links.contains(pair))
            errors.append(Error(tr("%1 and %2 are joined by two cables; use one cable between them, "
                                   "a second one adds no bandwidth.")
                                    .arg(pair.first, pair.second)));
        links.append(pair);
        if (plan.nodes.size() == 2 && cable.from.port != cable.to->port)
            errors.append(Error(tr("With two Sparks cabled directly, use the same port on both ends "
                                   "(left to left or right to right); cable %1 joins %2 and %3.")
                                    .arg(cable.number)
                                    .arg(CablingText::end(cable.from), CablingText::end(*cable.to))));
        if (plan.layout == ClusterLayout::Ring3 && cable.from.port == cable.to->port)
            errors.append(Error(tr("In a 3-Spark ring every cable goes from a left port (Port 0) to a right port "
                                   "(Port 1); cable %1 joins %2 and %3.")
                                    .arg(cable.number)
                                    .arg(CablingText::end(cable.from), CablingText::end(*cable.to))));
    }

    if (switched > 0) {
        const Cable *first = nullptr;
        for (const Cable &cable : plan.cables) {
            if (!cable.toSwitch())
                continue;
            if (!first) {
                first = &cable;
            } else if (cable.from.port != first->from.port) {
                errors.append(Error(tr("Through a switch every Spark uses the same port: %1 uses its %2, "
                                       "but %3 uses its %4.")
                                        .arg(first->from.node, CablingText::portLabel(first->from.port),
                                             cable.from.node, CablingText::portLabel(cable.from.port))));
            }
        }
    }
    return errors;
}

} // namespace spark
