// SPDX-License-Identifier: MIT
#include "core/netconfig/addressplanner.h"
#include "core/topology/cablingplanner.h"

#include <QSet>
#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::ClusterLayout)

namespace {
QStringList sparks(int count)
{
    QStringList names;
    for (int i = 0; i < count; ++i)
        names.append(QStringLiteral("spark-%1").arg(QChar(u'a' + i)));
    return names;
}

QList<UsedSubnet> used(const QStringList &cidrs, const QString &device = QStringLiteral("enP7s7"))
{
    QList<UsedSubnet> result;
    for (const QString &cidr : cidrs)
        result.append(UsedSubnet{QStringLiteral("spark-a"), cidr, device});
    return result;
}
} // namespace

class TestAddressPlanner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void subnetParsing_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("normalised"); // empty: refused
        QTest::newRow("network") << QStringLiteral("10.200.0.0/16") << QStringLiteral("10.200.0.0/16");
        QTest::newRow("host bits") << QStringLiteral("192.168.1.77/24") << QStringLiteral("192.168.1.0/24");
        QTest::newRow("host") << QStringLiteral("10.8.0.5") << QStringLiteral("10.8.0.5/32");
        QTest::newRow("default") << QStringLiteral("0.0.0.0/0") << QStringLiteral("0.0.0.0/0");
        QTest::newRow("short form") << QStringLiteral("10.1/16") << QString();
        QTest::newRow("ipv6") << QStringLiteral("fe80::/64") << QString();
        QTest::newRow("prefix 33") << QStringLiteral("10.0.0.0/33") << QString();
        QTest::newRow("octet 256") << QStringLiteral("10.0.0.256/24") << QString();
    }

    void subnetParsing()
    {
        QFETCH(QString, text);
        QFETCH(QString, normalised);
        const auto subnet = Ipv4Subnet::parse(text);
        QCOMPARE(subnet.has_value(), !normalised.isEmpty());
        if (subnet)
            QCOMPARE(subnet->toString(), normalised);
    }

    void plans_data()
    {
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<bool>("jumbo");
        QTest::addColumn<QStringList>("usedSubnets");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("direct2") << ClusterLayout::Direct2 << 2 << false << QStringList{}
                                 << QStringList{QStringLiteral("spark-a enp1s0f0np0: 10.200.0.1/24 (MTU 9000)"),
                                                QStringLiteral("spark-b enp1s0f0np0: 10.200.0.2/24 (MTU 9000)"),
                                                QStringLiteral("spark-a enP2p1s0f0np0: 10.200.1.1/24 (MTU 9000)"),
                                                QStringLiteral("spark-b enP2p1s0f0np0: 10.200.1.2/24 (MTU 9000)")};
        QTest::newRow("ring3") << ClusterLayout::Ring3 << 3 << false << QStringList{}
                               << QStringList{QStringLiteral("spark-a enp1s0f0np0: 10.200.0.1/24 (MTU 9000)"),
                                              QStringLiteral("spark-b enp1s0f1np1: 10.200.0.2/24 (MTU 9000)"),
                                              QStringLiteral("spark-a enP2p1s0f0np0: 10.200.1.1/24 (MTU 9000)"),
                                              QStringLiteral("spark-b enP2p1s0f1np1: 10.200.1.2/24 (MTU 9000)"),
                                              QStringLiteral("spark-b enp1s0f0np0: 10.200.2.2/24 (MTU 9000)"),
                                              QStringLiteral("spark-c enp1s0f1np1: 10.200.2.3/24 (MTU 9000)"),
                                              QStringLiteral("spark-b enP2p1s0f0np0: 10.200.3.2/24 (MTU 9000)"),
                                              QStringLiteral("spark-c enP2p1s0f1np1: 10.200.3.3/24 (MTU 9000)"),
                                              QStringLiteral("spark-c enp1s0f0np0: 10.200.4.3/24 (MTU 9000)"),
                                              QStringLiteral("spark-a enp1s0f1np1: 10.200.4.1/24 (MTU 9000)"),
                                              QStringLiteral("spark-c enP2p1s0f0np0: 10.200.5.3/24 (MTU 9000)"),
                                              QStringLiteral("spark-a enP2p1s0f1np1: 10.200.5.1/24 (MTU 9000)")};
        QTest::newRow("switch 3, MTU 1500")
            << ClusterLayout::Switch << 3 << false << QStringList{}
            << QStringList{QStringLiteral("spark-a enp1s0f0np0: 10.200.0.1/24 (MTU 1500)"),
                           QStringLiteral("spark-b enp1s0f0np0: 10.200.0.2/24 (MTU 1500)"),
                           QStringLiteral("spark-c enp1s0f0np0: 10.200.0.3/24 (MTU 1500)"),
                           QStringLiteral("spark-a enP2p1s0f0np0: 10.200.1.1/24 (MTU 1500)"),
                           QStringLiteral("spark-b enP2p1s0f0np0: 10.200.1.2/24 (MTU 1500)"),
                           QStringLiteral("spark-c enP2p1s0f0np0: 10.200.1.3/24 (MTU 1500)")};
        QTest::newRow("switch jumbo") << ClusterLayout::Switch << 2 << true << QStringList{}
                                      << QStringList{QStringLiteral("spark-a enp1s0f0np0: 10.200.0.1/24 (MTU 9000)"),
                                                     QStringLiteral("spark-b enp1s0f0np0: 10.200.0.2/24 (MTU 9000)"),
                                                     QStringLiteral("spark-a enP2p1s0f0np0: 10.200.1.1/24 (MTU 9000)"),
                                                     QStringLiteral("spark-b enP2p1s0f0np0: 10.200.1.2/24 (MTU 9000)")};
        // Used subnets: equal, a supernet, a subnet, a host route; the default route and
        // malformed entries do not count.
        QTest::newRow("avoids equal, super and sub nets")
            << ClusterLayout::Direct2 << 2 << false
            << QStringList{QStringLiteral("10.200.0.0/24"), QStringLiteral("10.200.0.0/23"),
                           QStringLiteral("10.200.2.128/25"), QStringLiteral("10.200.3.7"), QStringLiteral("0.0.0.0/0"),
                           QStringLiteral("nonsense")}
            << QStringList{QStringLiteral("spark-a enp1s0f0np0: 10.200.4.1/24 (MTU 9000)"),
                           QStringLiteral("spark-b enp1s0f0np0: 10.200.4.2/24 (MTU 9000)"),
                           QStringLiteral("spark-a enP2p1s0f0np0: 10.200.5.1/24 (MTU 9000)"),
                           QStringLiteral("spark-b enP2p1s0f0np0: 10.200.5.2/24 (MTU 9000)")};
        QTest::newRow("a whole /8 VPN route elsewhere") << ClusterLayout::Direct2 << 2 << false
                                                        << QStringList{QStringLiteral("100.64.0.0/10"), QStringLiteral("192.168.0.0/16")}
                                                        << QStringList{QStringLiteral("spark-a enp1s0f0np0: 10.200.0.1/24 (MTU 9000)"),
                                                                       QStringLiteral("spark-b enp1s0f0np0: 10.200.0.2/24 (MTU 9000)"),
                                                                       QStringLiteral("spark-a enP2p1s0f0np0: 10.200.1.1/24 (MTU 9000)"),
                                                                       QStringLiteral("spark-b enP2p1s0f0np0: 10.200.1.2/24 (MTU 9000)")};
    }

    void plans()
    {
        QFETCH(ClusterLayout, layout);
        QFETCH(int, nodes);
        QFETCH(bool, jumbo);
        QFETCH(QStringList, usedSubnets);
        QFETCH(QStringList, expected);
        const auto cabling = CablingPlanner::plan(layout, sparks(nodes));
        AddressPlanOptions options;
        options.switchJumboFrames = jumbo;
        const auto plan = AddressPlanner::plan(*cabling, used(usedSubnets), options);
        QVERIFY(plan.hasValue());
        QCOMPARE(plan->describe(), expected);

        // Stable: planning again gives the same plan.
        QCOMPARE(*AddressPlanner::plan(*cabling, used(usedSubnets), options), *plan);
        // Each twin of a node on its own subnet; one interface per node on a subnet;
        // both twins of every cabled port addressed; nothing overlaps a used subnet.
        QSet<QString> nodeSubnet;
        for (const InterfaceAddress &interface : plan->interfaces) {
            const QString key = interface.node + QLatin1Char('@') + interface.subnet.toString();
            QVERIFY2(!nodeSubnet.contains(key), qPrintable(key));
            nodeSubnet.insert(key);
            QVERIFY(interface.subnet.contains(interface.address));
            for (const QString &cidr : usedSubnets) {
                const auto subnet = Ipv4Subnet::parse(cidr);
                if (subnet && subnet->prefix > 0)
                    QVERIFY2(!subnet->overlaps(interface.subnet), qPrintable(cidr));
            }
        }
        for (const Cable &cable : cabling->cables) {
            for (const PortEnd &end : cable.to ? QList<PortEnd>{cable.from, *cable.to} : QList<PortEnd>{cable.from}) {
                int twins = 0;
                for (const InterfaceAddress &interface : plan->interfacesOf(end.node))
                    twins += interface.port == end.port ? 1 : 0;
                QCOMPARE(twins, 2);
            }
        }
    }

    void ownCx7SubnetsDoNotMoveThePlan()
    {
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, sparks(2));
        const auto first = AddressPlanner::plan(*cabling, {});
        // After applying, the probe sees our own subnets on the CX-7 netdevs.
        QList<UsedSubnet> afterApply;
        for (const InterfaceAddress &interface : first->interfaces)
            afterApply.append(UsedSubnet{interface.node, interface.subnet.toString(), interface.netdev});
        QCOMPARE(*AddressPlanner::plan(*cabling, afterApply), *first);
        // The same subnet on another interface does move it.
        QVERIFY(*AddressPlanner::plan(*cabling, used({QStringLiteral("10.200.0.0/24")})) != *first);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<int>("prefix");
        QTest::addColumn<QStringList>("usedSubnets");
        QTest::newRow("range full") << QStringLiteral("10.200.0.0/23") << 24 << QStringList{QStringLiteral("10.200.1.0/24")};
        QTest::newRow("range all used") << QStringLiteral("10.200.0.0/16") << 24 << QStringList{QStringLiteral("10.0.0.0/8")};
        QTest::newRow("prefix outside base") << QStringLiteral("10.200.0.0/16") << 12 << QStringList{};
        QTest::newRow("prefix too long") << QStringLiteral("10.200.0.0/16") << 31 << QStringList{};
    }

    void refusals()
    {
        QFETCH(QString, base);
        QFETCH(int, prefix);
        QFETCH(QStringList, usedSubnets);
        AddressPlanOptions options;
        options.base = *Ipv4Subnet::parse(base);
        options.subnetPrefix = prefix;
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, sparks(2));
        const auto plan = AddressPlanner::plan(*cabling, used(usedSubnets), options);
        QVERIFY(!plan.hasValue());
        QVERIFY(!plan.error().message.isEmpty());
    }

    void smallSubnetsForASwitch()
    {
        AddressPlanOptions options;
        options.subnetPrefix = 30; // two hosts
        QVERIFY(AddressPlanner::plan(*CablingPlanner::plan(ClusterLayout::Direct2, sparks(2)), {}, options).hasValue());
        QVERIFY(!AddressPlanner::plan(*CablingPlanner::plan(ClusterLayout::Switch, sparks(3)), {}, options).hasValue());
    }
};

QTEST_APPLESS_MAIN(TestAddressPlanner)
#include "tst_addressplanner.moc"
