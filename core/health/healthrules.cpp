// SPDX-License-Identifier: MIT
#include "core/health/healthrules.h"

#include "core/hardware/cx7.h"

#include <QCoreApplication>

#include <algorithm>

namespace spark::HealthRules {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("spark::HealthRules", text);
}

QString portName(int port)
{
    return QStringLiteral("port %1").arg(port);
}

QString figure(double value)
{
    return value >= 10 ? QString::number(value, 'f', 0) : QString::number(value, 'f', value >= 1 ? 1 : 2);
}

HealthAlert alert(const QString &rule, HealthAlert::Severity severity, const QString &node, const QString &subject,
                  QString message, QString cause, QString fix, int clearAfterTicks = 1)
{
    HealthAlert a;
    a.key = rule + QLatin1Char(':') + node + QLatin1Char(':') + subject;
    a.rule = rule;
    a.severity = severity;
    a.node = node;
    a.subject = subject;
    a.message = std::move(message);
    a.cause = std::move(cause);
    a.fix = std::move(fix);
    a.clearAfterTicks = clearAfterTicks;
    return a;
}

void linkState(const NodeHealth &node, const NodeSnapshot &snapshot, QList<HealthAlert> &alerts)
{
    for (int port : node.cabledPorts) {
        const NetdevSnapshot *twins[2] = {snapshot.netdev(port, 0), snapshot.netdev(port, 1)};
        const bool present0 = twins[0] && twins[0]->present;
        const bool present1 = twins[1] && twins[1]->present;
        const bool up0 = twins[0] && twins[0]->isUp();
        const bool up1 = twins[1] && twins[1]->isUp();
        if (!present0 && !present1) {
            alerts.append(alert(QStringLiteral("link-down"), HealthAlert::Severity::Critical, node.node, portName(port),
                                tr("Port %1 of %2 has no link: its interfaces are gone.").arg(port).arg(node.node),
                                tr("The CX-7 removes a port's interfaces when it detects no cable: the cable is out or not seated, or the other end is off."),
                                tr("Push the cable in (pull tab up) at both ends until it clicks, and check that the other end is on.")));
        } else if (!up0 && !up1) {
            alerts.append(alert(QStringLiteral("link-down"), HealthAlert::Severity::Critical, node.node, portName(port),
                                tr("Port %1 of %2 is down.").arg(port).arg(node.node),
                                tr("No signal on the cable: it is loose or damaged, or the other end is off or its port is disabled."),
                                tr("Reseat the cable at both ends and check that the other end is on; replace the cable if the port stays down.")));
        } else if (!up0 || !up1) {
            const NetdevSnapshot *down = up0 ? twins[1] : twins[0];
            const QString name = down ? down->name : QString::fromLatin1(cx7::find(port, up0 ? 1 : 0)->netdev);
            alerts.append(alert(QStringLiteral("link-down"), HealthAlert::Severity::Warning, node.node, name,
                                tr("One twin of port %1 of %2 is down (%3): the port runs at half speed.").arg(port).arg(node.node, name),
                                tr("The interface was set down or its network configuration did not come up, while its twin works."),
                                tr("Apply the cluster's network configuration again so that both twins are up and addressed.")));
        }
    }
}

void speed(const NodeHealth &node, const NodeSnapshot &snapshot, const HealthThresholds &t, QList<HealthAlert> &alerts)
{
    for (int port = 0; port < cx7::portCount; ++port) {
        std::optional<qint64> slowest;
        for (int twin = 0; twin < cx7::twinCount; ++twin) {
            const NetdevSnapshot *netdev = snapshot.netdev(port, twin);
            if (netdev && netdev->isUp() && netdev->speedMbps && *netdev->speedMbps < t.fullSpeedMbps)
                slowest = std::min(slowest.value_or(*netdev->speedMbps), *netdev->speedMbps);
        }
        if (!slowest)
            continue;
        alerts.append(alert(QStringLiteral("speed"), HealthAlert::Severity::Warning, node.node, portName(port),
                            tr("Port %1 of %2 runs at %3G instead of 200G.").arg(port).arg(node.node).arg(*slowest / 1000),
                            tr("The link negotiated a lower speed: a switch port left on auto-negotiation, or a cable rated below 200 Gb/s."),
                            tr("On a switch, set the port to 200G (for example 200G-baseCR4) with auto-negotiation off; otherwise use an approved 200G cable.")));
    }
}

