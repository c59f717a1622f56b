// SPDX-License-Identifier: MIT
#include "core/serving/serveplanner.h"

#include "core/hardware/cx7.h"
#include "core/models/modelfit.h"
#include "core/serving/commandtemplate.h"

#include <QRegularExpression>
#include <QSet>

namespace spark {

bool ServePlanner::isValidLaunchId(const QString &launchId)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9]{8}$"));
    return pattern.match(launchId).hasMatch();
}

QString ServePlanner::containerName(const QString &launchId, int index)
{
    return QStringLiteral("spark-serve-%1-%2").arg(launchId).arg(index + 1);
}

namespace {

using Values = QMap<QString, QString>;

struct Planning
{
    const ServeRequest &request;
    ServePlan plan;
    QList<ServeNode> nodes; // the ones this launch uses, head first

    void refuse(const QString &sentence) { plan.refusals.append(sentence); }
    bool solo() const { return nodes.size() == 1; }
};

// The value of "--flag X" or "--flag=X" in a command, for any of the names.
std::optional<QString> option(const QStringList &argv, const QStringList &names)
{
    for (qsizetype i = 0; i < argv.size(); ++i) {
        for (const QString &name : names) {
            if (argv.at(i) == name && i + 1 < argv.size())
                return argv.at(i + 1);
            if (argv.at(i).startsWith(name + QLatin1Char('=')))
                return argv.at(i).mid(name.size() + 1);
        }
    }
    return std::nullopt;
}

std::optional<int> positive(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    return ok && value > 0 ? std::optional<int>(value) : std::nullopt;
}

void chooseNodes(Planning &p)
{
    if (p.request.soloNode.isEmpty()) {
        p.nodes = p.request.nodes;
        return;
    }
    for (const ServeNode &node : p.request.nodes) {
        if (node.name == p.request.soloNode)
            p.nodes = {node};
    }
    if (p.nodes.isEmpty())
        p.refuse(ServePlanner::tr("%1 is not in the cluster %2.").arg(p.request.soloNode, p.request.cluster));
}

QString keyOf(const QList<QPair<QString, QString>> &pairs, const QString &key)
{
    for (const auto &[name, value] : pairs) {
        if (name == key)
            return value;
    }
    return {};
}

// The recipe's defaults, the parallel layout fitted to the nodes unless the
// user set it, then the user's values.
Values chooseValues(Planning &p)
{
    const Recipe &recipe = p.request.recipe;
    Values values{{QStringLiteral("port"), QString::number(ServePlanner::defaultApiPort)},
                  {QStringLiteral("host"), QStringLiteral("0.0.0.0")},
                  {QStringLiteral("gpu_memory_utilization"), QString::number(ModelFit::defaultMemoryFraction)}};
    for (const auto &[name, value] : recipe.defaults)
        values.insert(name, value);
    const bool userTp = !keyOf(p.request.overrides, QStringLiteral("tensor_parallel")).isEmpty();
    const bool userPp = !keyOf(p.request.overrides, QStringLiteral("pipeline_parallel")).isEmpty();
    const int count = int(p.nodes.size());
    if (!userTp && !userPp && count > 0) {
        const QString recipeTp = recipe.defaultValue(QStringLiteral("tensor_parallel"));
        const QString recipePp = recipe.defaultValue(QStringLiteral("pipeline_parallel"));
        int tp = count;
        int pp = 1;
        if (count == 3 && !recipe.placeholders().contains(QStringLiteral("pipeline_parallel")))
            p.plan.notes.append(ServePlanner::tr("Tensor parallel 3 needs the model's attention heads to divide by 3, "
                                                 "which most models' do not: a recipe with pipeline_parallel suits three "
                                                 "Sparks better."));
        if (recipe.placeholders().contains(QStringLiteral("pipeline_parallel"))) {
            tp = positive(recipeTp).value_or(1);
            pp = count % tp == 0 ? count / tp : 1;
            if (count == 1)
                tp = 1;
        }
        values.insert(QStringLiteral("tensor_parallel"), QString::number(tp));
        values.insert(QStringLiteral("pipeline_parallel"), QString::number(pp));
        const bool changed = (!recipeTp.isEmpty() && recipeTp != QString::number(tp))
                          || (!recipePp.isEmpty() && recipePp != QString::number(pp));
        if (changed)
            p.plan.notes.append(ServePlanner::tr("The recipe's parallel layout (tensor %1 × pipeline %2) is for another "
                                                 "number of Sparks; on these %3 it is tensor %4 × pipeline %5.")
                                    .arg(recipeTp.isEmpty() ? QStringLiteral("1") : recipeTp,
                                         recipePp.isEmpty() ? QStringLiteral("1") : recipePp)
                                    .arg(count)
                                    .arg(tp)
                                    .arg(pp));
    }
    for (const auto &[name, value] : p.request.overrides)
        values.insert(name, value);
    return values;
}

void checkValues(Planning &p, const Values &values)
{
    const auto port = values.value(QStringLiteral("port")).toInt();
    if (port < 1 || port > 65535)
        p.refuse(ServePlanner::tr("The port \"%1\" is not a TCP port (1 to 65535).").arg(values.value(QStringLiteral("port"))));
    bool ok = false;
    const double fraction = values.value(QStringLiteral("gpu_memory_utilization")).toDouble(&ok);
    if (!ok || fraction <= 0 || fraction > 1)
        p.refuse(ServePlanner::tr("The GPU memory fraction \"%1\" must be above 0 and at most 1 (vLLM's "
                                  "--gpu-memory-utilization).")
                     .arg(values.value(QStringLiteral("gpu_memory_utilization"))));
    for (const char *whole : {"tensor_parallel", "pipeline_parallel", "max_model_len"}) {
        const QString name = QLatin1String(whole);
        if (values.contains(name) && !positive(values.value(name)))
            p.refuse(ServePlanner::tr("%1 must be a whole number above 0, not \"%2\".").arg(name, values.value(name)));
    }
}

void fillCommand(Planning &p, const Values &values)
{
    auto serve = CommandTemplate::fill(p.request.recipe.command, values);
    if (!serve) {
        p.refuse(serve.error().message);
        return;
    }
    if (serve->size() < 2 || serve->at(0) != QLatin1String("vllm") || serve->at(1) != QLatin1String("serve")) {
        p.refuse(ServePlanner::tr("The recipe runs \"%1\"; this program launches vLLM's \"vllm serve\" only.")
                     .arg(serve->mid(0, 2).join(QLatin1Char(' '))));
        return;
    }
    p.plan.serve = *serve;
    const QString named = serve->size() > 2 && !serve->at(2).startsWith(QLatin1Char('-')) ? serve->at(2) : QString();
    p.plan.model = p.request.recipe.model.isEmpty() ? named : p.request.recipe.model;
    p.plan.port = positive(option(*serve, {QStringLiteral("--port")}).value_or(QString())).value_or(ServePlanner::defaultApiPort);
    const auto tp = option(*serve, {QStringLiteral("--tensor-parallel-size"), QStringLiteral("-tp")});
    const auto pp = option(*serve, {QStringLiteral("--pipeline-parallel-size"), QStringLiteral("-pp")});
    p.plan.tensorParallel = positive(tp.value_or(QStringLiteral("1"))).value_or(0);
    p.plan.pipelineParallel = positive(pp.value_or(QStringLiteral("1"))).value_or(0);
    const int count = int(p.nodes.size());
    if (count > 0 && p.plan.tensorParallel * p.plan.pipelineParallel != count) {
        const int needed = p.plan.tensorParallel * p.plan.pipelineParallel;
        p.refuse(count == 1 ? ServePlanner::tr("Tensor parallel %1 × pipeline parallel %2 needs %3 GPUs, but one Spark "
                                               "has one GPU: both must be 1.")
                                  .arg(p.plan.tensorParallel)
                                  .arg(p.plan.pipelineParallel)
                                  .arg(needed)
                            : ServePlanner::tr("Tensor parallel %1 × pipeline parallel %2 needs %3 GPUs, but %4 Sparks "
                                               "have one GPU each: the two must multiply to %4.")
                                  .arg(p.plan.tensorParallel)
                                  .arg(p.plan.pipelineParallel)
                                  .arg(needed)
                                  .arg(count));
    }
}

} // namespace

