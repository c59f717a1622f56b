// SPDX-License-Identifier: MIT
#include "core/netconfig/clusterexports.h"

#include "core/hardware/cx7.h"

#include <QHostAddress>
#include <QRegularExpression>

namespace spark {

bool ClusterExports::isValidHost(const QString &host)
{
    static const QRegularExpression hostname(
        QStringLiteral("^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.?$"));
    if (hostname.match(host).hasMatch())
        return true;
    QHostAddress address;
    return host.contains(QLatin1Char(':')) && !host.contains(QLatin1Char('%')) && address.setAddress(host)
           && address.protocol() == QAbstractSocket::IPv6Protocol;
}

QString ClusterExports::yamlQuote(const QString &text)
{
    QString quoted;
    for (const QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('"'))
            quoted += QLatin1Char('\\') + c;
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            quoted += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            quoted += c;
    }
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

Expected<QString> ClusterExports::mpiHostfile(const QList<ExportNode> &nodes)
{
    QString text;
    for (const ExportNode &node : nodes) {
        if (!isValidHost(node.managementHost))
            return Error(tr("The address of %1 (\"%2\") cannot go into a hostfile; register it by hostname or IP address.")
                             .arg(node.name, node.managementHost));
        text += node.managementHost + QStringLiteral(" slots=1\n");
    }
    return text;
}

QString ClusterExports::ncclEnvironment(const QString &clusterName, const CablingPlan &cabling)
{
    QList<int> ports;
    for (const Cable &cable : cabling.cables) {
        for (const PortEnd &end : cable.to ? QList<PortEnd>{cable.from, *cable.to} : QList<PortEnd>{cable.from}) {
            if (!ports.contains(end.port))
                ports.append(end.port);
        }
    }
    QStringList devices;
    for (const Cx7Function &function : cx7::functions) {
        if (ports.contains(function.port))
            devices.append(function.rdmaDeviceName());
    }
    const QString management = QString::fromLatin1(cx7::managementNetdev);
    QString text = QStringLiteral("# NCCL settings for the Spark Companion cluster \"%1\" (%2).\n"
                                  "# Both twins of every cabled port: one twin alone gives about half the bandwidth.\n"
                                  "# The leading '=' makes NCCL match the device names exactly.\n"
                                  "export NCCL_IB_HCA==%3\n"
                                  "# Bootstrap and MPI's own TCP traffic use the management port.\n"
                                  "export NCCL_SOCKET_IFNAME=%4\n"
                                  "export OMPI_MCA_btl_tcp_if_include=%4\n")
                       .arg(clusterName, layoutKey(cabling.layout), devices.join(QLatin1Char(',')), management);
    if (cabling.layout == ClusterLayout::Ring3)
        text += QStringLiteral("# 3-node ring: every node uses both ports (each to a different neighbour), so all\n"
                               "# four RoCE devices are listed. The switchless ring needs NCCL 2.30 or newer.\n");
    return text;
}

Expected<QString> ClusterExports::ansibleInventory(const QString &clusterName, const QList<ExportNode> &nodes,
                                                   const AddressPlan &addresses)
{
    QString group = clusterName;
    group.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]")), QStringLiteral("_"));
    if (group.isEmpty() || group.front().isDigit())
        group.prepend(QStringLiteral("cluster_"));
    QString text = QStringLiteral("# Ansible inventory for the Spark Companion cluster %1\n"
                                  "all:\n"
                                  "  children:\n"
                                  "    %2:\n"
                                  "      vars:\n"
                                  "        spark_cluster_layout: %3\n"
                                  "        spark_cluster_mtu: %4\n"
                                  "      hosts:\n")
                       .arg(yamlQuote(clusterName), group, layoutKey(addresses.layout))
                       .arg(addresses.mtu);
    for (const ExportNode &node : nodes) {
        if (!isValidHost(node.managementHost))
            return Error(tr("The address of %1 (\"%2\") cannot go into an inventory; register it by hostname or IP address.")
                             .arg(node.name, node.managementHost));
        text += QStringLiteral("        %1:\n"
                               "          ansible_host: %2\n"
                               "          ansible_port: %3\n"
                               "          ansible_user: %4\n")
                    .arg(yamlQuote(node.name), yamlQuote(node.managementHost), QString::number(node.sshPort),
                         yamlQuote(node.user));
        const QList<InterfaceAddress> interfaces = addresses.interfacesOf(node.name);
        if (interfaces.isEmpty())
            continue;
        text += QStringLiteral("          spark_cx7_addresses:\n");
        for (const InterfaceAddress &interface : interfaces)
            text += QStringLiteral("            %1: %2\n").arg(interface.netdev, yamlQuote(interface.cidr()));
    }
    return text;
}

} // namespace spark
