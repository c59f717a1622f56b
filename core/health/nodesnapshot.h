// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// One CX-7 netdev at one poll: link state and its counters. Counters hold
// /sys/class/net/<if>/statistics/* under their file names and the selected
// `ethtool -S` counters under ethtool's names (rx_bytes_phy, …). The *_phy
// counters belong to the physical port: both twins report the same values.
struct NetdevSnapshot
{
    QString name;
    int port = -1;
    int twin = -1;
    bool present = false;          // the netdev exists (CX-7 netdevs vanish without a cable)
    QString operstate;             // "up", "down", "lowerlayerdown", …
    std::optional<bool> carrier;   // unreadable while the interface is administratively down
    std::optional<qint64> speedMbps; // -1 / unreadable when there is no link
    bool speedFromEthtool = false;   // ethtool's Speed (sysfs otherwise)
    std::optional<int> mtu;
    QMap<QString, quint64> counters;
    // The node's clock when the statistics and the ethtool -S counters were
    // read (the poll takes a while; rates use these when both polls have them).
    std::optional<double> countersUptime;
    std::optional<double> phyUptime;

    bool isUp() const { return present && carrier.value_or(false); }
    std::optional<quint64> counter(const QString &name) const;
};

// One RoCE device's /sys/class/infiniband/<dev>/ports/1/hw_counters.
struct RoceSnapshot
{
    QString device;
    int port = -1;
    int twin = -1;
    QMap<QString, quint64> counters;
};

// Everything one health poll of one node returned.
struct NodeSnapshot
{
    double uptimeSeconds = 0;  // /proc/uptime: the clock rates are computed on
    QString bootId;            // changes when the node reboots
    QList<NetdevSnapshot> netdevs;
    QList<RoceSnapshot> roce;
    QMap<QString, double> rttMs; // netdev → round trip to its peer twin, when this poll measured it
    QStringList problems;      // technical notes: sections missing or unreadable

    bool isValid() const { return uptimeSeconds > 0 && !bootId.isEmpty(); }
    const NetdevSnapshot *netdev(const QString &name) const;
    const NetdevSnapshot *netdev(int port, int twin) const;
    const RoceSnapshot *roceDevice(const QString &device) const;
};

} // namespace spark
