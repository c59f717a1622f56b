// SPDX-License-Identifier: MIT
// The files Spark Companion hands to MPI, NCCL, Ansible and vLLM, exactly, per
// layout (direct 2, ring 3, switch 4): tests/fixtures/exports/<name>. A
// changed export changes its file there, reviewed like code.
#include "core/facts/gidtable.h"
#include "core/netconfig/addressplanner.h"
#include "core/cluster/clusterexports.h"
#include "core/nccl/ncclenvironment.h"
#include "core/hardware/cx7.h"
#include "core/topology/cablingplanner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

namespace {


QList<ExportNode> exportNodes(int count)
{
    QList<ExportNode> nodes;
    for (int i = 1; i <= count; ++i)
        nodes.append(ExportNode{QStringLiteral("spark-%1").arg(i), QStringLiteral("192.168.1.%1").arg(10 + i),
                                QStringLiteral("nvidia"), 22});
    return nodes;
}

// Every cabled twin of every node with a RoCE v2 IPv4 GID at `index`.
QList<NodeFacts> factsWithGid(const CablingPlan &cabling, int index, const QString &odd = {}, int oddIndex = -1)
{
    QList<NodeFacts> facts;
    for (const QString &node : cabling.nodes) {
        NodeFacts f;
        f.node = node;
        for (const Cx7Function &function : cx7::functions) {
            Cx7InterfaceFacts interface;
            interface.netdev = function.netdevName();
            interface.rdmaDevice = function.rdmaDeviceName();
            const int at = node + QLatin1Char(' ') + interface.netdev == odd ? oddIndex : index;
            interface.gids = {GidEntry{0, QStringLiteral("fe80:0000:0000:0000:0000:00ff:fe00:0001"), QStringLiteral("IB/RoCE v1"),
                                       interface.netdev},
                              GidEntry{at, QStringLiteral("0000:0000:0000:0000:0000:ffff:0ac8:0001"), QStringLiteral("RoCE v2"),
                                       interface.netdev}};
            f.cx7.append(interface);
        }
        facts.append(f);
    }
    return facts;
}

} // namespace

