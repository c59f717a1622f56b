// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace spark {

// One used entry of a RoCE port's GID table
// (/sys/class/infiniband/<dev>/ports/1/{gids,gid_attrs/types,gid_attrs/ndevs}/N).
struct GidEntry
{
    int index = -1;
    QString gid;    // "0000:0000:0000:0000:0000:ffff:0a64:2001"
    QString type;   // "RoCE v2" or "IB/RoCE v1"
    QString netdev; // "enp1s0f0np0"

    bool isRoceV2() const { return type.compare(QLatin1String("RoCE v2"), Qt::CaseInsensitive) == 0; }
    // The IPv4 address of an IPv4-mapped GID ("10.100.32.1"), else empty.
    QString ipv4() const;

    friend bool operator==(const GidEntry &, const GidEntry &) = default;
};

// Parses `grep -H . gids/* gid_attrs/types/* gid_attrs/ndevs/*` run in a
// port's directory: lines "gids/3:0000:…", "gid_attrs/types/3:RoCE v2",
// "gid_attrs/ndevs/3:enp1s0f0np0" (any path prefix). All-zero GIDs (unused
// slots) are dropped; the result is sorted by index.
QList<GidEntry> parseGidTable(const QString &text);

// The index to give `ib_write_bw -x`: the RoCE v2 entry of an IPv4 address
// (that address if given, else the first IPv4 one). Kernels have reordered the
// table, so this is read, never assumed to be 3.
std::optional<int> roceV2Ipv4GidIndex(const QList<GidEntry> &table, const QString &ipv4 = {});
// The RoCE v2 entry of the netdev's IPv6 link-local address (fe80::/64), which
// every port that is up has before any address is configured: the quick check's.
std::optional<int> roceV2LinkLocalGidIndex(const QList<GidEntry> &table);

} // namespace spark
