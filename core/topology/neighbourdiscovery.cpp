// SPDX-License-Identifier: MIT
#include "core/topology/neighbourdiscovery.h"

#include "core/common/shellquote.h"
#include "core/hardware/cx7.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace spark {

namespace {
const QLatin1String kMarker("@@ ");

bool lessEnd(const PortEnd &x, const PortEnd &y)
{
    return std::tie(x.node, x.port) < std::tie(y.node, y.port);
}

bool lessTwin(const TwinEnd &x, const TwinEnd &y)
{
    return std::tie(x.node, x.port, x.twin) < std::tie(y.node, y.port, y.twin);
}
} // namespace

Expected<QString> NeighbourDiscovery::command(const QStringList &netdevs)
{
    if (netdevs.isEmpty())
        return Error(tr("No ConnectX-7 port was given to look for cables on."));
    QStringList quoted;
    for (const QString &netdev : netdevs) {
        if (!cx7::findByNetdev(netdev))
            return Error(tr("\"%1\" is not a ConnectX-7 port of a DGX Spark.").arg(netdev),
                         QStringLiteral("rejected interface name: %1").arg(netdev));
        quoted.append(shellQuote(netdev));
    }
    const QString list = quoted.join(QLatin1Char(' '));
    // Per netdev, all in parallel: an all-nodes ping for one second lists who
    // answers (ping refuses a multicast interval under a second to a user); a
    // unicast ping to each answer, every 0.2 s until one comes back, makes this
    // node resolve its MAC
    // (a peer that already knows us would not ask, so the multicast alone can
    // leave our neighbour table empty); meanwhile ethtool reads the speed.
    // Then, in order, per netdev: a line with its own MAC, state, MTU and
    // speed (ethtool's, else sysfs'), and its neighbour table.
    return QStringLiteral(
               "PATH=\"$PATH:/usr/sbin:/sbin\"; d=$(mktemp -d) || exit 1; for i in %1; do if [ -e \"/sys/class/net/$i\" ]; then "
               "( ethtool \"$i\" >\"$d/$i.speed\" 2>/dev/null & "
               "ping -6 -n -w1 \"ff02::1%$i\" 2>/dev/null "
               "| sed -n 's/^[0-9]* bytes from \\(fe80:[0-9a-f:]*\\)%.*/\\1/p' | sort -u "
               "| while read -r a; do ping -6 -n -c1 -i0.2 -w1 \"$a%$i\" >/dev/null 2>&1; done; wait; "
               "echo \"@@ $i $(cat \"/sys/class/net/$i/address\") $(cat \"/sys/class/net/$i/operstate\") "
               "$(cat \"/sys/class/net/$i/mtu\") $(sed -n 's/^[[:space:]]*Speed: \\([0-9][0-9]*\\)Mb\\/s$/\\1/p' \"$d/$i.speed\" "
               "| grep . || cat \"/sys/class/net/$i/speed\" 2>/dev/null || echo -1)\"; "
               "ip -j neigh show dev \"$i\"; echo ) >\"$d/$i\" & else echo \"@@ $i absent\" >\"$d/$i\"; fi; done; wait; "
               "for i in %1; do cat \"$d/$i\"; done; rm -rf \"$d\"")
        .arg(list);
}

QString NeighbourDiscovery::command()
{
    return command(cx7::netdevNames()).value();
}

