// SPDX-License-Identifier: MIT
#include "core/netconfig/addressplanner.h"

#include "core/hardware/cx7.h"

namespace spark {

Ipv4Subnet AddressPlanOptions::defaultBase()
{
    return *Ipv4Subnet::parse(QStringLiteral("10.200.0.0/16"));
}

Expected<AddressPlan> AddressPlanner::plan(const CablingPlan &cabling, const QList<UsedSubnet> &used,
                                           const AddressPlanOptions &options)
{
    const Ipv4Subnet base = options.base;
    if (options.subnetPrefix < base.prefix || options.subnetPrefix > 30)
        return Error(tr("Each link subnet must fit inside the base range %1 and hold at least two addresses.")
                         .arg(base.toString()));
    const quint64 step = quint64(1) << (32 - options.subnetPrefix);
    if (quint64(cabling.nodes.size()) + 2 > step)
        return Error(tr("A /%1 subnet is too small for %2 Sparks; choose a shorter prefix.")
                         .arg(options.subnetPrefix)
                         .arg(cabling.nodes.size()));

    QList<Ipv4Subnet> avoid;
    for (const UsedSubnet &entry : used) {
        if (cx7::isCx7Netdev(entry.device))
            continue; // our own cluster network from an earlier run
        const auto subnet = Ipv4Subnet::parse(entry.cidr);
        if (!subnet || subnet->prefix == 0)
            continue; // a default route is not a network in use
        avoid.append(*subnet);
    }

    AddressPlan plan;
    plan.layout = cabling.layout;
    plan.usedSubnetsKnown = options.usedSubnetsKnown;
    plan.mtu = cabling.layout == ClusterLayout::Switch ? (options.switchJumboFrames ? jumboMtu : standardMtu) : directMtu;

    quint64 next = 0;
    const quint64 candidates = base.size() / step;
    auto allocate = [&]() -> std::optional<Ipv4Subnet> {
        for (; next < candidates; ++next) {
            const Ipv4Subnet candidate = Ipv4Subnet::of(base.network + quint32(next * step), options.subnetPrefix);
            const bool taken = std::any_of(avoid.cbegin(), avoid.cend(),
                                           [&](const Ipv4Subnet &u) { return u.overlaps(candidate); });
            if (!taken) {
                ++next;
                return candidate;
            }
        }
        return std::nullopt;
    };
    auto hostOf = [&](const QString &node) { return quint32(cabling.nodes.indexOf(node) + 1); };
    auto add = [&](const Ipv4Subnet &subnet, const PortEnd &end, int twin) {
        const Cx7Function *function = cx7::find(end.port, twin);
        plan.interfaces.append(InterfaceAddress{end.node, function->netdevName(), end.port, twin,
                                                subnet.host(hostOf(end.node)), subnet, plan.mtu});
    };

    bool switchDone = false;
    for (const Cable &cable : cabling.cables) {
        if (cable.toSwitch() && switchDone)
            continue; // a switch: one pair of subnets shared by every node
        switchDone = switchDone || cable.toSwitch();
        for (int twin = 0; twin < cx7::twinCount; ++twin) {
            const auto subnet = allocate();
            if (!subnet)
                return Error(tr("The address range %1 has no free subnet left for the cluster; "
                                "choose another base range.")
                                 .arg(base.toString()),
                             QStringLiteral("avoided: %1 subnets").arg(avoid.size()));
            plan.subnets.append(*subnet);
            if (cable.toSwitch()) {
                for (const Cable &switched : cabling.cables)
                    add(*subnet, switched.from, twin);
            } else {
                add(*subnet, cable.from, twin);
                add(*subnet, *cable.to, twin);
            }
        }
    }
    return plan;
}

} // namespace spark
