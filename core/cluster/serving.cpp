// SPDX-License-Identifier: MIT
#include "core/cluster/serving.h"

#include "core/cluster/clustersessions.h"
#include "core/common/runonthread.h"
#include "core/common/shellquote.h"
#include "core/hardware/cx7.h"
#include "core/models/hfcachelisting.h"
#include "core/models/modelinventory.h"
#include "core/nccl/ncclenvironment.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/serving/servenodestate.h"
#include "core/serving/serveplanner.h"
#include "core/ssh/sshsession.h"
#include "core/topology/cablingplanner.h"

#include <QRandomGenerator>
#include <QTcpServer>

namespace spark {

namespace {

struct ServingText
{
    Q_DECLARE_TR_FUNCTIONS(spark::Serving)
};

constexpr int readTimeoutMs = 60000;

QString newLaunchId()
{
    const QLatin1String alphabet("abcdefghijklmnopqrstuvwxyz0123456789");
    QString id;
    for (int i = 0; i < 8; ++i)
        id += QLatin1Char(alphabet.at(QRandomGenerator::global()->bounded(int(alphabet.size()))));
    return id;
}

QString managementAddress(const NodeFacts &facts)
{
    for (const IpInterface &interface : facts.interfaces) {
        if (interface.name != QLatin1String(cx7::managementNetdev))
            continue;
        for (const IpAddress &address : interface.addresses) {
            if (address.family == QLatin1String("inet"))
                return address.local;
        }
    }
    return {};
}

// The model's state on one node, from its cache listing.
void readModel(ServeNode &node, qint64 &weightBytes, const QString &model, const QString &output)
{
    const CacheListing listing = HfCacheListing::parse(output);
    node.memTotalBytes = listing.memTotalBytes;
    if (!listing.finished) {
        node.modelProblem = ServingText::tr("its caches could not be read");
        return;
    }
    for (const CachedModel &cached : ModelInventory::models(listing)) {
        const ModelRevision *revision = cached.repoId == model ? cached.mainRevision() : nullptr;
        if (!revision)
            continue;
        weightBytes = std::max(weightBytes, revision->weightBytes);
        if (revision->complete() && node.modelCacheRoot.isEmpty())
            node.modelCacheRoot = cached.root;
        else if (!revision->complete())
            node.modelProblem = revision->problems.join(QStringLiteral("; "));
    }
}

} // namespace

QString servedModelOf(const Recipe &recipe)
{
    if (!recipe.model.isEmpty())
        return recipe.model;
    const QString named = recipe.command.value(2);
    return named.startsWith(QLatin1Char('-')) || named.contains(QLatin1Char('{')) ? QString() : named;
}

QFuture<Expected<ServePreparation>> prepareServing(const ServeAsk &ask)
{
    return runOnThread([ask]() -> Expected<ServePreparation> {
        const auto opened = ClusterSessions::open(ask.cluster);
        if (!opened)
            return opened.error();
        ClusterSessions &sessions = **opened;
        const ClusterDefinition &cluster = sessions.cluster();
        const auto facts = ClusterPreparer::probe(sessions.targets());
        if (!facts)
            return facts.error();
        const auto cabling = CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
        if (!cabling)
            return cabling.error();
        const auto addresses = ClusterPreparer::planAddresses(cluster, *cabling, *facts);
        if (!addresses)
            return addresses.error();
        const auto listing = HfCacheListing::script(ask.extraFolders);
        if (!listing)
            return listing.error();

        ServeRequest request;
        request.recipe = ask.recipe;
        request.cluster = cluster.name;
        request.layout = cluster.layout;
        request.addresses = *addresses;
        const auto gid = NcclEnvironment::commonGidIndex(*cabling, *facts);
        request.gidIndex = gid ? std::optional<int>(*gid) : std::nullopt;
        request.overrides = ask.overrides;
        request.soloNode = ask.soloNode;
        request.launchId = newLaunchId();
        const QString model = servedModelOf(ask.recipe);
        QList<QPair<QFuture<Expected<ExecResult>>, QFuture<Expected<ExecResult>>>> reads;
        for (const Device &device : sessions.devices()) {
            SshSession *session = sessions.session(device);
            reads.append({session->exec(shellJoin({QStringLiteral("sh"), QStringLiteral("-c"), *listing}), {}, readTimeoutMs),
                          session->exec(shellJoin({QStringLiteral("sh"), QStringLiteral("-c"), ServeNodeReading::script()}), {},
                                        readTimeoutMs)});
        }
        for (qsizetype i = 0; i < sessions.devices().size(); ++i) {
            const Device &device = sessions.devices().at(i);
            ServeNode node;
            node.name = device.name;
            const auto own = std::find_if(facts->cbegin(), facts->cend(), [&](const NodeFacts &f) { return f.node == device.name; });
            node.managementAddress = own == facts->cend() ? QString() : managementAddress(*own);
            const auto models = reads[i].first.result();
            const auto state = reads[i].second.result();
            if (!models || !state)
                return Error(ServingText::tr("%1 could not be read: %2").arg(device.name, (!models ? models : state).error().message));
            readModel(node, request.weightBytes, model, QString::fromUtf8(models->standardOutput));
            const ServeNodeState serving = ServeNodeReading::parse(QString::fromUtf8(state->standardOutput));
            node.dockerProblem = serving.dockerProblem(device.name, device.user);
            if (node.dockerProblem.isEmpty())
                node.images = serving.images;
            node.listeningPorts = serving.listeningPorts;
            request.nodes.append(node);
        }
        ServePreparation prepared;
        prepared.plan = ServePlanner::plan(request);
        prepared.devices = sessions.devices();
        const qsizetype count = std::max<qsizetype>(1, prepared.plan.nodes.size());
        prepared.options.readyTimeoutMs = ServeLaunchOptions::readyTimeoutFor(request.weightBytes / count);
        return prepared;
    });
}

ServeEndpoint::~ServeEndpoint() = default;

Expected<std::unique_ptr<ServeEndpoint>> openServeEndpoint(const QString &cluster, const QString &launchId)
{
    auto sessions = ClusterSessions::open(cluster);
    if (!sessions)
        return sessions.error();
    const QString name = (*sessions)->cluster().name;
    const auto launches = ServeLaunches::ofCluster(name);
    if (!launches)
        return launches.error();
    const auto launch = std::find_if(launches->cbegin(), launches->cend(),
                                     [&](const ServeLaunch &l) { return launchId.isEmpty() || l.launchId == launchId; });
    if (launch == launches->cend())
        return Error(ServingText::tr("No model of ours runs on %1: start one with sparkctl serve start.").arg(name));
    SshSession *head = (*sessions)->session(launch->head);
    if (!head)
        return Error(ServingText::tr("%1, the launch's head, is no longer in the cluster %2.").arg(launch->head, name));
    QTcpServer probe; // a free port of this computer's loopback
    if (!probe.listen(QHostAddress::LocalHost))
        return Error(ServingText::tr("No local port is free for the tunnel: %1").arg(probe.errorString()));
    const quint16 local = probe.serverPort();
    probe.close();
    const auto forwarded = head->startForwarding(PortForward{local, QStringLiteral("127.0.0.1"), quint16(launch->port)}).result();
    if (!forwarded)
        return forwarded.error();
    auto endpoint = std::make_unique<ServeEndpoint>();
    endpoint->sessions = std::move(*sessions);
    endpoint->launch = *launch;
    endpoint->base = QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(local));
    return endpoint;
}

} // namespace spark
