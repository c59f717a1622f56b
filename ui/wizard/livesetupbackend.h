// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/deviceregistry.h"
#include "ui/wizard/setupbackend.h"

#include <QFuture>
#include <QHash>

#include <memory>

namespace spark {
class SshSession;
}

namespace spark::ui {

// The wizard's backend over real SSH: one session per device (key login, the
// host key accepted at enrolment), reused by every step, and core's runners
// on worker threads. Closing it mid-apply lets the apply revert first.
class LiveSetupBackend final : public SetupBackend
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveSetupBackend)

public:
    explicit LiveSetupBackend(QObject *parent = nullptr);
    ~LiveSetupBackend() override;

    Expected<QList<Device>> loadDevices() override;
    SecretStore *secrets() override;
    DeviceEnroller::Paths enrolmentPaths() const override;

    QFuture<DeviceCheck> checkDevice(const Device &device) override;
    QFuture<Expected<NodeFacts>> probe(const Device &device) override;
    QFuture<DiscoveryReport> discover(const QList<Device> &devices, const CablingPlan &plan) override;
    QFuture<Expected<QString>> rememberedSudoPassword(const QString &device) override;
    QFuture<Expected<PreparedCluster>> prepare(const ClusterDefinition &cluster, const QList<Device> &devices,
                                               const QStringList &sudoPasswords, const ApplyOptions &options) override;
    QFuture<ClusterApplyReport> apply(const PreparedCluster &prepared, const QList<Device> &devices,
                                      const QStringList &sudoPasswords) override;
    void cancelApply() override;
    QFuture<Expected<void>> rollback(const QList<Device> &devices, const QStringList &sudoPasswords) override;
    QFuture<Expected<void>> trustPeers(const QList<Device> &devices, const AddressPlan &addresses) override;
    Expected<void> saveCluster(const ClusterDefinition &cluster) override;
    Expected<LinkTestJob> linkTestJob(const QString &cluster, const PreparedCluster &prepared,
                                      const QList<NodeFacts> &facts, const QList<Device> &devices) override;
    Expected<void> saveLinkTestRun(const LinkTestRun &run) override;
    QList<LinkTestRun> earlierLinkTestRuns(const QString &cluster) override;
    QString setupProgressFile() const override;

private:
    // The device's session, made on first use; a changed registration gets a new one.
    SshSession *session(const Device &device);
    QList<PrepareTarget> targets(const QList<Device> &devices, const QStringList &sudoPasswords);
    template<typename T>
    QFuture<T> track(QFuture<T> future);

    DeviceRegistry m_registry;
    SecretStore *m_secrets = nullptr;
    ClusterApplier *m_applier;
    DiscoveryRunner *m_discovery;
    QHash<QString, Device> m_sessionDevices;
    QHash<QString, std::shared_ptr<SshSession>> m_sessions;
    QFuture<void> m_applying;
    QList<QFuture<void>> m_running; // what uses the sessions; waited for before they go
};

} // namespace spark::ui
