// SPDX-License-Identifier: MIT
#include "core/cluster/clusterexports.h"

#include "core/common/hostname.h"
#include "core/common/shellquote.h"
#include "core/serving/recipe.h"
#include "core/serving/serveplanner.h"

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

// A command for a person to read and paste: a word quoted only when a shell
// would otherwise change it, each option on a line of its own.
QString readableCommand(const QStringList &words)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    QString text;
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString &word = words.at(i);
        if (i > 1 && word.startsWith(QLatin1Char('-')))
            text += QStringLiteral(" \\\n    ");
        else if (i > 0)
            text += QLatin1Char(' ');
        text += plain.match(word).hasMatch() ? word : shellQuote(word);
    }
    return text;
}

} // namespace

Expected<QString> ClusterExports::vllmCommands(const QString &clusterName, const QList<ExportNode> &nodes,
                                               const AddressPlan &addresses)
{
    if (nodes.size() < 2)
        return Error(tr("vLLM across Sparks needs at least two Sparks in the cluster."));
    // Three Sparks split a model by layers: tensor parallel 3 needs attention
    // heads divisible by 3, which most models do not have.
    const QString recipeName = addresses.layout == ClusterLayout::Ring3 ? QStringLiteral("vllm-pipeline-parallel")
                                                                        : QStringLiteral("vllm-two-sparks");
    const auto recipe = RecipeReader::find(recipeName);
    if (!recipe)
        return recipe.error();
    ServeRequest request;
    request.recipe = *recipe;
    request.cluster = clusterName;
    request.layout = addresses.layout;
    request.addresses = addresses;
    request.launchId = QStringLiteral("export00");
    for (const ExportNode &node : nodes) {
        ServeNode serveNode;
        serveNode.name = node.name;
        serveNode.managementAddress = node.managementHost;
        // The file is for the person to run: the node's default cache, nothing checked.
        serveNode.modelCacheRoot = QStringLiteral("/home/%1/.cache/huggingface/hub").arg(node.user);
        request.nodes.append(serveNode);
    }
    const ServePlan plan = ServePlanner::plan(request);
    if (!plan.canStart())
        return Error(plan.refusals.join(QLatin1Char(' ')));
    QString text = QStringLiteral("# vLLM across the Spark Companion cluster \"%1\" (%2): the recipe \"%5\",\n"
                                  "# as `sparkctl serve start %6 --cluster %1` runs it (which also checks every\n"
                                  "# Spark first, waits for each step and stops everything if one fails).\n"
                                  "# Ray and NCCL's bootstrap go over %3;\n# NCCL's data over both twins of the cables.\n"
                                  "# First, on every Spark: docker pull %4\n")
                       .arg(clusterName, layoutKey(addresses.layout),
                            plan.network == QLatin1String("management") ? QStringLiteral("the management network (a ring of three has "
                                                                                         "no subnet that reaches all three)")
                                                                        : QStringLiteral("the cables' subnet"),
                            plan.image, recipe->name, recipeName);
    for (const ServeNodePlan &node : plan.nodes)
        text += QStringLiteral("\n# On %1, the Ray %2:\n%3\n")
                    .arg(node.node, node.role == ServeNodePlan::Role::Head ? QStringLiteral("head") : QStringLiteral("worker"),
                         readableCommand(node.dockerRun));
    text += QStringLiteral("\n# Then on %1, once `docker exec %2 ray status` lists %3 nodes:\n%4\n")
                .arg(plan.head(), plan.nodes.constFirst().container)
                .arg(plan.nodes.size())
                .arg(readableCommand(QStringList{QStringLiteral("docker"), QStringLiteral("exec"), QStringLiteral("-it"),
                                                 plan.nodes.constFirst().container}
                                     + plan.serve));
    text += QStringLiteral("\n# To stop it, on every Spark: docker rm -f $(docker ps -aq --filter label=%1=%2)\n")
                .arg(QLatin1String(ServePlanner::launchLabel), plan.launchId);
    return text;
}

} // namespace spark
