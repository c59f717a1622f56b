// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthrules.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <array>
#include <optional>

namespace spark {

// One port of one node at one tick, as the dashboard's chart and figures show it.
struct PortSample
{
    QDateTime time;
    std::array<std::optional<double>, 2> rxGbps; // per twin (its own statistics)
    std::array<std::optional<double>, 2> txGbps;
    std::optional<double> portRxGbps;            // the port's *_phy total (once, not per twin)
    std::optional<double> portTxGbps;
    // Per second: the port's *_phy counters, the twins' netdev counters added
    // up (rx_errors, carrier_changes, …) and their RoCE counters added up
    // (np_ecn_marked_roce_packets, np_cnp_sent, …).
    QMap<QString, double> perSecond;
    std::optional<double> perSecondOf(const QString &counter) const;
};

// The last minutes of every port's rates, fed once per tick. Bounded: samples
// older than `keepSeconds` before the newest are dropped. A node that did not
// answer (or answered late) adds nothing that tick. It keeps what the chart
// draws (the twins' and the port's Gb/s), not the per-second counters: those
// are shown for the last tick only (ClusterHealth::portFigures), and kept for
// every tick they were most of a 16-node cluster's memory.
class RateHistory
{
public:
    explicit RateHistory(int keepSeconds = 900);

    void add(const QDateTime &time, const QList<NodeHealth> &nodes);
    // The port's sample; the history's own leave the per-second counters out.
    enum class Counters { Included, LeftOut };
    static PortSample sampleOf(const QDateTime &time, const NodeRates &rates, int port,
                               Counters counters = Counters::Included);

    // Oldest first; empty when the port has none.
    QList<PortSample> samples(const QString &node, int port) const;
    int keepSeconds() const { return m_keepSeconds; }
    qsizetype size() const; // samples over all ports

private:
    int m_keepSeconds;
    QHash<QString, QList<PortSample>> m_ports; // "node/port"
};

} // namespace spark
