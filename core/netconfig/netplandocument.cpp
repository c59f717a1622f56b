// SPDX-License-Identifier: MIT
#include "core/netconfig/netplandocument.h"

#include "core/hardware/cx7.h"
#include "core/netconfig/networkmanagerhandover.h"
#include "core/topology/clusterdefinition.h"

namespace spark {

QString NetplanDocument::fileName()
{
    return QString::fromLatin1(ownNetplanFileName);
}

QString NetplanDocument::directory()
{
    return QStringLiteral("/etc/netplan");
}

QString NetplanDocument::path()
{
    return directory() + QLatin1Char('/') + fileName();
}

Expected<QString> NetplanDocument::render(const QString &clusterName, const QList<InterfaceAddress> &interfaces)
{
    if (!ClusterDefinition::isValidName(clusterName))
        return Error(ClusterDefinition::nameRule());
    if (interfaces.isEmpty())
        return Error(tr("This Spark has no cabled port in the plan, so there is nothing to configure on it."));
    QList<InterfaceAddress> sorted = interfaces;
    std::sort(sorted.begin(), sorted.end(),
              [](const auto &x, const auto &y) { return std::tie(x.port, x.twin) < std::tie(y.port, y.twin); });
    QString text = QStringLiteral(
                       "# Written by Spark Companion for the cluster \"%1\": the ConnectX-7 ports only.\n"
                       "# Setting the cluster up again replaces this file; earlier versions are kept\n"
                       "# in /etc/spark-companion/backups.\n"
                       "network:\n"
                       "  version: 2\n"
                       "  ethernets:\n")
                       .arg(clusterName);
    QString previous;
    for (const InterfaceAddress &interface : sorted) {
        if (!cx7::isCx7Netdev(interface.netdev))
            return Error(tr("\"%1\" is not a ConnectX-7 port of a DGX Spark.").arg(interface.netdev));
        if (interface.netdev == previous)
            return Error(tr("%1 appears twice in the address plan.").arg(interface.netdev));
        previous = interface.netdev;
        // With renderer NetworkManager (DGX OS) our profile must win over the
        // port's DHCP auto-profile; networkd ignores this part.
        text += QStringLiteral("    %1:\n"
                               "      optional: true\n"
                               "      dhcp4: false\n"
                               "      dhcp6: false\n"
                               "      link-local: [ipv6]\n"
                               "      mtu: %2\n"
                               "      addresses:\n"
                               "        - %3\n"
                               "      networkmanager:\n"
                               "        passthrough:\n"
                               "          connection.autoconnect-priority: \"%4\"\n")
                    .arg(interface.netdev)
                    .arg(interface.mtu)
                    .arg(interface.cidr())
                    .arg(NetworkManagerHandover::OurAutoconnectPriority);
    }
    return text;
}

QList<NetplanConflict> NetplanDocument::conflicts(const QList<NetplanFile> &files, const QList<InterfaceAddress> &ours)
{
    QList<NetplanConflict> result;
    for (const NetplanFile &file : files) {
        if (file.fileName() == fileName() && file.path.startsWith(directory() + QLatin1Char('/')))
            continue;
        QStringList shared;
        for (const InterfaceAddress &interface : ours) {
            if (file.cx7Interfaces.contains(interface.netdev) && !shared.contains(interface.netdev))
                shared.append(interface.netdev);
        }
        if (!shared.isEmpty())
            result.append(NetplanConflict{file.path, shared, file.origin});
    }
    return result;
}

QStringList NetplanDocument::describeConflicts(const QString &node, const QList<NetplanConflict> &conflicts)
{
    QStringList lines;
    for (const NetplanConflict &conflict : conflicts) {
        const QString interfaces = conflict.interfaces.join(QStringLiteral(", "));
        switch (conflict.origin) {
        case NetplanFile::Origin::NvidiaSync:
            lines.append(tr("%1 was set up by NVIDIA Sync's Cluster Assistant: %2 configures %3. It is to be set aside, "
                            "kept in the backup and given back by a rollback, once you agree.")
                             .arg(node, conflict.path, interfaces));
            break;
        case NetplanFile::Origin::NvidiaPlaybook:
            lines.append(tr("%1 was set up by NVIDIA's playbook script: %2 configures %3. It is to be set aside, "
                            "kept in the backup and given back by a rollback, once you agree.")
                             .arg(node, conflict.path, interfaces));
            break;
        case NetplanFile::Origin::SparkCompanion:
        case NetplanFile::Origin::Other:
            lines.append(tr("On %1, %2 also configures %3: it is to be disabled, with a backup, once you agree.")
                             .arg(node, conflict.path, interfaces));
            break;
        }
    }
    return lines;
}

} // namespace spark
