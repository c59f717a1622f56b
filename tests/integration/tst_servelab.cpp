// SPDX-License-Identifier: MIT
// A model served across a direct pair ("h32-serve", 10.131.236.0/24) that
// sparkctl set up: a recipe in the community's format launched with sparkctl
// (each command its own process, as a user closing and opening the program),
// Ray's head and worker really connected over the pair's CX-7 subnet, vLLM's
// API reached from this side through the tunnel, streamed; stop leaves no
// container. Each fault stops every node and names the culprit: a worker that
// exits at start, a head that never becomes ready, a worker's Spark that
// restarts mid-launch, Ctrl-C; and the plan
// refuses before anything starts: an image missing on a node, the port taken.
// The lab's docker, Ray and vLLM are sparklab's stand-ins (node-tools/).
#include "support/clusterlab.h"
#include "support/jsonshapes.h"
#include "support/registereddevices.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTcpServer>

#include <csignal>

using namespace spark;
using namespace spark::testsupport;

namespace {
const QString kModel = QStringLiteral("sparklab/tiny");
const QString kImage = QStringLiteral("nvcr.io/nvidia/vllm:25.11-py3");
const QString kRecipe = QStringLiteral(SPARK_SOURCE_DIR "/installer/demo-recipes/sparklab-tiny.yaml");
} // namespace

