// SPDX-License-Identifier: MIT
// Cable discovery over real SSH on sparklab labs: direct 2, ring 3 and
// switch 4 match their plans within 3 s, every cabling fault gives its
// finding, and Sparks silent on a switch are named, never taken for direct
// cables. The labs are private (10.132.x.0/24), because faults change them.
#include "core/topology/cablingplanner.h"
#include "core/topology/discoveryrunner.h"
#include "support/clusterlab.h"

#include <QElapsedTimer>

using namespace spark;
using namespace spark::testsupport;

class TestClusterDiscovery final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;

    static DiscoveryReport discover(ClusterLab &lab, const CablingPlan &plan)
    {
        QList<DiscoveryNode> nodes;
        for (int i = 0; i < lab.size(); ++i)
            nodes.append(DiscoveryNode{lab.nodeNames().at(i), lab.session(i), {}});
        DiscoveryRunner runner;
        return runner.runBlocking(nodes, plan);
    }

    static QStringList kinds(const DiscoveryReport &report)
    {
        QStringList result;
        for (const CablingFinding &finding : report.findings)
            result.append(findingKindKey(finding.kind));
        return result;
    }

    static QString describe(const DiscoveryReport &report)
    {
        QStringList lines;
        for (const NodeError &problem : report.problems)
            lines.append(problem.node + QStringLiteral(": ") + problem.error.message + QStringLiteral(" / ")
                         + problem.error.detail);
        for (const CablingFinding &finding : report.findings)
            lines.append(findingKindKey(finding.kind) + QStringLiteral(": ") + finding.message);
        return lines.join(QLatin1Char('\n'));
    }

