// SPDX-License-Identifier: MIT
// The serving plan: what runs on each node for every layout (the network Ray
// and NCCL's bootstrap use, both twins of the cabled ports for the data), the
// parallel layout fitted to the nodes, and every refusal before anything starts.
#include "core/netconfig/addressplanner.h"
#include "core/serving/serveplanner.h"
#include "core/topology/cablingplanner.h"
#include "tests/support/fixtures.h"

#include <QJsonArray>
#include <QTest>

using namespace spark;

namespace {

constexpr qint64 gb = 1000LL * 1000 * 1000;

Recipe recipeFrom(const QByteArray &yaml)
{
    auto recipe = RecipeReader::parse(yaml, QStringLiteral("test.yaml"));
    if (!recipe)
        qFatal("%s", qPrintable(recipe.error().message));
    return *recipe;
}

const QByteArray tensorRecipe = "name: Tensor\nmodel: org/model\ncontainer: nvcr.io/nvidia/vllm:25.11-py3\n"
                                "defaults:\n  port: 8000\n  host: 0.0.0.0\n  tensor_parallel: 2\n"
                                "env:\n  VLLM_EXTRA: \"1\"\n"
                                "command: vllm serve org/model --host {host} --port {port} -tp {tensor_parallel}\n";
const QByteArray pipelineRecipe = "name: Pipeline\nmodel: org/model\ncontainer: vllm-node\n"
                                  "defaults:\n  tensor_parallel: 1\n  pipeline_parallel: 2\n"
                                  "command: vllm serve org/model --port {port} --tensor-parallel-size {tensor_parallel} "
                                  "--pipeline-parallel-size {pipeline_parallel}\n";

ServeRequest request(ClusterLayout layout, int count, const QByteArray &yaml = tensorRecipe)
{
    ServeRequest r;
    r.recipe = recipeFrom(yaml);
    r.cluster = QStringLiteral("lab");
    r.layout = layout;
    r.launchId = QStringLiteral("abcd1234");
    const QStringList names = spark::test::numberedSparks(count);
    const auto cabling = CablingPlanner::plan(layout, names);
    if (!cabling)
        qFatal("%s", qPrintable(cabling.error().message));
    r.addresses = *AddressPlanner::plan(*cabling, {});
    for (int i = 0; i < count; ++i) {
        ServeNode node;
        node.name = names.at(i);
        node.managementAddress = QStringLiteral("192.168.1.%1").arg(11 + i);
        node.modelCacheRoot = QStringLiteral("/home/u/.cache/huggingface/hub");
        node.memTotalBytes = 128 * gb;
        node.images = QStringList{QStringLiteral("nvcr.io/nvidia/vllm:25.11-py3"), QStringLiteral("vllm-node:latest")};
        node.listeningPorts = QList<int>{22};
        r.nodes.append(node);
    }
    r.weightBytes = 16 * gb;
    return r;
}

QString env(const ServeNodePlan &node, const QString &name)
{
    for (const EnvironmentVariable &variable : node.environment) {
        if (variable.name == name)
            return variable.value;
    }
    return QStringLiteral("<unset>");
}

bool refusedWith(const ServePlan &plan, const QString &words)
{
    return std::any_of(plan.refusals.cbegin(), plan.refusals.cend(), [&](const QString &r) { return r.contains(words); });
}

} // namespace