class TestServeLab final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    QList<Device> m_devices;
    const JsonShapes m_shapes = JsonShapes::fromDocument();

    ProcessResult sparkctl(const QStringList &arguments, const QByteArray &input = {})
    {
        return runProcess(QStringLiteral(SPARKCTL_EXECUTABLE), arguments, input, 240000);
    }
    QJsonObject resultOf(const ProcessResult &run) const
    {
        // A streamed command's result is its last line; another's is the whole output.
        const QJsonDocument whole = QJsonDocument::fromJson(run.out);
        if (whole.isObject())
            return whole.object();
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        return QJsonDocument::fromJson(lines.isEmpty() ? QByteArray() : lines.constLast()).object();
    }
    bool sparklab(const QStringList &arguments)
    {
        const ProcessResult result = SparkLab::run(QStringList{arguments.first(), arguments.at(1)}
                                                   + QStringList{QStringLiteral("--name"), m_lab.name()} + arguments.mid(2));
        if (result.exitCode != 0)
            qWarning("sparklab %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), result.err.constData());
        return result.exitCode == 0;
    }
    ProcessResult start(const QStringList &extra = {})
    {
        return sparkctl(QStringList{QStringLiteral("serve"), QStringLiteral("start"), kRecipe, QStringLiteral("--cluster"),
                                    QStringLiteral("pair"), QStringLiteral("--json")}
                        + extra);
    }
    // Every container on a node, ours or not, as its docker lists them.
    QByteArray containers(int node) const
    {
        return m_lab.lab().sh(node, QStringLiteral("docker ps -a --format '{{.Names}} {{.State}}'")).out.trimmed();
    }
    bool nothingRuns() const { return containers(0).isEmpty() && containers(1).isEmpty(); }

    bool setUpCluster()
    {
        m_devices = registerLabDevices(m_lab, *m_home);
        if (m_devices.size() != m_lab.size())
            return false;
        const ProcessResult planned = sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"),
                                                QStringLiteral("direct2"), QStringLiteral("--devices"),
                                                m_lab.nodeNames().join(QLatin1Char(',')), QStringLiteral("--cluster"),
                                                QStringLiteral("pair")});
        if (planned.exitCode != 0)
            return false;
        const ProcessResult applied = sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--cluster"),
                                                QStringLiteral("pair"), QStringLiteral("--sudo-password-stdin")},
                                               m_lab.lab().node(0).password.toUtf8() + '\n');
        if (applied.exitCode != 0)
            qInfo("apply: %s", QByteArray(applied.out + applied.err).constData());
        return applied.exitCode == 0;
    }

    // GET or POST through the tunnel; the body, or empty on an error.
    QByteArray http(quint16 port, const QString &path, const QByteArray &post = {}, int *chunks = nullptr)
    {
        QNetworkAccessManager manager;
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        QNetworkReply *reply = post.isEmpty() ? manager.get(request) : manager.post(request, post);
        QByteArray body;
        int reads = 0;
        QObject::connect(reply, &QIODevice::readyRead, reply, [&] {
            body += reply->readAll();
            ++reads;
        });
        QElapsedTimer clock;
        clock.start();
        while (!reply->isFinished() && clock.elapsed() < 30000)
            QTest::qWait(20);
        body += reply->readAll();
        if (chunks)
            *chunks = reads;
        const bool ok = reply->error() == QNetworkReply::NoError;
        delete reply;
        return ok ? body : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h32-serve"), QStringLiteral("10.131.236.0/24"), {QStringLiteral("direct2")}));
        QVERIFY(setUpCluster());
        for (const QString &node : {QStringLiteral("1"), QStringLiteral("2")})
            QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("add"), node, kModel}));
        QVERIFY(sparklab({QStringLiteral("image"), QStringLiteral("add"), kImage}));
    }

    void cleanupTestCase() { m_lab.down(); }

    void aMissingImageOrATakenPortIsRefusedBeforeAnythingStarts()
    {
        QVERIFY(sparklab({QStringLiteral("image"), QStringLiteral("remove"), kImage, QStringLiteral("--node"), QStringLiteral("2")}));
        const ProcessResult missing = start();
        QVERIFY(sparklab({QStringLiteral("image"), QStringLiteral("add"), kImage}));
        QCOMPARE(missing.exitCode, 1);
        const QJsonObject plan = resultOf(missing).value(QStringLiteral("plan")).toObject();
        const QString refusals = plan.value(QStringLiteral("refusals")).toVariant().toStringList().join(QLatin1Char('\n'));
        QVERIFY2(refusals.contains(QStringLiteral("spark-2 does not have the image %1").arg(kImage)), qPrintable(refusals));
        QVERIFY(nothingRuns());

        // Something of the user's on port 8000 of the head.
        m_lab.lab().sh(0, QStringLiteral("setsid python3 -m http.server 8000 >/dev/null 2>&1 < /dev/null &"));
        QTRY_VERIFY_WITH_TIMEOUT(!m_lab.lab().sh(0, QStringLiteral("ss -Hltn 'sport = :8000'")).out.trimmed().isEmpty(), 10000);
        const ProcessResult taken = start();
        m_lab.lab().sh(0, QStringLiteral("pkill -f 'http.server 8000'"));
        QTRY_VERIFY_WITH_TIMEOUT(m_lab.lab().sh(0, QStringLiteral("ss -Hltn 'sport = :8000'")).out.trimmed().isEmpty(), 10000);
        QCOMPARE(taken.exitCode, 1);
        QVERIFY2(taken.out.contains("already listens on port 8000"), taken.out.constData());
        QVERIFY(nothingRuns());
    }

    // Launched, found again by a new process, used through the tunnel, stopped.
    void aRecipeRunsAcrossThePairAndStopsEverywhere()
    {
        const ProcessResult started = start();
        QVERIFY2(started.exitCode == 0, QByteArray(started.out + started.err).constData());
        const QJsonObject result = resultOf(started);
        for (const char *shape : {"serve start"}) {
            const QStringList problems = m_shapes.mismatches(QLatin1String(shape), result);
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        }
        const QJsonObject plan = result.value(QStringLiteral("plan")).toObject();
        QCOMPARE(plan.value(QStringLiteral("network")).toString(), QStringLiteral("cx7"));
        QCOMPARE(plan.value(QStringLiteral("tensor_parallel")).toInt(), 2);
        QVERIFY(result.value(QStringLiteral("launch")).toObject().value(QStringLiteral("running")).toBool());
        QVERIFY(containers(0).contains("running"));
        QVERIFY(containers(1).contains("running"));
        // The worker reached the head over the cable, at the head's CX-7 address.
        const QString headAddress = plan.value(QStringLiteral("nodes")).toArray().at(0).toObject().value(QStringLiteral("address")).toString();
        QVERIFY(headAddress.startsWith(QStringLiteral("10.200.")));
        QVERIFY(m_lab.lab().sh(0, QStringLiteral("ss -Htn state established '( sport = :6379 )'")).out.contains(headAddress.toUtf8()));

        const ProcessResult status = sparkctl({QStringLiteral("serve"), QStringLiteral("status"), QStringLiteral("--cluster"),
                                               QStringLiteral("pair"), QStringLiteral("--json")});
        QCOMPARE(status.exitCode, 0);
        const QJsonArray launches = resultOf(status).value(QStringLiteral("launches")).toArray();
        QCOMPARE(launches.size(), 1);
        QVERIFY(launches.at(0).toObject().value(QStringLiteral("healthy")).toBool());

        QTcpServer probe; // a free local port for the tunnel
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 local = probe.serverPort();
        probe.close();
        QProcess tunnel;
        tunnel.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("tunnel"), QStringLiteral("spark-1"), QStringLiteral("--local"),
                                                           QString::number(local), QStringLiteral("--remote"), QStringLiteral("8000")});
        QVERIFY(tunnel.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(!http(local, QStringLiteral("/v1/models")).isEmpty(), 20000);
        const QJsonObject models = QJsonDocument::fromJson(http(local, QStringLiteral("/v1/models"))).object();
        QCOMPARE(models.value(QStringLiteral("data")).toArray().at(0).toObject().value(QStringLiteral("id")).toString(), kModel);
        int chunks = 0;
        const QByteArray streamed = http(local, QStringLiteral("/v1/chat/completions"),
                                         QJsonDocument(QJsonObject{{QStringLiteral("model"), kModel},
                                                                   {QStringLiteral("max_tokens"), 12},
                                                                   {QStringLiteral("stream"), true},
                                                                   {QStringLiteral("messages"),
                                                                    QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                                                           {QStringLiteral("content"), QStringLiteral("hello")}}}}})
                                             .toJson(),
                                         &chunks);
        tunnel.terminate();
        tunnel.waitForFinished(5000);
        QVERIFY2(streamed.endsWith("data: [DONE]\n\n"), streamed.right(200).constData());
        QCOMPARE(streamed.count("\"content\""), 13);               // the role's empty content, then 12 tokens
        QVERIFY2(chunks > 3, qPrintable(QString::number(chunks))); // streamed as it came, not at once

        // sparkctl's own client, through its own tunnel: a reply, then a benchmark kept and compared.
        const ProcessResult chat = sparkctl({QStringLiteral("serve"), QStringLiteral("chat"), QStringLiteral("hello"), QStringLiteral("there"),
                                             QStringLiteral("--cluster"), QStringLiteral("pair"), QStringLiteral("--tokens"),
                                             QStringLiteral("8"), QStringLiteral("--json")});
        QVERIFY2(chat.exitCode == 0, QByteArray(chat.out + chat.err).constData());
        QCOMPARE(resultOf(chat).value(QStringLiteral("tokens")).toInt(), 8);
        QCOMPARE(resultOf(chat).value(QStringLiteral("text")).toString().split(QLatin1Char(' ')).size(), 8);
        for (int run = 0; run < 2; ++run) {
            const ProcessResult bench = sparkctl({QStringLiteral("serve"), QStringLiteral("bench"), QStringLiteral("--cluster"),
                                                  QStringLiteral("pair"), QStringLiteral("--streams"), QStringLiteral("3"),
                                                  QStringLiteral("--tokens"), QStringLiteral("20"), QStringLiteral("--json")});
            QVERIFY2(bench.exitCode == 0, QByteArray(bench.out + bench.err).constData());
            const QJsonObject measured = resultOf(bench);
            const QStringList problems = m_shapes.mismatches(QStringLiteral("serve bench"), measured);
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
            QCOMPARE(measured.value(QStringLiteral("previous")).isNull(), run == 0);
            const double decode = measured.value(QStringLiteral("single")).toObject().value(QStringLiteral("decode_tokens_per_second")).toDouble();
            // The stand-in decodes 40 tokens/s across nodes; the client must see about that.
            QVERIFY2(decode > 30 && decode < 42, qPrintable(QString::number(decode)));
            QCOMPARE(measured.value(QStringLiteral("concurrent")).toArray().size(), 3);
            QVERIFY(measured.value(QStringLiteral("aggregate_tokens_per_second")).toDouble() > 2 * 30);
        }

        const ProcessResult stopped = sparkctl({QStringLiteral("serve"), QStringLiteral("stop"), QStringLiteral("--cluster"),
                                                QStringLiteral("pair"), QStringLiteral("--json")});
        QVERIFY2(stopped.exitCode == 0, QByteArray(stopped.out + stopped.err).constData());
        QVERIFY(nothingRuns());
        // vLLM, started in the head's container, went with it: the port is free.
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ss -Hltn 'sport = :8000'")).out.trimmed(), QByteArray());
        const QJsonObject after = resultOf(sparkctl({QStringLiteral("serve"), QStringLiteral("status"), QStringLiteral("--cluster"),
                                                     QStringLiteral("pair"), QStringLiteral("--json")}));
        QCOMPARE(after.value(QStringLiteral("launches")).toArray().size(), 0);
    }

    void aWorkerThatExitsStopsEveryNode()
    {
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-worker-exits"), QStringLiteral("2")}));
        const ProcessResult failed = start();
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-worker-exits"), QStringLiteral("2"), QStringLiteral("--clear")}));
        QCOMPARE(failed.exitCode, 1);
        const QJsonObject launch = resultOf(failed).value(QStringLiteral("launch")).toObject();
        QCOMPARE(launch.value(QStringLiteral("failed_node")).toString(), QStringLiteral("spark-2"));
        const QString lines = launch.value(QStringLiteral("last_lines")).toVariant().toStringList().join(QLatin1Char('\n'));
        QVERIFY2(lines.contains(QStringLiteral("serve-worker-exits")), qPrintable(lines));
        QVERIFY(nothingRuns());
    }

    void aHeadThatNeverBecomesReadyIsStoppedAfterItsWait()
    {
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-never-ready"), QStringLiteral("1")}));
        const ProcessResult failed = start({QStringLiteral("--ready-timeout"), QStringLiteral("6")});
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-never-ready"), QStringLiteral("1"), QStringLiteral("--clear")}));
        QCOMPARE(failed.exitCode, 1);
        const QJsonObject launch = resultOf(failed).value(QStringLiteral("launch")).toObject();
        QCOMPARE(launch.value(QStringLiteral("failed_node")).toString(), QStringLiteral("spark-1"));
        QVERIFY2(launch.value(QStringLiteral("error")).toString().contains(QStringLiteral("did not answer on port 8000")),
                 qPrintable(launch.value(QStringLiteral("error")).toString()));
        QVERIFY(launch.value(QStringLiteral("last_lines")).toVariant().toStringList().join(QLatin1Char(' ')).contains(QStringLiteral("Capturing CUDA graphs")));
        QVERIFY(nothingRuns());
    }

    // A worker's Spark restarts mid-launch: the launch stops, names it, cleans
    // the head, and says the worker may still hold its container; the record
    // stays, so a stop once it is back removes what is left.
    void aNodeGoneMidLaunchIsNamedAndCleanedWhenBack()
    {
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-never-ready"), QStringLiteral("1")}));
        QProcess launch;
        launch.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("serve"), QStringLiteral("start"), kRecipe,
                                                           QStringLiteral("--cluster"), QStringLiteral("pair"), QStringLiteral("--json")});
        QVERIFY(launch.waitForStarted());
        QByteArray said;
        QElapsedTimer clock;
        clock.start();
        while (!said.contains("Waiting for vLLM") && clock.elapsed() < 60000) {
            launch.waitForReadyRead(200);
            said += launch.readAllStandardOutput();
        }
        QVERIFY2(said.contains("Waiting for vLLM"), said.constData());
        QCOMPARE(m_lab.lab().exec(1, {QStringLiteral("reboot")}).exitCode, 0);
        QVERIFY(launch.waitForFinished(180000));
        said += launch.readAllStandardOutput();
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-never-ready"), QStringLiteral("1"), QStringLiteral("--clear")}));
        QCOMPARE(launch.exitCode(), 1);
        const QJsonObject result = QJsonDocument::fromJson(said.trimmed().split('\n').constLast()).object();
        const QJsonObject outcome = result.value(QStringLiteral("launch")).toObject();
        QCOMPARE(outcome.value(QStringLiteral("failed_node")).toString(), QStringLiteral("spark-2"));
        QVERIFY2(outcome.value(QStringLiteral("error")).toString().contains(QStringLiteral("stopped answering")),
                 qPrintable(outcome.value(QStringLiteral("error")).toString()));
        // The clean-up reaches spark-2 again when it is back within the clean-up's own wait;
        // otherwise it is named as left behind.
        const QStringList left = outcome.value(QStringLiteral("left_behind")).toVariant().toStringList();
        QVERIFY2(left.isEmpty() || left == QStringList{QStringLiteral("spark-2")}, qPrintable(left.join(u',')));
        qInfo("left behind: %s", qPrintable(left.join(u',')));
        QCOMPARE(containers(0), QByteArray()); // the head was cleaned at once
        // Back after its restart: the stop finds the launch by its record and labels.
        QElapsedTimer back;
        back.start();
        ProcessResult stopped;
        do {
            QTest::qWait(1000);
            stopped = sparkctl({QStringLiteral("serve"), QStringLiteral("stop"), QStringLiteral("--cluster"), QStringLiteral("pair")});
        } while (stopped.exitCode != 0 && back.elapsed() < 60000);
        QVERIFY2(stopped.exitCode == 0, QByteArray(stopped.out + stopped.err).constData());
        QVERIFY(nothingRuns());
    }

    void ctrlCDuringALaunchLeavesNothingRunning()
    {
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-never-ready"), QStringLiteral("1")}));
        QProcess launch;
        launch.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("serve"), QStringLiteral("start"), kRecipe,
                                                           QStringLiteral("--cluster"), QStringLiteral("pair")});
        QVERIFY(launch.waitForStarted());
        QByteArray said;
        QElapsedTimer clock;
        clock.start();
        while (!said.contains("Waiting for vLLM") && clock.elapsed() < 60000) {
            launch.waitForReadyRead(200);
            said += launch.readAllStandardOutput();
        }
        QVERIFY2(said.contains("Waiting for vLLM"), said.constData());
        ::kill(pid_t(launch.processId()), SIGINT);
        QVERIFY(launch.waitForFinished(60000));
        QVERIFY(sparklab({QStringLiteral("fault"), QStringLiteral("serve-never-ready"), QStringLiteral("1"), QStringLiteral("--clear")}));
        QVERIFY(launch.exitCode() != 0);
        QVERIFY2(nothingRuns(), QByteArray(containers(0) + '/' + containers(1)).constData());
    }
};

QTEST_MAIN(TestServeLab)
#include "tst_servelab.moc"
