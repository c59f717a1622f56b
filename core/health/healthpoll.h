// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/nodesnapshot.h"

#include <QString>
#include <QStringList>

namespace spark {

// The ONE remote command a node runs per dashboard tick, and its parser.
//
// A POSIX sh script built from fixed text and the CX-7 name table only (no
// user text). It reads sysfs with the shell's own `read` (no process per
// file) and runs `ethtool -S` once per present netdev, filtered to the
// counters we use. Output uses the probe's section markers, so
// ProbeScript::sections() splits it:
//   clock            uptime=…  boot=…
//   netdev IF        present=0|1, operstate=…, carrier=…, …, rx_bytes=…
//   ethtool IF       "Speed: 200000Mb/s" (ethtool IF), then the ethtool -S lines
//   roce DEV         np_cnp_sent=…, …
//   rtt IF           ping's reply line ("… time=0.052 ms"), when asked for
// One round-trip measurement: ping `address` (the peer twin) out of `netdev`.
struct RttTarget
{
    QString netdev;
    QString address; // IPv4 or IPv6, checked before it goes into the script

    friend bool operator==(const RttTarget &, const RttTarget &) = default;
};

class HealthPoll
{
public:
    static QStringList netdevCounters();  // /sys/class/net/<if>/statistics/*
    static QStringList ethtoolCounters(); // ethtool -S names
    static QStringList roceCounters();    // hw_counters names

    // Full: `ethtool IF` (the negotiated speed) and `ethtool -S` of every
    // present netdev. Light, for most ticks: `ethtool -S` of one twin per
    // port only (the *_phy counters are the port's), no speed; the sysfs
    // state and statistics of every twin as always.
    enum class Depth { Full, Light };
    // How long a ping waits for its answer: a poll with round trips can take this long.
    static constexpr int PingTimeoutSeconds = 1;
    // With `rtt`, the poll also pings each peer twin once (in parallel with
    // the ethtools, at most PingTimeoutSeconds); targets that are not a CX-7
    // netdev and an IP address are left out.
    static QString script(const QList<RttTarget> &rtt = {}, Depth depth = Depth::Full);
    static NodeSnapshot parse(const QString &output);
};

} // namespace spark