class TestClusterExports final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exportsMatchTheirFiles_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gidIndex"); // -1: not read
        QTest::addColumn<QString>("file");
        QTest::newRow("nccl direct2") << QStringLiteral("nccl") << ClusterLayout::Direct2 << 2 << 3 << QStringLiteral("nccl-direct2.env");
        QTest::newRow("nccl ring3") << QStringLiteral("nccl") << ClusterLayout::Ring3 << 3 << 3 << QStringLiteral("nccl-ring3.env");
        QTest::newRow("nccl switch4, GID not read") << QStringLiteral("nccl") << ClusterLayout::Switch << 4 << -1
                                                    << QStringLiteral("nccl-switch4-no-gid.env");
        QTest::newRow("vllm direct2") << QStringLiteral("vllm") << ClusterLayout::Direct2 << 2 << -1 << QStringLiteral("vllm-direct2.sh");
        QTest::newRow("vllm switch4") << QStringLiteral("vllm") << ClusterLayout::Switch << 4 << -1 << QStringLiteral("vllm-switch4.sh");
        QTest::newRow("vllm ring3") << QStringLiteral("vllm") << ClusterLayout::Ring3 << 3 << -1 << QStringLiteral("vllm-ring3.sh");
        QTest::newRow("hostfile switch4") << QStringLiteral("hostfile") << ClusterLayout::Switch << 4 << -1
                                          << QStringLiteral("hostfile-switch4");
        QTest::newRow("ansible direct2") << QStringLiteral("ansible") << ClusterLayout::Direct2 << 2 << -1
                                         << QStringLiteral("inventory-direct2.yaml");
        QTest::newRow("ansible ring3") << QStringLiteral("ansible") << ClusterLayout::Ring3 << 3 << -1
                                       << QStringLiteral("inventory-ring3.yaml");
        QTest::newRow("ansible switch4") << QStringLiteral("ansible") << ClusterLayout::Switch << 4 << -1
                                         << QStringLiteral("inventory-switch4.yaml");
    }

    void exportsMatchTheirFiles()
    {
        QFETCH(QString, kind);
        QFETCH(ClusterLayout, layout);
        QFETCH(int, nodes);
        QFETCH(int, gidIndex);
        QFETCH(QString, file);
        const auto cabling = CablingPlanner::plan(layout, spark::test::numberedSparks(nodes));
        QVERIFY(cabling);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        QVERIFY(addresses);
        const QString cluster = QStringLiteral("lab-cluster");
        QString actual;
        if (kind == u"nccl") {
            const auto gid = NcclEnvironment::commonGidIndex(*cabling, gidIndex >= 0 ? factsWithGid(*cabling, gidIndex)
                                                                                     : QList<NodeFacts>{});
            QCOMPARE(gid.hasValue(), gidIndex >= 0);
            actual = NcclEnvironment::exports(cluster, layout,
                                              NcclEnvironment::variables(layout, gid ? std::optional<int>(*gid) : std::nullopt),
                                              gid ? QString() : QStringLiteral("NCCL_IB_GID_INDEX is not set: ") + gid.error().message);
        } else if (kind == u"vllm") {
            const auto text = ClusterExports::vllmCommands(cluster, exportNodes(nodes), *addresses);
            QVERIFY2(text, text ? "" : qPrintable(text.error().message));
            actual = *text;
        } else if (kind == u"hostfile") {
            actual = *ClusterExports::mpiHostfile(exportNodes(nodes));
        } else {
            actual = *ClusterExports::ansibleInventory(cluster, exportNodes(nodes), *addresses);
        }
        if (actual != spark::test::readFixture(QStringLiteral("exports/") + file)) {
            QFile out(QDir::temp().filePath(file));
            if (out.open(QIODevice::WriteOnly))
                out.write(actual.toUtf8());
            QFAIL(qPrintable(QStringLiteral("%1 differs; what was made is in %2:\n%3").arg(file, out.fileName(), actual)));
        }
    }

    // Debian's real ansible-inventory reads the inventory: the cluster's group,
    // each host's connection and its CX-7 addresses as host variables.
    void ansibleReadsTheInventory_data()
    {
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<int>("nodes");
        QTest::newRow("direct2") << ClusterLayout::Direct2 << 2;
        QTest::newRow("ring3") << ClusterLayout::Ring3 << 3;
        QTest::newRow("switch4") << ClusterLayout::Switch << 4;
    }

    void ansibleReadsTheInventory()
    {
        QFETCH(ClusterLayout, layout);
        QFETCH(int, nodes);
        const auto cabling = CablingPlanner::plan(layout, spark::test::numberedSparks(nodes));
        const auto addresses = AddressPlanner::plan(*cabling, {});
        const auto inventory = ClusterExports::ansibleInventory(QStringLiteral("lab-cluster"), exportNodes(nodes), *addresses);
        QVERIFY(inventory);
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("inventory.yaml")));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(inventory->toUtf8()) > 0);
        file.close();
        QProcess ansible;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), dir.path());
        environment.insert(QStringLiteral("ANSIBLE_LOCAL_TEMP"), dir.filePath(QStringLiteral("tmp")));
        ansible.setProcessEnvironment(environment);
        ansible.start(QStringLiteral("ansible-inventory"), {QStringLiteral("-i"), file.fileName(), QStringLiteral("--list")});
        QVERIFY2(ansible.waitForFinished(60000), "ansible-inventory did not finish");
        QVERIFY2(ansible.exitCode() == 0, ansible.readAllStandardError().constData());
        const QJsonObject listed = QJsonDocument::fromJson(ansible.readAllStandardOutput()).object();
        QStringList hosts;
        for (const QJsonValue &host : listed.value(QStringLiteral("lab_cluster")).toObject().value(QStringLiteral("hosts")).toArray())
            hosts.append(host.toString());
        QCOMPARE(hosts, spark::test::numberedSparks(nodes));
        const QJsonObject hostvars = listed.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("hostvars")).toObject();
        for (int i = 0; i < nodes; ++i) {
            const QString name = QStringLiteral("spark-%1").arg(i + 1);
            const QJsonObject vars = hostvars.value(name).toObject();
            QCOMPARE(vars.value(QStringLiteral("ansible_host")).toString(), exportNodes(nodes).at(i).managementHost);
            QCOMPARE(vars.value(QStringLiteral("ansible_user")).toString(), QStringLiteral("nvidia"));
            QCOMPARE(vars.value(QStringLiteral("ansible_port")).toInt(), 22);
            QCOMPARE(vars.value(QStringLiteral("spark_cluster_layout")).toString(), layoutKey(layout));
            const QJsonObject cx7 = vars.value(QStringLiteral("spark_cx7_addresses")).toObject();
            const QList<InterfaceAddress> planned = addresses->interfacesOf(name);
            QCOMPARE(cx7.size(), planned.size());
            for (const InterfaceAddress &interface : planned)
                QCOMPARE(cx7.value(interface.netdev).toString(), interface.cidr());
        }
    }

    void gidIndexOnlyWhenEveryTwinAgrees_data()
    {
        QTest::addColumn<QString>("odd");      // "node netdev" with another index
        QTest::addColumn<int>("oddIndex");     // -1: that twin has no IPv4 GID
        QTest::addColumn<QString>("sentence"); // empty: index 3
        QTest::newRow("all at 3") << QString() << 3 << QString();
        QTest::newRow("an uncabled port's GID does not count") << QStringLiteral("spark-2 enp1s0f1np1") << 5 << QString();
        QTest::newRow("one twin reordered")
            << QStringLiteral("spark-2 enP2p1s0f0np0") << 5
            << QStringLiteral("The RoCE v2 GID index differs between the twins (index 3 on spark-1 enp1s0f0np0, spark-1 "
                              "enP2p1s0f0np0, spark-2 enp1s0f0np0; index 5 on spark-2 enP2p1s0f0np0): NCCL takes one index "
                              "for all of them, so it is left to NCCL.");
        QTest::newRow("not applied yet")
            << QStringLiteral("spark-1 enp1s0f0np0") << -1
            << QStringLiteral("spark-1 has no RoCE v2 GID with an IPv4 address on enp1s0f0np0 yet (the cluster's network "
                              "is not applied there).");
    }

    void gidIndexOnlyWhenEveryTwinAgrees()
    {
        QFETCH(QString, odd);
        QFETCH(int, oddIndex);
        QFETCH(QString, sentence);
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, spark::test::numberedSparks(2), 0);
        QList<NodeFacts> facts = factsWithGid(*cabling, 3, odd, oddIndex);
        if (oddIndex < 0) {
            for (NodeFacts &node : facts) {
                for (Cx7InterfaceFacts &interface : node.cx7) {
                    if (node.node + QLatin1Char(' ') + interface.netdev == odd)
                        interface.gids.removeLast();
                }
            }
        }
        const auto gid = NcclEnvironment::commonGidIndex(*cabling, facts);
        if (sentence.isEmpty()) {
            QVERIFY2(gid, gid ? "" : qPrintable(gid.error().message));
            QCOMPARE(*gid, 3);
        } else {
            QVERIFY(!gid);
            QCOMPARE(gid.error().message, sentence);
        }
    }

    // A ring of three runs vLLM: Ray and NCCL's bootstrap over the management
    // network, the data over all four RoCE devices.
    void vllmRunsOnARing()
    {
        const auto cabling = CablingPlanner::plan(ClusterLayout::Ring3, spark::test::numberedSparks(3));
        const auto addresses = AddressPlanner::plan(*cabling, {});
        const auto text = ClusterExports::vllmCommands(QStringLiteral("x"), exportNodes(3), *addresses);
        QVERIFY2(text, text ? "" : qPrintable(text.error().message));
        QVERIFY(text->contains(QStringLiteral("VLLM_HOST_IP=192.168.1.13")));
        QVERIFY(text->contains(QStringLiteral("NCCL_SOCKET_IFNAME=enP7s7")));
        QVERIFY(text->contains(QStringLiteral("NCCL_IB_MERGE_NICS=0")));
        QCOMPARE(text->count(QStringLiteral("--address=192.168.1.11:6379")), 2);
        QVERIFY(!text->contains(QStringLiteral("cannot")));
    }

    void vllmNeedsTwoSparks()
    {
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, spark::test::numberedSparks(2), 0);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        const auto text = ClusterExports::vllmCommands(QStringLiteral("x"), exportNodes(1), *addresses);
        QVERIFY(!text);
        QCOMPARE(text.error().message, QStringLiteral("vLLM across Sparks needs at least two Sparks in the cluster."));
    }
};

QTEST_GUILESS_MAIN(TestClusterExports)
#include "tst_clusterexports.moc"
