// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// One address of `ip -j addr show`.
struct IpAddress
{
    QString family;       // "inet" or "inet6"
    QString local;        // "10.100.32.1"
    int prefixLength = 0; // 24
    QString scope;        // "global", "link", "host"
    bool dynamic = false; // handed out by DHCP/SLAAC (has a finite lifetime)

    QString cidr() const { return local + QLatin1Char('/') + QString::number(prefixLength); }
    friend bool operator==(const IpAddress &, const IpAddress &) = default;
};

// One interface of `ip -j addr show`.
struct IpInterface
{
    QString name;
    QString mac;
    int mtu = 0;
    QString operstate; // "UP", "DOWN", "UNKNOWN"
    QStringList flags; // "UP", "LOWER_UP", "NO-CARRIER", …
    QList<IpAddress> addresses;
};

// One route of `ip -j route show table all`.
struct IpRoute
{
    QString type = QStringLiteral("unicast"); // "unicast", "local", "broadcast", …
    QString destination; // "default", "192.168.1.0/24", "10.0.0.7" (a host)
    QString gateway;
    QString device;
    QString table = QStringLiteral("main");
    QString protocol;
    QString scope;
};

// Both parsers accept the JSON of any iproute2 that has `-j` and skip what
// they do not understand; they return nothing for text that is not JSON.
std::optional<QList<IpInterface>> parseIpAddrJson(const QString &text);
std::optional<QList<IpRoute>> parseIpRouteJson(const QString &text);

// Every IPv4 network the node already reaches directly or through a route
// ("192.168.1.0/24", host routes as "/32"), normalised and without duplicates,
// sorted. The default route and the loopback/link-local/multicast ranges are
// left out: what remains must not be reused for the cluster's subnets.
QStringList occupiedIpv4Subnets(const QList<IpInterface> &interfaces, const QList<IpRoute> &routes);

} // namespace spark
