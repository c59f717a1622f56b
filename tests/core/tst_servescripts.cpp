// SPDX-License-Identifier: MIT
// What a launch reads back from the nodes: Ray's status, the ports in use,
// Docker's images and our containers, the head's poll; and the commands it
// sends, every word quoted.
#include "core/serving/servenodestate.h"
#include "core/serving/serveplanner.h"
#include "core/serving/servescripts.h"

#include <QFile>
#include <QProcess>
#include <QTest>

using namespace spark;

namespace {
QString fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/serving/") + name);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}
} // namespace

class TestServeScripts final : public QObject
{
    Q_OBJECT

private slots:
    void countsRayNodes_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<int>("active"); // -1: not Ray's status
        QTest::newRow("two nodes (Ray 2.x)") << fixture(QStringLiteral("ray-status-2nodes.txt")) << 2;
        QTest::newRow("a pending worker is not active")
            << QStringLiteral("Node status\n---\nActive:\n 1 node_a\nPending:\n 10.0.0.2: 1 node_b\n") << 1;
        QTest::newRow("none active") << QStringLiteral("Active:\n (no active nodes)\nPending:\n") << 0;
        QTest::newRow("no cluster") << QStringLiteral("ConnectionError: Could not find any running Ray instance.") << -1;
    }
    void countsRayNodes()
    {
        QFETCH(QString, output);
        QFETCH(int, active);
        const auto counted = ServeScripts::activeRayNodes(output);
        QCOMPARE(counted.value_or(-1), active);
    }

    void readsListeningPorts()
    {
        const QStringList lines = fixture(QStringLiteral("ss-hltn.txt")).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(ServeNodeReading::listeningPorts(lines), (QList<int>{22, 53, 8000, 6379, 631}));
    }

    void readsANodesServingState_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<bool>("finished");
        QTest::addColumn<QString>("problem"); // a word of dockerProblem()
        QTest::addColumn<QStringList>("images");
        QTest::addColumn<int>("containers");
        QTest::addColumn<int>("ports"); // -1: not read
        const QString digest = QStringLiteral("sha256:") + QString(64, QLatin1Char('a'));
        QTest::newRow("docker with an image and our container")
            << QStringLiteral("@@serve:begin\n@@serve:image nvcr.io/nvidia/vllm:25.11-py3@%1\n@@serve:image <none>:<none>@<none>\n"
                              "@@serve:container spark-serve-abcd1234-1|running|abcd1234|pair\n"
                              "@@serve:listen LISTEN 0 4096 0.0.0.0:22 0.0.0.0:*\n@@serve:listen-read\n@@serve:end\n")
                   .arg(digest)
            << true << QString() << QStringList{QStringLiteral("nvcr.io/nvidia/vllm:25.11-py3"), QStringLiteral("nvcr.io/nvidia/vllm@") + digest}
            << 1 << 1;
        QTest::newRow("no docker, no ss") << QStringLiteral("@@serve:begin\n@@serve:no-docker\n@@serve:end\n") << true
                                          << QStringLiteral("not installed") << QStringList() << 0 << -1;
        QTest::newRow("not in the docker group")
            << QStringLiteral("@@serve:begin\n@@serve:docker-error permission denied while trying to connect to the Docker daemon "
                              "socket at unix:///var/run/docker.sock\n@@serve:end\n")
            << true << QStringLiteral("docker group") << QStringList() << 0 << -1;
        QTest::newRow("daemon down")
            << QStringLiteral("@@serve:begin\n@@serve:docker-error Cannot connect to the Docker daemon at unix:///var/run/docker.sock. "
                              "Is the docker daemon running?\n@@serve:end\n")
            << true << QStringLiteral("systemctl start docker") << QStringList() << 0 << -1;
        QTest::newRow("cut short") << QStringLiteral("@@serve:begin\n@@serve:image a:b@<none>\n") << false << QString()
                                   << QStringList{QStringLiteral("a:b")} << 0 << -1;
    }
    void readsANodesServingState()
    {
        QFETCH(QString, output);
        QFETCH(bool, finished);
        QFETCH(QString, problem);
        QFETCH(QStringList, images);
        QFETCH(int, containers);
        QFETCH(int, ports);
        const ServeNodeState state = ServeNodeReading::parse(output);
        QCOMPARE(state.finished, finished);
        const QString said = state.dockerProblem(QStringLiteral("spark-2"), QStringLiteral("nvidia"));
        QCOMPARE(said.isEmpty(), problem.isEmpty());
        QVERIFY2(said.contains(problem), qPrintable(said));
        QCOMPARE(state.images, images);
        QCOMPARE(state.containers.size(), containers);
        QCOMPARE(state.listeningPorts ? int(state.listeningPorts->size()) : -1, ports);
    }

    void readsTheHeadsPoll()
    {
        const auto poll = ServeScripts::parseHeadPoll(QStringLiteral(
            "@@serve:log\nINFO Loading\n@@spark-serve-exit 1\n@@serve:health 000\n@@serve:models\n\n"));
        QCOMPARE(poll.exitCode.value_or(-1), 1);
        QCOMPARE(poll.serveLog, QStringList{QStringLiteral("INFO Loading")});
        QCOMPARE(poll.healthStatus, 0);
        QVERIFY(poll.models.isEmpty());
        const auto ready = ServeScripts::parseHeadPoll(QStringLiteral(
            "@@serve:log\n@@serve:health 200\n@@serve:models\n{\"object\":\"list\",\"data\":[{\"id\":\"org/m\",\"object\":\"model\"}]}\n"));
        QVERIFY(!ready.exitCode);
        QCOMPARE(ready.healthStatus, 200);
        QCOMPARE(ready.models, QStringList{QStringLiteral("org/m")});
        QCOMPARE(ServeScripts::parseStates(QStringLiteral("a-1|running\nb-2|exited\n\n")).size(), 2);
    }

    // The serve start command given to a real sh: the words arrive as they were.
    void startServeKeepsEveryWord()
    {
        ServePlan plan;
        plan.launchId = QStringLiteral("abcd1234");
        plan.nodes = {{QStringLiteral("spark-1"), ServeNodePlan::Role::Head, QStringLiteral("c1"), {}, {}, {}, {}}};
        plan.serve = {QStringLiteral("vllm"), QStringLiteral("serve"), QStringLiteral("m"), QStringLiteral("--x"),
                      QStringLiteral("a b; $(id) 'q'")};
        const QString command = ServeScripts::startServe(plan);
        // A fake docker that prints its arguments, one per line.
        QProcess sh;
        sh.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("docker() { printf '%s\\n' \"$@\"; }; ") + command});
        QVERIFY(sh.waitForFinished());
        const QStringList words = QString::fromUtf8(sh.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(words.mid(0, 3), (QStringList{QStringLiteral("exec"), QStringLiteral("-d"), QStringLiteral("c1")}));
        QCOMPARE(words.mid(words.size() - 5), plan.serve);
        QVERIFY(ServeScripts::removeContainers(QStringLiteral("pair"), QStringLiteral("abcd1234"))
                    .contains(QStringLiteral("'label=io.spark-companion.launch=abcd1234'")));
    }
};

QTEST_GUILESS_MAIN(TestServeScripts)
#include "tst_servescripts.moc"
