// SPDX-License-Identifier: MIT
#include "core/health/noderates.h"

namespace spark {

namespace {

constexpr quint64 twoTo31 = quint64(1) << 31;
constexpr quint64 twoTo32 = quint64(1) << 32;
constexpr quint64 twoTo63 = quint64(1) << 63;

std::optional<double> rate(const QMap<QString, quint64> &before, const QMap<QString, quint64> &after,
                           const QString &name, double seconds, NodeRates::Width width)
{
    const auto b = before.constFind(name);
    const auto a = after.constFind(name);
    if (b == before.cend() || a == after.cend() || seconds <= 0)
        return std::nullopt;
    const auto delta = NodeRates::counterDelta(*b, *a, width);
    if (!delta)
        return std::nullopt;
    return double(*delta) / seconds;
}

std::optional<double> gbps(std::optional<double> bytesPerSecond)
{
    if (!bytesPerSecond)
        return std::nullopt;
    return *bytesPerSecond * 8 / 1e9;
}

} // namespace

const NetdevRates *NodeRates::netdev(int port, int twin) const
{
    for (const NetdevRates &rates : netdevs) {
        if (rates.port == port && rates.twin == twin)
            return &rates;
    }
    return nullptr;
}

const PortRates *NodeRates::portRates(int port) const
{
    for (const PortRates &rates : ports) {
        if (rates.port == port)
            return &rates;
    }
    return nullptr;
}

std::optional<quint64> NodeRates::counterDelta(quint64 before, quint64 after, Width width)
{
    if (after >= before)
        return after - before;
    if (width == Width::Bits32 && before < twoTo32 && before >= twoTo31 && after < twoTo31)
        return twoTo32 - before + after;
    if (width == Width::Bits64 && before >= twoTo63 && after < twoTo63)
        return (~before + 1) + after; // 2^64 - before + after, in 64-bit arithmetic
    return std::nullopt; // reset: the counter started again from zero
}

NodeRates NodeRates::between(const NodeSnapshot &before, const NodeSnapshot &after)
{
    NodeRates result;
    result.seconds = after.uptimeSeconds - before.uptimeSeconds;
    result.restarted = !before.isValid() || !after.isValid() || before.bootId != after.bootId || result.seconds <= 0;
    if (result.restarted)
        return result;
    const double dt = result.seconds;

    for (const NetdevSnapshot &now : after.netdevs) {
        const NetdevSnapshot *then = before.netdev(now.name);
        if (!now.present || !then || !then->present)
            continue;
        // Each group of counters over the time between its own two reads.
        const auto span = [dt](std::optional<double> earlier, std::optional<double> later) {
            return earlier && later && *later > *earlier ? *later - *earlier : dt;
        };
        const double netdevDt = span(then->countersUptime, now.countersUptime);
        const double phyDt = span(then->phyUptime, now.phyUptime);
        NetdevRates rates;
        rates.name = now.name;
        rates.port = now.port;
        rates.twin = now.twin;
        for (auto it = now.counters.cbegin(); it != now.counters.cend(); ++it) {
            if (it.key().endsWith(QLatin1String("_phy")))
                continue;
            const auto value = rate(then->counters, now.counters, it.key(), netdevDt, Width::Bits64);
            if (it.key() == u"rx_bytes")
                rates.rxGbps = gbps(value);
            else if (it.key() == u"tx_bytes")
                rates.txGbps = gbps(value);
            else if (value)
                rates.perSecond.insert(it.key(), *value);
        }
        result.netdevs.append(rates);

        // The port's *_phy counters, once: from the first twin that has them.
        if (result.portRates(now.port) || !now.counters.contains(QStringLiteral("rx_bytes_phy")))
            continue;
        PortRates port;
        port.port = now.port;
        for (auto it = now.counters.cbegin(); it != now.counters.cend(); ++it) {
            if (!it.key().endsWith(QLatin1String("_phy")))
                continue;
            const auto value = rate(then->counters, now.counters, it.key(), phyDt, Width::Bits64);
            if (it.key() == u"rx_bytes_phy")
                port.rxGbps = gbps(value);
            else if (it.key() == u"tx_bytes_phy")
                port.txGbps = gbps(value);
            else if (value)
                port.perSecond.insert(it.key(), *value);
        }
        result.ports.append(port);
    }

    for (const RoceSnapshot &now : after.roce) {
        const RoceSnapshot *then = before.roceDevice(now.device);
        if (!then)
            continue;
        RoceRates rates;
        rates.device = now.device;
        rates.port = now.port;
        rates.twin = now.twin;
        for (auto it = now.counters.cbegin(); it != now.counters.cend(); ++it) {
            if (const auto value = rate(then->counters, now.counters, it.key(), dt, Width::Bits32))
                rates.perSecond.insert(it.key(), *value);
        }
        result.roce.append(rates);
    }
    return result;
}

} // namespace spark
