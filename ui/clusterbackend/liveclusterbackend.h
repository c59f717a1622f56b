// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clusteroperations.h"
#include "core/cluster/clustersessions.h"
#include "core/devices/deviceregistry.h"
#include "ui/clusterbackend/clusterbackend.h"

#include <QFuture>

namespace spark::ui {

// The wizard's backend over real SSH: one session per device (key login, the
// host key accepted at enrolment), reused by every step, and core's runners
// on worker threads. Closing it mid-apply lets the apply revert first.
class LiveClusterBackend final : public ClusterBackend
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveClusterBackend)

public:
    explicit LiveClusterBackend(QObject *parent = nullptr);
    ~LiveClusterBackend() override;

    Expected<QList<Device>> loadDevices() override;
    SecretStore *secrets() override;
    DeviceEnroller::Paths enrolmentPaths() const override;

    QFuture<DeviceCheck> checkDevice(const Device &device) override;
    QFuture<Expected<NodeFacts>> probe(const Device &device) override;
    QFuture<DiscoveryReport> discover(const QList<Device> &devices, const CablingPlan &plan) override;
    QFuture<Expected<QuickCheckResult>> quickCheck(const QList<Device> &devices, const CablingPlan &plan,
                                                   const DiscoveryReport &report, const QList<NodeFacts> &facts) override;
    QFuture<Expected<QString>> rememberedSudoPassword(const QString &device) override;
    QFuture<Expected<PreparedCluster>> prepare(const ClusterDefinition &cluster, const QList<SudoTarget> &nodes,
                                               const ApplyOptions &options) override;
    QFuture<ClusterApplyReport> apply(const PreparedCluster &prepared, const QList<SudoTarget> &nodes) override;
    void cancelApply() override;
    QFuture<Expected<void>> rollback(const QList<SudoTarget> &nodes) override;
    QFuture<Expected<void>> trustPeers(const QList<Device> &devices, const AddressPlan &addresses) override;
    Expected<void> saveCluster(const ClusterDefinition &cluster) override;
    Expected<LinkTestJob> linkTestJob(const QString &cluster, const PreparedCluster &prepared,
                                      const QList<NodeFacts> &facts, const QList<Device> &devices) override;
    Expected<void> saveLinkTestRun(const LinkTestRun &run) override;
    QList<LinkTestRun> earlierLinkTestRuns(const QString &cluster) override;
    Expected<NcclJobSource> ncclTestJobs(const ClusterDefinition &cluster) override;
    QString ncclTestHistoryFile() const override;
    QString setupProgressFile() const override;

private:
    template<typename T>
    QFuture<T> track(QFuture<T> future);

    DeviceRegistry m_registry;
    SecretStore *m_secrets = nullptr;
    ClusterApplier *m_applier;
    DiscoveryRunner *m_discovery;
    LinkTestRunner *m_quickCheck;
    ClusterOperations *m_operations; // rollback and peer trust
    ClusterSessions m_nodes; // one session per device, made on first use
    QFuture<void> m_applying;
    QList<QFuture<void>> m_running; // what uses the sessions; waited for before they go
};

} // namespace spark::ui
