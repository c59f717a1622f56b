// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/nodesnapshot.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace spark {

// Per-second rates between two polls of one node. A rate is missing (never a
// spike) when a counter went down (driver reload, reboot), when the node
// rebooted (boot id changed, uptime went back), or when the counter was
// missing from either poll. Counters that can be 32 bits wide (RoCE
// hw_counters) are unwrapped when they pass 2^32.
struct NetdevRates
{
    QString name;
    int port = -1;
    int twin = -1;
    std::optional<double> rxGbps; // this twin's own traffic (statistics/rx_bytes)
    std::optional<double> txGbps;
    QMap<QString, double> perSecond; // every other netdev counter
};

// The physical port: *_phy counters, taken from ONE of its twins (both report
// the same values; adding them would double the figures).
struct PortRates
{
    int port = -1;
    std::optional<double> rxGbps; // rx_bytes_phy
    std::optional<double> txGbps;
    QMap<QString, double> perSecond; // rx_crc_errors_phy, rx_pause_ctrl_phy, …
};

struct RoceRates
{
    QString device;
    int port = -1;
    int twin = -1;
    QMap<QString, double> perSecond;
};

struct NodeRates
{
    double seconds = 0;       // between the two polls (node clock)
    bool restarted = false;   // rebooted in between: no rates this tick
    QList<NetdevRates> netdevs;
    QList<PortRates> ports;
    QList<RoceRates> roce;

    const NetdevRates *netdev(int port, int twin) const;
    const PortRates *portRates(int port) const;

    enum class Width { Bits32, Bits64 };
    // The increase of a counter, or nothing if it was reset. A 32-bit counter
    // that went down from the upper half of its range is taken as wrapped.
    static std::optional<quint64> counterDelta(quint64 before, quint64 after, Width width);

    static NodeRates between(const NodeSnapshot &before, const NodeSnapshot &after);
};

} // namespace spark
