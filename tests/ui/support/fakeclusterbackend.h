// SPDX-License-Identifier: MIT
#pragma once

// A ClusterBackend with canned answers for the wizard's ui tests: real probe
// outputs and real discovery outputs from the emulated cluster
// (tests/fixtures), parsed and checked by core exactly as the live backend's
// answers would be. An apply can be held open to test progress and cancel.

#include "core/devices/secretstore.h"
#include "core/facts/probeparser.h"
#include "core/netconfig/addressplanner.h"
#include "core/topology/cablingcheck.h"
#include "core/topology/cablingplanner.h"
#include "core/topology/neighbourdiscovery.h"
#include "ui/clusterbackend/clusterbackend.h"

#include <QFile>
#include <QHash>
#include <QTemporaryDir>
#include <QPromise>

#include <memory>

namespace spark::testsupport {

inline QString fixtureText(const QString &relative)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/") + relative);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(relative));
    return QString::fromUtf8(file.readAll());
}

// "ring3" or "miswired3" (the emulated cluster's discovery outputs for spark-1..3).
inline QList<NodeObservation> observedSet(const QString &set)
{
    QList<NodeObservation> nodes;
    for (int i = 1; i <= 3; ++i) {
        auto parsed = NeighbourDiscovery::parse(fixtureText(QStringLiteral("topology/discovery-%1-spark-%2.txt").arg(set).arg(i)));
        for (InterfaceObservation &interface : *parsed)
            interface.speedMbps = interface.present ? 200000 : -1; // what a real Spark reports
        nodes.append(NodeObservation{QStringLiteral("spark-%1").arg(i), *parsed});
    }
    return nodes;
}

inline DiscoveryReport reportFor(const CablingPlan &plan, const QList<NodeObservation> &nodes)
{
    DiscoveryReport report;
    report.observations = nodes;
    report.cabling = NeighbourDiscovery::link(nodes);
    report.findings = CablingCheck::check(plan, report.cabling, nodes);
    report.elapsedMs = 900;
    return report;
}

inline Device fakeDevice(const QString &name, int index)
{
    Device device;
    device.name = name;
    device.host = QStringLiteral("10.131.60.%1").arg(10 + index);
    device.user = QStringLiteral("nvidia");
    return device;
}

class FakeClusterBackend final : public spark::ui::ClusterBackend
{
public:
    QList<Device> registered{fakeDevice(QStringLiteral("spark-1"), 1), fakeDevice(QStringLiteral("spark-2"), 2),
                             fakeDevice(QStringLiteral("spark-3"), 3)};
    QHash<QString, bool> offline;
    QHash<QString, QString> probeFixture; // device -> probe fixture; default: a ready Spark
    QString discoverySet = QStringLiteral("ring3");
    std::optional<Error> prepareError;
    QHash<QString, QList<NmProfile>> setAside; // node -> NetworkManager profiles its plan sets aside
    bool holdApply = false;
    std::optional<Error> applyError;
    std::optional<Error> trustError;
    QList<ClusterDefinition> saved;
    int discoveries = 0;
    bool applyCancelled = false;

    Expected<QList<Device>> loadDevices() override { return registered; }
    SecretStore *secrets() override { return nullptr; }
    DeviceEnroller::Paths enrolmentPaths() const override { return {}; }

    QFuture<DeviceCheck> checkDevice(const Device &device) override
    {
        DeviceCheck check;
        check.online = !offline.value(device.name);
        if (!check.online)
            check.problem = Error(QStringLiteral("%1 did not answer on port 22.").arg(device.name));
        return QtFuture::makeReadyFuture(check);
    }

    QFuture<Expected<NodeFacts>> probe(const Device &device) override
    {
        const QString fixture = probeFixture.value(device.name, QStringLiteral("sparklab-ring3-root.txt"));
        if (fixture.isEmpty())
            return QtFuture::makeReadyFuture(Expected<NodeFacts>(Error(QStringLiteral("%1 did not answer.").arg(device.name))));
        return QtFuture::makeReadyFuture(
            Expected<NodeFacts>(parseProbeOutput(fixtureText(QStringLiteral("facts/probe/") + fixture), device.name)));
    }

    QFuture<DiscoveryReport> discover(const QList<Device> &, const CablingPlan &plan) override
    {
        ++discoveries;
        return QtFuture::makeReadyFuture(reportFor(plan, observedSet(discoverySet)));
    }

    // The quick check's measured rate per twin, both directions at once
    // (Gb/s at real scale); a link's own rate where set. Judged by core's verdict.
    double quickTwinGbps = 95;
    QHash<QString, double> quickTwinGbpsByLink;
    int quickChecks = 0;

    QFuture<Expected<QuickCheckResult>> quickCheck(const QList<Device> &, const CablingPlan &plan,
                                                   const DiscoveryReport &report, const QList<NodeFacts> &facts) override
    {
        ++quickChecks;
        const QuickCheckPlan quick = QuickCheck::plan(plan, report.observations, facts);
        QuickCheckResult result{{}, quick.unmeasured};
        for (const LinkTarget &link : quick.links) {
            const double twin = quickTwinGbpsByLink.value(link.id, quickTwinGbps);
            LinkObservation observation;
            observation.linkLabel = link.label;
            observation.nodeName = link.nodeA;
            observation.port = link.portA;
            observation.throughput = PortThroughput{link.id, LinkPhase::Both, LinkDirection::AToB, {twin, twin}, {3, 3}, 2 * twin};
            observation.reportedSpeedMbps = link.reportedSpeedMbps;
            observation.pcieKnownFull = link.pcieKnownFull;
            LinkResult measured{link.id, link.label, link.nodeA, link.portA, link.nodeB, link.portB, QStringLiteral("tcp"),
                                {observation.throughput}, 4, 0, LinkVerdict::judge(observation, LinkExpectation{}), {}};
            result.links.append(measured);
        }
        return QtFuture::makeReadyFuture(Expected<QuickCheckResult>(result));
    }

