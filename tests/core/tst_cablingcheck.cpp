// SPDX-License-Identifier: MIT
#include "core/topology/cablingcheck.h"
#include "core/topology/cablingplanner.h"

#include <QFile>
#include <QSet>
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::ClusterLayout)

namespace {
QString fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/topology/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(file.readAll());
}

// Real discovery outputs from the emulated cluster, with the link speed a real
// Spark reports (the emulator's veth cables say 10000).
QList<NodeObservation> observe(const QString &set, int speed = 200000)
{
    QList<NodeObservation> nodes;
    for (int i = 1; i <= 3; ++i) {
        auto parsed = NeighbourDiscovery::parse(fixture(QStringLiteral("discovery-%1-spark-%2.txt").arg(set).arg(i)));
        for (InterfaceObservation &interface : *parsed)
            interface.speedMbps = interface.present ? speed : -1;
        nodes.append(NodeObservation{QStringLiteral("spark-%1").arg(i), *parsed});
    }
    return nodes;
}


InterfaceObservation *interfaceOf(QList<NodeObservation> &nodes, int node, const char *netdev)
{
    for (InterfaceObservation &interface : nodes[node].interfaces) {
        if (interface.netdev == QLatin1String(netdev))
            return &interface;
    }
    return nullptr;
}

QStringList describe(const QList<CablingFinding> &findings)
{
    QStringList lines;
    for (const CablingFinding &finding : findings)
        lines.append(findingKindKey(finding.kind) + QStringLiteral(": ") + finding.message);
    return lines;
}
} // namespace

