// SPDX-License-Identifier: MIT
#include "core/netconfig/addressplanner.h"
#include "core/netconfig/pingmesh.h"
#include "core/topology/cablingplanner.h"

#include <QFile>
#include <QTest>

using namespace spark;

namespace {
QString fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/netconfig/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(file.readAll());
}

PingCheck check(const char *netdev, const char *address)
{
    return PingCheck{QStringLiteral("spark-a"), QString::fromLatin1(netdev), QStringLiteral("spark-b"),
                     QStringLiteral("enp1s0f1np1"), QString::fromLatin1(address), 9000};
}
} // namespace

class TestPingMesh final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyNodePingsEveryPeerTwin()
    {
        const auto ring = AddressPlanner::plan(
            *CablingPlanner::plan(ClusterLayout::Ring3, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}), {});
        // 6 subnets with 2 members each: each member pings the other.
        QCOMPARE(PingMesh::checks(*ring).size(), 12);
        const auto sw = AddressPlanner::plan(
            *CablingPlanner::plan(ClusterLayout::Switch,
                                  {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}),
            {});
        // 2 subnets with 4 members: 4 × 3 each.
        const QList<PingCheck> checks = PingMesh::checks(*sw);
        QCOMPARE(checks.size(), 24);
        QCOMPARE(checks.first().mtu, 1500);
        QCOMPARE(*PingMesh::command(checks.first()),
                 QStringLiteral("'ping' '-n' '-c' '3' '-i' '0.2' '-W' '1' '-M' 'do' '-s' '1472' '-I' 'enp1s0f0np0' '10.200.0.2'"));
    }

    void batchCommandMatchesTheOneRunOnTheLab()
    {
        // The command that produced pingmesh-mixed.txt on two network namespaces.
        const auto command = PingMesh::batchCommand({check("enp1s0f0np0", "10.200.0.2"), check("enP2p1s0f0np0", "10.200.1.2"),
                                                     check("enp1s0f0np0", "10.200.0.9")});
        QVERIFY(command.hasValue());
        QCOMPARE(*command, fixture(QStringLiteral("pingmesh-mixed.command")));
    }

    void refusesBadTokens_data()
    {
        QTest::addColumn<QString>("netdev");
        QTest::addColumn<QString>("address");
        QTest::addColumn<int>("mtu");
        QTest::newRow("management port") << QStringLiteral("enP7s7") << QStringLiteral("10.0.0.1") << 1500;
        QTest::newRow("injected address") << QStringLiteral("enp1s0f0np0") << QStringLiteral("10.0.0.1;reboot") << 1500;
        QTest::newRow("subnet, not address") << QStringLiteral("enp1s0f0np0") << QStringLiteral("10.0.0.0/24") << 1500;
        QTest::newRow("hostname") << QStringLiteral("enp1s0f0np0") << QStringLiteral("spark-b") << 1500;
        QTest::newRow("mtu") << QStringLiteral("enp1s0f0np0") << QStringLiteral("10.0.0.1") << 100000;
    }

    void refusesBadTokens()
    {
        QFETCH(QString, netdev);
        QFETCH(QString, address);
        QFETCH(int, mtu);
        const PingCheck bad{QStringLiteral("a"), netdev, QStringLiteral("b"), QStringLiteral("x"), address, mtu};
        QVERIFY(!PingMesh::command(bad).hasValue());
        QVERIFY(!PingMesh::batchCommand({bad}).hasValue());
    }

    void parsesRealOutput()
    {
        const auto results = PingMesh::parse(fixture(QStringLiteral("pingmesh-mixed.txt")));
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), 3);
        const PingResult &good = results->at(0);
        QVERIFY(good.ok());
        QCOMPARE(good.transmitted, 3);
        QCOMPARE(good.received, 3);
        QCOMPARE(good.averageMs, 0.071);
        const PingResult &tooLong = results->at(1);
        QVERIFY(!tooLong.ok());
        QVERIFY(tooLong.messageTooLong);
        QCOMPARE(tooLong.netdev, QStringLiteral("enP2p1s0f0np0"));
        const PingResult &unreachable = results->at(2);
        QVERIFY(!unreachable.ok());
        QVERIFY(!unreachable.messageTooLong);
        QCOMPARE(unreachable.received, 0);
        QCOMPARE(unreachable.exitCode, 1);

        QCOMPARE(PingMesh::describeFailure(check("enP2p1s0f0np0", "10.200.1.2"), tooLong),
                 QStringLiteral("spark-a cannot send 9000-byte packets on enP2p1s0f0np0 because its MTU is smaller: "
                                "apply the cluster's network plan again so every port uses MTU 9000."));
        QCOMPARE(PingMesh::describeFailure(check("enp1s0f0np0", "10.200.0.9"), unreachable),
                 QStringLiteral("spark-a (enp1s0f0np0) cannot reach spark-b (enp1s0f1np1, 10.200.0.9) with full-size "
                                "packets: check the cable between them and that both ends use MTU 9000."));
    }

    void refusesTruncatedOutput()
    {
        QVERIFY(!PingMesh::parse(QStringLiteral("@@ ping enp1s0f0np0 10.200.0.2\nPING 10.200.0.2\n")).hasValue());
        QVERIFY(!PingMesh::parse(QStringLiteral("@@ rc 0\n")).hasValue());
    }
};

QTEST_APPLESS_MAIN(TestPingMesh)
#include "tst_pingmesh.moc"