private Q_SLOTS:
    void initTestCase() { m_home = std::make_unique<ScratchHome>(); }

    void layoutsMatchTheirPlansQuickly_data()
    {
        QTest::addColumn<QStringList>("topology");
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("subnet");
        QTest::newRow("direct2") << QStringList{QStringLiteral("direct2")} << int(ClusterLayout::Direct2)
                                 << QStringLiteral("10.132.2.0/24");
        QTest::newRow("ring3") << QStringList{QStringLiteral("ring3")} << int(ClusterLayout::Ring3)
                               << QStringLiteral("10.132.3.0/24");
        QTest::newRow("switch4") << QStringList{QStringLiteral("switch"), QStringLiteral("--nodes"), QStringLiteral("4")}
                                 << int(ClusterLayout::Switch) << QStringLiteral("10.132.4.0/24");
    }

    void layoutsMatchTheirPlansQuickly()
    {
        QFETCH(QStringList, topology);
        QFETCH(int, layout);
        QFETCH(QString, subnet);
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itdisc-") + QLatin1String(QTest::currentDataTag()), subnet, topology));
        const std::optional<int> port = ClusterLayout(layout) == ClusterLayout::Ring3 ? std::nullopt : std::optional<int>(0);
        const auto plan = CablingPlanner::plan(ClusterLayout(layout), lab.nodeNames(), port);
        QVERIFY(plan);
        // Connect first: the figure is the discovery itself.
        for (int i = 0; i < lab.size(); ++i)
            QVERIFY(lab.session(i)->connectToHost().result());
        const DiscoveryReport report = discover(lab, *plan);
        QVERIFY2(report.healthy(), qPrintable(describe(report)));
        QCOMPARE(report.observations.size(), lab.size());
        qInfo("discovery on %d nodes: %lld ms", lab.size(), report.elapsedMs);
        // The 3 s target is measured by tests/bench/cluster_apply_bench; here, on a
        // machine shared with parallel builds, only far below NVIDIA's 20 s script.
        QVERIFY2(report.elapsedMs <= 10000, qPrintable(QString::number(report.elapsedMs)));
    }

    void everyCablingFaultGivesItsFinding_data()
    {
        QTest::addColumn<QStringList>("fault");
        QTest::addColumn<QString>("kind");
        QTest::newRow("unplug") << QStringList{QStringLiteral("unplug"), QStringLiteral("1:0-2:0")}
                                << QStringLiteral("missing-cable");
        QTest::newRow("miswire") << QStringList{QStringLiteral("miswire"), QStringLiteral("1:0-2:0"), QStringLiteral("--to"),
                                                QStringLiteral("2:1")}
                                 << QStringLiteral("wrong-port");
        QTest::newRow("twin-down") << QStringList{QStringLiteral("twin-down"), QStringLiteral("1"),
                                                  QStringLiteral("enP2p1s0f0np0")}
                                   << QStringLiteral("twin-down");
        QTest::newRow("degrade") << QStringList{QStringLiteral("degrade"), QStringLiteral("1:0-2:0"),
                                                QStringLiteral("--reported-speed"), QStringLiteral("100000")}
                                 << QStringLiteral("slow-port");
        QTest::newRow("mtu") << QStringList{QStringLiteral("mtu"), QStringLiteral("2"), QStringLiteral("enp1s0f0np0"),
                                            QStringLiteral("--mtu"), QStringLiteral("9000")}
                             << QStringLiteral("mtu-mismatch");
    }

    void everyCablingFaultGivesItsFinding()
    {
        QFETCH(QStringList, fault);
        QFETCH(QString, kind);
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itdisc-fault"), QStringLiteral("10.132.5.0/24"), {QStringLiteral("direct2")}));
        const auto plan = CablingPlanner::plan(ClusterLayout::Direct2, lab.nodeNames(), 0);
        QVERIFY(plan);
        const ProcessResult injected = lab.fault(fault);
        QVERIFY2(injected.exitCode == 0, injected.err.constData());
        const DiscoveryReport report = discover(lab, *plan);
        QVERIFY2(report.complete(), qPrintable(describe(report)));
        QVERIFY2(kinds(report).contains(kind), qPrintable(describe(report)));
        for (const CablingFinding &finding : report.findings)
            QVERIFY(!finding.message.isEmpty());
    }

    // On a switch of 4 where two Sparks are still in IPv6 duplicate address
    // detection (as just after a reboot), the two that answer see only each
    // other: that is no direct cable. The discovery looks again, then names
    // the two silent Sparks; once they answer, the cabling matches.
    void silentNodesOnASwitchAreNamedNotCalledDirect()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itdisc-silent"), QStringLiteral("10.132.6.0/24"),
                       {QStringLiteral("switch"), QStringLiteral("--nodes"), QStringLiteral("4")}));
        const auto plan = CablingPlanner::plan(ClusterLayout::Switch, lab.nodeNames(), 0);
        QVERIFY(plan);
        const QStringList silent{lab.nodeNames().at(2), lab.nodeNames().at(3)};
        for (const QString &node : silent) {
            const ProcessResult held = lab.fault({QStringLiteral("tentative"), node, QStringLiteral("--seconds"),
                                                  QStringLiteral("120")});
            QVERIFY2(held.exitCode == 0, held.err.constData());
        }
        const DiscoveryReport report = discover(lab, *plan);
        QVERIFY2(report.complete(), qPrintable(describe(report)));
        QVERIFY(report.retried);
        QVERIFY2(!kinds(report).contains(QStringLiteral("direct-instead-of-switch")), qPrintable(describe(report)));
        QCOMPARE(report.silentNodes, silent);
        QStringList named;
        for (const CablingFinding &finding : report.findings) {
            if (finding.kind == CablingFinding::Kind::NodeNotSeen)
                named.append(finding.a.node);
        }
        QCOMPARE(named, silent);

        for (const QString &node : silent)
            QCOMPARE(lab.fault({QStringLiteral("tentative"), node, QStringLiteral("--clear")}).exitCode, 0);
        const DiscoveryReport after = discover(lab, *plan);
        QVERIFY2(after.healthy(), qPrintable(describe(after)));
        QVERIFY(after.silentNodes.isEmpty());
    }
};

SPARKLAB_MAIN(TestClusterDiscovery)
#include "tst_clusterdiscovery.moc"