    bool keychainSilent = false; // the keychain never answers

    QFuture<Expected<QString>> rememberedSudoPassword(const QString &) override
    {
        if (keychainSilent) {
            m_silent.append(std::make_shared<QPromise<Expected<QString>>>());
            m_silent.last()->start();
            return m_silent.last()->future();
        }
        return QtFuture::makeReadyFuture(Expected<QString>(QStringLiteral("nvidia")));
    }

    QFuture<Expected<PreparedCluster>> prepare(const ClusterDefinition &cluster, const QList<SudoTarget> &nodes,
                                               const ApplyOptions &) override
    {
        lastPasswords.clear();
        for (const SudoTarget &node : nodes)
            lastPasswords.append(node.sudo.password());
        if (prepareError)
            return QtFuture::makeReadyFuture(Expected<PreparedCluster>(*prepareError));
        PreparedCluster prepared;
        prepared.cabling = *CablingPlanner::plan(cluster.layout, cluster.devices, cluster.port);
        prepared.addresses = *AddressPlanner::plan(prepared.cabling, {});
        for (const QString &node : cluster.devices) {
            PreparedNode prepNode;
            prepNode.plan.node = node;
            prepNode.plan.setAside = setAside.value(node);
            prepared.nodes.append(prepNode);
        }
        return QtFuture::makeReadyFuture(Expected<PreparedCluster>(prepared));
    }

    QFuture<ClusterApplyReport> apply(const PreparedCluster &prepared, const QList<SudoTarget> &) override
    {
        m_applied = prepared;
        m_apply = std::make_shared<QPromise<ClusterApplyReport>>();
        m_apply->start();
        QFuture<ClusterApplyReport> future = m_apply->future();
        for (const PreparedNode &node : prepared.nodes)
            Q_EMIT progress({node.plan.node, 0.5, QStringLiteral("Checking every link from %1.").arg(node.plan.node)});
        if (!holdApply)
            finishApply();
        return future;
    }

    void cancelApply() override
    {
        applyCancelled = true;
        if (m_apply)
            finishApply();
    }

    // Ends a held apply: applied, failed (applyError) or reverted after a cancel.
    void finishApply()
    {
        ClusterApplyReport report;
        report.cancelled = applyCancelled;
        report.succeeded = !applyCancelled && !applyError;
        report.changed = report.succeeded;
        if (applyError)
            report.error = *applyError;
        for (const PreparedNode &node : m_applied.nodes) {
            NodeApplyOutcome outcome;
            outcome.node = node.plan.node;
            outcome.state = report.succeeded ? NodeApplyOutcome::State::Applied : NodeApplyOutcome::State::Reverted;
            report.nodes.append(outcome);
        }
        auto promise = std::move(m_apply);
        promise->addResult(report);
        promise->finish();
    }
    bool applyRunning() const { return m_apply != nullptr; }

    QFuture<Expected<void>> rollback(const QList<SudoTarget> &) override
    {
        return QtFuture::makeReadyFuture(Expected<void>());
    }

    QFuture<Expected<void>> trustPeers(const QList<Device> &devices, const AddressPlan &) override
    {
        for (const Device &device : devices)
            Q_EMIT progress({device.name, 1.0, QStringLiteral("Keys exchanged.")});
        return QtFuture::makeReadyFuture(trustError ? Expected<void>(*trustError) : Expected<void>());
    }

    Expected<void> saveCluster(const ClusterDefinition &cluster) override
    {
        saved.append(cluster);
        return {};
    }

    // The fake has no sessions to measure over: the wizard shows why and lets the test be skipped.
    Expected<LinkTestJob> linkTestJob(const QString &, const PreparedCluster &, const QList<NodeFacts> &,
                                      const QList<Device> &) override
    {
        return Error(QStringLiteral("The fake backend has no sessions to measure over."));
    }

    Expected<void> saveLinkTestRun(const LinkTestRun &run) override
    {
        keptRuns.append(run);
        return {};
    }

    QList<LinkTestRun> earlierLinkTestRuns(const QString &cluster) override
    {
        QList<LinkTestRun> runs;
        for (const LinkTestRun &run : std::as_const(keptRuns)) {
            if (run.cluster == cluster)
                runs.prepend(run);
        }
        return runs;
    }

    // The NCCL test: a source whose jobs and builds cannot run (no sessions),
    // so Run and Build say why; the tests feed the page's panel as the runner
    // and the builder would. ncclJobsError: no source at all, as when a Spark
    // is no longer registered.
    std::optional<Error> ncclJobsError;
    QList<ClusterDefinition> ncclClusters; // asked for, in order

    Expected<spark::ui::NcclJobSource> ncclTestJobs(const ClusterDefinition &cluster) override
    {
        ncclClusters.append(cluster);
        if (ncclJobsError)
            return *ncclJobsError;
        return spark::ui::failingNcclJobSource(Error(QStringLiteral("The fake backend has no sessions to run NCCL over.")));
    }

    QString ncclTestHistoryFile() const override { return progressDir.filePath(QStringLiteral("nccltests.json")); }

    QString setupProgressFile() const override { return progressDir.filePath(QStringLiteral("setup-progress.json")); }

    QStringList lastPasswords;
    QList<LinkTestRun> keptRuns;
    QTemporaryDir progressDir;

private:
    QList<std::shared_ptr<QPromise<Expected<QString>>>> m_silent;
    PreparedCluster m_applied;
    std::shared_ptr<QPromise<ClusterApplyReport>> m_apply;
};

} // namespace spark::testsupport