namespace {

bool hasImage(const ServeNode &node, const QString &image)
{
    if (!node.images)
        return true;
    QString wanted = image;
    // Docker names an image without a tag "latest"; a digest is matched as written.
    if (!wanted.contains(QLatin1Char('@')) && !wanted.section(QLatin1Char('/'), -1).contains(QLatin1Char(':')))
        wanted += QStringLiteral(":latest");
    return node.images->contains(wanted);
}

void checkNodes(Planning &p)
{
    const ServePlan &plan = p.plan;
    const Recipe &recipe = p.request.recipe;
    if (recipe.clusterOnly && p.solo())
        p.refuse(ServePlanner::tr("The recipe \"%1\" says its model is too big for one Spark (cluster_only).").arg(recipe.name));
    for (const ServeNode &node : std::as_const(p.nodes)) {
        if (!node.dockerProblem.isEmpty())
            p.refuse(node.dockerProblem);
        else if (!hasImage(node, plan.image))
            p.refuse(ServePlanner::tr("%1 does not have the image %2: pull it there first (docker pull %2).")
                         .arg(node.name, plan.image));
        if (plan.model.isEmpty() || plan.model.startsWith(QLatin1Char('/')))
            continue;
        if (node.modelCacheRoot.isEmpty())
            p.refuse(node.modelProblem.isEmpty()
                         ? ServePlanner::tr("%1 does not have %2 complete: copy it there first (sparkctl model copy %2).")
                               .arg(node.name, plan.model)
                         : ServePlanner::tr("%1 does not have %2 complete (%3): copy it there first (sparkctl model copy %2).")
                               .arg(node.name, plan.model, node.modelProblem));
    }
    if (p.nodes.isEmpty())
        return;
    const ServeNode &head = p.nodes.constFirst();
    QList<int> needed{plan.port};
    if (!p.solo())
        needed.append(ServePlanner::rayPort);
    for (const int port : std::as_const(needed)) {
        if (head.listeningPorts && head.listeningPorts->contains(port))
            p.refuse(port == ServePlanner::rayPort
                         ? ServePlanner::tr("Something on %1 already listens on port %2, which Ray's head needs: stop "
                                            "it, or stop the model already running there.")
                               .arg(head.name)
                               .arg(port)
                         : ServePlanner::tr("Something on %1 already listens on port %2: stop it, or choose another "
                                            "port.")
                               .arg(head.name)
                               .arg(port));
    }
}

void checkFit(Planning &p, double fraction)
{
    qint64 memory = -1;
    for (const ServeNode &node : std::as_const(p.nodes)) {
        if (node.memTotalBytes > 0 && (memory < 0 || node.memTotalBytes < memory))
            memory = node.memTotalBytes;
    }
    if (p.request.weightBytes <= 0 || memory <= 0 || p.nodes.isEmpty())
        return;
    const int count = int(p.nodes.size());
    const auto fits = ModelFit::assess(p.request.weightBytes, memory, std::max(count, 4), fraction);
    p.plan.fit = ModelFit::sentence(fits);
    if (!fits.at(count - 1).fits())
        p.refuse(count == 1 ? ServePlanner::tr("%1 does not fit on one Spark at a memory fraction of %2: %3")
                                  .arg(p.plan.model)
                                  .arg(fraction)
                                  .arg(p.plan.fit)
                            : ServePlanner::tr("%1 does not fit on %2 Sparks at a memory fraction of %3: %4")
                                  .arg(p.plan.model)
                                  .arg(count)
                                  .arg(fraction)
                                  .arg(p.plan.fit));
    else if (count > 1 && fits.constFirst().fits())
        p.plan.notes.append(ServePlanner::tr("The model also fits on one Spark: one Spark per model behind the API is "
                                             "usually faster than tensor parallel across two (a 27B model decoded "
                                             "22.6 tokens/s on one Spark and 8.1 at tensor parallel 2)."));
}

// The address every node reaches the head at: twin 0's subnet of the head's
// cabled port on a pair or a switch; the management network on a ring.
void chooseNetwork(Planning &p)
{
    if (p.solo() || p.nodes.isEmpty())
        return;
    QStringList used;
    if (p.request.layout == ClusterLayout::Ring3) {
        p.plan.network = QStringLiteral("management");
        for (ServeNodePlan &node : p.plan.nodes) {
            const auto source = std::find_if(p.nodes.cbegin(), p.nodes.cend(),
                                             [&](const ServeNode &n) { return n.name == node.node; });
            node.netdev = QString::fromLatin1(cx7::managementNetdev);
            node.address = source->managementAddress;
            if (node.address.isEmpty())
                p.refuse(ServePlanner::tr("%1's address on the management network is not known, and a ring's Ray "
                                          "cluster runs there.")
                             .arg(node.node));
        }
        return;
    }
    p.plan.network = QStringLiteral("cx7");
    const AddressPlan &addresses = p.request.addresses;
    std::optional<Ipv4Subnet> subnet;
    for (const InterfaceAddress &interface : addresses.interfacesOf(p.plan.head())) {
        if (interface.twin == 0 && !subnet)
            subnet = interface.subnet;
    }
    for (ServeNodePlan &node : p.plan.nodes) {
        for (const InterfaceAddress &interface : addresses.interfacesOf(node.node)) {
            if (subnet && interface.subnet == *subnet) {
                node.netdev = interface.netdev;
                node.address = interface.addressText();
            }
        }
        if (node.address.isEmpty())
            p.refuse(ServePlanner::tr("%1 has no address on the cable or switch that reaches %2; apply the cluster's "
                                      "network first.")
                         .arg(node.node, p.plan.head()));
    }
}

QStringList rdmaDevicesOf(const AddressPlan &addresses, const QString &node)
{
    QStringList devices;
    for (const InterfaceAddress &interface : addresses.interfacesOf(node)) {
        if (const Cx7Function *function = cx7::find(interface.port, interface.twin)) {
            if (!devices.contains(function->rdmaDeviceName()))
                devices.append(function->rdmaDeviceName());
        }
    }
    return devices;
}

void buildEnvironment(Planning &p)
{
    const ServeNodePlan *head = p.plan.nodes.isEmpty() ? nullptr : &p.plan.nodes.constFirst();
    for (ServeNodePlan &node : p.plan.nodes) {
        QList<EnvironmentVariable> &env = node.environment;
        env.append({QStringLiteral("HF_HUB_OFFLINE"), QStringLiteral("1"),
                    QStringLiteral("The model is already complete on this node: nothing is downloaded.")});
        if (!p.solo()) {
            env.append({QStringLiteral("VLLM_HOST_IP"), node.address, QStringLiteral("The address Ray knows this node by.")});
            for (const char *name : {"NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME", "TP_SOCKET_IFNAME", "UCX_NET_DEVICES",
                                     "OMPI_MCA_btl_tcp_if_include"})
                env.append({QLatin1String(name), node.netdev,
                            QStringLiteral("Bootstrap traffic on the network every node reaches.")});
            env.append({QStringLiteral("MASTER_ADDR"), head->address, QStringLiteral("The head node.")});
            env.append({QStringLiteral("RAY_memory_monitor_refresh_ms"), QStringLiteral("0"),
                        QStringLiteral("Ray's memory monitor would kill vLLM on unified memory.")});
            env += NcclEnvironment::dataPath(p.request.layout, rdmaDevicesOf(p.request.addresses, node.node),
                                             p.request.gidIndex);
        }
        for (const auto &[name, value] : p.request.recipe.env) {
            const bool planned = std::any_of(env.cbegin(), env.cend(), [&](const EnvironmentVariable &v) { return v.name == name; });
            if (planned) {
                const QString warning = ServePlanner::tr("The recipe sets %1; the value planned from this cluster is used instead.").arg(name);
                if (!p.plan.warnings.contains(warning))
                    p.plan.warnings.append(warning);
                continue;
            }
            env.append({name, value, QStringLiteral("From the recipe.")});
        }
    }
}

void buildDockerRuns(Planning &p)
{
    for (qsizetype i = 0; i < p.plan.nodes.size(); ++i) {
        ServeNodePlan &node = p.plan.nodes[i];
        const ServeNode &source = p.nodes.at(i);
        QStringList run{QStringLiteral("docker"), QStringLiteral("run"), QStringLiteral("-d"), QStringLiteral("--name"),
                        node.container, QStringLiteral("--label"),
                        QStringLiteral("%1=%2").arg(QLatin1String(ServePlanner::clusterLabel), p.plan.cluster),
                        QStringLiteral("--label"),
                        QStringLiteral("%1=%2").arg(QLatin1String(ServePlanner::launchLabel), p.plan.launchId),
                        QStringLiteral("--gpus"), QStringLiteral("all"), QStringLiteral("--network"), QStringLiteral("host"),
                        QStringLiteral("--ipc"), QStringLiteral("host")};
        if (!p.solo())
            run << QStringLiteral("--device") << QStringLiteral("/dev/infiniband") << QStringLiteral("--ulimit")
                << QStringLiteral("memlock=-1");
        if (!source.modelCacheRoot.isEmpty())
            run << QStringLiteral("-v") << source.modelCacheRoot + QStringLiteral(":/root/.cache/huggingface/hub");
        for (const EnvironmentVariable &variable : std::as_const(node.environment))
            run << QStringLiteral("-e") << variable.name + QLatin1Char('=') + variable.value;
        run << p.plan.image;
        const QString own = QStringLiteral("--node-ip-address=") + node.address;
        if (node.role == ServeNodePlan::Role::Solo)
            run += p.plan.serve;
        else if (node.role == ServeNodePlan::Role::Head)
            run << QStringLiteral("ray") << QStringLiteral("start") << QStringLiteral("--head")
                << QStringLiteral("--port=%1").arg(ServePlanner::rayPort) << own << QStringLiteral("--block");
        else
            run << QStringLiteral("ray") << QStringLiteral("start")
                << QStringLiteral("--address=%1:%2").arg(p.plan.nodes.constFirst().address).arg(ServePlanner::rayPort)
                << own << QStringLiteral("--block");
        node.dockerRun = run;
    }
}

} // namespace

