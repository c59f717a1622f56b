// SPDX-License-Identifier: MIT
#include "core/linktest/linktestplan.h"
#include "core/linktest/livetotals.h"
#include "core/netconfig/addressplanner.h"
#include "core/hardware/cx7.h"
#include "core/topology/cablingplanner.h"

#include <QHostAddress>
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

namespace {

// Facts where every CX-7 netdev negotiated `speed`.
QList<NodeFacts> factsWithSpeed(const QStringList &names, int speed)
{
    QList<NodeFacts> all;
    for (const QString &name : names) {
        NodeFacts facts;
        facts.node = name;
        for (const QString &netdev : {QStringLiteral("enp1s0f0np0"), QStringLiteral("enP2p1s0f0np0"),
                                      QStringLiteral("enp1s0f1np1"), QStringLiteral("enP2p1s0f1np1")}) {
            Cx7InterfaceFacts cx7;
            cx7.netdev = netdev;
            cx7.present = true;
            cx7.carrier = true;
            cx7.sysfsSpeedMbps = speed;
            facts.cx7.append(cx7);
        }
        all.append(facts);
    }
    return all;
}
// A GID table as `grep -H . gids/* gid_attrs/types/* gid_attrs/ndevs/*` prints
// it on a Spark: link-local RoCE v1/v2 at 0/1, then `entry` (index TYPE ADDRESS).
QString gidTable(const QString &netdev, int index, const QString &type, const QString &ipv4)
{
    const quint32 raw = QHostAddress(ipv4).toIPv4Address();
    const QString mapped = QStringLiteral("0000:0000:0000:0000:0000:ffff:%1:%2")
                               .arg(raw >> 16, 4, 16, QLatin1Char('0'))
                               .arg(raw & 0xffff, 4, 16, QLatin1Char('0'));
    QString text;
    for (int linkLocal = 0; linkLocal < 2; ++linkLocal)
        text += QStringLiteral("gids/%1:fe80:0000:0000:0000:4cbb:47ff:fe0a:1b2c\n"
                               "gid_attrs/types/%1:%2\n"
                               "gid_attrs/ndevs/%1:%3\n")
                    .arg(linkLocal)
                    .arg(linkLocal == 0 ? QStringLiteral("IB/RoCE v1") : QStringLiteral("RoCE v2"), netdev);
    text += QStringLiteral("gids/%1:%2\ngid_attrs/types/%1:%3\ngid_attrs/ndevs/%1:%4\n").arg(index).arg(mapped, type, netdev);
    return text;
}
} // namespace

