// SPDX-License-Identifier: MIT
#include "ui/wizard/livesetupbackend.h"

#include "core/cluster/clusteroperations.h"
#include "core/devices/secretstore.h"
#include "core/devices/nodeprober.h"
#include "core/linktest/linktesthistory.h"
#include "core/linktest/nccltesthistory.h"
#include "core/topology/setupprogress.h"

namespace spark::ui {

LiveSetupBackend::LiveSetupBackend(QObject *parent)
    : SetupBackend(parent)
    , m_applier(new ClusterApplier(this))
    , m_discovery(new DiscoveryRunner(this))
    , m_quickCheck(new LinkTestRunner(this))
{
    // Both runners report from their worker threads: queued onto ours.
    connect(m_applier, &ClusterApplier::progress, this, &SetupBackend::progress, Qt::QueuedConnection);
    connect(m_discovery, &DiscoveryRunner::progress, this, &SetupBackend::progress, Qt::QueuedConnection);
    connect(m_quickCheck, &LinkTestRunner::progress, this,
            [this](double fraction, const QString &sentence) { Q_EMIT progress(QString(), fraction, sentence); },
            Qt::QueuedConnection);
}

LiveSetupBackend::~LiveSetupBackend()
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
QFuture<T> LiveSetupBackend::track(QFuture<T> future)
{
    m_running.removeIf([](const QFuture<void> &running) { return running.isFinished(); });
    m_running.append(QFuture<void>(future));
    return future;
}

Expected<QList<Device>> LiveSetupBackend::loadDevices()
{
    if (auto loaded = m_registry.load(); !loaded)
        return loaded.error();
    return m_registry.devices();
}

ClusterOperations::Progress LiveSetupBackend::relayProgress()
{
    // Reported on the operation's thread: queued onto ours.
    return [this](const QString &node, double fraction, const QString &sentence) {
        QMetaObject::invokeMethod(this, [this, node, fraction, sentence] { Q_EMIT progress(node, fraction, sentence); },
                                  Qt::QueuedConnection);
    };
}

SecretStore *LiveSetupBackend::secrets()
{
    if (!m_secrets)
        m_secrets = new SecretStore(this);
    return m_secrets;
}

DeviceEnroller::Paths LiveSetupBackend::enrolmentPaths() const
{
    DeviceEnroller::Paths paths = DeviceEnroller::Paths::defaults();
    paths.registryFile = m_registry.filePath();
    return paths;
}

QFuture<DeviceCheck> LiveSetupBackend::checkDevice(const Device &device)
{
    return DeviceProbe::check(device);
}

QFuture<Expected<NodeFacts>> LiveSetupBackend::probe(const Device &device)
{
    return NodeProber::probe(device);
}

QFuture<DiscoveryReport> LiveSetupBackend::discover(const QList<Device> &devices, const CablingPlan &plan)
{
    QList<DiscoveryNode> nodes;
    for (const Device &device : devices) {
        DiscoveryNode node{device.name, m_nodes.session(device), {}};
        nodes.append(node);
    }
    return track(m_discovery->run(nodes, plan));
}

QFuture<Expected<QuickCheckResult>> LiveSetupBackend::quickCheck(const QList<Device> &devices, const CablingPlan &plan,
                                                                   const DiscoveryReport &report,
                                                                   const QList<NodeFacts> &facts)
{
    const QuickCheckPlan quick = QuickCheck::plan(plan, report.observations, facts);
    if (quick.links.isEmpty())
        return QtFuture::makeReadyFuture(Expected<QuickCheckResult>(QuickCheckResult{{}, quick.unmeasured}));
    QList<LinkTestNode> nodes;
    for (const Device &device : devices)
        nodes.append(LinkTestNode{device.name, m_nodes.session(device)});
    const QStringList unmeasured = quick.unmeasured;
    return track(m_quickCheck->run(QuickCheck::job(QString(), quick, nodes))
                     .then([unmeasured](const Expected<LinkTestRun> &run) -> Expected<QuickCheckResult> {
                         if (!run)
                             return run.error();
                         return QuickCheckResult{run->links, unmeasured};
                     }));
}

QFuture<Expected<QString>> LiveSetupBackend::rememberedSudoPassword(const QString &device)
{
    return secrets()->sudoPassword(device);
}

QFuture<Expected<PreparedCluster>> LiveSetupBackend::prepare(const ClusterDefinition &cluster,
                                                             const QList<SudoTarget> &nodes,
                                                             const ApplyOptions &options)
{
    return track(ClusterOperations::prepare(cluster, m_nodes.targets(nodes), options));
}

QFuture<ClusterApplyReport> LiveSetupBackend::apply(const PreparedCluster &prepared, const QList<SudoTarget> &nodes)
{
    QFuture<ClusterApplyReport> future = m_applier->run(prepared.jobs(m_nodes.targets(nodes)));
    m_applying = QFuture<void>(future);
    return track(future);
}

void LiveSetupBackend::cancelApply()
{
    m_applier->cancel();
}

QFuture<Expected<void>> LiveSetupBackend::rollback(const QList<SudoTarget> &nodes)
{
    return track(ClusterOperations::rollback(m_nodes.targets(nodes), relayProgress()));
}

QFuture<Expected<void>> LiveSetupBackend::trustPeers(const QList<Device> &devices, const AddressPlan &addresses)
{
    return track(ClusterOperations::trustPeers(ClusterOperations::peerTrustTargets(m_nodes, devices, addresses),
                                               relayProgress()));
}

Expected<void> LiveSetupBackend::saveCluster(const ClusterDefinition &cluster)
{
    ClusterStore store(ClusterStore::defaultFilePath());
    if (auto loaded = store.load(); !loaded)
        return loaded.error();
    if (auto put = store.put(cluster); !put)
        return put.error();
    return store.save();
}

Expected<LinkTestJob> LiveSetupBackend::linkTestJob(const QString &cluster, const PreparedCluster &prepared,
                                                   const QList<NodeFacts> &facts, const QList<Device> &devices)
{
    return ClusterOperations::linkTestJob(cluster, prepared.cabling, prepared.addresses, facts,
                                          m_nodes.targets(SudoTarget::all(devices)));
}

Expected<void> LiveSetupBackend::saveLinkTestRun(const LinkTestRun &run)
{
    LinkTestHistory history;
    if (auto loaded = history.load(); !loaded)
        return loaded.error();
    history.add(run);
    return history.save();
}

QList<LinkTestRun> LiveSetupBackend::earlierLinkTestRuns(const QString &cluster)
{
    LinkTestHistory history;
    if (!history.load())
        return {};
    return history.runs(cluster);
}

Expected<NcclJobSource> LiveSetupBackend::ncclTestJobs(const ClusterDefinition &cluster)
{
    // Sessions apart from the wizard's own: the source keeps them as long as a run or build needs them.
    if (auto loaded = m_registry.load(); !loaded)
        return loaded.error();
    return ncclJobSource(cluster, m_registry);
}

QString LiveSetupBackend::ncclTestHistoryFile() const
{
    return NcclTestHistory::defaultFilePath();
}

QString LiveSetupBackend::setupProgressFile() const
{
    return SetupProgressStore::defaultFilePath();
}

} // namespace spark::ui
