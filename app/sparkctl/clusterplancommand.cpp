// SPDX-License-Identifier: MIT
// sparkctl cluster plan: the cabling plan and the CX-7 address plan of a
// cluster, from the registry alone (no node is contacted), saved as the
// default cluster for the later commands.
#include "app/sparkctl/clustercontext.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/output.h"

#include "core/devices/deviceregistry.h"
#include "core/netconfig/addressplanner.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/topology/cablingplanner.h"
#include "core/cluster/clusterstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace sparkctl {

using namespace spark;

namespace {

const QString kPath = QStringLiteral("cluster plan");

class Text
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterCommands)
};

int runClusterPlan(QCommandLineParser &parser)
{
    const QString layout = QStringLiteral("layout");
    const QString devices = QStringLiteral("devices");
    const QString port = QStringLiteral("port");
    const QString name = QStringLiteral("cluster");
    const QString jumbo = QStringLiteral("jumbo-frames");
    const QString base = QStringLiteral("base-range");
    const QString json = QStringLiteral("json");
    auto wrong = [&](const QString &sentence) { return usageError(parser, kPath, sentence); };

    const auto chosenLayout = layoutFromKey(parser.value(layout));
    if (!chosenLayout)
        return wrong(Text::tr("--layout must be direct2, ring3 or switch."));
    std::optional<int> chosenPort;
    if (parser.isSet(port)) {
        if (parser.value(port) != QLatin1String("0") && parser.value(port) != QLatin1String("1"))
            return wrong(Text::tr("--port must be 0 (left) or 1 (right)."));
        chosenPort = parser.value(port).toInt();
    }
    if (parser.isSet(jumbo) && *chosenLayout != ClusterLayout::Switch)
        return wrong(Text::tr("--jumbo-frames is for a switch; direct cables always use MTU 9000."));

    DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded)
        return Output::failure(loaded.error());
    QStringList nodes;
    if (parser.isSet(devices)) {
        for (const QString &device : parser.value(devices).split(QLatin1Char(','))) {
            const QString trimmed = device.trimmed();
            const Device *registered = registry.find(trimmed);
            if (!registered)
                return Output::failure(Error(Text::tr("No Spark named \"%1\" is registered; add it with 'sparkctl device add' or "
                                           "check the names with 'sparkctl device list'.")
                                          .arg(trimmed)));
            nodes.append(registered->name);
        }
    } else {
        for (const Device &device : registry.devices())
            nodes.append(device.name);
    }

    ClusterStore store;
    if (auto loaded = store.load(); !loaded)
        return Output::failure(loaded.error());
    ClusterDefinition cluster;
    cluster.name = parser.isSet(name) ? parser.value(name)
                                      : (store.defaultCluster().isEmpty() ? QStringLiteral("spark-cluster") : store.defaultCluster());
    if (!ClusterDefinition::isValidName(cluster.name))
        return wrong(ClusterDefinition::nameRule());
    cluster.layout = *chosenLayout;
    cluster.devices = nodes;
    cluster.port = chosenPort;
    cluster.switchJumboFrames = parser.isSet(jumbo);
    cluster.baseRange = parser.value(base);

    // NVIDIA's layout rules and the address range are checked before anything is saved.
    const auto cabling = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
    if (!cabling)
        return wrong(cabling.error().message);
    auto options = ClusterPreparer::addressOptions(cluster);
    if (!options)
        return wrong(Text::tr("--base-range must be an IPv4 range such as 10.200.0.0/16."));
    // No node was read: the apply plans again against the networks the nodes use.
    options->usedSubnetsKnown = false;
    const auto addresses = AddressPlanner::plan(*cabling, {}, *options);
    if (!addresses)
        return wrong(addresses.error().message);

    if (auto put = store.put(cluster); !put)
        return Output::failure(put.error());
    if (auto saved = store.save(); !saved)
        return Output::failure(saved.error());

    if (parser.isSet(json)) {
        Output::result(true, {{QStringLiteral("cluster"), cluster.toJson()},
                              {QStringLiteral("cabling"), cabling->toJson()},
                              {QStringLiteral("addresses"), addresses->toJson()}});
        return Success;
    }
    QString out = Text::tr("Cluster %1: %2 with %3 Sparks.")
                                  .arg(cluster.name, layoutKey(cluster.layout), QString::number(nodes.size()))
                    + QLatin1Char('\n');
    out += QLatin1Char('\n') + Text::tr("Cabling:") + QLatin1Char('\n');
    for (const QString &line : cabling->describe())
        out += QStringLiteral("  %1\n").arg(line);
    out += QLatin1Char('\n') + Text::tr("ConnectX-7 addresses (MTU %1):").arg(addresses->mtu) + QLatin1Char('\n');
    for (const QString &line : addresses->describe())
        out += QStringLiteral("  %1\n").arg(line);
    out += QLatin1Char('\n')
           + Text::tr("No node was contacted: 'sparkctl cluster apply' reads the nodes first and moves any subnet that a "
                  "node already uses.")
           + QLatin1Char('\n');
    out += Text::tr("Saved as cluster %1, the default for 'sparkctl cluster verify', 'apply' and 'export'.").arg(cluster.name)
           + QLatin1Char('\n');
    printOut(out);
    return Success;
}

} // namespace

Command clusterPlanCommand()
{
    return {QStringLiteral("plan"), Text::tr("Plan the cabling and the ConnectX-7 addresses (no node is contacted)"),
            Text::tr("Plan a cluster: which cable goes into which port, and the ConnectX-7 addresses every node gets. "
                     "No node is contacted; the plan is saved as the default cluster for verify, apply and export."),
            {},
            {{QStringLiteral("layout"), Text::tr("direct2, ring3 or switch."), QStringLiteral("LAYOUT"), {},
              Completion::Words, {QStringLiteral("direct2"), QStringLiteral("ring3"), QStringLiteral("switch")}},
             {QStringLiteral("devices"), Text::tr("The registered Sparks, in cable order (default: every registered one)."),
              QStringLiteral("A,B,…"), {}, Completion::Devices},
             {QStringLiteral("port"), Text::tr("0 (left) or 1 (right), for direct2 and switch (default 0)."),
              QStringLiteral("0|1"), {}, Completion::Words, {QStringLiteral("0"), QStringLiteral("1")}},
             {QStringLiteral("cluster"), Text::tr("The cluster's name (default: the one planned last, or \"spark-cluster\")."),
              QStringLiteral("NAME"), {}, Completion::Clusters},
             {QStringLiteral("jumbo-frames"),
              Text::tr("The switch takes 9000-byte frames on these ports (default: MTU 1500 on a switch).")},
             {QStringLiteral("base-range"), Text::tr("Where the cluster's subnets come from (default 10.200.0.0/16)."),
              QStringLiteral("CIDR")},
             {QStringLiteral("json"), Text::tr("Print the plan as JSON.")}},
            &runClusterPlan};
}

} // namespace sparkctl