class TestServePlanner final : public QObject
{
    Q_OBJECT

private slots:
    void everyLayoutGetsItsNetwork_data()
    {
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("network");
        QTest::addColumn<QStringList>("hostIps"); // VLLM_HOST_IP per node
        QTest::addColumn<QStringList>("netdevs"); // NCCL_SOCKET_IFNAME per node
        QTest::addColumn<QStringList>("hcas");    // NCCL_IB_HCA per node
        QTest::addColumn<QString>("mergeNics");   // NCCL_IB_MERGE_NICS
        QTest::newRow("direct pair: the CX-7 subnet, both twins of the cabled port")
            << ClusterLayout::Direct2 << 2 << QStringLiteral("cx7")
            << QStringList{QStringLiteral("10.200.0.1"), QStringLiteral("10.200.0.2")}
            << QStringList{QStringLiteral("enp1s0f0np0"), QStringLiteral("enp1s0f0np0")}
            << QStringList{QStringLiteral("rocep1s0f0,roceP2p1s0f0"), QStringLiteral("rocep1s0f0,roceP2p1s0f0")}
            << QStringLiteral("<unset>");
        QTest::newRow("ring of three: Ray on the management network, data on all four devices")
            << ClusterLayout::Ring3 << 3 << QStringLiteral("management")
            << QStringList{QStringLiteral("192.168.1.11"), QStringLiteral("192.168.1.12"), QStringLiteral("192.168.1.13")}
            << QStringList{QStringLiteral("enP7s7"), QStringLiteral("enP7s7"), QStringLiteral("enP7s7")}
            << QStringList{QStringLiteral("rocep1s0f0,roceP2p1s0f0,rocep1s0f1,roceP2p1s0f1"),
                           QStringLiteral("rocep1s0f0,roceP2p1s0f0,rocep1s0f1,roceP2p1s0f1"),
                           QStringLiteral("rocep1s0f0,roceP2p1s0f0,rocep1s0f1,roceP2p1s0f1")}
            << QStringLiteral("0");
        QTest::newRow("switch of four: one subnet reaches all")
            << ClusterLayout::Switch << 4 << QStringLiteral("cx7")
            << QStringList{QStringLiteral("10.200.0.1"), QStringLiteral("10.200.0.2"), QStringLiteral("10.200.0.3"),
                           QStringLiteral("10.200.0.4")}
            << QStringList{QStringLiteral("enp1s0f0np0"), QStringLiteral("enp1s0f0np0"), QStringLiteral("enp1s0f0np0"),
                           QStringLiteral("enp1s0f0np0")}
            << QStringList{QStringLiteral("rocep1s0f0,roceP2p1s0f0"), QStringLiteral("rocep1s0f0,roceP2p1s0f0"),
                           QStringLiteral("rocep1s0f0,roceP2p1s0f0"), QStringLiteral("rocep1s0f0,roceP2p1s0f0")}
            << QStringLiteral("<unset>");
    }
    void everyLayoutGetsItsNetwork()
    {
        QFETCH(ClusterLayout, layout);
        QFETCH(int, count);
        QFETCH(QString, network);
        QFETCH(QStringList, hostIps);
        QFETCH(QStringList, netdevs);
        QFETCH(QStringList, hcas);
        QFETCH(QString, mergeNics);
        const ServePlan plan = ServePlanner::plan(request(layout, count));
        QVERIFY2(plan.canStart(), qPrintable(plan.refusals.join(u'\n')));
        QCOMPARE(plan.network, network);
        QCOMPARE(plan.nodes.size(), count);
        QCOMPARE(plan.tensorParallel, count);
        QCOMPARE(plan.pipelineParallel, 1);
        for (int i = 0; i < count; ++i) {
            const ServeNodePlan &node = plan.nodes.at(i);
            QCOMPARE(node.role, i == 0 ? ServeNodePlan::Role::Head : ServeNodePlan::Role::Worker);
            QCOMPARE(node.container, QStringLiteral("spark-serve-abcd1234-%1").arg(i + 1));
            QCOMPARE(env(node, QStringLiteral("VLLM_HOST_IP")), hostIps.at(i));
            for (const char *name : {"NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME", "TP_SOCKET_IFNAME", "UCX_NET_DEVICES",
                                     "OMPI_MCA_btl_tcp_if_include"})
                QCOMPARE(env(node, QLatin1String(name)), netdevs.at(i));
            QCOMPARE(env(node, QStringLiteral("NCCL_IB_HCA")), hcas.at(i));
            QCOMPARE(env(node, QStringLiteral("NCCL_IB_SUBNET_AWARE_ROUTING")), QStringLiteral("1"));
            QCOMPARE(env(node, QStringLiteral("NCCL_IB_MERGE_NICS")), mergeNics);
            QCOMPARE(env(node, QStringLiteral("MASTER_ADDR")), hostIps.at(0));
            QCOMPARE(env(node, QStringLiteral("RAY_memory_monitor_refresh_ms")), QStringLiteral("0"));
            QCOMPARE(env(node, QStringLiteral("VLLM_EXTRA")), QStringLiteral("1"));
            const QStringList &run = node.dockerRun;
            for (const char *flag : {"--gpus", "--network", "--ipc", "--device", "--ulimit"})
                QVERIFY2(run.contains(QLatin1String(flag)), flag);
            QVERIFY(run.contains(QStringLiteral("/home/u/.cache/huggingface/hub:/root/.cache/huggingface/hub")));
            QVERIFY(run.contains(QStringLiteral("%1=abcd1234").arg(QLatin1String(ServePlanner::launchLabel))));
            const qsizetype image = run.indexOf(QStringLiteral("nvcr.io/nvidia/vllm:25.11-py3"));
            QVERIFY(image > 0);
            QStringList ray = run.mid(image + 1);
            QStringList expected{QStringLiteral("ray"), QStringLiteral("start")};
            if (i == 0)
                expected << QStringLiteral("--head") << QStringLiteral("--port=6379");
            else
                expected << QStringLiteral("--address=%1:6379").arg(hostIps.at(0));
            expected << QStringLiteral("--node-ip-address=") + hostIps.at(i) << QStringLiteral("--block");
            QCOMPARE(ray, expected);
        }
        QCOMPARE(plan.serve, (QStringList{QStringLiteral("vllm"), QStringLiteral("serve"), QStringLiteral("org/model"),
                                          QStringLiteral("--host"), QStringLiteral("0.0.0.0"), QStringLiteral("--port"),
                                          QStringLiteral("8000"), QStringLiteral("-tp"), QString::number(count)}));
    }