class TestCablingCheck final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cabling_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("port");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("ring as planned") << QStringLiteral("ring3") << ClusterLayout::Ring3 << 3 << -1 << QStringList{};
        QTest::newRow("switch as planned") << QStringLiteral("switch3") << ClusterLayout::Switch << 3 << 0 << QStringList{};
        QTest::newRow("ring planned, switch seen")
            << QStringLiteral("switch3") << ClusterLayout::Ring3 << 3 << -1
            << QStringList{
                   QStringLiteral("ring-looks-like-switch: spark-1, left port (Port 0) sees several Sparks at once, as "
                                  "through a switch, but a 3-Spark ring was planned: cable each Spark directly to the "
                                  "next as the plan shows."),
                   QStringLiteral("missing-cable: Cable 1 is missing: connect spark-1, left port (Port 0) to spark-2, right port (Port 1)."),
                   QStringLiteral("missing-cable: Cable 2 is missing: connect spark-2, left port (Port 0) to spark-3, right port (Port 1)."),
                   QStringLiteral("missing-cable: Cable 3 is missing: connect spark-3, left port (Port 0) to spark-1, right port (Port 1).")};
        QTest::newRow("switch planned, ring seen")
            << QStringLiteral("ring3") << ClusterLayout::Switch << 3 << 0
            << QStringList{
                   QStringLiteral("direct-instead-of-switch: spark-1, left port (Port 0) and spark-2, right port (Port 1) "
                                  "are cabled directly, but the plan uses a switch: plug both into the switch."),
                   QStringLiteral("direct-instead-of-switch: spark-1, right port (Port 1) and spark-3, left port (Port 0) "
                                  "are cabled directly, but the plan uses a switch: plug both into the switch."),
                   QStringLiteral("direct-instead-of-switch: spark-2, left port (Port 0) and spark-3, right port (Port 1) "
                                  "are cabled directly, but the plan uses a switch: plug both into the switch."),
                   QStringLiteral("missing-cable: Cable 1 is missing: connect spark-1, left port (Port 0) to a free 200G port on the switch."),
                   QStringLiteral("missing-cable: Cable 2 is missing: connect spark-2, left port (Port 0) to a free 200G port on the switch."),
                   QStringLiteral("missing-cable: Cable 3 is missing: connect spark-3, left port (Port 0) to a free 200G port on the switch.")};
        QTest::newRow("switch planned on the other port")
            << QStringLiteral("switch3") << ClusterLayout::Switch << 3 << 1
            << QStringList{
                   QStringLiteral("wrong-port: spark-1 is plugged into the switch with its left port (Port 0); move the "
                                  "cable to its right port (Port 1), every Spark uses the same port."),
                   QStringLiteral("wrong-port: spark-2 is plugged into the switch with its left port (Port 0); move the "
                                  "cable to its right port (Port 1), every Spark uses the same port."),
                   QStringLiteral("wrong-port: spark-3 is plugged into the switch with its left port (Port 0); move the "
                                  "cable to its right port (Port 1), every Spark uses the same port.")};
        // Cabled 1:0-2:0 and 3:0-1:1 instead of the ring 1:0-2:1, 2:0-3:1, 3:0-1:1.
        QTest::newRow("ring miswired")
            << QStringLiteral("miswired3") << ClusterLayout::Ring3 << 3 << -1
            << QStringList{
                   QStringLiteral("wrong-port: The cable from spark-1, left port (Port 0) reaches spark-2's left port "
                                  "(Port 0); move that end to its right port (Port 1)."),
                   QStringLiteral("missing-cable: Cable 2 is missing: connect spark-2, left port (Port 0) to spark-3, right port (Port 1).")};
    }

    void cabling()
    {
        QFETCH(QString, set);
        QFETCH(ClusterLayout, layout);
        QFETCH(int, nodes);
        QFETCH(int, port);
        QFETCH(QStringList, expected);
        const auto plan = CablingPlanner::plan(layout, spark::test::numberedSparks(nodes), port < 0 ? std::nullopt : std::optional<int>(port));
        QVERIFY(plan.hasValue());
        const QList<NodeObservation> observed = observe(set);
        const auto findings = CablingCheck::check(*plan, NeighbourDiscovery::link(observed), observed);
        QCOMPARE(describe(findings), expected);
    }

    // The real switch outputs with some nodes made silent as a slow node or one whose
    // addresses are still tentative looks: its twins saw nobody and nobody saw them
    // (its link is up); "down" also takes its link down, as an unplugged cable.
    void silentNodes_data()
    {
        QTest::addColumn<QStringList>("silentNodes");
        QTest::addColumn<bool>("down");
        QTest::addColumn<QStringList>("expected");
        const QString notSeen = QStringLiteral(
            "node-not-seen: %1, left port (Port 0) has a link but no other Spark was seen through it, and it saw none "
            "(its addresses may still be starting up): wait a few seconds and check again; if it stays silent, check "
            "that its cable is in and that the switch port is enabled.");
        QTest::newRow("one of three silent") << QStringList{QStringLiteral("spark-3")} << false
                                             << QStringList{notSeen.arg(QStringLiteral("spark-3"))};
        QTest::newRow("first node silent") << QStringList{QStringLiteral("spark-1")} << false
                                           << QStringList{notSeen.arg(QStringLiteral("spark-1"))};
        // The one left answering sees nobody either: silent too.
        QTest::newRow("two of three silent")
            << QStringList{QStringLiteral("spark-2"), QStringLiteral("spark-3")} << false
            << QStringList{notSeen.arg(QStringLiteral("spark-1")), notSeen.arg(QStringLiteral("spark-2")),
                           notSeen.arg(QStringLiteral("spark-3"))};
        QTest::newRow("one of three unplugged")
            << QStringList{QStringLiteral("spark-3")} << true
            << QStringList{QStringLiteral("missing-cable: Cable 3 is missing: connect spark-3, left port (Port 0) to a "
                                          "free 200G port on the switch.")};
    }

    void silentNodes()
    {
        QFETCH(QStringList, silentNodes);
        QFETCH(bool, down);
        QFETCH(QStringList, expected);
        QList<NodeObservation> observed = observe(QStringLiteral("switch3"));
        QSet<QString> silentMacs;
        for (NodeObservation &node : observed) {
            if (!silentNodes.contains(node.node))
                continue;
            for (InterfaceObservation &interface : node.interfaces) {
                silentMacs.insert(interface.mac);
                interface.neighbours.clear();
                if (down && interface.present) {
                    interface.up = false;
                    interface.speedMbps = -1;
                }
            }
        }
        for (NodeObservation &node : observed) {
            for (InterfaceObservation &interface : node.interfaces)
                interface.neighbours.removeIf([&](const NeighbourEntry &entry) { return silentMacs.contains(entry.mac); });
        }
        const auto plan = CablingPlanner::plan(ClusterLayout::Switch, spark::test::numberedSparks(3), 0);
        QVERIFY(plan.hasValue());
        const auto findings = CablingCheck::check(*plan, NeighbourDiscovery::link(observed), observed);
        QCOMPARE(describe(findings), expected);
    }

    // Synthetic link lists for the cases the emulator was not cabled for.
    void directCases_data()
    {
        QTest::addColumn<QList<ObservedLink>>("links");
        QTest::addColumn<QStringList>("kinds");
        const PortEnd a0{QStringLiteral("a"), 0}, a1{QStringLiteral("a"), 1};
        const PortEnd b0{QStringLiteral("b"), 0}, b1{QStringLiteral("b"), 1};
        const PortEnd c0{QStringLiteral("c"), 0}, c1{QStringLiteral("c"), 1};
        // plan: a0-b1, b0-c1, c0-a1
        QTest::newRow("ok") << QList<ObservedLink>{{a0, b1}, {a1, c0}, {b0, c1}} << QStringList{};
        QTest::newRow("nothing") << QList<ObservedLink>{}
                                 << QStringList{QStringLiteral("missing-cable"), QStringLiteral("missing-cable"), QStringLiteral("missing-cable")};
        QTest::newRow("to the wrong node") << QList<ObservedLink>{{a0, c1}, {a1, c0}}
                                           << QStringList{QStringLiteral("wrong-node"), QStringLiteral("missing-cable")};
        QTest::newRow("extra cable") << QList<ObservedLink>{{a0, b1}, {a1, c0}, {b0, c1}, {a1, b0}}
                                     << QStringList{QStringLiteral("extra-cable")};
        QTest::newRow("both ends wrong") << QList<ObservedLink>{{a1, b0}, {b1, c0}} << QStringList{
            QStringLiteral("wrong-port"), QStringLiteral("wrong-port"), QStringLiteral("missing-cable")};
        QTest::newRow("loopback") << QList<ObservedLink>{{a0, b1}, {a1, c0}, {b0, c1}, {c0, c1}}
                                  << QStringList{QStringLiteral("extra-cable")};
    }

    void directCases()
    {
        QFETCH(QList<ObservedLink>, links);
        QFETCH(QStringList, kinds);
        const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        ObservedCabling observed;
        observed.links = links;
        QStringList got;
        for (const CablingFinding &finding : CablingCheck::check(*plan, observed, {}))
            got.append(findingKindKey(finding.kind));
        QCOMPARE(got, kinds);
    }

    void health_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("healthy") << QString() << QStringList{};
        QTest::newRow("100G") << QStringLiteral("speed")
                              << QStringList{QStringLiteral(
                                     "slow-port: spark-2, right port (Port 1) negotiated 100 Gb/s instead of 200 Gb/s: "
                                     "reseat the cable (pull tab up) and use one rated for 200G; on a switch, set that "
                                     "port to 200G with auto-negotiation off.")};
        QTest::newRow("one twin down") << QStringLiteral("twin")
                                       << QStringList{QStringLiteral(
                                              "twin-down: Only one half of spark-2, right port (Port 1) is up "
                                              "(enP2p1s0f1np1 is down), so the link runs at half speed: reboot the "
                                              "Spark with the cable plugged in.")};
        QTest::newRow("mtu") << QStringLiteral("mtu")
                             << QStringList{QStringLiteral(
                                    "mtu-mismatch: The MTU differs across the link between spark-1, left port (Port 0) "
                                    "(1500) and spark-2, right port (Port 1) (9000): both ends need the same MTU; apply "
                                    "the cluster's network plan again to set it.")};
        QTest::newRow("emulator speed") << QStringLiteral("veth") << QStringList{};
    }

    void health()
    {
        QFETCH(QString, change);
        QFETCH(QStringList, expected);
        QList<NodeObservation> nodes = observe(QStringLiteral("ring3"));
        if (change == QLatin1String("speed"))
            interfaceOf(nodes, 1, "enp1s0f1np1")->speedMbps = 100000;
        if (change == QLatin1String("twin"))
            interfaceOf(nodes, 1, "enP2p1s0f1np1")->up = false;
        if (change == QLatin1String("mtu"))
            interfaceOf(nodes, 1, "enp1s0f1np1")->mtu = 9000;
        if (change == QLatin1String("veth")) {
            nodes = observe(QStringLiteral("ring3"), 10000);
            const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, spark::test::numberedSparks(3));
            // Every one of the six cabled ports is reported slow once.
            const auto findings = CablingCheck::check(*plan, NeighbourDiscovery::link(nodes), nodes);
            QCOMPARE(findings.size(), 6);
            for (const CablingFinding &finding : findings)
                QCOMPARE(finding.kind, CablingFinding::Kind::SlowPort);
            return;
        }
        const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, spark::test::numberedSparks(3));
        QCOMPARE(describe(CablingCheck::check(*plan, NeighbourDiscovery::link(nodes), nodes)), expected);
    }
};

QTEST_APPLESS_MAIN(TestCablingCheck)
#include "tst_cablingcheck.moc"
