// SPDX-License-Identifier: MIT
#include "ui/clusterbackend/liveclusterbackend.h"

#include "core/cluster/clusteroperations.h"
#include "core/devices/secretstore.h"
#include "core/devices/nodeprober.h"
#include "core/linktest/linktesthistory.h"
#include "core/nccl/nccltesthistory.h"
#include "core/topology/setupprogress.h"

namespace spark::ui {

LiveClusterBackend::LiveClusterBackend(QObject *parent)
    : ClusterBackend(parent)
    , m_applier(new ClusterApplier(this))
    , m_discovery(new DiscoveryRunner(this))
    , m_quickCheck(new LinkTestRunner(this))
    , m_operations(new ClusterOperations(this))
{
    // Every runner reports from its worker threads: queued onto ours.
    for (Job *job : std::initializer_list<Job *>{m_applier, m_discovery, m_quickCheck, m_operations})
        connect(job, &Job::progress, this, &ClusterBackend::progress, Qt::QueuedConnection);
}

LiveClusterBackend::~LiveClusterBackend()
{
    // An apply still running reverts what it changed before the sessions go.
    m_applier->cancel();
    m_applying.waitForFinished();
    m_quickCheck->cancel(); // stops its tools on the nodes before the sessions go
    m_nodes.cancel();
    for (QFuture<void> &future : m_running)
        future.waitForFinished();
}

template<typename T>
QFuture<T> LiveClusterBackend::track(QFuture<T> future)
{
    m_running.removeIf([](const QFuture<void> &running) { return running.isFinished(); });
    m_running.append(QFuture<void>(future));
    return future;
}

Expected<QList<Device>> LiveClusterBackend::loadDevices()
{
    if (auto loaded = m_registry.load(); !loaded)
        return loaded.error();
    return m_registry.devices();
}

SecretStore *LiveClusterBackend::secrets()
{
    if (!m_secrets)
        m_secrets = new SecretStore(this);
    return m_secrets;
}

DeviceEnroller::Paths LiveClusterBackend::enrolmentPaths() const
{
    DeviceEnroller::Paths paths = DeviceEnroller::Paths::defaults();
    paths.registryFile = m_registry.filePath();
    return paths;
}

QFuture<DeviceCheck> LiveClusterBackend::checkDevice(const Device &device)
{
    return DeviceProbe::check(device);
}

QFuture<Expected<NodeFacts>> LiveClusterBackend::probe(const Device &device)
{
    return NodeProber::probe(device);
}

QFuture<DiscoveryReport> LiveClusterBackend::discover(const QList<Device> &devices, const CablingPlan &plan)
{
    QList<DiscoveryNode> nodes;
    for (const Device &device : devices) {
        DiscoveryNode node{device.name, m_nodes.session(device), {}};
        nodes.append(node);
    }
    return track(m_discovery->run(nodes, plan));
}

QFuture<Expected<QuickCheckResult>> LiveClusterBackend::quickCheck(const QList<Device> &devices, const CablingPlan &plan,
                                                                   const DiscoveryReport &report,
                                                                   const QList<NodeFacts> &facts)
{
    QList<LinkTestNode> nodes;
    for (const Device &device : devices)
        nodes.append(LinkTestNode{device.name, m_nodes.session(device)});
    return track(ClusterOperations::quickCheck(*m_quickCheck, QString(), plan, report, facts, nodes));
}

QFuture<Expected<QString>> LiveClusterBackend::rememberedSudoPassword(const QString &device)
{
    return secrets()->sudoPassword(device);
}

QFuture<Expected<PreparedCluster>> LiveClusterBackend::prepare(const ClusterDefinition &cluster,
                                                             const QList<SudoTarget> &nodes,
                                                             const ApplyOptions &options)
{
    return track(ClusterOperations::prepare(cluster, m_nodes.targets(nodes), options));
}

QFuture<ClusterApplyReport> LiveClusterBackend::apply(const PreparedCluster &prepared, const QList<SudoTarget> &nodes)
{
    QFuture<ClusterApplyReport> future = ClusterOperations::apply(*m_applier, prepared, m_nodes.targets(nodes));
    m_applying = QFuture<void>(future);
    return track(future);
}

void LiveClusterBackend::cancelApply()
{
    m_applier->cancel();
}

QFuture<Expected<void>> LiveClusterBackend::rollback(const QList<SudoTarget> &nodes)
{
    return track(m_operations->rollback(m_nodes.targets(nodes)));
}

QFuture<Expected<void>> LiveClusterBackend::trustPeers(const QList<Device> &devices, const AddressPlan &addresses)
{
    return track(m_operations->trustPeers(ClusterOperations::peerTrustTargets(m_nodes, devices, addresses)));
}

Expected<void> LiveClusterBackend::saveCluster(const ClusterDefinition &cluster)
{
    ClusterStore store(ClusterStore::defaultFilePath());
    if (auto loaded = store.load(); !loaded)
        return loaded.error();
    if (auto put = store.put(cluster); !put)
        return put.error();
    return store.save();
}

Expected<LinkTestJob> LiveClusterBackend::linkTestJob(const QString &cluster, const PreparedCluster &prepared,
                                                   const QList<NodeFacts> &facts, const QList<Device> &devices)
{
    return ClusterOperations::linkTestJob(cluster, prepared.cabling, prepared.addresses, facts,
                                          m_nodes.targets(SudoTarget::all(devices)));
}

Expected<void> LiveClusterBackend::saveLinkTestRun(const LinkTestRun &run)
{
    LinkTestHistory history;
    if (auto loaded = history.load(); !loaded)
        return loaded.error();
    history.add(run);
    return history.save();
}

QList<LinkTestRun> LiveClusterBackend::earlierLinkTestRuns(const QString &cluster)
{
    LinkTestHistory history;
    if (!history.load())
        return {};
    return history.runs(cluster);
}

Expected<NcclJobSource> LiveClusterBackend::ncclTestJobs(const ClusterDefinition &cluster)
{
    // Sessions apart from the wizard's own: the source keeps them as long as a run or build needs them.
    if (auto loaded = m_registry.load(); !loaded)
        return loaded.error();
    return ncclJobSource(cluster, m_registry);
}

QString LiveClusterBackend::ncclTestHistoryFile() const
{
    return NcclTestHistory::defaultFilePath();
}

QString LiveClusterBackend::setupProgressFile() const
{
    return SetupProgressStore::defaultFilePath();
}

} // namespace spark::ui
