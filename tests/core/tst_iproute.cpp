// SPDX-License-Identifier: MIT
#include "core/facts/iproute.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

class TestIpRoute final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void addresses()
    {
        const auto interfaces = parseIpAddrJson(test::readFixture(QStringLiteral("facts/ip/debian12-addr.json")));
        QVERIFY(interfaces);
        QVERIFY(interfaces->size() >= 4);
        const IpInterface &lo = interfaces->first();
        QCOMPARE(lo.name, QStringLiteral("lo"));
        QCOMPARE(lo.mtu, 65536);
        QVERIFY(lo.flags.contains(QStringLiteral("LOOPBACK")));
        QCOMPARE(lo.addresses.first().cidr(), QStringLiteral("127.0.0.1/8"));
        QVERIFY(!lo.addresses.first().dynamic);
        const auto eth0 = std::find_if(interfaces->cbegin(), interfaces->cend(),
                                       [](const IpInterface &i) { return i.name == QLatin1String("eth0"); });
        QVERIFY(eth0 != interfaces->cend());
        QCOMPARE(eth0->addresses.first().local, QStringLiteral("192.0.2.2"));
        QCOMPARE(eth0->addresses.first().prefixLength, 24);
        QCOMPARE(eth0->addresses.first().family, QStringLiteral("inet"));
    }

    void routesAndOccupiedSubnets()
    {
        const auto interfaces = parseIpAddrJson(test::readFixture(QStringLiteral("facts/ip/debian12-addr.json")));
        const auto routes = parseIpRouteJson(test::readFixture(QStringLiteral("facts/ip/debian12-route.json")));
        QVERIFY(interfaces && routes);
        QCOMPARE(routes->first().destination, QStringLiteral("default"));
        QCOMPARE(routes->first().gateway, QStringLiteral("192.0.2.1"));
        QCOMPARE(routes->first().table, QStringLiteral("main"));
        QCOMPARE(occupiedIpv4Subnets(*interfaces, *routes),
                 (test::strings({"10.131.9.0/24", "10.131.30.0/24", "10.131.203.0/24", "192.0.2.0/24"})));
    }

    void occupiedSubnets_data()
    {
        QTest::addColumn<QString>("addr");
        QTest::addColumn<QString>("route");
        QTest::addColumn<QStringList>("subnets");
        QTest::newRow("host bits cleared, host and VPN routes")
            << R"([{"ifname":"enP7s7","addr_info":[{"family":"inet","local":"192.168.1.23","prefixlen":24,"dynamic":true,"valid_life_time":85000}]}])"
            << R"([{"dst":"default","gateway":"192.168.1.1","dev":"enP7s7","protocol":"dhcp"},
                  {"dst":"100.64.0.0/10","dev":"tailscale0","table":"52"},
                  {"dst":"10.8.0.7","dev":"tun0"},
                  {"type":"blackhole","dst":"172.20.0.0/16"},
                  {"type":"multicast","dst":"224.0.0.0/4","table":"local"},
                  {"dst":"169.254.0.0/16","dev":"enP7s7","scope":"link"}])"
            << test::strings({"10.8.0.7/32", "100.64.0.0/10", "172.20.0.0/16", "192.168.1.0/24"});
        QTest::newRow("a warning before the JSON")
            << R"(Warning: something
[{"ifname":"docker0","addr_info":[{"family":"inet","local":"172.17.0.1","prefixlen":16}]}])"
            << "[]" << test::strings({"172.17.0.0/16"});
        QTest::newRow("older iproute2 empty objects") << "[{},{}]" << "[{}]" << QStringList();
    }

    void occupiedSubnets()
    {
        QFETCH(QString, addr);
        QFETCH(QString, route);
        QFETCH(QStringList, subnets);
        const auto interfaces = parseIpAddrJson(addr);
        const auto routes = parseIpRouteJson(route);
        QVERIFY(interfaces && routes);
        QCOMPARE(occupiedIpv4Subnets(*interfaces, *routes), subnets);
    }

    void dynamicAddress()
    {
        const auto interfaces = parseIpAddrJson(QStringLiteral(
            R"([{"ifname":"enp1s0f0np0","address":"4c:bb:47:00:11:22","mtu":9000,"operstate":"UP",)"
            R"("addr_info":[{"family":"inet","local":"169.254.3.4","prefixlen":16,"dynamic":true}]}])"));
        QVERIFY(interfaces);
        QCOMPARE(interfaces->first().mac, QStringLiteral("4c:bb:47:00:11:22"));
        QCOMPARE(interfaces->first().mtu, 9000);
        QVERIFY(interfaces->first().addresses.first().dynamic);
    }

    void notJson_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << "";
        QTest::newRow("no -j support") << "Option \"-j\" is unknown, try \"ip -help\".";
        QTest::newRow("cut short") << R"([{"ifname":"lo")";
    }

    void notJson()
    {
        QFETCH(QString, text);
        QVERIFY(!parseIpAddrJson(text));
        QVERIFY(!parseIpRouteJson(text));
    }
};

QTEST_APPLESS_MAIN(TestIpRoute)
#include "tst_iproute.moc"