ServePlan ServePlanner::plan(const ServeRequest &request)
{
    Planning p{request, {}, {}};
    ServePlan &plan = p.plan;
    plan.cluster = request.cluster;
    plan.recipe = request.recipe.name;
    plan.source = request.recipe.source;
    plan.image = request.recipe.container;
    plan.launchId = request.launchId;
    plan.warnings = request.recipe.warnings;
    if (!isValidLaunchId(request.launchId))
        p.refuse(tr("\"%1\" is not a launch id (8 lower-case letters and digits).").arg(request.launchId));
    chooseNodes(p);
    const Values values = chooseValues(p);
    checkValues(p, values);
    fillCommand(p, values);
    if (!plan.refusals.isEmpty())
        return plan;
    for (qsizetype i = 0; i < p.nodes.size(); ++i) {
        const auto role = p.solo() ? ServeNodePlan::Role::Solo : i == 0 ? ServeNodePlan::Role::Head
                                                                        : ServeNodePlan::Role::Worker;
        plan.nodes.append({p.nodes.at(i).name, role, containerName(request.launchId, int(i)), {}, {}, {}, {}});
    }
    checkNodes(p);
    checkFit(p, values.value(QStringLiteral("gpu_memory_utilization")).toDouble());
    chooseNetwork(p);
    buildEnvironment(p);
    buildDockerRuns(p);
    return plan;
}

QString serveRoleKey(ServeNodePlan::Role role)
{
    switch (role) {
    case ServeNodePlan::Role::Solo:
        return QStringLiteral("solo");
    case ServeNodePlan::Role::Head:
        return QStringLiteral("head");
    case ServeNodePlan::Role::Worker:
        return QStringLiteral("worker");
    }
    return {};
}

} // namespace spark
