// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/devices/device.h"
#include "core/devices/deviceenroller.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/sudotarget.h"
#include "core/facts/nodefacts.h"
#include "core/linktest/linktestrunner.h"
#include "core/netconfig/clusterapplier.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/linktest/quickcheck.h"
#include "core/topology/cablingplan.h"
#include "core/topology/clusterdefinition.h"
#include "core/topology/discoveryrunner.h"
#include "ui/nccl/nccljobsource.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QStringList>

namespace spark {
class SecretStore;
}

namespace spark::ui {

// Everything the set-up wizard asks of the cluster, as futures: the pages
// only show what comes back and never wait. LiveClusterBackend calls core over
// SSH; tests give the pages a fake with canned answers. Every call runs off
// the GUI thread; progress() arrives queued on the GUI thread.
class ClusterBackend : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterBackend)

public:
    using QObject::QObject;

    // The registry as it is on disk now (an error sentence when it cannot be read).
    virtual Expected<QList<Device>> loadDevices() = 0;
    // What AddDeviceDialog needs to enrol a device.
    virtual SecretStore *secrets() = 0;
    virtual DeviceEnroller::Paths enrolmentPaths() const = 0;

    virtual QFuture<DeviceCheck> checkDevice(const Device &device) = 0;
    virtual QFuture<Expected<NodeFacts>> probe(const Device &device) = 0;
    virtual QFuture<DiscoveryReport> discover(const QList<Device> &devices, const CablingPlan &plan) = 0;
    // A few seconds over every twin of the cabling `report` just confirmed
    // (QuickCheck); an error when the check could not run at all.
    virtual QFuture<Expected<QuickCheckResult>> quickCheck(const QList<Device> &devices, const CablingPlan &plan,
                                                           const DiscoveryReport &report, const QList<NodeFacts> &facts) = 0;
    // The sudo password the person asked to remember for this device; an error when there is none.
    virtual QFuture<Expected<QString>> rememberedSudoPassword(const QString &device) = 0;
    // Reads every node as root and plans the apply; nothing changes.
    virtual QFuture<Expected<PreparedCluster>> prepare(const ClusterDefinition &cluster, const QList<SudoTarget> &nodes,
                                                       const ApplyOptions &options) = 0;
    virtual QFuture<ClusterApplyReport> apply(const PreparedCluster &prepared, const QList<SudoTarget> &nodes) = 0;
    // Thread-safe: a running apply reverts every node it changed.
    virtual void cancelApply() = 0;
    // Every node back on the settings from before the first apply.
    virtual QFuture<Expected<void>> rollback(const QList<SudoTarget> &nodes) = 0;
    virtual QFuture<Expected<void>> trustPeers(const QList<Device> &devices, const AddressPlan &addresses) = 0;
    // Keeps the cluster for the dashboard and sparkctl (clusters.json).
    virtual Expected<void> saveCluster(const ClusterDefinition &cluster) = 0;
    // What the link test runs on the configured cluster: its links (from the
    // prepared plan and the facts) and a session per node that outlives the run.
    // An error says why the cluster cannot be tested now.
    virtual Expected<LinkTestJob> linkTestJob(const QString &cluster, const PreparedCluster &prepared,
                                              const QList<NodeFacts> &facts, const QList<Device> &devices) = 0;
    // Keeps a finished run with the cluster's earlier ones (linktests.json).
    virtual Expected<void> saveLinkTestRun(const LinkTestRun &run) = 0;
    // The cluster's kept runs, newest first (none when they cannot be read).
    virtual QList<LinkTestRun> earlierLinkTestRuns(const QString &cluster) = 0;
    // What the NCCL test runs on the configured cluster: a source of jobs and
    // build nodes over sessions of its own, so that a run or build still
    // stopping when the wizard goes keeps them. An error says why the cluster
    // cannot be tested now.
    virtual Expected<NcclJobSource> ncclTestJobs(const ClusterDefinition &cluster) = 0;
    // Where the NCCL test's runs are kept (NcclTestHistory's file).
    virtual QString ncclTestHistoryFile() const = 0;
    // Where unfinished set-ups are kept (SetupProgressStore's file).
    virtual QString setupProgressFile() const = 0;

Q_SIGNALS:
    // The running step's progress (the Job contract: node, fraction, sentence).
    void progress(const spark::JobProgress &progress);
};

} // namespace spark::ui
