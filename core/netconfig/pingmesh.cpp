// SPDX-License-Identifier: MIT
#include "core/netconfig/pingmesh.h"

#include "core/common/shellquote.h"
#include "core/hardware/cx7.h"
#include "core/netconfig/ipv4subnet.h"

#include <QRegularExpression>

namespace spark {

QList<PingCheck> PingMesh::checks(const AddressPlan &plan)
{
    QList<PingCheck> result;
    QStringList nodes;
    for (const InterfaceAddress &interface : plan.interfaces) {
        if (!nodes.contains(interface.node))
            nodes.append(interface.node);
    }
    for (const QString &node : nodes)
        result += checksFrom(plan, node);
    return result;
}

QList<PingCheck> PingMesh::checksFrom(const AddressPlan &plan, const QString &node)
{
    QList<PingCheck> result;
    for (const InterfaceAddress &interface : plan.interfacesOf(node)) {
        for (const InterfaceAddress &peer : plan.peersOf(interface))
            result.append(PingCheck{node, interface.netdev, peer.node, peer.netdev, peer.addressText(),
                                    qMin(interface.mtu, peer.mtu)});
    }
    return result;
}

Expected<QString> PingMesh::command(const PingCheck &check)
{
    if (!cx7::isCx7Netdev(check.netdev))
        return Error(tr("\"%1\" is not a ConnectX-7 port of a DGX Spark.").arg(check.netdev));
    const auto address = Ipv4Subnet::parse(check.address);
    if (!address || address->prefix != 32 || check.address.contains(QLatin1Char('/')))
        return Error(tr("\"%1\" is not an IPv4 address.").arg(check.address));
    if (check.mtu < 576 || check.mtu > 9216)
        return Error(tr("An MTU of %1 is out of range.").arg(check.mtu));
    return shellJoin({QStringLiteral("ping"), QStringLiteral("-n"), QStringLiteral("-c"), QStringLiteral("3"),
                      QStringLiteral("-i"), QStringLiteral("0.2"), QStringLiteral("-W"), QStringLiteral("1"),
                      QStringLiteral("-M"), QStringLiteral("do"), QStringLiteral("-s"), QString::number(check.payloadSize()), QStringLiteral("-I"), check.netdev,
                      check.address});
}

Expected<QString> PingMesh::batchCommand(const QList<PingCheck> &checks)
{
    // Each ping into its own file, all at once, then printed in order: the
    // mesh takes as long as one ping, not as long as all of them.
    QString script = QStringLiteral("d=$(mktemp -d) || exit 1; ");
    for (qsizetype i = 0; i < checks.size(); ++i) {
        const auto single = command(checks.at(i));
        if (!single)
            return single.error();
        script += QStringLiteral("{ echo %1; %2 2>&1; echo \"@@ rc $?\"; } >\"$d/%3\" & ")
                      .arg(shellQuote(QStringLiteral("@@ ping %1 %2").arg(checks.at(i).netdev, checks.at(i).address)),
                           *single, QString::number(i));
    }
    script += QStringLiteral("wait; ");
    for (qsizetype i = 0; i < checks.size(); ++i)
        script += QStringLiteral("cat \"$d/%1\"; ").arg(i);
    script += QStringLiteral("rm -rf \"$d\"");
    return script;
}

Expected<QList<PingResult>> PingMesh::parse(const QString &output)
{
    static const QRegularExpression summary(QStringLiteral("^(\\d+) packets transmitted, (\\d+) (?:packets )?received"));
    static const QRegularExpression rtt(QStringLiteral("^(?:rtt|round-trip) min/avg/max/\\S+ = [\\d.]+/([\\d.]+)/"));
    QList<PingResult> results;
    PingResult *current = nullptr;
    // What ping always prints for its exit code: the counts unless it failed
    // outright (2), the times when a reply came. Without them a result would
    // read as 0 sent or 0 ms: the output is not understood instead.
    bool counted = false;
    bool timed = false;
    const auto unexpected = [](const QString &detail) {
        return Error(tr("The link check printed something unexpected."), detail);
    };
    for (const QString &rawLine : output.split(QLatin1Char('\n'))) {
        const QString line = rawLine.trimmed();
        if (line.startsWith(QLatin1String("@@ ping "))) {
            const QStringList fields = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (fields.size() != 4 || current) // a block without its exit code
                return unexpected(line);
            results.append(PingResult{fields[2], fields[3]});
            current = &results.last();
            counted = timed = false;
        } else if (line.startsWith(QLatin1String("@@ rc "))) {
            bool isNumber = false;
            const int exitCode = line.mid(6).toInt(&isNumber);
            if (!current || !isNumber || (exitCode < 2 && !counted) || (current->received > 0 && !timed))
                return unexpected(line);
            current->exitCode = exitCode;
            current = nullptr;
        } else if (current) {
            if (const auto match = summary.match(line); match.hasMatch()) {
                current->transmitted = match.captured(1).toInt();
                current->received = match.captured(2).toInt();
                counted = true;
            } else if (const auto timing = rtt.match(line); timing.hasMatch()) {
                current->averageMs = timing.captured(1).toDouble();
                timed = true;
            } else if (line.contains(QLatin1String("message too long"), Qt::CaseInsensitive)) {
                current->messageTooLong = true;
            }
        }
    }
    if (current)
        return Error(tr("The link check ended early."), QStringLiteral("no exit code after %1").arg(current->address));
    return results;
}

QString PingMesh::describeFailure(const PingCheck &check, const PingResult &result)
{
    if (result.messageTooLong)
        return tr("%1 cannot send %2-byte packets on %3 because its MTU is smaller: apply the cluster's network "
                  "plan again so every port uses MTU %2.")
            .arg(check.fromNode, QString::number(check.mtu), check.netdev);
    if (result.received > 0)
        return tr("%1 (%2) lost %3 of %4 full-size packets to %5 (%6, %7): reseat that cable and check the "
                  "link again.")
            .arg(check.fromNode, check.netdev, QString::number(result.transmitted - result.received),
                 QString::number(result.transmitted), check.toNode, check.toNetdev, check.address);
    return tr("%1 (%2) cannot reach %3 (%4, %5) with full-size packets: check the cable between them and that "
              "both ends use MTU %6.")
        .arg(check.fromNode, check.netdev, check.toNode, check.toNetdev, check.address, QString::number(check.mtu));
}

} // namespace spark
