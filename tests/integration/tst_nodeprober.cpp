// SPDX-License-Identifier: MIT
// The whole probe over real SSH against a sparklab ring of three emulated
// Sparks: one exec per node, in parallel, sudo with and without the
// password, and the readiness verdict on what came back.
#include "core/devices/nodeprober.h"
#include "core/facts/readiness.h"
#include "core/ssh/sshsession.h"
#include "support/sparklab.h"

#include <QElapsedTimer>
#include <QPromise>
#include <QThread>

#include <memory>

using namespace spark;
using namespace spark::testsupport;

namespace {
const QString labName = QStringLiteral("itfacts");
const QString labSubnet = QStringLiteral("10.131.64.0/24");

QStringList codes(const QList<Finding> &findings)
{
    QStringList list;
    for (const Finding &finding : findings)
        list.append(finding.code);
    return list;
}
} // namespace

class TestNodeProber final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    SparkLab m_lab;

    SshTarget target(int node)
    {
        SshTarget target = m_lab.target(node);
        target.password = m_lab.node(node).password;
        target.acceptedFingerprint = m_lab.node(node).fingerprint;
        return target;
    }

    // Probes every node at once, each on its own thread and session.
    QList<Expected<NodeFacts>> probeAll(const QList<bool> &withPassword)
    {
        QList<QFuture<Expected<NodeFacts>>> futures;
        for (int i = 0; i < m_lab.nodes().size(); ++i) {
            auto promise = std::make_shared<QPromise<Expected<NodeFacts>>>();
            promise->start();
            futures.append(promise->future());
            const SshTarget t = target(i);
            const QString name = m_lab.node(i).name;
            const QString password = withPassword.value(i) ? m_lab.node(i).password : QString();
            QThread *thread = QThread::create([promise, t, name, password] {
                SshSession session(t);
                promise->addResult(NodeProber::probe(session, name, password));
                promise->finish();
            });
            QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
            thread->start();
        }
        QList<Expected<NodeFacts>> results;
        for (auto &future : futures) {
            future.waitForFinished();
            results.append(future.result());
        }
        return results;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        const ProcessResult up = SparkLab::run({QStringLiteral("up"), QStringLiteral("ring3"), QStringLiteral("--name"),
                                                labName, QStringLiteral("--mgmt-subnet"), labSubnet,
                                                QStringLiteral("--replace")});
        QVERIFY2(up.exitCode == 0, up.err.constData());
        qputenv("SPARKLAB_LAB", labName.toUtf8());
        QVERIFY(m_lab.attach(labName, 3));
        QCOMPARE(m_lab.nodes().size(), 3);
        QCOMPARE(SparkLab::run({QStringLiteral("fault"), QStringLiteral("old-release"), QStringLiteral("--name"), labName,
                                QStringLiteral("2")})
                     .exitCode,
                 0);
        QCOMPARE(SparkLab::run({QStringLiteral("fault"), QStringLiteral("stale-netplan"), QStringLiteral("--name"),
                                labName, QStringLiteral("3")})
                     .exitCode,
                 0);
    }

    void cleanupTestCase()
    {
        SparkLab::run({QStringLiteral("down"), QStringLiteral("--name"), labName});
    }

    void probesEveryNodeInParallel()
    {
        QElapsedTimer timer;
        timer.start();
        const QList<Expected<NodeFacts>> results = probeAll({true, false, true});
        qInfo("3 nodes probed in %lld ms", timer.elapsed());
        QCOMPARE(results.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(results.at(i), qPrintable(results.at(i) ? QString() : results.at(i).error().detail));
            const NodeFacts &facts = *results.at(i);
            QVERIFY2(facts.complete, qPrintable(facts.problems.join(QLatin1Char('\n'))));
            QCOMPARE(facts.node, m_lab.node(i).name);
            QCOMPARE(facts.hostname, m_lab.node(i).name);
            QCOMPARE(facts.user.name, m_lab.node(i).user);
            QCOMPARE(facts.cabledPorts(), (QList<int>{0, 1})); // a ring cables both ports
            QCOMPARE(facts.gpu.gpuName, QStringLiteral("NVIDIA GB10"));
            QVERIFY(facts.occupiedSubnets().contains(QStringLiteral("10.131.64.0/24")));
        }
        // With the password on stdin, sudo works and the root-only netplan files are read.
        QCOMPARE(results.at(0)->sudo, SudoAccess::WithPassword);
        QVERIFY(results.at(0)->networkConfig.netplanReadable);
        QCOMPARE(results.at(1)->sudo, SudoAccess::Unknown);
        QVERIFY(!results.at(1)->networkConfig.netplanReadable);
        QCOMPARE(results.at(1)->release.version(), QStringLiteral("7.3.1"));
        QCOMPARE(results.at(2)->networkConfig.netplanFiles.size(), 1);
        QCOMPARE(results.at(2)->networkConfig.netplanFiles.first().fileName(), QStringLiteral("40-cx7.yaml"));
        QCOMPARE(results.at(2)->cx7.first().roceV2Ipv4GidIndex.value_or(-1), 3);

        QList<NodeFacts> nodes;
        for (const auto &result : results)
            nodes.append(*result);
        const QList<Finding> findings = assessCluster(nodes, VersionPolicy::load().value());
        QCOMPARE(readinessOf(findings), Readiness::Blockers);
        const QStringList found = codes(findings);
        QVERIFY2(found.contains(QStringLiteral("release-too-old")), qPrintable(found.join(QLatin1Char(' '))));
        QVERIFY(found.contains(QStringLiteral("release-differs")));
        QVERIFY(found.contains(QStringLiteral("conflicting-netplan")));
        QVERIFY(!found.contains(QStringLiteral("twin-down")));
    }

    void wrongSudoPasswordIsNotAccepted()
    {
        SshSession session(target(0));
        const auto facts = NodeProber::probe(session, m_lab.node(0).name, QStringLiteral("not-the-password"));
        QVERIFY(facts);
        QVERIFY(facts->complete);
        QVERIFY(facts->sudo != SudoAccess::NoPassword && facts->sudo != SudoAccess::WithPassword);
        QVERIFY(!facts->networkConfig.netplanReadable);
        QVERIFY2(facts->sudoPasswordRejected, qPrintable(facts->sudoDetail));
        QVERIFY(codes(assessNode(*facts, VersionPolicy::load().value())).contains(QStringLiteral("sudo-password-wrong")));
    }

    // DGX OS's stack in the lab: NetworkManager runs every CX-7 netdev under its
    // DHCP auto-profile (no finding); stopped, it is a blocker with the fix.
    void networkManagerStateAndAStoppedNetworkManager()
    {
        SshSession session(target(0));
        auto facts = NodeProber::probe(session, m_lab.node(0).name, m_lab.node(0).password);
        QVERIFY(facts && facts->complete);
        const NetworkConfigScan &scan = facts->networkConfig;
        QVERIFY(scan.nmcliPresent && scan.nmRunning);
        QVERIFY(scan.rendersForNetworkManager());
        QCOMPARE(scan.nmDevices.size(), 4);
        for (const NmDeviceState &device : scan.nmDevices)
            QVERIFY2(device.managed(), qPrintable(device.device + QLatin1Char(' ') + device.state));
        int automatic = 0;
        for (const NmProfile &profile : scan.nmProfiles)
            automatic += profile.usesDhcp() && !profile.isFromNetplan() ? 1 : 0;
        QCOMPARE(automatic, 4);
        QStringList found = codes(assessNode(*facts, VersionPolicy::load().value()));
        QVERIFY2(!found.contains(QStringLiteral("conflicting-networkmanager")), qPrintable(found.join(QLatin1Char(' '))));

        QCOMPARE(SparkLab::run({QStringLiteral("fault"), QStringLiteral("nm-stop"), QStringLiteral("--name"), labName,
                                QStringLiteral("1")}).exitCode, 0);
        facts = NodeProber::probe(session, m_lab.node(0).name, m_lab.node(0).password);
        SparkLab::run({QStringLiteral("fault"), QStringLiteral("nm-stop"), QStringLiteral("--name"), labName,
                       QStringLiteral("1"), QStringLiteral("--clear")});
        QVERIFY(facts && facts->complete);
        QVERIFY(!facts->networkConfig.nmRunning);
        const QList<Finding> findings = assessNode(*facts, VersionPolicy::load().value());
        found = codes(findings);
        QVERIFY2(found.contains(QStringLiteral("networkmanager-stopped")), qPrintable(found.join(QLatin1Char(' '))));
        QCOMPARE(readinessOf(findings), Readiness::Blockers);
    }
};

SPARKLAB_MAIN(TestNodeProber)
#include "tst_nodeprober.moc"