void idleTwin(const NodeHealth &node, const NodeRates &rates, const HealthThresholds &t, QList<HealthAlert> &alerts)
{
    for (int port = 0; port < cx7::portCount; ++port) {
        const NetdevRates *twins[2] = {rates.netdev(port, 0), rates.netdev(port, 1)};
        if (!twins[0] || !twins[1])
            continue;
        const auto total = [](const NetdevRates *r) -> std::optional<double> {
            if (!r->rxGbps || !r->txGbps)
                return std::nullopt;
            return *r->rxGbps + *r->txGbps;
        };
        const auto a = total(twins[0]);
        const auto b = total(twins[1]);
        if (!a || !b)
            continue;
        const double busy = std::max(*a, *b);
        const double idle = std::min(*a, *b);
        if (busy < t.busyTwinGbps * t.scale || idle >= busy * t.idleTwinFraction)
            continue;
        const NetdevRates *idleTwinRates = *a < *b ? twins[0] : twins[1];
        alerts.append(alert(QStringLiteral("twin-idle"), HealthAlert::Severity::Warning, node.node, portName(port),
                            tr("Only one twin of port %1 of %2 carries traffic (%3 Gb/s; %4 idle).")
                                .arg(port)
                                .arg(node.node, figure(busy), idleTwinRates->name),
                            tr("The workload uses one of the port's two interfaces, so it gets about half of the 200 Gb/s."),
                            tr("Address both twins and let the workload use both (for NCCL, list both RoCE devices in NCCL_IB_HCA).")));
    }
}

void errors(const NodeHealth &node, const NodeRates &rates, const HealthThresholds &t, QList<HealthAlert> &alerts)
{
    for (const PortRates &port : rates.ports) {
        const double crc = port.perSecond.value(QStringLiteral("rx_crc_errors_phy"));
        if (crc > 0)
            alerts.append(alert(QStringLiteral("errors"), HealthAlert::Severity::Warning, node.node, portName(port.port),
                                tr("CRC errors are rising on port %1 of %2 (%3 per second).").arg(port.port).arg(node.node, figure(crc)),
                                tr("Frames arrive damaged: a cable that is loose, dirty, bent or not rated for 200 Gb/s."),
                                tr("Reseat the cable at both ends; if the errors continue, replace the cable."),
                                t.errorsClearAfterTicks));
    }
    for (const NetdevRates &netdev : rates.netdevs) {
        const double count = netdev.perSecond.value(QStringLiteral("rx_errors")) + netdev.perSecond.value(QStringLiteral("tx_errors"));
        if (count > 0)
            alerts.append(alert(QStringLiteral("errors"), HealthAlert::Severity::Warning, node.node, netdev.name,
                                tr("Errors are rising on %1 of %2 (%3 per second).").arg(netdev.name, node.node, figure(count)),
                                tr("Frames are damaged or refused on this interface, most often because of the cable."),
                                tr("Reseat the cable at both ends; if the errors continue, replace the cable."),
                                t.errorsClearAfterTicks));
    }
    for (const RoceRates &roce : rates.roce) {
        double count = 0;
        for (const char *name : {"out_of_sequence", "packet_seq_err", "local_ack_timeout_err", "roce_adp_retrans"})
            count += roce.perSecond.value(QLatin1String(name));
        if (count > 0)
            alerts.append(alert(QStringLiteral("errors"), HealthAlert::Severity::Warning, node.node, roce.device,
                                tr("RDMA retransmissions are rising on %1 of %2 (%3 per second).").arg(roce.device, node.node, figure(count)),
                                tr("RDMA packets are lost on the way: a bad cable, or congestion at a switch without lossless settings."),
                                tr("Reseat or replace the cable; behind a switch, enable flow control (PFC or global pause) on its Spark ports."),
                                t.errorsClearAfterTicks));
    }
}

