// SPDX-License-Identifier: MIT
#include "core/netconfig/arpsysctl.h"

#include "core/hardware/cx7.h"

namespace spark::ArpSysctl {

namespace {
const QStringList kSettings{QStringLiteral("arp_ignore = 1"), QStringLiteral("arp_announce = 2")};

QString keyOf(const QString &netdev, const QString &setting)
{
    return QStringLiteral("net.ipv4.conf.%1.%2").arg(netdev, setting.section(QLatin1Char(' '), 0, 0));
}
} // namespace

QString fileName()
{
    return QStringLiteral("60-spark-companion.conf");
}

QString directory()
{
    return QStringLiteral("/etc/sysctl.d");
}

QString path()
{
    return directory() + QLatin1Char('/') + fileName();
}

QString render(const QString &clusterName, const QList<InterfaceAddress> &interfaces)
{
    QString text = QStringLiteral("# Written by Spark Companion for the cluster \"%1\": each ConnectX-7 twin\n"
                                  "# answers ARP only for its own address (both twins share one wire).\n")
                       .arg(clusterName);
    QStringList netdevs;
    for (const InterfaceAddress &interface : interfaces) {
        if (cx7::isCx7Netdev(interface.netdev) && !netdevs.contains(interface.netdev))
            netdevs.append(interface.netdev);
    }
    for (const QString &netdev : std::as_const(netdevs)) {
        for (const QString &setting : kSettings)
            text += keyOf(netdev, setting) + setting.mid(setting.indexOf(QLatin1Char(' '))) + QLatin1Char('\n');
    }
    return text;
}

QString currentValuesCommand()
{
    QStringList keys;
    for (const QString &netdev : cx7::netdevNames()) {
        for (const QString &setting : kSettings)
            keys.append(keyOf(netdev, setting));
    }
    // The names are fixed words of the CX-7 table: nothing to quote. A netdev
    // the node lacks (an empty port) is skipped, and is no failure.
    return QStringLiteral("for k in %1; do if v=$(sysctl -n \"$k\" 2>/dev/null); then echo \"$k = $v\"; fi; done")
        .arg(keys.join(QLatin1Char(' ')));
}

} // namespace spark::ArpSysctl