Expected<QList<InterfaceObservation>> NeighbourDiscovery::parse(const QString &output)
{
    QList<InterfaceObservation> result;
    InterfaceObservation *current = nullptr;
    QString json;
    auto flush = [&]() -> Expected<void> {
        if (current && !json.trimmed().isEmpty()) {
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8(), &error);
            if (error.error != QJsonParseError::NoError || !document.isArray())
                return Error(tr("The neighbour list of %1 could not be read.").arg(current->netdev),
                             QStringLiteral("ip -j neigh: %1: %2").arg(error.errorString(), json.left(200)));
            for (const QJsonValue &value : document.array()) {
                const QJsonObject entry = value.toObject();
                const QString mac = entry.value(QStringLiteral("lladdr")).toString().toLower();
                if (mac.isEmpty())
                    continue; // FAILED / INCOMPLETE entries carry no address
                const QJsonArray states = entry.value(QStringLiteral("state")).toArray();
                current->neighbours.append(NeighbourEntry{
                    mac, entry.value(QStringLiteral("dst")).toString(),
                    states.isEmpty() ? QString() : states.first().toString()});
            }
        }
        json.clear();
        return {};
    };
    const QStringList lines = output.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (!line.startsWith(kMarker)) {
            if (!current && !line.trimmed().isEmpty())
                return Error(tr("The cable discovery printed something unexpected."),
                             QStringLiteral("unexpected line: %1").arg(line.left(200)));
            json += line + QLatin1Char('\n');
            continue;
        }
        if (auto flushed = flush(); !flushed)
            return flushed.error();
        const QStringList fields = line.mid(kMarker.size()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (fields.isEmpty() || !cx7::findByNetdev(fields.first()))
            return Error(tr("The cable discovery printed something unexpected."),
                         QStringLiteral("bad marker line: %1").arg(line.left(200)));
        InterfaceObservation observation;
        observation.netdev = fields.first();
        if (fields.size() >= 5) {
            observation.present = true;
            observation.mac = fields.at(1).toLower();
            observation.up = fields.at(2) == QLatin1String("up");
            observation.mtu = fields.at(3).toInt();
            bool ok = false;
            const int speed = fields.at(4).toInt(&ok);
            observation.speedMbps = ok && speed > 0 ? speed : -1;
        } else if (fields.size() != 2 || fields.at(1) != QLatin1String("absent")) {
            return Error(tr("The cable discovery printed something unexpected."),
                         QStringLiteral("bad marker line: %1").arg(line.left(200)));
        }
        result.append(observation);
        current = &result.last();
    }
    if (auto flushed = flush(); !flushed)
        return flushed.error();
    return result;
}

ObservedCabling NeighbourDiscovery::link(const QList<NodeObservation> &observations, const QList<NodeMacs> &known)
{
    QHash<QString, TwinEnd> byMac;
    auto learn = [&](const QString &node, const QString &netdev, const QString &mac) {
        const auto interface = cx7::findByNetdev(netdev);
        if (interface && !mac.isEmpty())
            byMac.insert(mac.toLower(), TwinEnd{node, interface->port, interface->twin});
    };
    for (const NodeMacs &macs : known) {
        for (auto it = macs.macByNetdev.cbegin(); it != macs.macByNetdev.cend(); ++it)
            learn(macs.node, it.key(), it.value());
    }
    for (const NodeObservation &node : observations) {
        for (const InterfaceObservation &interface : node.interfaces)
            learn(node.node, interface.netdev, interface.mac);
    }

    ObservedCabling cabling;
    // For each local port: the remote ports it sees.
    QMap<QPair<QString, int>, QList<PortEnd>> seen;
    for (const NodeObservation &node : observations) {
        for (const InterfaceObservation &interface : node.interfaces) {
            const auto local = cx7::findByNetdev(interface.netdev);
            if (!local || !interface.present)
                continue;
            const TwinEnd localEnd{node.node, local->port, local->twin};
            for (const NeighbourEntry &entry : interface.neighbours) {
                const auto it = byMac.constFind(entry.mac);
                if (it == byMac.cend())
                    continue; // a MAC of no node of ours
                const TwinEnd remote = *it;
                if (remote.node == localEnd.node && remote.port == localEnd.port)
                    continue; // the other twin of the same port
                ObservedNeighbour pair = lessTwin(localEnd, remote) ? ObservedNeighbour{localEnd, remote}
                                                                    : ObservedNeighbour{remote, localEnd};
                if (!cabling.neighbours.contains(pair))
                    cabling.neighbours.append(pair);
                auto &list = seen[qMakePair(localEnd.node, localEnd.port)];
                if (!list.contains(remote.portEnd()))
                    list.append(remote.portEnd());
                // The far end sees us too, even if its own report is missing.
                auto &back = seen[qMakePair(remote.node, remote.port)];
                if (!back.contains(localEnd.portEnd()))
                    back.append(localEnd.portEnd());
            }
        }
    }
    for (auto it = seen.cbegin(); it != seen.cend(); ++it) {
        const PortEnd local{it.key().first, it.key().second};
        QSet<QString> otherNodes;
        for (const PortEnd &remote : it.value())
            otherNodes.insert(remote.node);
        if (otherNodes.size() >= 2 || it.value().size() >= 2) {
            cabling.switchedPorts.append(local);
            continue;
        }
        const PortEnd remote = it.value().first();
        const ObservedLink link = lessEnd(local, remote) ? ObservedLink{local, remote} : ObservedLink{remote, local};
        if (!cabling.links.contains(link))
            cabling.links.append(link);
    }
    std::sort(cabling.neighbours.begin(), cabling.neighbours.end(), [](const auto &x, const auto &y) {
        return lessTwin(x.a, y.a) || (x.a == y.a && lessTwin(x.b, y.b));
    });
    std::sort(cabling.links.begin(), cabling.links.end(),
              [](const auto &x, const auto &y) { return lessEnd(x.a, y.a) || (x.a == y.a && lessEnd(x.b, y.b)); });
    std::sort(cabling.switchedPorts.begin(), cabling.switchedPorts.end(), lessEnd);
    return cabling;
}

