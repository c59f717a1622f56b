// SPDX-License-Identifier: MIT
#include "core/linktest/linktestplan.h"

#include "core/hardware/cx7.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>

namespace spark {

namespace {

const NodeFacts *factsOf(const QList<NodeFacts> &facts, const QString &node)
{
    for (const NodeFacts &f : facts) {
        if (f.node == node)
            return &f;
    }
    return nullptr;
}

std::optional<InterfaceAddress> planned(const AddressPlan &addresses, const QString &node, int port, int twin)
{
    for (const InterfaceAddress &interface : addresses.interfaces) {
        if (interface.node == node && interface.port == port && interface.twin == twin)
            return interface;
    }
    return std::nullopt;
}

std::optional<InterfaceAddress> peerOn(const AddressPlan &addresses, const InterfaceAddress &interface, const QString &peer)
{
    for (const InterfaceAddress &other : addresses.peersOf(interface)) {
        if (other.node == peer)
            return other;
    }
    return std::nullopt;
}

// The RoCE device behind an end's netdev and the RoCE v2 GID index of its
// planned address (-1 when its table has none: a GID of another address would
// connect the wrong way).
std::pair<QString, int> roceOf(const QList<NodeFacts> &facts, const InterfaceAddress &end)
{
    const NodeFacts *node = factsOf(facts, end.node);
    const Cx7InterfaceFacts *netdev = node ? node->cx7Interface(end.netdev) : nullptr;
    if (!netdev)
        return {QString(), -1};
    const std::optional<int> index = roceV2Ipv4GidIndex(netdev->gids, end.addressText());
    return {netdev->rdmaDevice, index.value_or(-1)};
}

// What the probe said of one end's twin: no carrier, or a PCIe link below Gen5 x4.
void noteEndHealth(const NodeFacts *node, const QString &netdevName, LinkTarget &target, int &pcieFull, int &slowest)
{
    const Cx7InterfaceFacts *netdev = node ? node->cx7Interface(netdevName) : nullptr;
    if (!netdev) {
        pcieFull = 0;
        return; // not probed: unknown, nothing claimed
    }
    if (!netdev->hasLink())
        target.twinsWithoutCarrier.append(LinkTestPlanner::tr("%1 on %2").arg(netdevName, node->node));
    if (const auto speed = netdev->speedMbps(); speed && *speed > 0)
        slowest = slowest == 0 ? *speed : std::min(slowest, *speed);
    const Cx7Function *function = cx7::findByNetdev(netdevName);
    const PcieFunctionFacts *pcie = function ? node->pcieFunction(function->pciAddressString()) : nullptr;
    const std::optional<bool> narrow = pcie ? pcie->belowCx7Link() : std::nullopt;
    if (!narrow) {
        pcieFull = 0;
        return;
    }
    if (*narrow) {
        target.narrowPcie.append(LinkTestPlanner::tr("%1 on %2 at %3").arg(netdevName, node->node, pcie->currentLinkText()));
        pcieFull = 0;
    }
}

struct Leg
{
    int cable = 0;
    PortEnd from;
    std::optional<PortEnd> to; // empty: the switch
};

} // namespace

QList<LinkTarget> LinkTestPlanner::links(const CablingPlan &cabling)
{
    // Direct cables as they are; switch legs paired so that every leg is measured once.
    QList<Leg> legs;
    QList<const Cable *> switched;
    for (const Cable &cable : cabling.cables) {
        if (cable.toSwitch())
            switched.append(&cable);
        else
            legs.append(Leg{cable.number, cable.from, cable.to});
    }
    for (qsizetype i = 0; i + 1 < switched.size(); i += 2)
        legs.append(Leg{switched.at(i)->number, switched.at(i)->from, switched.at(i + 1)->from});
    if (switched.size() % 2 == 1 && switched.size() > 1)
        legs.append(Leg{switched.last()->number, switched.last()->from, switched.first()->from});

    QList<LinkTarget> targets;
    for (const Leg &leg : legs) {
        LinkTarget target;
        target.nodeA = leg.from.node;
        target.portA = leg.from.port;
        target.nodeB = leg.to->node;
        target.portB = leg.to->port;
        target.throughSwitch = cabling.layout == ClusterLayout::Switch;
        target.id = QStringLiteral("%1:%2-%3:%4").arg(target.nodeA).arg(target.portA).arg(target.nodeB).arg(target.portB);
        target.label = target.throughSwitch ? tr("%1 and %2 through the switch").arg(target.nodeA, target.nodeB)
                                            : tr("cable %1").arg(leg.cable);
        targets.append(target);
    }
    return targets;
}

Expected<QList<LinkTarget>> LinkTestPlanner::only(const QList<LinkTarget> &links, const QString &wanted)
{
    QStringList names;
    for (const LinkTarget &link : links) {
        if (link.id == wanted || link.label.compare(wanted, Qt::CaseInsensitive) == 0)
            return QList<LinkTarget>{link};
        names.append(QStringLiteral("'%1' (%2)").arg(link.label, link.id));
    }
    return Error(tr("The cluster has no link '%1'; its links are %2.").arg(wanted, names.join(QStringLiteral(", "))),
                 QStringLiteral("no link %1").arg(wanted));
}

Expected<QList<LinkTarget>> LinkTestPlanner::plan(const CablingPlan &cabling, const AddressPlan &addresses,
                                                  const QList<NodeFacts> &facts)
{
    QList<LinkTarget> targets = links(cabling);
    for (LinkTarget &target : targets) {
        for (int twin = 0; twin < 2; ++twin) {
            const auto a = planned(addresses, target.nodeA, target.portA, twin);
            const auto b = a ? peerOn(addresses, *a, target.nodeB) : std::nullopt;
            if (!a || !b)
                return Error(tr("The cluster's address plan has no addresses for %1: apply the cluster's network first.")
                                 .arg(target.label),
                             QStringLiteral("no planned addresses for %1 twin %2").arg(target.id).arg(twin));
            const auto [rdmaA, gidA] = roceOf(facts, *a);
            const auto [rdmaB, gidB] = roceOf(facts, *b);
            target.twins[size_t(twin)] = LinkTwin{a->netdev, a->addressText(), b->netdev, b->addressText(),
                                                  rdmaA, gidA, rdmaB, gidB, {}, {}};
        }
        describeEnds(target, facts);
    }
    if (targets.isEmpty())
        return Error(tr("The cluster has no links to test: plan a cluster with at least two Sparks first."),
                     QStringLiteral("no links"));
    return targets;
}

void LinkTestPlanner::describeEnds(LinkTarget &target, const QList<NodeFacts> &facts)
{
    int slowest = 0;
    int pcieFull = 1;
    target.twinsWithoutCarrier.clear();
    target.narrowPcie.clear();
    for (const LinkTwin &twin : target.twins) {
        noteEndHealth(factsOf(facts, target.nodeA), twin.netdevA, target, pcieFull, slowest);
        noteEndHealth(factsOf(facts, target.nodeB), twin.netdevB, target, pcieFull, slowest);
    }
    target.reportedSpeedMbps = slowest;
    target.pcieKnownFull = pcieFull == 1;
}

std::optional<Error> LinkTestPlanner::missingRoce(const QList<LinkTarget> &links)
{
    for (const LinkTarget &link : links) {
        for (const LinkTwin &twin : link.twins) {
            for (const auto &[node, netdev, address, device, gid] :
                 {std::tuple{link.nodeA, twin.netdevA, twin.addressA, twin.rdmaDeviceA, twin.gidIndexA},
                  std::tuple{link.nodeB, twin.netdevB, twin.addressB, twin.rdmaDeviceB, twin.gidIndexB}}) {
                if (!device.isEmpty() && gid >= 0)
                    continue;
                return Error(tr("%1 shows no RoCE v2 GID for %2 on %3: check that its RoCE device is up "
                                "(ibdev2netdev) and the cluster's network is applied, or use --mode tcp.")
                                 .arg(node, address, netdev),
                             QStringLiteral("no RoCE GID on %1 %2 for %3 (device '%4', index %5)")
                                 .arg(node, netdev, address, device)
                                 .arg(gid));
            }
        }
    }
    return std::nullopt;
}

} // namespace spark
