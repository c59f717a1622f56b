// SPDX-License-Identifier: MIT
#include "core/facts/networkconfig.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::NetplanFile::Origin)
Q_DECLARE_METATYPE(QList<spark::NmDeviceState>)

class TestNetworkConfig final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void netplan_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<NetplanFile::Origin>("origin");
        QTest::addColumn<QStringList>("ethernets");
        QTest::addColumn<QStringList>("cx7");
        QTest::addColumn<QStringList>("dhcp");
        QTest::addColumn<QString>("renderer");
        using O = NetplanFile::Origin;
        QTest::newRow("NVIDIA playbook") << "40-cx7.yaml" << O::NvidiaPlaybook
                                         << test::strings({"enp1s0f0np0", "enP2p1s0f0np0"})
                                         << test::strings({"enp1s0f0np0", "enP2p1s0f0np0"}) << QStringList() << "";
        QTest::newRow("NVIDIA Sync") << "99-nvidia-sync-cluster.yaml" << O::NvidiaSync
                                     << test::strings({"enp1s0f0np0", "enP2p1s0f0np0"})
                                     << test::strings({"enp1s0f0np0", "enP2p1s0f0np0"}) << QStringList()
                                     << "NetworkManager";
        QTest::newRow("cloud-init, management port only") << "50-cloud-init.yaml" << O::Other << test::strings({"enP7s7"})
                                                           << QStringList() << test::strings({"enP7s7"}) << "";
        QTest::newRow("flow style and match globs") << "flow-and-match.yaml" << O::Other
                                                    << test::strings({"cx7-left", "cx7right"})
                                                    << test::strings({"enp1s0f0np0", "enp1s0f1np1", "enP2p1s0f1np1"})
                                                    << test::strings({"cx7-left", "cx7right"}) << "";
        QTest::newRow("Wi-Fi only") << "wifi-only.yaml" << O::Other << QStringList() << QStringList() << QStringList()
                                    << "NetworkManager";
    }

    void netplan()
    {
        QFETCH(QString, fixture);
        QFETCH(NetplanFile::Origin, origin);
        QFETCH(QStringList, ethernets);
        QFETCH(QStringList, cx7);
        QFETCH(QStringList, dhcp);
        QFETCH(QString, renderer);
        const QString text = test::readFixture(QStringLiteral("facts/netplan/") + fixture);
        QVERIFY(!text.isEmpty());
        const NetplanFile file = parseNetplan(QStringLiteral("/etc/netplan/") + fixture, text);
        QCOMPARE(file.origin, origin);
        QCOMPARE(file.fileName(), fixture);
        QCOMPARE(file.ethernets, ethernets);
        QStringList sortedCx7 = file.cx7Interfaces;
        sortedCx7.sort();
        cx7.sort();
        QCOMPARE(sortedCx7, cx7);
        QCOMPARE(file.dhcpInterfaces, dhcp);
        QCOMPARE(file.renderer, renderer);
    }

    void netplanOddities_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("cx7");
        QTest::newRow("tabs, quotes, comments")
            << "network:\n\tethernets:\n\t\t\"enp1s0f1np1\": # right port\n\t\t\taddresses: ['10.0.0.1/24']\n"
            << test::strings({"enp1s0f1np1"});
        QTest::newRow("bond over CX-7")
            << "network:\n  bonds:\n    bond0:\n      interfaces: [enp1s0f0np0, enp1s0f1np1]\n"
            << test::strings({"enp1s0f0np0", "enp1s0f1np1"});
        QTest::newRow("commented out") << "network:\n  ethernets: {}\n#   enp1s0f0np0:\n" << QStringList();
        QTest::newRow("similar name") << "network:\n  ethernets:\n    enp1s0f0np0x: {}\n" << QStringList();
        QTest::newRow("empty") << "" << QStringList();
    }

    void netplanOddities()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, cx7);
        QCOMPARE(parseNetplan(QStringLiteral("/etc/netplan/70-x.yaml"), text).cx7Interfaces, cx7);
    }

    void nmcliDevices_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<NmDeviceState>>("devices");
        const QString captured = test::readFixture(QStringLiteral("facts/networkmanager/nmcli-devices.txt"));
        QTest::newRow("sparklab switch node, port 1 uncabled")
            << captured
            << QList<NmDeviceState>{
                   {QStringLiteral("enP7s7"), QStringLiteral("ethernet"), QStringLiteral("connected"), QStringLiteral("netplan-enP7s7")},
                   {QStringLiteral("lo"), QStringLiteral("loopback"), QStringLiteral("connected (externally)"), QStringLiteral("lo")},
                   {QStringLiteral("enP2p1s0f0np0"), QStringLiteral("ethernet"), QStringLiteral("connecting (getting IP configuration)"),
                    QStringLiteral("Wired connection 2")},
                   {QStringLiteral("enp1s0f0np0"), QStringLiteral("ethernet"), QStringLiteral("connecting (getting IP configuration)"),
                    QStringLiteral("Wired connection 1")},
                   {QStringLiteral("enP2p1s0f1np1"), QStringLiteral("ethernet"), QStringLiteral("unavailable"), QString()},
                   {QStringLiteral("enp1s0f1np1"), QStringLiteral("ethernet"), QStringLiteral("unavailable"), QString()}};
        QTest::newRow("escaped colon and backslash in a profile name")
            << QStringLiteral("enp1s0f0np0:ethernet:connected:lab\\:one\\\\two\n")
            << QList<NmDeviceState>{{QStringLiteral("enp1s0f0np0"), QStringLiteral("ethernet"), QStringLiteral("connected"),
                                     QStringLiteral("lab:one\\two")}};
        QTest::newRow("NetworkManager not running") << QStringLiteral("Error: NetworkManager is not running.\n")
                                                    << QList<NmDeviceState>{};
    }

    void nmcliDevices()
    {
        QFETCH(QString, text);
        QFETCH(QList<NmDeviceState>, devices);
        QVERIFY(!text.isEmpty());
        QCOMPARE(parseNmcliDevices(text), devices);
    }

    void nmcli()
    {
        const QList<NmProfile> profiles =
            parseNmcliProfiles(test::readFixture(QStringLiteral("facts/networkmanager/nmcli-profiles.txt")));
        QCOMPARE(profiles.size(), 3);
        QCOMPARE(profiles.at(0).id, QStringLiteral("Wired connection 1"));
        QCOMPARE(profiles.at(0).interfaceName, QStringLiteral("enp1s0f0np0"));
        QVERIFY(profiles.at(0).usesDhcp());
        QVERIFY(!profiles.at(0).isFromNetplan());
        QVERIFY(profiles.at(1).isFromNetplan());
        QCOMPARE(profiles.at(1).ipv4Addresses, QStringList{QStringLiteral("10.100.33.1/24")});
        QVERIFY(!profiles.at(1).usesDhcp());
        QCOMPARE(profiles.at(2).id, QStringLiteral("Home: 5 GHz"));
    }

    void keyfile()
    {
        const QString path = QStringLiteral("/etc/NetworkManager/system-connections/Wired connection 2.nmconnection");
        const NmProfile profile =
            parseNmKeyfile(path, test::readFixture(QStringLiteral("facts/networkmanager/wired-connection-2.nmconnection")));
        QCOMPARE(profile.id, QStringLiteral("Wired connection 2"));
        QCOMPARE(profile.interfaceName, QStringLiteral("enp1s0f1np1"));
        QCOMPARE(profile.type, QStringLiteral("ethernet"));
        QVERIFY(profile.usesDhcp());
        QCOMPARE(profile.source, path);
        const NmProfile manual = parseNmKeyfile(QStringLiteral("/run/NetworkManager/system-connections/netplan-enp1s0f0np0.nmconnection"),
                                                QStringLiteral("[connection]\nid=netplan-enp1s0f0np0\ninterface-name=enp1s0f0np0\n"
                                                               "[ipv4]\nmethod=manual\naddress1=10.100.32.1/24\n"));
        QVERIFY(manual.isFromNetplan());
        QCOMPARE(manual.ipv4Addresses, QStringList{QStringLiteral("10.100.32.1/24")});
    }
};

QTEST_APPLESS_MAIN(TestNetworkConfig)
#include "tst_networkconfig.moc"
