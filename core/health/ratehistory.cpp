// SPDX-License-Identifier: MIT
#include "core/health/ratehistory.h"

#include "core/hardware/cx7.h"

#include <algorithm>

namespace spark {

namespace {

QString key(const QString &node, int port)
{
    return node + QLatin1Char('/') + QString::number(port);
}

void addUp(QMap<QString, double> &into, const QMap<QString, double> &values)
{
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        into[it.key()] += it.value();
}

} // namespace

std::optional<double> PortSample::perSecondOf(const QString &counter) const
{
    const auto it = perSecond.constFind(counter);
    return it == perSecond.cend() ? std::nullopt : std::optional<double>(*it);
}

RateHistory::RateHistory(int keepSeconds)
    : m_keepSeconds(qMax(1, keepSeconds))
{
}

PortSample RateHistory::sampleOf(const QDateTime &time, const NodeRates &rates, int port, Counters counters)
{
    const bool withCounters = counters == Counters::Included;
    PortSample sample;
    sample.time = time;
    for (const NetdevRates &netdev : rates.netdevs) {
        if (netdev.port != port || netdev.twin < 0 || netdev.twin > 1)
            continue;
        sample.rxGbps[size_t(netdev.twin)] = netdev.rxGbps;
        sample.txGbps[size_t(netdev.twin)] = netdev.txGbps;
        if (withCounters)
            addUp(sample.perSecond, netdev.perSecond);
    }
    for (const RoceRates &roce : rates.roce) {
        if (withCounters && roce.port == port)
            addUp(sample.perSecond, roce.perSecond);
    }
    if (const PortRates *total = rates.portRates(port)) {
        sample.portRxGbps = total->rxGbps;
        sample.portTxGbps = total->txGbps;
        if (withCounters)
            addUp(sample.perSecond, total->perSecond);
    }
    return sample;
}

void RateHistory::add(const QDateTime &time, const QList<NodeHealth> &nodes)
{
    for (const NodeHealth &node : nodes) {
        if (!node.reachable || node.stale || !node.rates || node.rates->restarted)
            continue;
        for (int port = 0; port < cx7::portCount; ++port) {
            const bool present = std::any_of(node.rates->netdevs.cbegin(), node.rates->netdevs.cend(),
                                             [port](const NetdevRates &netdev) { return netdev.port == port; });
            if (!present)
                continue;
            QList<PortSample> &samples = m_ports[key(node.node, port)];
            samples.append(sampleOf(time, *node.rates, port, Counters::LeftOut));
            const QDateTime oldest = time.addSecs(-m_keepSeconds);
            qsizetype drop = 0;
            while (drop < samples.size() && samples.at(drop).time < oldest)
                ++drop;
            samples.remove(0, drop);
        }
    }
}

QList<PortSample> RateHistory::samples(const QString &node, int port) const
{
    return m_ports.value(key(node, port));
}

qsizetype RateHistory::size() const
{
    qsizetype total = 0;
    for (const QList<PortSample> &samples : m_ports)
        total += samples.size();
    return total;
}

} // namespace spark