    void soloRunsTheServeCommandItself()
    {
        ServeRequest r = request(ClusterLayout::Direct2, 2);
        r.soloNode = QStringLiteral("spark-2");
        const ServePlan plan = ServePlanner::plan(r);
        QVERIFY2(plan.canStart(), qPrintable(plan.refusals.join(u'\n')));
        QCOMPARE(plan.nodes.size(), 1);
        QCOMPARE(plan.head(), QStringLiteral("spark-2"));
        QCOMPARE(plan.nodes.constFirst().role, ServeNodePlan::Role::Solo);
        QCOMPARE(plan.network, QString());
        QCOMPARE(plan.tensorParallel, 1);
        QCOMPARE(env(plan.nodes.constFirst(), QStringLiteral("VLLM_HOST_IP")), QStringLiteral("<unset>"));
        QCOMPARE(env(plan.nodes.constFirst(), QStringLiteral("HF_HUB_OFFLINE")), QStringLiteral("1"));
        const QStringList &run = plan.nodes.constFirst().dockerRun;
        QVERIFY(!run.contains(QStringLiteral("/dev/infiniband")));
        QCOMPARE(run.mid(run.indexOf(QStringLiteral("nvcr.io/nvidia/vllm:25.11-py3")) + 1), plan.serve);
        QVERIFY(plan.notes.join(u' ').contains(QStringLiteral("tensor 2 × pipeline 1")));
    }

