// SPDX-License-Identifier: MIT
#include "core/facts/iproute.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace spark {

namespace {

std::optional<QJsonArray> jsonArray(const QString &text)
{
    // Tolerate a warning printed before the JSON (stderr merged into stdout).
    const qsizetype start = text.indexOf(QLatin1Char('['));
    if (start < 0)
        return std::nullopt;
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(text.mid(start).trimmed().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !document.isArray())
        return std::nullopt;
    return document.array();
}

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array)
        list.append(item.toString());
    return list;
}

// "a.b.c.d/len" with the host bits cleared, or empty for anything else.
QString normalisedIpv4(const QString &address, int prefixLength)
{
    QHostAddress host;
    if (!host.setAddress(address) || host.protocol() != QAbstractSocket::IPv4Protocol
        || prefixLength < 0 || prefixLength > 32)
        return {};
    const quint32 mask = prefixLength == 0 ? 0u : ~quint32(0) << (32 - prefixLength);
    return QHostAddress(host.toIPv4Address() & mask).toString() + QLatin1Char('/') + QString::number(prefixLength);
}

bool isSpecialIpv4(const QString &cidr)
{
    static const QList<QPair<QHostAddress, int>> special = {
        QHostAddress::parseSubnet(QStringLiteral("127.0.0.0/8")),
        QHostAddress::parseSubnet(QStringLiteral("169.254.0.0/16")),
        QHostAddress::parseSubnet(QStringLiteral("224.0.0.0/4")),
        QHostAddress::parseSubnet(QStringLiteral("0.0.0.0/8")),
    };
    const QHostAddress network(cidr.section(QLatin1Char('/'), 0, 0));
    return std::any_of(special.cbegin(), special.cend(),
                       [&](const auto &range) { return network.isInSubnet(range); });
}

} // namespace

std::optional<QList<IpInterface>> parseIpAddrJson(const QString &text)
{
    const auto array = jsonArray(text);
    if (!array)
        return std::nullopt;
    QList<IpInterface> interfaces;
    for (const QJsonValue &value : *array) {
        const QJsonObject object = value.toObject();
        if (!object.contains(QLatin1String("ifname")))
            continue; // older iproute2 printed empty {} entries
        IpInterface interface;
        interface.name = object.value(QLatin1String("ifname")).toString();
        interface.mac = object.value(QLatin1String("address")).toString();
        interface.mtu = object.value(QLatin1String("mtu")).toInt();
        interface.operstate = object.value(QLatin1String("operstate")).toString();
        interface.flags = stringList(object.value(QLatin1String("flags")));
        const QJsonArray addresses = object.value(QLatin1String("addr_info")).toArray();
        for (const QJsonValue &entry : addresses) {
            const QJsonObject a = entry.toObject();
            // Without its prefix length an address is unknown, not a /0.
            if (!a.contains(QLatin1String("local")) || !a.value(QLatin1String("prefixlen")).isDouble())
                continue;
            IpAddress address;
            address.family = a.value(QLatin1String("family")).toString();
            address.local = a.value(QLatin1String("local")).toString();
            address.prefixLength = a.value(QLatin1String("prefixlen")).toInt();
            address.scope = a.value(QLatin1String("scope")).toString();
            address.dynamic = a.value(QLatin1String("dynamic")).toBool()
                || (a.contains(QLatin1String("valid_life_time"))
                    && a.value(QLatin1String("valid_life_time")).toDouble() < 4294967295.0);
            interface.addresses.append(address);
        }
        interfaces.append(interface);
    }
    return interfaces;
}

std::optional<QList<IpRoute>> parseIpRouteJson(const QString &text)
{
    const auto array = jsonArray(text);
    if (!array)
        return std::nullopt;
    QList<IpRoute> routes;
    for (const QJsonValue &value : *array) {
        const QJsonObject object = value.toObject();
        if (!object.contains(QLatin1String("dst")))
            continue;
        IpRoute route;
        if (object.contains(QLatin1String("type")))
            route.type = object.value(QLatin1String("type")).toString();
        route.destination = object.value(QLatin1String("dst")).toString();
        route.gateway = object.value(QLatin1String("gateway")).toString();
        route.device = object.value(QLatin1String("dev")).toString();
        if (object.contains(QLatin1String("table")))
            route.table = object.value(QLatin1String("table")).toVariant().toString();
        route.protocol = object.value(QLatin1String("protocol")).toString();
        route.scope = object.value(QLatin1String("scope")).toString();
        routes.append(route);
    }
    return routes;
}

QStringList occupiedIpv4Subnets(const QList<IpInterface> &interfaces, const QList<IpRoute> &routes)
{
    QSet<QString> seen;
    QStringList subnets;
    auto add = [&](const QString &cidr) {
        if (cidr.isEmpty() || isSpecialIpv4(cidr) || seen.contains(cidr))
            return;
        seen.insert(cidr);
        subnets.append(cidr);
    };
    for (const IpInterface &interface : interfaces) {
        for (const IpAddress &address : interface.addresses) {
            if (address.family == QLatin1String("inet"))
                add(normalisedIpv4(address.local, address.prefixLength));
        }
    }
    for (const IpRoute &route : routes) {
        if (route.destination == QLatin1String("default")
            || (route.type != QLatin1String("unicast") && route.type != QLatin1String("blackhole")
                && route.type != QLatin1String("unreachable") && route.type != QLatin1String("prohibit")))
            continue;
        const qsizetype slash = route.destination.indexOf(QLatin1Char('/'));
        if (slash < 0)
            add(normalisedIpv4(route.destination, 32));
        else
            add(normalisedIpv4(route.destination.left(slash), route.destination.mid(slash + 1).toInt()));
    }
    std::sort(subnets.begin(), subnets.end(), [](const QString &a, const QString &b) {
        const QHostAddress x(a.section(QLatin1Char('/'), 0, 0));
        const QHostAddress y(b.section(QLatin1Char('/'), 0, 0));
        if (x.toIPv4Address() != y.toIPv4Address())
            return x.toIPv4Address() < y.toIPv4Address();
        return a.section(QLatin1Char('/'), 1).toInt() < b.section(QLatin1Char('/'), 1).toInt();
    });
    return subnets;
}

} // namespace spark
