// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linktestplan.h"
#include "core/linktest/linkverdict.h"

#include <QHash>
#include <QList>
#include <QString>

namespace spark {

// Which links the link test measures at the same time. Links that share no
// port run side by side (a ring of three: all three cables; a switch: the
// disjoint pairs), unless together they would ask more of a node's cores than
// it has: a starved iperf3 measures the CPU, not the cable.
class LinkTestRounds
{
public:
    // Cores one end of a link keeps busy in its busiest phase (both directions
    // at once) at the full port rate. TCP: about one core per 25 Gb/s carried
    // (200 Gb/s each way through the port), at most one per iperf3 stream;
    // RDMA: ib_write_bw busy-polls one core per process, two twins each way.
    static double coresPerEnd(LinkTestMode mode, int streams);

    // Rounds of indexes into `links`, each round measured at once, every link
    // in exactly one round, in the links' order as far as they allow. A node
    // shares a round between links only when its `cores` (online CPUs; absent
    // or 0: unknown) hold `endCores` for each of its ends; one link alone always
    // runs. Not `sideBySide`: one link per round, as before.
    static QList<QList<int>> plan(const QList<LinkTarget> &links, const QHash<QString, int> &cores, double endCores,
                                  bool sideBySide = true);

    // The most links any one node has in a single round: how many SSH sessions it needs.
    static QHash<QString, int> linksPerNode(const QList<LinkTarget> &links, const QList<QList<int>> &rounds);

    // The links to measure again, each alone, before their verdict stands: those
    // that shared a round and fell short on a rate (below expected, one twin
    // idle, degraded, nothing measured at all). Side by side, the nodes' CPUs and
    // memory are shared too, and a cable is not called slow or dead on a figure
    // another link may have taken; what is a fact whoever measures it (a twin
    // without carrier, the speed negotiated, loss) stands. `reasons` holds each
    // link's verdict, by index.
    static QList<int> toConfirmAlone(const QList<QList<int>> &rounds, const QList<LinkVerdictReason> &reasons);
};

} // namespace spark
