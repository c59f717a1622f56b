// SPDX-License-Identifier: MIT
#include "core/netconfig/addressplan.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace spark {

namespace {
class Text
{
    Q_DECLARE_TR_FUNCTIONS(spark::AddressPlan)
};
} // namespace

QList<InterfaceAddress> AddressPlan::interfacesOf(const QString &node) const
{
    QList<InterfaceAddress> result;
    for (const InterfaceAddress &interface : interfaces) {
        if (interface.node == node)
            result.append(interface);
    }
    std::sort(result.begin(), result.end(), [](const auto &x, const auto &y) {
        return std::tie(x.port, x.twin) < std::tie(y.port, y.twin);
    });
    return result;
}

QList<InterfaceAddress> AddressPlan::peersOf(const InterfaceAddress &interface) const
{
    QList<InterfaceAddress> result;
    for (const InterfaceAddress &other : interfaces) {
        if (other.subnet == interface.subnet && other.node != interface.node)
            result.append(other);
    }
    return result;
}

QStringList AddressPlan::describe() const
{
    QStringList lines;
    for (const InterfaceAddress &interface : interfaces)
        lines.append(Text::tr("%1 %2: %3 (MTU %4)")
                         .arg(interface.node, interface.netdev, interface.cidr(), QString::number(interface.mtu)));
    return lines;
}

QJsonObject AddressPlan::toJson() const
{
    QJsonArray subnetArray;
    for (const Ipv4Subnet &subnet : subnets)
        subnetArray.append(subnet.toString());
    QJsonArray interfaceArray;
    for (const InterfaceAddress &interface : interfaces)
        interfaceArray.append(QJsonObject{{QStringLiteral("node"), interface.node},
                                          {QStringLiteral("netdev"), interface.netdev},
                                          {QStringLiteral("port"), interface.port},
                                          {QStringLiteral("twin"), interface.twin},
                                          {QStringLiteral("address"), interface.cidr()},
                                          {QStringLiteral("mtu"), interface.mtu}});
    return QJsonObject{{QStringLiteral("mtu"), mtu},
                       {QStringLiteral("subnets"), subnetArray},
                       {QStringLiteral("interfaces"), interfaceArray},
                       {QStringLiteral("usedSubnetsKnown"), usedSubnetsKnown}};
}

} // namespace spark