void pauseStorm(const NodeHealth &node, const NodeRates &rates, const HealthThresholds &t, QList<HealthAlert> &alerts)
{
    for (const PortRates &port : rates.ports) {
        const double received = port.perSecond.value(QStringLiteral("rx_pause_ctrl_phy"));
        const double sent = port.perSecond.value(QStringLiteral("tx_pause_ctrl_phy"));
        if (received < t.pauseFramesPerSecond && sent < t.pauseFramesPerSecond)
            continue;
        const bool peerPauses = received >= sent;
        alerts.append(alert(QStringLiteral("pause-storm"), HealthAlert::Severity::Warning, node.node, portName(port.port),
                            tr("Pause-frame storm on port %1 of %2 (%3 received, %4 sent per second).")
                                .arg(port.port)
                                .arg(node.node, figure(received), figure(sent)),
                            peerPauses ? tr("The other end cannot keep up and keeps telling this Spark to stop sending.")
                                       : tr("This Spark cannot take in data fast enough and keeps pausing the other end."),
                            tr("Look for an overloaded or stalled receiver; behind a switch, give every Spark port the same flow-control settings."),
                            t.pauseClearAfterTicks));
    }
}

const NodeHealth *findNode(const QList<NodeHealth> &nodes, const QString &name)
{
    for (const NodeHealth &node : nodes) {
        if (node.node == name)
            return &node;
    }
    return nullptr;
}

void mtuMismatch(const QList<NodeHealth> &nodes, const QList<LinkEnds> &links, QList<HealthAlert> &alerts)
{
    for (const LinkEnds &link : links) {
        const NodeHealth *a = findNode(nodes, link.nodeA);
        const NodeHealth *b = findNode(nodes, link.nodeB);
        if (!a || !b || !a->snapshot || !b->snapshot)
            continue;
        const NetdevSnapshot *ea = a->snapshot->netdev(link.netdevA);
        const NetdevSnapshot *eb = b->snapshot->netdev(link.netdevB);
        if (!ea || !eb || !ea->mtu || !eb->mtu || *ea->mtu == *eb->mtu)
            continue;
        alerts.append(alert(QStringLiteral("mtu-mismatch"), HealthAlert::Severity::Warning, link.nodeA,
                            link.label + QLatin1Char('/') + link.netdevA,
                            tr("The MTU differs across %1: %2 uses %3 on %4, %5 uses %6 on %7.")
                                .arg(link.label, link.nodeA)
                                .arg(*ea->mtu)
                                .arg(link.netdevA, link.nodeB)
                                .arg(*eb->mtu)
                                .arg(link.netdevB),
                            tr("The two ends were configured differently, so large frames from one side are dropped by the other."),
                            tr("Set the same MTU (9000, or 1500) on both ends: apply the cluster's network configuration again.")));
    }
}

} // namespace

QList<HealthAlert> evaluate(const QList<NodeHealth> &nodes, const QList<LinkEnds> &links, const HealthThresholds &thresholds)
{
    QList<HealthAlert> alerts;
    for (const NodeHealth &node : nodes) {
        if (node.stale && !node.snapshot)
            continue; // its first poll is not back yet (still connecting)
        if (!node.reachable || !node.snapshot) {
            alerts.append(alert(QStringLiteral("unreachable"), HealthAlert::Severity::Critical, node.node, node.node,
                                tr("%1 does not answer.").arg(node.node),
                                tr("It is off or asleep, or its management network (RJ-45 or Wi-Fi) is down."),
                                tr("Check that it is on and reachable over SSH; the dashboard picks it up again when it answers.")));
            continue;
        }
        linkState(node, *node.snapshot, alerts);
        speed(node, *node.snapshot, thresholds, alerts);
        if (node.rates && !node.rates->restarted) {
            idleTwin(node, *node.rates, thresholds, alerts);
            errors(node, *node.rates, thresholds, alerts);
            pauseStorm(node, *node.rates, thresholds, alerts);
        }
    }
    mtuMismatch(nodes, links, alerts);
    return alerts;
}

} // namespace spark::HealthRules