    void parallelLayoutFollowsTheNodes_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<bool>("noted");
        QTest::newRow("tensor recipe on two") << tensorRecipe << ClusterLayout::Direct2 << 2 << 2 << 1 << false;
        QTest::newRow("tensor recipe on four") << tensorRecipe << ClusterLayout::Switch << 4 << 4 << 1 << true;
        QTest::newRow("pipeline recipe on two") << pipelineRecipe << ClusterLayout::Direct2 << 2 << 1 << 2 << false;
        QTest::newRow("pipeline recipe on three") << pipelineRecipe << ClusterLayout::Ring3 << 3 << 1 << 3 << true;
    }
    void parallelLayoutFollowsTheNodes()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(ClusterLayout, layout);
        QFETCH(int, count);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(bool, noted);
        const ServePlan plan = ServePlanner::plan(request(layout, count, yaml));
        QVERIFY2(plan.canStart(), qPrintable(plan.refusals.join(u'\n')));
        QCOMPARE(plan.tensorParallel, tp);
        QCOMPARE(plan.pipelineParallel, pp);
        QCOMPARE(plan.notes.join(u' ').contains(QStringLiteral("parallel layout")), noted);
    }

    void refusesBeforeStarting_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("said");
        QTest::newRow("layout the nodes cannot give") << QStringLiteral("tp=4") << QStringLiteral("must multiply to 2");
        QTest::newRow("cluster-only on one Spark") << QStringLiteral("cluster-only solo") << QStringLiteral("too big for one Spark");
        QTest::newRow("model incomplete on a worker") << QStringLiteral("model missing") << QStringLiteral("spark-2 does not have org/model complete (3 of 48 shards missing)");
        QTest::newRow("image missing on a worker") << QStringLiteral("image missing") << QStringLiteral("spark-2 does not have the image");
        QTest::newRow("no docker") << QStringLiteral("no docker") << QStringLiteral("Docker is not installed on spark-2");
        QTest::newRow("API port taken") << QStringLiteral("port taken") << QStringLiteral("already listens on port 8000");
        QTest::newRow("Ray's port taken") << QStringLiteral("ray port taken") << QStringLiteral("Ray's head needs");
        QTest::newRow("does not fit") << QStringLiteral("too big") << QStringLiteral("does not fit on 2 Sparks");
        QTest::newRow("not a port") << QStringLiteral("port=99999") << QStringLiteral("not a TCP port");
        QTest::newRow("memory fraction") << QStringLiteral("gpu=1.5") << QStringLiteral("at most 1");
        QTest::newRow("not vllm") << QStringLiteral("sglang") << QStringLiteral("\"vllm serve\" only");
        QTest::newRow("placeholder without a value") << QStringLiteral("max_model_len") << QStringLiteral("{max_model_len}");
        QTest::newRow("unknown solo node") << QStringLiteral("solo nowhere") << QStringLiteral("not in the cluster");
        QTest::newRow("ring without management address") << QStringLiteral("ring no mgmt") << QStringLiteral("management network is not known");
        QTest::newRow("bad launch id") << QStringLiteral("launch id") << QStringLiteral("not a launch id");
    }
    void refusesBeforeStarting()
    {
        QFETCH(QString, change);
        QFETCH(QString, said);
        ServeRequest r = request(ClusterLayout::Direct2, 2);
        if (change == u"tp=4")
            r.overrides = {{QStringLiteral("tensor_parallel"), QStringLiteral("4")}};
        else if (change == u"cluster-only solo") {
            r.recipe.clusterOnly = true;
            r.soloNode = QStringLiteral("spark-1");
        } else if (change == u"model missing") {
            r.nodes[1].modelCacheRoot.clear();
            r.nodes[1].modelProblem = QStringLiteral("3 of 48 shards missing");
        } else if (change == u"image missing")
            r.nodes[1].images = QStringList{QStringLiteral("other:1")};
        else if (change == u"no docker")
            r.nodes[1].dockerProblem = QStringLiteral("Docker is not installed on spark-2.");
        else if (change == u"port taken")
            r.nodes[0].listeningPorts = QList<int>{22, 8000};
        else if (change == u"ray port taken")
            r.nodes[0].listeningPorts = QList<int>{6379};
        else if (change == u"too big")
            r.weightBytes = 300 * gb;
        else if (change == u"port=99999")
            r.overrides = {{QStringLiteral("port"), QStringLiteral("99999")}};
        else if (change == u"gpu=1.5")
            r.overrides = {{QStringLiteral("gpu_memory_utilization"), QStringLiteral("1.5")}};
        else if (change == u"sglang")
            r.recipe = recipeFrom("name: S\ncontainer: lmsysorg/sglang\ncommand: python3 -m sglang.launch_server --port {port}\n");
        else if (change == u"max_model_len")
            r.recipe = recipeFrom("name: M\ncontainer: x\ncommand: vllm serve org/model --max-model-len {max_model_len}\n");
        else if (change == u"solo nowhere")
            r.soloNode = QStringLiteral("spark-9");
        else if (change == u"ring no mgmt") {
            r = request(ClusterLayout::Ring3, 3);
            r.nodes[2].managementAddress.clear();
        } else if (change == u"launch id")
            r.launchId = QStringLiteral("../../x");
        const ServePlan plan = ServePlanner::plan(r);
        QVERIFY(!plan.canStart());
        QVERIFY2(refusedWith(plan, said), qPrintable(plan.refusals.join(u'\n')));
    }

    void allRefusalsAtOnce()
    {
        ServeRequest r = request(ClusterLayout::Direct2, 2);
        r.nodes[0].images = QStringList();
        r.nodes[1].modelCacheRoot.clear();
        r.nodes[0].listeningPorts = QList<int>{8000};
        const ServePlan plan = ServePlanner::plan(r);
        QCOMPARE(plan.refusals.size(), 3);
    }

    void unknownFactsDoNotRefuse()
    {
        ServeRequest r = request(ClusterLayout::Direct2, 2);
        for (ServeNode &node : r.nodes) {
            node.images.reset();
            node.listeningPorts.reset();
            node.memTotalBytes = -1;
        }
        r.weightBytes = -1;
        const ServePlan plan = ServePlanner::plan(r);
        QVERIFY2(plan.canStart(), qPrintable(plan.refusals.join(u'\n')));
        QVERIFY(plan.fit.isEmpty());
    }

    void valuesNeverBecomeSyntax()
    {
        ServeRequest r = request(ClusterLayout::Direct2, 2);
        r.recipe = recipeFrom("name: N\nmodel: org/model\ncontainer: vllm-node\ndefaults:\n  served: a\n"
                              "command: vllm serve org/model --served-model-name {served} -tp 2\n");
        r.overrides = {{QStringLiteral("served"), QStringLiteral("x; rm -rf ~ $(id)")}};
        const ServePlan plan = ServePlanner::plan(r);
        QVERIFY2(plan.canStart(), qPrintable(plan.refusals.join(u'\n')));
        QCOMPARE(plan.serve.at(4), QStringLiteral("x; rm -rf ~ $(id)"));
        QCOMPARE(plan.serve.size(), 7);
    }

    void adviceAndWarnings()
    {
        ServeRequest r = request(ClusterLayout::Direct2, 2);
        r.recipe.env.append({QStringLiteral("NCCL_SOCKET_IFNAME"), QStringLiteral("eth0")});
        const ServePlan plan = ServePlanner::plan(r);
        QVERIFY(plan.canStart());
        QCOMPARE(env(plan.nodes.constFirst(), QStringLiteral("NCCL_SOCKET_IFNAME")), QStringLiteral("enp1s0f0np0"));
        QCOMPARE(plan.warnings.size(), 1);
        QVERIFY(plan.warnings.constFirst().contains(QStringLiteral("NCCL_SOCKET_IFNAME")));
        QVERIFY(plan.notes.join(u' ').contains(QStringLiteral("one Spark per model")));
        QVERIFY(plan.fit.startsWith(QStringLiteral("Fits on")));
        r.weightBytes = 150 * gb;
        const ServePlan big = ServePlanner::plan(r);
        QVERIFY(big.canStart());
        QVERIFY(!big.notes.join(u' ').contains(QStringLiteral("one Spark per model")));
    }

    void jsonHoldsThePlan()
    {
        const ServePlan plan = ServePlanner::plan(request(ClusterLayout::Ring3, 3));
        const QJsonObject json = plan.toJson();
        QCOMPARE(json.value(QStringLiteral("network")).toString(), QStringLiteral("management"));
        QCOMPARE(json.value(QStringLiteral("can_start")).toBool(), true);
        QCOMPARE(json.value(QStringLiteral("nodes")).toArray().size(), 3);
        QCOMPARE(json.value(QStringLiteral("nodes")).toArray().at(1).toObject().value(QStringLiteral("role")).toString(),
                 QStringLiteral("worker"));
        QCOMPARE(json.value(QStringLiteral("serve")).toArray().size(), plan.serve.size());
    }
};

QTEST_GUILESS_MAIN(TestServePlanner)
#include "tst_serveplanner.moc"
