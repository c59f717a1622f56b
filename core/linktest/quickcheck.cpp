// SPDX-License-Identifier: MIT
#include "core/linktest/quickcheck.h"

#include "core/facts/gidtable.h"
#include "core/hardware/cx7.h"

#include <QHostAddress>

#include <algorithm>
#include <optional>
#include <tuple>

namespace spark {

namespace {

// The link-local address `from` sees for the twin with `mac`.
std::optional<QString> linkLocalOf(const InterfaceObservation &from, const QString &mac)
{
    for (const NeighbourEntry &entry : from.neighbours) {
        if (entry.mac.compare(mac, Qt::CaseInsensitive) != 0)
            continue;
        const QHostAddress address(entry.address);
        if (address.protocol() == QAbstractSocket::IPv6Protocol && address.isLinkLocal())
            return entry.address;
    }
    return std::nullopt;
}

struct TwinPair
{
    LinkTwin twin;
    QString missing; // why the twin cannot be measured, when it cannot
};

// Twin `index` of the link's port A, and the twin of port B on its wire. Through
// a switch every twin sees both of the far port's: the same twin index comes
// first, and a far twin already `taken` is never measured twice (two streams
// into one twin would halve both).
TwinPair pairTwin(const LinkTarget &link, int index, const QList<NodeObservation> &observations, const QString &taken)
{
    const Cx7Function *functionA = cx7::find(link.portA, index);
    const QString netdevA = functionA ? functionA->netdevName() : QString();
    const InterfaceObservation *a = observedInterface(observations, link.nodeA, netdevA);
    if (!a || !a->present || !a->up)
        return {{}, QuickCheck::tr("%1 on %2 has no carrier").arg(netdevA, link.nodeA)};
    QStringList candidates = cx7::netdevNamesOfPort(link.portB);
    if (const Cx7Function *same = cx7::find(link.portB, index)) {
        candidates.removeAll(same->netdevName());
        candidates.prepend(same->netdevName());
    }
    candidates.removeAll(taken);
    for (const QString &netdevB : std::as_const(candidates)) {
        const InterfaceObservation *b = observedInterface(observations, link.nodeB, netdevB);
        if (!b || b->mac.isEmpty())
            continue;
        const auto addressB = linkLocalOf(*a, b->mac);
        if (!addressB)
            continue; // not this twin's wire
        const auto addressA = linkLocalOf(*b, a->mac);
        if (!addressA)
            return {{}, QuickCheck::tr("%1 on %2 does not see %3 on %4").arg(netdevB, link.nodeB, netdevA, link.nodeA)};
        return {LinkTwin{netdevA, *addressA, netdevB, *addressB, {}, -1, {}, -1, {}, {}}, {}};
    }
    return {{}, QuickCheck::tr("%1 on %2 sees no twin of %3").arg(netdevA, link.nodeA, link.nodeB)};
}

// Where the probe did not run, the discovery's own speed and carrier readings.
void describeFromObservations(LinkTarget &target, const QList<NodeObservation> &observations)
{
    if (target.reportedSpeedMbps > 0)
        return;
    int slowest = 0;
    for (const LinkTwin &twin : target.twins) {
        for (const auto &[node, netdev] : {std::pair{target.nodeA, twin.netdevA}, std::pair{target.nodeB, twin.netdevB}}) {
            const InterfaceObservation *interface = observedInterface(observations, node, netdev);
            if (interface && interface->up && interface->speedMbps > 0)
                slowest = slowest == 0 ? interface->speedMbps : std::min(slowest, interface->speedMbps);
        }
    }
    target.reportedSpeedMbps = slowest;
}

// Each end's RoCE device and the index of its link-local RoCE v2 GID, where probed.
void addRoce(LinkTwin &twin, const LinkTarget &link, const QList<NodeFacts> &facts)
{
    for (const NodeFacts &node : facts) {
        for (const auto &[name, netdevName, device, index] :
             {std::tie(link.nodeA, twin.netdevA, twin.rdmaDeviceA, twin.gidIndexA),
              std::tie(link.nodeB, twin.netdevB, twin.rdmaDeviceB, twin.gidIndexB)}) {
            if (node.node != name)
                continue;
            if (const Cx7InterfaceFacts *netdev = node.cx7Interface(netdevName)) {
                device = netdev->rdmaDevice;
                index = roceV2LinkLocalGidIndex(netdev->gids).value_or(-1);
            }
        }
    }
}

} // namespace

QuickCheckPlan QuickCheck::plan(const CablingPlan &cabling, const QList<NodeObservation> &observations,
                                const QList<NodeFacts> &facts)
{
    QuickCheckPlan result;
    for (LinkTarget target : LinkTestPlanner::links(cabling)) {
        QStringList missing;
        for (int index = 0; index < 2; ++index) {
            const TwinPair pair = pairTwin(target, index, observations, index == 0 ? QString() : target.twins[0].netdevB);
            if (pair.missing.isEmpty())
                target.twins[size_t(index)] = pair.twin;
            else
                missing.append(pair.missing);
        }
        if (!missing.isEmpty()) {
            result.unmeasured.append(tr("%1 was not measured: %2. Check that the cable is pushed in until it clicks "
                                        "on both Sparks, then look for cables again.")
                                         .arg(target.label, missing.join(QStringLiteral("; "))));
            continue;
        }
        LinkTestPlanner::describeEnds(target, facts);
        describeFromObservations(target, observations);
        for (LinkTwin &twin : target.twins)
            addRoce(twin, target, facts);
        result.links.append(target);
    }
    return result;
}

bool QuickCheckResult::passed() const
{
    return unmeasured.isEmpty()
        && std::all_of(links.cbegin(), links.cend(), [](const LinkResult &link) { return link.verdict.pass; });
}

LinkTestJob QuickCheck::job(const QString &cluster, const QuickCheckPlan &plan, const QList<LinkTestNode> &nodes)
{
    return LinkTestJob{cluster, plan.links, nodes, options()};
}

LinkTestOptions QuickCheck::options()
{
    LinkTestOptions options;
    options.mode = LinkTestMode::Rdma; // NVIDIA's measure, where every node has perftest and the GIDs are known
    options.tcpWhereRdmaCannot = true;
    options.seconds = 3;
    options.phases = {LinkPhase::Both};
    options.pings = 3;
    // Three seconds find what is far below (a degraded initialisation carries
    // about 26 Gb/s, a twin idle half the port): the last tenth below NVIDIA's
    // 184 Gb/s is the full link test's to judge, over its longer phases.
    options.portGbps = 150;
    return options;
}

} // namespace spark
