// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QtGlobal>

#include <optional>

namespace spark {

// An IPv4 network "a.b.c.d/n", always stored with its host bits cleared.
struct Ipv4Subnet
{
    quint32 network = 0;
    int prefix = 0;

    // "10.0.0.0/8", "192.168.1.7/24" (host bits dropped), "10.1.2.3" (a /32).
    static std::optional<Ipv4Subnet> parse(const QString &text);
    static Ipv4Subnet of(quint32 address, int prefix);

    quint32 mask() const { return prefix == 0 ? 0u : ~quint32(0) << (32 - prefix); }
    quint64 size() const { return quint64(1) << (32 - prefix); }
    bool contains(quint32 address) const { return (address & mask()) == network; }
    // Either contains the other (equal, a supernet or a subnet).
    bool overlaps(const Ipv4Subnet &other) const;
    // The n-th address inside (n = 1 is the first host).
    quint32 host(quint32 n) const { return network + n; }

    QString toString() const;
    static QString addressText(quint32 address);

    friend bool operator==(const Ipv4Subnet &, const Ipv4Subnet &) = default;
};

} // namespace spark