QStringList NeighbourDiscovery::incompleteSightings(const QList<NodeObservation> &observations)
{
    struct Seen
    {
        QString node;
        const InterfaceObservation *interface;
    };
    QHash<QString, Seen> byMac;
    for (const NodeObservation &node : observations) {
        for (const InterfaceObservation &interface : node.interfaces) {
            if (interface.present && !interface.mac.isEmpty())
                byMac.insert(interface.mac.toLower(), Seen{node.node, &interface});
        }
    }
    auto sees = [](const InterfaceObservation &from, const QString &mac) {
        return std::any_of(from.neighbours.cbegin(), from.neighbours.cend(),
                           [&](const NeighbourEntry &entry) { return entry.mac.compare(mac, Qt::CaseInsensitive) == 0; });
    };
    // Whether `interface` of `node` sees a twin of another node of ours.
    auto seesAnotherNode = [&](const QString &node, const InterfaceObservation &interface) {
        return std::any_of(interface.neighbours.cbegin(), interface.neighbours.cend(), [&](const NeighbourEntry &entry) {
            const auto it = byMac.constFind(entry.mac);
            return it != byMac.cend() && it->node != node;
        });
    };
    QStringList incomplete;
    auto add = [&](const QString &node, const QString &netdev) {
        const QString name = node + QLatin1Char(' ') + netdev;
        if (!incomplete.contains(name))
            incomplete.append(name);
    };
    for (const NodeObservation &node : observations) {
        for (const InterfaceObservation &interface : node.interfaces) {
            if (!interface.present || !interface.up)
                continue;
            if (seesAnotherNode(node.node, interface)) {
                // Each far twin it sees must see it back.
                for (const NeighbourEntry &entry : interface.neighbours) {
                    const auto it = byMac.constFind(entry.mac);
                    if (it != byMac.cend() && it->node != node.node && it->interface->up
                        && !sees(*it->interface, interface.mac))
                        add(it->node, it->interface->netdev);
                }
                continue;
            }
            // Up and alone, while the other twin of its port sees another node.
            const auto function = cx7::findByNetdev(interface.netdev);
            if (!function)
                continue;
            for (const QString &twinName : cx7::netdevNamesOfPort(function->port)) {
                const InterfaceObservation *twin = observedInterface(observations, node.node, twinName);
                if (twinName != interface.netdev && twin && seesAnotherNode(node.node, *twin))
                    add(node.node, interface.netdev);
            }
        }
    }
    return incomplete;
}

const InterfaceObservation *observedInterface(const QList<NodeObservation> &nodes, const QString &node,
                                              const QString &netdev)
{
    for (const NodeObservation &observation : nodes) {
        if (observation.node != node)
            continue;
        for (const InterfaceObservation &interface : observation.interfaces) {
            if (interface.netdev == netdev)
                return &interface;
        }
    }
    return nullptr;
}

} // namespace spark
