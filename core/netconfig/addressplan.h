// SPDX-License-Identifier: MIT
#pragma once

#include "core/netconfig/ipv4subnet.h"
#include "core/topology/cablingplan.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// The address of one CX-7 twin in the cluster.
struct InterfaceAddress
{
    QString node;
    QString netdev;
    int port = 0;
    int twin = 0;
    quint32 address = 0;
    Ipv4Subnet subnet;
    int mtu = 1500;

    QString addressText() const { return Ipv4Subnet::addressText(address); }
    QString cidr() const { return addressText() + QLatin1Char('/') + QString::number(subnet.prefix); }
    friend bool operator==(const InterfaceAddress &, const InterfaceAddress &) = default;
};

// Both twins of every cabled port, each twin on its own subnet, one interface
// per node on a subnet.
struct AddressPlan
{
    ClusterLayout layout = ClusterLayout::Direct2;
    int mtu = 1500;
    QList<Ipv4Subnet> subnets;          // in allocation order
    QList<InterfaceAddress> interfaces; // grouped by subnet, nodes in cluster order
    bool usedSubnetsKnown = false;      // false: no probe data, nothing was avoided but the plan itself

    QList<InterfaceAddress> interfacesOf(const QString &node) const;
    // The other nodes' interfaces on this interface's subnet.
    QList<InterfaceAddress> peersOf(const InterfaceAddress &interface) const;
    QStringList describe() const;
    QJsonObject toJson() const;

    friend bool operator==(const AddressPlan &, const AddressPlan &) = default;
};

} // namespace spark
