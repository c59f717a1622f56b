// SPDX-License-Identifier: MIT
#include "core/netconfig/addressplanner.h"
#include "core/netconfig/netplandocument.h"
#include "core/topology/cablingplanner.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::ClusterLayout)

namespace {
QString goldenPath(const QString &name)
{
    return QStringLiteral(SPARK_FIXTURES_DIR "/netconfig/") + name;
}

// SPARK_UPDATE_GOLDEN=1 rewrites the fixture (then review the diff).
QString golden(const QString &name, const QString &actual)
{
    QFile file(goldenPath(name));
    if (qEnvironmentVariableIsSet("SPARK_UPDATE_GOLDEN")) {
        if (file.open(QIODevice::WriteOnly))
            file.write(actual.toUtf8());
        return actual;
    }
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("missing golden file ") + name;
    return QString::fromUtf8(file.readAll());
}

QStringList sparks(int count)
{
    QStringList names;
    for (int i = 0; i < count; ++i)
        names.append(QStringLiteral("spark-%1").arg(QChar(u'a' + i)));
    return names;
}
} // namespace

class TestNetplanDocument final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesGolden_data()
    {
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("file");
        QTest::newRow("direct2 right, a") << ClusterLayout::Direct2 << 2 << 1 << QStringLiteral("spark-a") << QStringLiteral("netplan-direct2-spark-a.yaml");
        QTest::newRow("direct2 right, b") << ClusterLayout::Direct2 << 2 << 1 << QStringLiteral("spark-b") << QStringLiteral("netplan-direct2-spark-b.yaml");
        QTest::newRow("ring3, b") << ClusterLayout::Ring3 << 3 << -1 << QStringLiteral("spark-b") << QStringLiteral("netplan-ring3-spark-b.yaml");
        QTest::newRow("switch 4, d") << ClusterLayout::Switch << 4 << 0 << QStringLiteral("spark-d") << QStringLiteral("netplan-switch4-spark-d.yaml");
    }

    void matchesGolden()
    {
        QFETCH(ClusterLayout, layout);
        QFETCH(int, nodes);
        QFETCH(int, port);
        QFETCH(QString, node);
        QFETCH(QString, file);
        const auto cabling = CablingPlanner::plan(layout, sparks(nodes), port < 0 ? std::nullopt : std::optional<int>(port));
        const auto addresses = AddressPlanner::plan(*cabling, {});
        const auto yaml = NetplanDocument::render(QStringLiteral("lab"), addresses->interfacesOf(node));
        QVERIFY(yaml.hasValue());
        QCOMPARE(*yaml, golden(file, *yaml));
        QVERIFY(yaml->contains(QStringLiteral("dhcp4: false")));
        QVERIFY(!yaml->contains(QStringLiteral("enP7s7")));

        // Debian's real netplan parser accepts it and makes one networkd unit per interface.
        QTemporaryDir root;
        QVERIFY(QDir(root.path()).mkpath(QStringLiteral("etc/netplan")));
        QFile out(root.filePath(QStringLiteral("etc/netplan/")) + NetplanDocument::fileName());
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(yaml->toUtf8());
        out.close();
        out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QProcess netplan;
        netplan.start(QStringLiteral("netplan"), {QStringLiteral("generate"), QStringLiteral("--root-dir"), root.path()});
        QVERIFY2(netplan.waitForFinished(60000), "netplan (package netplan.io, installer/install-deps.sh) did not run");
        QVERIFY2(netplan.exitCode() == 0, netplan.readAllStandardError().constData());
        const QStringList units = QDir(root.filePath(QStringLiteral("run/systemd/network"))).entryList({QStringLiteral("*.network")});
        QCOMPARE(units.size(), addresses->interfacesOf(node).size());
    }

    void refuses_data()
    {
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<QString>("netdev");
        QTest::newRow("newline in cluster name") << QStringLiteral("lab\nnetwork: {}") << QStringLiteral("enp1s0f0np0");
        QTest::newRow("quote in cluster name") << QStringLiteral("lab\"") << QStringLiteral("enp1s0f0np0");
        QTest::newRow("not a CX-7 netdev") << QStringLiteral("lab") << QStringLiteral("enP7s7");
        QTest::newRow("no interfaces") << QStringLiteral("lab") << QString();
    }

    void refuses()
    {
        QFETCH(QString, cluster);
        QFETCH(QString, netdev);
        QList<InterfaceAddress> interfaces;
        if (!netdev.isEmpty())
            interfaces.append(InterfaceAddress{QStringLiteral("a"), netdev, 0, 0, 0x0ac80001, *Ipv4Subnet::parse(QStringLiteral("10.200.0.0/24")), 9000});
        QVERIFY(!NetplanDocument::render(cluster, interfaces).hasValue());
    }

    void conflicts_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QList<QStringList>>("interfaces");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("playbook and sync files")
            << QStringList{QStringLiteral("/etc/netplan/40-cx7.yaml"), QStringLiteral("/etc/netplan/99-nvidia-sync-cluster.yaml"),
                           QStringLiteral("/etc/netplan/50-cloud-init.yaml")}
            << QList<QStringList>{{QStringLiteral("enp1s0f0np0"), QStringLiteral("enp1s0f1np1")},
                                  {QStringLiteral("enp1s0f1np1"), QStringLiteral("enP2p1s0f1np1")},
                                  {}}
            << QStringList{QStringLiteral("spark-a was set up by NVIDIA's playbook script: /etc/netplan/40-cx7.yaml configures "
                                          "enp1s0f0np0. It is to be set aside, kept in the backup and given back by a rollback, "
                                          "once you agree.")};
        QTest::newRow("NVIDIA Sync's Cluster Assistant")
            << QStringList{QStringLiteral("/etc/netplan/99-nvidia-sync-cluster.yaml")}
            << QList<QStringList>{{QStringLiteral("enp1s0f0np0"), QStringLiteral("enP2p1s0f0np0")}}
            << QStringList{QStringLiteral("spark-a was set up by NVIDIA Sync's Cluster Assistant: "
                                          "/etc/netplan/99-nvidia-sync-cluster.yaml configures enp1s0f0np0, enP2p1s0f0np0. It is "
                                          "to be set aside, kept in the backup and given back by a rollback, once you agree.")};
        QTest::newRow("someone else's file")
            << QStringList{QStringLiteral("/etc/netplan/70-lab.yaml")}
            << QList<QStringList>{{QStringLiteral("enP2p1s0f0np0")}}
            << QStringList{QStringLiteral("On spark-a, /etc/netplan/70-lab.yaml also configures enP2p1s0f0np0: it is to be "
                                          "disabled, with a backup, once you agree.")};
        QTest::newRow("our own file is no conflict")
            << QStringList{QStringLiteral("/etc/netplan/60-spark-companion.yaml")}
            << QList<QStringList>{{QStringLiteral("enp1s0f0np0"), QStringLiteral("enP2p1s0f0np0")}} << QStringList{};
    }

    void conflicts()
    {
        QFETCH(QStringList, paths);
        QFETCH(QList<QStringList>, interfaces);
        QFETCH(QStringList, expected);
        QList<NetplanFile> files;
        for (qsizetype i = 0; i < paths.size(); ++i) {
            // Where a file comes from is the fact parser's to say, from its name and content.
            NetplanFile file = parseNetplan(paths[i], QString());
            file.cx7Interfaces = interfaces[i];
            files.append(file);
        }
        // direct2 on port 0: spark-a configures enp1s0f0np0 and enP2p1s0f0np0.
        const auto addresses = AddressPlanner::plan(*CablingPlanner::plan(ClusterLayout::Direct2, sparks(2)), {});
        const auto found = NetplanDocument::conflicts(files, addresses->interfacesOf(QStringLiteral("spark-a")));
        QCOMPARE(NetplanDocument::describeConflicts(QStringLiteral("spark-a"), found), expected);
    }
};

QTEST_APPLESS_MAIN(TestNetplanDocument)
#include "tst_netplandocument.moc"