class TestLinkTestPlan final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plan_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("nodeCount");
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<QStringList>("labels");
        QTest::newRow("direct2") << int(ClusterLayout::Direct2) << 2 << QStringList{QStringLiteral("spark-1:0-spark-2:0")}
                                 << QStringList{QStringLiteral("cable 1")};
        QTest::newRow("ring3") << int(ClusterLayout::Ring3) << 3
                               << QStringList{QStringLiteral("spark-1:0-spark-2:1"), QStringLiteral("spark-2:0-spark-3:1"), QStringLiteral("spark-3:0-spark-1:1")}
                               << QStringList{QStringLiteral("cable 1"), QStringLiteral("cable 2"), QStringLiteral("cable 3")};
        QTest::newRow("switch2") << int(ClusterLayout::Switch) << 2 << QStringList{QStringLiteral("spark-1:0-spark-2:0")}
                                 << QStringList{QStringLiteral("spark-1 and spark-2 through the switch")};
        QTest::newRow("switch4") << int(ClusterLayout::Switch) << 4
                                 << QStringList{QStringLiteral("spark-1:0-spark-2:0"), QStringLiteral("spark-3:0-spark-4:0")}
                                 << QStringList{QStringLiteral("spark-1 and spark-2 through the switch"), QStringLiteral("spark-3 and spark-4 through the switch")};
        QTest::newRow("switch3: the odd leg pairs with the first") << int(ClusterLayout::Switch) << 3
                                 << QStringList{QStringLiteral("spark-1:0-spark-2:0"), QStringLiteral("spark-3:0-spark-1:0")}
                                 << QStringList{QStringLiteral("spark-1 and spark-2 through the switch"), QStringLiteral("spark-3 and spark-1 through the switch")};
    }

    void plan()
    {
        QFETCH(int, layout);
        QFETCH(int, nodeCount);
        QFETCH(QStringList, ids);
        QFETCH(QStringList, labels);
        const QStringList names = spark::test::numberedSparks(nodeCount);
        const auto cabling = CablingPlanner::plan(ClusterLayout(layout), names,
                                                  ClusterLayout(layout) == ClusterLayout::Ring3 ? std::nullopt : std::optional<int>(0));
        QVERIFY(cabling);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        QVERIFY(addresses);
        const auto targets = LinkTestPlanner::plan(*cabling, *addresses, factsWithSpeed(names, 200000));
        QVERIFY2(targets, targets ? "" : qPrintable(targets.error().message));
        QStringList gotIds;
        QStringList gotLabels;
        for (const LinkTarget &target : *targets) {
            gotIds.append(target.id);
            gotLabels.append(target.label);
            QCOMPARE(target.reportedSpeedMbps, 200000);
            QCOMPARE(target.throughSwitch, ClusterLayout(layout) == ClusterLayout::Switch);
            // Each twin: A and B on one subnet, twins on different subnets, the netdevs of the right port.
            for (int twin = 0; twin < 2; ++twin) {
                const LinkTwin &t = target.twins[size_t(twin)];
                QVERIFY(!t.addressA.isEmpty() && !t.addressB.isEmpty() && t.addressA != t.addressB);
                QVERIFY2(t.netdevA.endsWith(QStringLiteral("np%1").arg(target.portA)), qPrintable(t.netdevA));
                QVERIFY2(t.netdevB.endsWith(QStringLiteral("np%1").arg(target.portB)), qPrintable(t.netdevB));
                QCOMPARE(t.netdevA.startsWith(QLatin1String("enP2")), twin == 1);
            }
            QVERIFY(target.twins[0].addressA.section(u'.', 0, 2) != target.twins[1].addressA.section(u'.', 0, 2));
        }
        QCOMPARE(gotIds, ids);
        QCOMPARE(gotLabels, labels);
    }

    void slowestNegotiatedSpeedAndUnknownNodes()
    {
        const QStringList names = spark::test::numberedSparks(2);
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, names, 0);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        QList<NodeFacts> facts = factsWithSpeed(names, 200000);
        facts[1].cx7[1].sysfsSpeedMbps = 100000; // one twin of spark-2 at 100G
        QCOMPARE(LinkTestPlanner::plan(*cabling, *addresses, facts)->first().reportedSpeedMbps, 100000);
        QCOMPARE(LinkTestPlanner::plan(*cabling, *addresses, {})->first().reportedSpeedMbps, 0);
    }

    // A twin without carrier: no negotiated speed, whatever sysfs says, and it is named.
    void twinWithoutCarrierIsNamedNotSlow()
    {
        const QStringList names = spark::test::numberedSparks(2);
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, names, 0);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        QList<NodeFacts> facts = factsWithSpeed(names, 200000);
        facts[1].cx7[1].carrier = false;
        facts[1].cx7[1].sysfsSpeedMbps = 10000; // what a down twin's sysfs may still print
        const LinkTarget target = LinkTestPlanner::plan(*cabling, *addresses, facts)->first();
        QCOMPARE(target.reportedSpeedMbps, 200000);
        QCOMPARE(target.twinsWithoutCarrier, QStringList{QStringLiteral("enP2p1s0f0np0 on %1").arg(names.at(1))});
        QVERIFY(!target.pcieKnownFull); // no PCIe facts: unknown
    }

    void pcieLinksOfBothEnds()
    {
        const QStringList names = spark::test::numberedSparks(2);
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, names, 0);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        QList<NodeFacts> facts = factsWithSpeed(names, 200000);
        for (NodeFacts &node : facts) {
            for (const char *address : {"0000:01:00.0", "0002:01:00.0", "0000:01:00.1", "0002:01:00.1"}) {
                PcieFunctionFacts pcie;
                pcie.address = QString::fromLatin1(address);
                pcie.present = true;
                pcie.currentGts = 32;
                pcie.currentWidth = 4;
                node.pcie.append(pcie);
            }
        }
        QVERIFY(LinkTestPlanner::plan(*cabling, *addresses, facts)->first().pcieKnownFull);
        facts[0].pcie[1].currentWidth = 2; // old BIOS: the second controller at x2
        const LinkTarget target = LinkTestPlanner::plan(*cabling, *addresses, facts)->first();
        QVERIFY(!target.pcieKnownFull);
        QCOMPARE(target.narrowPcie, QStringList{QStringLiteral("enP2p1s0f0np0 on %1 at Gen5 x2").arg(names.at(0))});
    }

    void addressPlanWithoutTheLinkIsAnError()
    {
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, spark::test::numberedSparks(2), 0);
        const auto targets = LinkTestPlanner::plan(*cabling, AddressPlan{}, {});
        QVERIFY(!targets);
        QVERIFY2(targets.error().message.contains(QLatin1String("cable 1")), qPrintable(targets.error().message));
    }

    void roceDeviceAndGidIndexPerEnd_data()
    {
        QTest::addColumn<int>("index");         // where the table holds an IPv4 GID
        QTest::addColumn<QString>("type");
        QTest::addColumn<bool>("plannedAddress"); // of the planned address (else of another one)
        QTest::addColumn<int>("expected");
        QTest::newRow("mlx5's order: index 3") << 3 << "RoCE v2" << true << 3;
        QTest::newRow("reordered table: index 5") << 5 << "RoCE v2" << true << 5;
        QTest::newRow("only RoCE v1 for the address") << 2 << "IB/RoCE v1" << true << -1;
        QTest::newRow("a GID of another address only") << 3 << "RoCE v2" << false << -1;
    }

    void roceDeviceAndGidIndexPerEnd()
    {
        QFETCH(int, index);
        QFETCH(QString, type);
        QFETCH(bool, plannedAddress);
        QFETCH(int, expected);
        const QStringList names = spark::test::numberedSparks(2);
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, names, 0);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        QVERIFY(addresses);
        QList<NodeFacts> facts = factsWithSpeed(names, 200000);
        for (NodeFacts &node : facts) {
            for (Cx7InterfaceFacts &cx7 : node.cx7) {
                cx7.rdmaDevice = cx7::findByNetdev(cx7.netdev)->rdmaDeviceName();
                for (const InterfaceAddress &planned : addresses->interfaces) {
                    if (planned.node == node.node && planned.netdev == cx7.netdev)
                        cx7.gids = parseGidTable(gidTable(cx7.netdev, index, type,
                                                          plannedAddress ? planned.addressText() : QStringLiteral("192.168.7.9")));
                }
            }
        }
        const auto targets = LinkTestPlanner::plan(*cabling, *addresses, facts);
        QVERIFY(targets);
        const LinkTarget &link = targets->first();
        for (int twin = 0; twin < 2; ++twin) {
            const LinkTwin &t = link.twins[size_t(twin)];
            QCOMPARE(t.rdmaDeviceA, cx7::findByNetdev(t.netdevA)->rdmaDeviceName());
            QCOMPARE(t.rdmaDeviceB, cx7::findByNetdev(t.netdevB)->rdmaDeviceName());
            QCOMPARE(t.gidIndexA, expected);
            QCOMPARE(t.gidIndexB, expected);
        }
        // A node the probe did not see: no device, no index.
        const LinkTwin unknown = LinkTestPlanner::plan(*cabling, *addresses, {})->first().twins[0];
        QVERIFY(unknown.rdmaDeviceA.isEmpty() && unknown.rdmaDeviceB.isEmpty());
        QCOMPARE(unknown.gidIndexA, -1);
    }

    void missingRoce_data()
    {
        QTest::addColumn<QString>("deviceB"); // end B's RoCE device on twin 1
        QTest::addColumn<int>("gidB");        // and its GID index
        QTest::addColumn<QString>("sentence"); // empty: the RDMA test can run
        QTest::newRow("both ends known") << "roceP2p1s0f1" << 3 << "";
        QTest::newRow("reordered index") << "roceP2p1s0f1" << 7 << "";
        QTest::newRow("no GID for the address")
            << "roceP2p1s0f1" << -1
            << "spark-2 shows no RoCE v2 GID for 10.0.1.2 on enP2p1s0f1np1: check that its RoCE device is up (ibdev2netdev) "
               "and the cluster's network is applied, or use --mode tcp.";
        QTest::newRow("node not probed")
            << "" << -1
            << "spark-2 shows no RoCE v2 GID for 10.0.1.2 on enP2p1s0f1np1: check that its RoCE device is up (ibdev2netdev) "
               "and the cluster's network is applied, or use --mode tcp.";
    }

    void missingRoce()
    {
        QFETCH(QString, deviceB);
        QFETCH(int, gidB);
        QFETCH(QString, sentence);
        LinkTarget link;
        link.nodeA = QStringLiteral("spark-1");
        link.nodeB = QStringLiteral("spark-2");
        link.twins[0] = LinkTwin{QStringLiteral("enp1s0f1np1"), QStringLiteral("10.0.0.1"), QStringLiteral("enp1s0f1np1"),
                                 QStringLiteral("10.0.0.2"), QStringLiteral("rocep1s0f1"), 3, QStringLiteral("rocep1s0f1"), 3, {}, {}};
        link.twins[1] = LinkTwin{QStringLiteral("enP2p1s0f1np1"), QStringLiteral("10.0.1.1"), QStringLiteral("enP2p1s0f1np1"),
                                 QStringLiteral("10.0.1.2"), QStringLiteral("roceP2p1s0f1"), 3, deviceB, gidB, {}, {}};
        const auto missing = LinkTestPlanner::missingRoce({link});
        QCOMPARE(missing ? missing->message : QString(), sentence);
    }

    void only_data()
    {
        QTest::addColumn<QString>("wanted");
        QTest::addColumn<QString>("chosen"); // empty: an error
        QTest::newRow("by label") << "cable 2" << "spark-2:0-spark-3:1";
        QTest::newRow("label in other case") << "Cable 3" << "spark-3:0-spark-1:1";
        QTest::newRow("by id") << "spark-1:0-spark-2:1" << "spark-1:0-spark-2:1";
        QTest::newRow("no such link") << "cable 4" << "";
        QTest::newRow("shell text is only a name") << "cable 1; rm -rf ~" << "";
    }
    void only()
    {
        QFETCH(QString, wanted);
        QFETCH(QString, chosen);
        const auto cabling = CablingPlanner::plan(ClusterLayout::Ring3, {QStringLiteral("spark-1"), QStringLiteral("spark-2"),
                                                                          QStringLiteral("spark-3")});
        QVERIFY(cabling);
        const auto links = LinkTestPlanner::only(LinkTestPlanner::links(*cabling), wanted);
        if (chosen.isEmpty()) {
            QVERIFY(!links);
            QVERIFY2(links.error().message.contains(QStringLiteral("'%1'").arg(wanted))
                         && links.error().message.contains(QLatin1String("'cable 1' (spark-1:0-spark-2:1)")),
                     qPrintable(links.error().message));
            return;
        }
        QVERIFY2(links, links ? "" : qPrintable(links.error().message));
        QCOMPARE(links->size(), 1);
        QCOMPARE(links->first().id, chosen);
    }

    void liveTotals()
    {
        LiveTotals totals;
        const QString link = QStringLiteral("spark-1:0-spark-2:0");
        const auto at = [&](double seconds, int twin, double gbps, LinkDirection direction = LinkDirection::AToB) {
            return LinkSample{seconds, link, twin, LinkPhase::Both, direction, gbps};
        };
        QVERIFY(!totals.feed(at(1.0, 0, 0.95)));
        QVERIFY(!totals.feed(at(1.0, 0, 0.94, LinkDirection::BToA))); // the other direction waits for its own twin
        const auto total = totals.feed(at(1.01, 1, 0.96)); // iperf3's timer drifts: still second 1
        QVERIFY(total);
        QCOMPARE(total->twin, LinkSample::wholePort);
        QCOMPARE(total->seconds, 1.0);
        QCOMPARE(total->gbps, 0.95 + 0.96);
        QCOMPARE(total->direction, LinkDirection::AToB);
        QVERIFY(!totals.feed(at(2.0, 1, 0.9)));
        QVERIFY(!totals.feed(LinkSample{2.0, link, LinkSample::wholePort, LinkPhase::Both, LinkDirection::AToB, 5}));
        const auto reverse = totals.feed(at(1.0, 1, 0.9, LinkDirection::BToA));
        QVERIFY(reverse);
        QCOMPARE(reverse->gbps, 0.94 + 0.9);
    }
};

QTEST_GUILESS_MAIN(TestLinkTestPlan)
#include "tst_linktestplan.moc"
