// SPDX-License-Identifier: MIT
#include "core/cluster/clusterexports.h"

#include "core/common/hostname.h"

#include "core/hardware/cx7.h"

#include <QHostAddress>
#include <QRegularExpression>

#include <optional>

namespace spark {

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
        if (!isValidHostName(node.managementHost))
            return Error(tr("The address of %1 (\"%2\") cannot go into a hostfile; register it by hostname or IP address.")
                             .arg(node.name, node.managementHost));
        text += node.managementHost + QStringLiteral(" slots=1\n");
    }
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
        if (!isValidHostName(node.managementHost))
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

namespace {

// NVIDIA's vLLM playbook's container and the flags it passes on every node.
const QLatin1String vllmImage("nvcr.io/nvidia/vllm:25.11-py3");

QString runClusterCommand(const QString &headAddress, bool head, const QString &ownAddress, const QStringList &netdevs)
{
    const QString all = netdevs.join(QLatin1Char(','));
    QStringList lines{QStringLiteral("bash run_cluster.sh %1 %2 %3 ~/.cache/huggingface")
                          .arg(vllmImage, headAddress, head ? QStringLiteral("--head") : QStringLiteral("--worker")),
                      QStringLiteral("  -e VLLM_HOST_IP=%1").arg(ownAddress),
                      QStringLiteral("  -e UCX_NET_DEVICES=%1").arg(all),
                      QStringLiteral("  -e NCCL_SOCKET_IFNAME=%1").arg(all),
                      QStringLiteral("  -e OMPI_MCA_btl_tcp_if_include=%1").arg(all),
                      QStringLiteral("  -e GLOO_SOCKET_IFNAME=%1").arg(all),
                      QStringLiteral("  -e TP_SOCKET_IFNAME=%1").arg(netdevs.constFirst()),
                      QStringLiteral("  -e RAY_memory_monitor_refresh_ms=0"),
                      QStringLiteral("  -e MASTER_ADDR=%1").arg(headAddress)};
    return lines.join(QStringLiteral(" \\\n")) + QLatin1Char('\n');
}

} // namespace

Expected<QString> ClusterExports::vllmCommands(const QString &clusterName, const QList<ExportNode> &nodes,
                                               const AddressPlan &addresses)
{
    if (nodes.size() < 2)
        return Error(tr("vLLM across Sparks needs at least two Sparks in the cluster."));
    const QString head = nodes.constFirst().name;
    struct Worker
    {
        QString name;
        InterfaceAddress own;
        InterfaceAddress headSide;
    };
    QList<Worker> workers;
    for (const ExportNode &node : nodes.mid(1)) {
        std::optional<Worker> found;
        // The first twin of the port that faces the head: vLLM's traffic needs one address pair.
        for (const InterfaceAddress &interface : addresses.interfacesOf(node.name)) {
            if (interface.twin != 0 || found)
                continue;
            for (const InterfaceAddress &peer : addresses.peersOf(interface)) {
                if (peer.node == head)
                    found = Worker{node.name, interface, peer};
            }
        }
        if (!found)
            return Error(tr("%1 shares no cable or switch with %2, so it cannot join %2's Ray cluster.").arg(node.name, head));
        workers.append(*found);
    }
    // Ray registers each node at one address, and every node talks to every
    // other there: one network for all, as on a direct cable or a switch.
    for (const Worker &worker : std::as_const(workers)) {
        if (!(worker.own.subnet == workers.constFirst().own.subnet))
            return Error(tr("vLLM's Ray cluster needs every Spark to reach every other at one address, but in this "
                            "layout each cable is a network of its own (%1 and %2 do not share one): NVIDIA's vLLM "
                            "playbook runs on two Sparks, and the same way on a switch.")
                             .arg(workers.constFirst().name, worker.name));
    }
    const InterfaceAddress &headSide = workers.constFirst().headSide;
    const QStringList headNetdevs{headSide.netdev};
    QString text = QStringLiteral("# vLLM across the Spark Companion cluster \"%1\" (%2), as NVIDIA's vLLM playbook runs it\n"
                                  "# on two Sparks: a Ray cluster from vLLM's run_cluster.sh in NVIDIA's vLLM container,\n"
                                  "# the head on %3 and a worker on every other Spark, each over its QSFP-side address.\n"
                                  "# First, on every Spark:\n"
                                  "#   wget https://raw.githubusercontent.com/vllm-project/vllm/refs/heads/main/examples/online_serving/run_cluster.sh\n"
                                  "#   docker pull %4\n")
                       .arg(clusterName, layoutKey(addresses.layout), head, vllmImage);
    text += QStringLiteral("\n# On %1, the Ray head:\n").arg(head);
    text += runClusterCommand(headSide.addressText(), true, headSide.addressText(), headNetdevs);
    for (const Worker &worker : std::as_const(workers)) {
        text += QStringLiteral("\n# On %1, a worker (it reaches %2 at %3):\n")
                    .arg(worker.name, head, worker.headSide.addressText());
        text += runClusterCommand(worker.headSide.addressText(), false, worker.own.addressText(), {worker.own.netdev});
    }
    text += QStringLiteral("\n# Then on %1, once `ray status` in the container lists %2 nodes, serve a model on all of them:\n"
                           "#   docker exec -it $(docker ps --format '{{.Names}}' | grep -E '^node-[0-9]+$') \\\n"
                           "#     vllm serve meta-llama/Llama-3.3-70B-Instruct --tensor-parallel-size %2\n")
                .arg(head)
                .arg(nodes.size());
    return text;
}

} // namespace spark
