// SPDX-License-Identifier: MIT
#include "core/topology/cablingcheck.h"

#include "core/hardware/cx7.h"

#include <QSet>

namespace spark {

namespace {
using Kind = CablingFinding::Kind;

bool linkJoins(const ObservedLink &link, const PortEnd &x, const PortEnd &y)
{
    return (link.a == x && link.b == y) || (link.a == y && link.b == x);
}

bool linkHas(const ObservedLink &link, const PortEnd &end)
{
    return link.a == end || link.b == end;
}

PortEnd otherEnd(const ObservedLink &link, const PortEnd &end)
{
    return link.a == end ? link.b : link.a;
}

const InterfaceObservation *findInterface(const QList<NodeObservation> &nodes, const QString &node, int port, int twin)
{
    return observedInterface(nodes, node, cx7::find(port, twin)->netdevName());
}
} // namespace

QString findingKindKey(CablingFinding::Kind kind)
{
    switch (kind) {
    case Kind::MissingCable: return QStringLiteral("missing-cable");
    case Kind::WrongPort: return QStringLiteral("wrong-port");
    case Kind::WrongNode: return QStringLiteral("wrong-node");
    case Kind::ExtraCable: return QStringLiteral("extra-cable");
    case Kind::SlowPort: return QStringLiteral("slow-port");
    case Kind::TwinDown: return QStringLiteral("twin-down");
    case Kind::MtuMismatch: return QStringLiteral("mtu-mismatch");
    case Kind::RingLooksLikeSwitch: return QStringLiteral("ring-looks-like-switch");
    case Kind::SwitchInsteadOfDirect: return QStringLiteral("switch-instead-of-direct");
    case Kind::DirectInsteadOfSwitch: return QStringLiteral("direct-instead-of-switch");
    case Kind::NodeNotSeen: return QStringLiteral("node-not-seen");
    }
    return {};
}

QList<CablingFinding> CablingCheck::check(const CablingPlan &plan, const ObservedCabling &observed,
                                          const QList<NodeObservation> &nodes)
{
    QList<CablingFinding> findings;
    if (plan.layout == ClusterLayout::Switch)
        checkSwitch(plan, observed, nodes, findings);
    else
        checkDirect(plan, observed, findings);
    checkHealth(observed, nodes, findings);
    return findings;
}

void CablingCheck::checkDirect(const CablingPlan &plan, const ObservedCabling &observed, QList<CablingFinding> &findings)
{
    if (!observed.switchedPorts.isEmpty()) {
        const PortEnd first = observed.switchedPorts.first();
        if (plan.layout == ClusterLayout::Ring3)
            findings.append({Kind::RingLooksLikeSwitch, first, std::nullopt,
                             tr("%1 sees several Sparks at once, as through a switch, but a 3-Spark ring was "
                                "planned: cable each Spark directly to the next as the plan shows.")
                                 .arg(CablingText::end(first))});
        else
            findings.append({Kind::SwitchInsteadOfDirect, first, std::nullopt,
                             tr("%1 sees several Sparks at once, as through a switch, but a direct cable was "
                                "planned: cable the two Sparks directly, or plan a switch layout.")
                                 .arg(CablingText::end(first))});
    }

    QList<bool> used(observed.links.size(), false);
    QList<Cable> unmatched;
    for (const Cable &cable : plan.cables) {
        if (!cable.to)
            continue;
        bool found = false;
        for (qsizetype i = 0; i < observed.links.size() && !found; ++i) {
            if (!used[i] && linkJoins(observed.links[i], cable.from, *cable.to))
                used[i] = found = true;
        }
        if (!found)
            unmatched.append(cable);
    }
    for (const Cable &cable : unmatched) {
        const PortEnd &from = cable.from;
        const PortEnd &to = *cable.to;
        qsizetype hit = -1;
        // Between the right Sparks, in the wrong port(s).
        for (qsizetype i = 0; i < observed.links.size() && hit < 0; ++i) {
            const ObservedLink &link = observed.links[i];
            const QSet<QString> linkNodes{link.a.node, link.b.node};
            if (!used[i] && linkNodes == QSet<QString>{from.node, to.node})
                hit = i;
        }
        if (hit >= 0) {
            const ObservedLink &link = observed.links[hit];
            used[hit] = true;
            QString message;
            if (linkHas(link, from))
                message = tr("The cable from %1 reaches %2's %3; move that end to its %4.")
                              .arg(CablingText::end(from), to.node, CablingText::portLabel(otherEnd(link, from).port),
                                   CablingText::portLabel(to.port));
            else if (linkHas(link, to))
                message = tr("The cable from %1 reaches %2's %3; move that end to its %4.")
                              .arg(CablingText::end(to), from.node, CablingText::portLabel(otherEnd(link, to).port),
                                   CablingText::portLabel(from.port));
            else
                message = tr("The cable between %1 and %2 is in the wrong ports; move it to %3 and %4.")
                              .arg(from.node, to.node, CablingText::end(from), CablingText::end(to));
            findings.append({Kind::WrongPort, from, to, message});
            continue;
        }
        // One end right, the other end at another Spark.
        for (const PortEnd &end : {from, to}) {
            const PortEnd &expected = end == from ? to : from;
            for (qsizetype i = 0; i < observed.links.size() && hit < 0; ++i) {
                if (used[i] || !linkHas(observed.links[i], end))
                    continue;
                hit = i;
                used[i] = true;
                findings.append({Kind::WrongNode, end, expected,
                                 tr("%1 is cabled to %2, but belongs to %3: move the cable's other end there.")
                                     .arg(CablingText::end(end), CablingText::end(otherEnd(observed.links[i], end)),
                                          CablingText::end(expected))});
            }
            if (hit >= 0)
                break;
        }
        if (hit < 0)
            findings.append({Kind::MissingCable, from, to,
                             tr("Cable %1 is missing: connect %2 to %3.")
                                 .arg(cable.number)
                                 .arg(CablingText::end(from), CablingText::end(to))});
    }
    for (qsizetype i = 0; i < observed.links.size(); ++i) {
        if (used[i])
            continue;
        const ObservedLink &link = observed.links[i];
        findings.append({Kind::ExtraCable, link.a, link.b,
                         link.a.node == link.b.node
                             ? tr("A cable joins %1 and %2 of the same Spark; remove it.")
                                   .arg(CablingText::end(link.a), CablingText::portLabel(link.b.port))
                             : tr("The cable between %1 and %2 is not in the plan; remove it.")
                                   .arg(CablingText::end(link.a), CablingText::end(link.b))});
    }
}

void CablingCheck::checkSwitch(const CablingPlan &plan, const ObservedCabling &observed,
                               const QList<NodeObservation> &nodes, QList<CablingFinding> &findings)
{
    const bool twoNodes = plan.nodes.size() == 2;
    // A node is silent when its planned port has carrier but nobody saw anybody
    // through it (IPv6 duplicate address detection still running, a slow node).
    // Then two nodes that see only each other may as well be two of the switch's
    // nodes whose partners did not answer: nothing can be concluded about them.
    auto seenAtAll = [&](const QString &node) {
        for (const PortEnd &end : observed.switchedPorts) {
            if (end.node == node)
                return true;
        }
        for (const ObservedLink &link : observed.links) {
            if (link.a.node == node || link.b.node == node)
                return true;
        }
        return false;
    };
    QList<PortEnd> silent;
    bool everyoneSeen = true;
    for (const Cable &cable : plan.cables) {
        if (cable.to || seenAtAll(cable.from.node))
            continue;
        everyoneSeen = false;
        bool carrier = false;
        for (int twin = 0; twin < 2; ++twin) {
            const InterfaceObservation *interface = findInterface(nodes, cable.from.node, cable.from.port, twin);
            carrier = carrier || (interface && interface->present && interface->up);
        }
        if (carrier)
            silent.append(cable.from);
    }
    for (const PortEnd &end : std::as_const(silent))
        findings.append({Kind::NodeNotSeen, end, std::nullopt,
                         tr("%1 has a link but no other Spark was seen through it, and it saw none (its addresses may "
                            "still be starting up): wait a few seconds and check again; if it stays silent, check that "
                            "its cable is in and that the switch port is enabled.")
                             .arg(CablingText::end(end))});
    auto connected = [&](const PortEnd &end) {
        if (observed.switchedPorts.contains(end))
            return true;
        // Two Sparks on a switch look exactly like a direct cable between the same ports;
        // so do two Sparks of a larger switch whose other Sparks were not seen.
        for (const ObservedLink &link : observed.links) {
            if ((twoNodes || !everyoneSeen) && linkHas(link, end) && otherEnd(link, end).port == end.port)
                return true;
        }
        return false;
    };
    // "Cabled directly" only when every planned Spark was seen: then two that see
    // only each other cannot be sharing the switch with the others.
    if (!twoNodes && everyoneSeen) {
        for (const ObservedLink &link : observed.links)
            findings.append({Kind::DirectInsteadOfSwitch, link.a, link.b,
                             tr("%1 and %2 are cabled directly, but the plan uses a switch: plug both into the switch.")
                                 .arg(CablingText::end(link.a), CablingText::end(link.b))});
    }
    for (const Cable &cable : plan.cables) {
        if (cable.to)
            continue;
        if (connected(cable.from) || silent.contains(cable.from))
            continue;
        const PortEnd other{cable.from.node, 1 - cable.from.port};
        if (connected(other))
            findings.append({Kind::WrongPort, cable.from, std::nullopt,
                             tr("%1 is plugged into the switch with its %2; move the cable to its %3, "
                                "every Spark uses the same port.")
                                 .arg(cable.from.node, CablingText::portLabel(other.port),
                                      CablingText::portLabel(cable.from.port))});
        else if (!twoNodes || observed.links.isEmpty())
            findings.append({Kind::MissingCable, cable.from, std::nullopt,
                             tr("Cable %1 is missing: connect %2 to a free 200G port on the switch.")
                                 .arg(cable.number)
                                 .arg(CablingText::end(cable.from))});
    }
}

void CablingCheck::checkHealth(const ObservedCabling &observed, const QList<NodeObservation> &nodes,
                               QList<CablingFinding> &findings)
{
    QList<PortEnd> cabled = observed.switchedPorts;
    for (const ObservedLink &link : observed.links) {
        for (const PortEnd &end : {link.a, link.b}) {
            if (!cabled.contains(end))
                cabled.append(end);
        }
    }
    for (const PortEnd &end : cabled) {
        const InterfaceObservation *twins[2] = {findInterface(nodes, end.node, end.port, 0),
                                                findInterface(nodes, end.node, end.port, 1)};
        if (!twins[0] && !twins[1])
            continue; // this node reported nothing
        const bool up[2] = {twins[0] && twins[0]->present && twins[0]->up, twins[1] && twins[1]->present && twins[1]->up};
        if (up[0] != up[1]) {
            const QString down = cx7::find(end.port, up[0] ? 1 : 0)->netdevName();
            findings.append({Kind::TwinDown, end, std::nullopt,
                             tr("Only one half of %1 is up (%2 is down), so the link runs at half speed: "
                                "reboot the Spark with the cable plugged in.")
                                 .arg(CablingText::end(end), down)});
        }
        int slowest = -1;
        for (int t = 0; t < 2; ++t) {
            if (up[t] && twins[t]->speedMbps > 0 && (slowest < 0 || twins[t]->speedMbps < slowest))
                slowest = twins[t]->speedMbps;
        }
        if (slowest > 0 && slowest < 200000)
            findings.append({Kind::SlowPort, end, std::nullopt,
                             tr("%1 negotiated %2 Gb/s instead of 200 Gb/s: reseat the cable (pull tab up) and use "
                                "one rated for 200G; on a switch, set that port to 200G with auto-negotiation off.")
                                 .arg(CablingText::end(end), QString::number(slowest / 1000))});
    }
    auto mtuOf = [&](const PortEnd &end, int twin) {
        const InterfaceObservation *interface = findInterface(nodes, end.node, end.port, twin);
        return interface && interface->present ? interface->mtu : 0;
    };
    QList<QPair<PortEnd, PortEnd>> pairs;
    for (const ObservedLink &link : observed.links)
        pairs.append({link.a, link.b});
    for (qsizetype i = 1; i < observed.switchedPorts.size(); ++i)
        pairs.append({observed.switchedPorts.first(), observed.switchedPorts[i]});
    for (const auto &[a, b] : pairs) {
        for (int twin = 0; twin < 2; ++twin) {
            const int mtuA = mtuOf(a, twin);
            const int mtuB = mtuOf(b, twin);
            if (mtuA > 0 && mtuB > 0 && mtuA != mtuB) {
                findings.append({Kind::MtuMismatch, a, b,
                                 tr("The MTU differs across the link between %1 (%2) and %3 (%4): both ends need the "
                                    "same MTU; apply the cluster's network plan again to set it.")
                                     .arg(CablingText::end(a), QString::number(mtuA), CablingText::end(b),
                                          QString::number(mtuB))});
                break;
            }
        }
    }
}

} // namespace spark
