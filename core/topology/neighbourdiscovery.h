// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace spark {

// One entry of `ip -j neigh show dev IF`.
struct NeighbourEntry
{
    QString mac;     // lower case
    QString address; // usually an IPv6 link-local address
    QString state;   // REACHABLE, STALE, …

    friend bool operator==(const NeighbourEntry &, const NeighbourEntry &) = default;
};

// What one node reports about one of its CX-7 netdevs.
struct InterfaceObservation
{
    QString netdev;
    bool present = false;
    QString mac;
    bool up = false;     // operstate "up"
    int mtu = 0;
    int speedMbps = -1;  // -1 when unknown (link down)
    QList<NeighbourEntry> neighbours;

    friend bool operator==(const InterfaceObservation &, const InterfaceObservation &) = default;
};

struct NodeObservation
{
    QString node;
    QList<InterfaceObservation> interfaces;
};

// The CX-7 MAC of each netdev of a node, as the facts probe or the registry know them.
struct NodeMacs
{
    QString node;
    QMap<QString, QString> macByNetdev;
};

// What `node` reported about `netdev`, if it answered and has it.
const InterfaceObservation *observedInterface(const QList<NodeObservation> &nodes, const QString &node,
                                              const QString &netdev);

// node/port/twin
struct TwinEnd
{
    QString node;
    int port = 0;
    int twin = 0;

    PortEnd portEnd() const { return PortEnd{node, port}; }
    friend bool operator==(const TwinEnd &, const TwinEnd &) = default;
};

// A twin of one node sees a twin of another node on the same wire.
struct ObservedNeighbour
{
    TwinEnd a;
    TwinEnd b;
    friend bool operator==(const ObservedNeighbour &, const ObservedNeighbour &) = default;
};

// A cable between two ports, seen from either end (a < b by node, then port).
struct ObservedLink
{
    PortEnd a;
    PortEnd b;
    friend bool operator==(const ObservedLink &, const ObservedLink &) = default;
};

struct ObservedCabling
{
    QList<ObservedNeighbour> neighbours; // twin level, each pair once
    QList<ObservedLink> links;            // port to port, only ports that see one other node
    QList<PortEnd> switchedPorts;         // ports that see two or more other nodes: a switch
};

// Who is cabled to whom, found in about a second with tools every Spark has:
// an IPv6 all-nodes ping on each CX-7 netdev, then the kernel's neighbour table.
class NeighbourDiscovery
{
    Q_DECLARE_TR_FUNCTIONS(spark::NeighbourDiscovery)

public:
    // The remote shell command for these netdevs (only the four CX-7 names are accepted).
    static Expected<QString> command(const QStringList &netdevs);
    // The default: all four CX-7 netdevs.
    static QString command();
    // Parses what command() printed.
    static Expected<QList<InterfaceObservation>> parse(const QString &output);
    // Matches every node's neighbours against every node's MACs (the known ones
    // plus those the nodes reported themselves).
    static ObservedCabling link(const QList<NodeObservation> &observations, const QList<NodeMacs> &known = {});
    // Twins ("node netdev") that saw a twin of another node which did not see
    // them back, or that have a link but saw nobody while a twin of the same
    // port did: one look missed an answer (a lost neighbour solicitation, a
    // loaded node), and the per-twin readings of that look are not complete.
    static QStringList incompleteSightings(const QList<NodeObservation> &observations);
};

} // namespace spark
