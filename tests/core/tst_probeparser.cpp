// SPDX-License-Identifier: MIT
#include "core/hardware/cx7.h"
#include "core/facts/probeparser.h"
#include "tests/support/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::SudoAccess)

namespace {
QString portsText(const QList<int> &ports)
{
    QStringList parts;
    for (int port : ports)
        parts.append(QString::number(port));
    return parts.join(QLatin1Char(','));
}
} // namespace

class TestProbeParser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sparklabNodes_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("hostname");
        QTest::addColumn<QString>("release");
        QTest::addColumn<QString>("driver");
        QTest::addColumn<int>("present");
        QTest::addColumn<QString>("cabled");
        QTest::addColumn<QString>("user");
        QTest::addColumn<SudoAccess>("sudo");
        QTest::addColumn<bool>("netplanReadable");
        QTest::addColumn<QStringList>("netplanFiles");
        QTest::addColumn<int>("gidIndex"); // of enp1s0f0np0; -1: none
        QTest::addColumn<int>("port0Speed");
        QTest::newRow("ring3, unconfigured, as root")
            << "sparklab-ring3-root.txt" << "spark-1" << "7.6.0" << "580.159.03" << 4 << "0,1" << "root"
            << SudoAccess::NoPassword << true << QStringList() << -1 << 200000;
        QTest::newRow("NVIDIA playbook's netplan left behind")
            << "sparklab-stale-netplan-root.txt" << "spark-1" << "7.6.0" << "580.159.03" << 4 << "0,1" << "root"
            << SudoAccess::NoPassword << true << test::strings({"/etc/netplan/40-cx7.yaml"}) << 3 << 200000;
        QTest::newRow("as the user, sudo asks for a password")
            << "sparklab-user-nosudo.txt" << "spark-1" << "7.6.0" << "580.159.03" << 4 << "0,1" << "nvidia"
            << SudoAccess::Unknown << false << QStringList() << 3 << 200000;
        QTest::newRow("old release and driver") << "sparklab-old-release.txt" << "spark-2" << "7.3.1" << "580.95.05" << 4
                                                << "0,1" << "root" << SudoAccess::NoPassword << true << QStringList()
                                                << -1 << 200000;
        QTest::newRow("NVIDIA Sync's netplan, reordered GID table")
            << "sparklab-nvidia-sync-gid-reorder.txt" << "spark-3" << "7.6.0" << "580.159.03" << 4 << "0,1" << "root"
            << SudoAccess::NoPassword << true << test::strings({"/etc/netplan/99-nvidia-sync-cluster.yaml"}) << 2
            << 200000;
        QTest::newRow("port 1 unplugged: its netdevs are gone")
            << "sparklab-unplugged-port1.txt" << "spark-1" << "7.6.0" << "580.159.03" << 2 << "0" << "root"
            << SudoAccess::NoPassword << true << test::strings({"/etc/netplan/40-cx7.yaml"}) << 3 << 200000;
        QTest::newRow("twin down, port 0 at 100G") << "sparklab-twin-down-100g.txt" << "spark-2" << "7.3.1"
                                                   << "580.95.05" << 4 << "0,1" << "root" << SudoAccess::NoPassword
                                                   << true << QStringList() << -1 << 100000;
    }

    void sparklabNodes()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, hostname);
        QFETCH(QString, release);
        QFETCH(QString, driver);
        QFETCH(int, present);
        QFETCH(QString, cabled);
        QFETCH(QString, user);
        QFETCH(SudoAccess, sudo);
        QFETCH(bool, netplanReadable);
        QFETCH(QStringList, netplanFiles);
        QFETCH(int, gidIndex);
        QFETCH(int, port0Speed);
        const QString output = test::readFixture(QStringLiteral("facts/probe/") + fixture);
        QVERIFY(!output.isEmpty());
        const NodeFacts facts = parseProbeOutput(output, QStringLiteral("node"));
        QVERIFY2(facts.complete, qPrintable(facts.problems.join(QLatin1Char('\n'))));
        QVERIFY2(facts.problems.isEmpty(), qPrintable(facts.problems.join(QLatin1Char('\n'))));
        QCOMPARE(facts.node, QStringLiteral("node"));
        QCOMPARE(facts.probeFormat, 1);
        QCOMPARE(facts.hostname, hostname);
        QCOMPARE(facts.release.version(), release);
        QVERIFY(!facts.release.isOemPlatform());
        QVERIFY(facts.gpu.ok());
        QCOMPARE(facts.gpu.driverVersion, driver);
        QCOMPARE(facts.gpu.cudaVersion, QStringLiteral("13.0"));
        QCOMPARE(facts.gpu.gpuName, QStringLiteral("NVIDIA GB10"));
        QVERIFY(!facts.kernel.isEmpty());
        QCOMPARE(facts.cx7Firmware(), QStringLiteral("28.45.4028 (NVD0000000087)"));
        int presentCount = 0;
        for (const Cx7InterfaceFacts &interface : facts.cx7) {
            if (!interface.present)
                continue;
            ++presentCount;
            QVERIFY(interface.mac.startsWith(QStringLiteral("02:")));
            QCOMPARE(interface.mtu, fixture.contains(QStringLiteral("nvidia-sync")) ? 9000 : 1500); // Sync writes MTU 9000
            QVERIFY(interface.rdmaPresent);
            QCOMPARE(interface.driverInfo.busInfo, QString::fromLatin1(cx7::findByNetdev(interface.netdev)->pciAddress));
            QVERIFY(interface.rdmaUp.has_value());
            QCOMPARE(*interface.rdmaUp, interface.hasLink());
        }
        QCOMPARE(presentCount, present);
        QCOMPARE(portsText(facts.cabledPorts()), cabled);
        QCOMPARE(facts.user.name, user);
        QCOMPARE(facts.sudo, sudo);
        QCOMPARE(facts.networkConfig.netplanReadable, netplanReadable);
        QStringList paths;
        for (const NetplanFile &file : facts.networkConfig.netplanFiles)
            paths.append(file.path);
        QCOMPARE(paths, netplanFiles);
        QCOMPARE(facts.cx7.first().roceV2Ipv4GidIndex.value_or(-1), gidIndex);
        QCOMPARE(facts.cx7.first().speedMbps().value_or(0), port0Speed);
        // Every sparklab node has a management LAN, a home LAN and docker0.
        const QStringList subnets = facts.occupiedSubnets();
        QVERIFY2(subnets.contains(QStringLiteral("10.131.20.0/24")), qPrintable(subnets.join(QLatin1Char(' '))));
        QVERIFY(subnets.contains(QStringLiteral("192.168.1.0/24")));
        QVERIFY(subnets.contains(QStringLiteral("172.17.0.0/16")));
        // The serial number never reaches the facts or their JSON.
        QVERIFY(!QJsonDocument(facts.toJson()).toJson().contains("SERIAL"));
        const QString serial = output.section(QStringLiteral("DGX_SERIAL_NUMBER=\""), 1).section(QLatin1Char('"'), 0, 0);
        QVERIFY(!serial.isEmpty());
        QVERIFY(!QJsonDocument(facts.toJson()).toJson().contains(serial.toLatin1()));
    }

    void userSeesNetplanNamesOnly()
    {
        const NodeFacts facts = parseProbeOutput(test::readFixture(QStringLiteral("facts/probe/sparklab-user-nosudo.txt")));
        QCOMPARE(facts.networkConfig.netplanFileNames, test::strings({"40-cx7.yaml"}));
        QVERIFY(facts.sudoDetail.contains(QStringLiteral("password is required")));
    }

    void twinDown()
    {
        const NodeFacts facts = parseProbeOutput(test::readFixture(QStringLiteral("facts/probe/sparklab-twin-down-100g.txt")));
        const Cx7InterfaceFacts *down = facts.cx7Interface(QStringLiteral("enP2p1s0f1np1"));
        QVERIFY(down);
        QVERIFY(down->present);
        QVERIFY(!down->hasLink());
        QCOMPARE(down->operstate, QStringLiteral("down"));
        QVERIFY(!down->carrier.has_value()); // unreadable while the interface is down
        QVERIFY(facts.cx7Interface(QStringLiteral("enp1s0f1np1"))->hasLink());
    }

    void truncatedOutput()
    {
        QString output = test::readFixture(QStringLiteral("facts/probe/sparklab-ring3-root.txt"));
        output.truncate(output.indexOf(QStringLiteral("@@spark-probe:section ip-addr")));
        const NodeFacts facts = parseProbeOutput(output);
        QVERIFY(!facts.complete);
        QVERIFY(!facts.problems.isEmpty());
        QCOMPARE(facts.release.version(), QStringLiteral("7.6.0"));
        QVERIFY(facts.interfaces.isEmpty());
    }

    void garbage_data()
    {
        QTest::addColumn<QString>("output");
        QTest::newRow("empty") << QString();
        QTest::newRow("a shell error") << QStringLiteral("sh: 1: Syntax error: \"(\" unexpected\n");
    }

    void garbage()
    {
        QFETCH(QString, output);
        const NodeFacts facts = parseProbeOutput(output);
        QVERIFY(!facts.complete);
        QCOMPARE(facts.cx7.size(), 4);
        QVERIFY(facts.cabledPorts().isEmpty());
        QCOMPARE(facts.sudo, SudoAccess::Unknown);
    }
};

QTEST_APPLESS_MAIN(TestProbeParser)
#include "tst_probeparser.moc"
