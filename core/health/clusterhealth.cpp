// SPDX-License-Identifier: MIT
#include "core/health/clusterhealth.h"

#include "core/hardware/cx7.h"
#include "core/health/ratehistory.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <functional>

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

std::optional<int> cableOf(const CablingPlan &plan, const HealthAlert &alert)
{
    for (int index = 0; index < plan.cables.size(); ++index) {
        const Cable &cable = plan.cables.at(index);
        if (onEnd(alert, cable.from) || (cable.to && onEnd(alert, *cable.to)))
            return index;
    }
    return std::nullopt;
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

NodeState nodeState(const NodeHealth &node)
{
    if (!node.reachable)
        return NodeState::Offline;
    if (!node.snapshot)
        return NodeState::Connecting;
    return node.stale ? NodeState::Late : NodeState::Online;
}

QString nodeStateText(const NodeHealth &node, int intervalMs)
{
    const auto tr = [](const char *text) { return QCoreApplication::translate("spark::ClusterHealth", text); };
    switch (nodeState(node)) {
    case NodeState::Connecting:
        return tr("Connecting…");
    case NodeState::Online:
        return tr("Online");
    case NodeState::Late:
        return tr("Online (its last answer is late)");
    case NodeState::Offline:
        break;
    }
    const int seconds = qMax(1, (node.retryInTicks * intervalMs + 999) / 1000);
    return node.retryInTicks > 0
        ? QCoreApplication::translate("spark::ClusterHealth", "Offline: no answer; next try in %n s", nullptr, seconds)
        : tr("Offline: no answer; trying again");
}

QList<PortFigure> portFigures(const NodeHealth &node, int port)
{
    const auto tr = [](const char *text) { return QCoreApplication::translate("spark::ClusterHealth", text); };
    std::optional<PortSample> sample;
    if (node.rates && !node.rates->restarted)
        sample = RateHistory::sampleOf(QDateTime(), *node.rates, port);
    const auto perSecond = [&](const QStringList &counters) -> std::optional<double> {
        if (!sample)
            return std::nullopt;
        std::optional<double> sum;
        for (const QString &counter : counters) {
            if (const auto value = sample->perSecondOf(counter))
                sum = sum.value_or(0) + *value;
        }
        return sum;
    };
    const auto counterSum = [&](const QString &counter) -> std::optional<double> {
        if (!node.snapshot)
            return std::nullopt;
        std::optional<double> sum;
        for (const NetdevSnapshot &netdev : node.snapshot->netdevs) {
            if (netdev.port != port)
                continue;
            if (const auto value = netdev.counter(counter))
                sum = sum.value_or(0) + double(*value);
        }
        return sum;
    };
    const auto firstOf = [&](const std::function<std::optional<double>(const NetdevSnapshot &)> &get) -> std::optional<double> {
        if (!node.snapshot)
            return std::nullopt;
        for (const NetdevSnapshot &netdev : node.snapshot->netdevs) {
            if (netdev.port == port && netdev.isUp()) {
                if (const auto value = get(netdev))
                    return value;
            }
        }
        return std::nullopt;
    };
    const QLocale locale;
    const auto rateText = [&](std::optional<double> value) {
        if (!value)
            return QStringLiteral("–");
        return tr("%1/s").arg(locale.toString(*value, 'f', *value >= 10 || *value == 0 ? 0 : 1));
    };
    const auto countText = [&](std::optional<double> value) {
        return value ? locale.toString(qint64(*value)) : QStringLiteral("–");
    };
    QList<PortFigure> figures;
    const auto add = [&](const QString &key, const QString &label, std::optional<double> value, QString text) {
        figures.append({key, label, value, std::move(text)});
    };
    const auto rate = [&](const QString &key, const QString &label, const QStringList &counters) {
        const auto value = perSecond(counters);
        add(key, label, value, rateText(value));
    };
    rate(QStringLiteral("crc"), tr("CRC errors"), {QStringLiteral("rx_crc_errors_phy")});
    rate(QStringLiteral("errors"), tr("Errors"), {QStringLiteral("rx_errors"), QStringLiteral("tx_errors")});
    rate(QStringLiteral("discards"), tr("Discards"),
         {QStringLiteral("rx_discards_phy"), QStringLiteral("rx_dropped"), QStringLiteral("tx_dropped"), QStringLiteral("rx_out_of_buffer")});
    rate(QStringLiteral("pause-rx"), tr("Pause frames received"), {QStringLiteral("rx_pause_ctrl_phy")});
    rate(QStringLiteral("pause-tx"), tr("Pause frames sent"), {QStringLiteral("tx_pause_ctrl_phy")});
    rate(QStringLiteral("ecn"), tr("ECN-marked packets"), {QStringLiteral("np_ecn_marked_roce_packets")});
    rate(QStringLiteral("cnp-sent"), tr("CNPs sent"), {QStringLiteral("np_cnp_sent")});
    rate(QStringLiteral("cnp-handled"), tr("CNPs handled"), {QStringLiteral("rp_cnp_handled")});
    rate(QStringLiteral("retransmits"), tr("RDMA retransmissions"), {QStringLiteral("roce_adp_retrans"), QStringLiteral("out_of_sequence")});
    const auto flaps = counterSum(QStringLiteral("carrier_changes"));
    add(QStringLiteral("flaps"), tr("Carrier changes since boot"), flaps, countText(flaps));
    const auto mtu = firstOf([](const NetdevSnapshot &n) { return n.mtu ? std::optional<double>(*n.mtu) : std::nullopt; });
    add(QStringLiteral("mtu"), tr("MTU"), mtu, mtu ? QString::number(qint64(*mtu)) : QStringLiteral("–"));
    const auto speed = firstOf([](const NetdevSnapshot &n) {
        return n.speedMbps ? std::optional<double>(double(*n.speedMbps)) : std::nullopt;
    });
    add(QStringLiteral("speed"), tr("Speed"), speed, speed ? tr("%1G").arg(qint64(*speed / 1000)) : QStringLiteral("–"));
    // The round trip to the peer twin, twin by twin ("0.05 / 0.06 ms").
    QStringList rtts;
    std::optional<double> slowest;
    for (int twin = 0; twin < cx7::twinCount; ++twin) {
        const Cx7Function *function = cx7::find(port, twin);
        const auto it = function ? node.rttMs.constFind(QString::fromLatin1(function->netdev)) : node.rttMs.cend();
        if (it == node.rttMs.cend()) {
            rtts.append(QStringLiteral("–"));
            continue;
        }
        rtts.append(locale.toString(*it, 'f', *it < 1 ? 3 : 1));
        slowest = std::max(slowest.value_or(0), *it);
    }
    add(QStringLiteral("rtt"), tr("Round trip to the peer (twin 0 / twin 1)"), slowest,
        slowest ? tr("%1 ms").arg(rtts.join(QLatin1String(" / "))) : QStringLiteral("–"));
    return figures;
}

} // namespace spark::ClusterHealth
