// SPDX-License-Identifier: MIT
// A model copied over the cables, on a ring of three ("h31-copy",
// 10.131.233.0/24) and a switch of four ("h31-copysw", 10.131.234.0/24) that
// sparkctl set up (addresses and node-to-node SSH): real models written by
// sparklab's model writer on spark-1 only, real rsync over the nodes' own SSH
// on the shaped CX-7 links, every blob hashed on every node afterwards. A
// second copy sends nothing; a cut copy goes on from where it stopped (bytes
// counted); a broken source, a node without rsync, a small disk and a pulled
// cable each give their sentence and leave no partial file in sight. A model
// no node holds is downloaded once, by spark-1's client from the lab's hub
// stand-in, then copied; a gated one needs the token; a cut download goes on.
// The copied model is then served on the ring (Ray over the management
// network) and on the switch (over the CX-7 subnet): sparklab's docker, Ray
// and vLLM stand-ins.
#include "core/cluster/modelcopies.h"
#include "core/models/modelinventoryjob.h"
#include "support/clusterlab.h"
#include "support/jsonshapes.h"
#include "support/registereddevices.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace spark;
using namespace spark::testsupport;

namespace {

const QString kModel = QStringLiteral("sparklab/copyme");  // on spark-1: 6 shards of 4 MiB
const QString kBroken = QStringLiteral("sparklab/broken"); // on spark-1, one blob corrupted
const QString kOther = QStringLiteral("sparklab/other");   // on spark-1: for the faults

} // namespace

class TestModelCopyLab final : public QObject
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
    QJsonObject resultOf(const ProcessResult &run) const { return QJsonDocument::fromJson(run.out).object(); }
    bool sparklab(const QStringList &arguments)
    {
        const ProcessResult result = SparkLab::run(QStringList{arguments.first(), arguments.at(1)}
                                                   + QStringList{QStringLiteral("--name"), m_lab.name()} + arguments.mid(2));
        if (result.exitCode != 0)
            qWarning("sparklab %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), result.err.constData());
        return result.exitCode == 0;
    }
    bool fault(const QStringList &arguments) { return sparklab(QStringList{QStringLiteral("fault")} + arguments); }

    bool setUpCluster(const QString &layout, const QString &cluster)
    {
        m_devices = registerLabDevices(m_lab, *m_home);
        if (m_devices.size() != m_lab.size()) {
            qInfo("could not register the lab's Sparks");
            return false;
        }
        QStringList plan{QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"), layout,
                         QStringLiteral("--devices"), m_lab.nodeNames().join(QLatin1Char(',')), QStringLiteral("--cluster"), cluster};
        if (layout == QLatin1String("switch"))
            plan << QStringLiteral("--port") << QStringLiteral("0");
        const ProcessResult planned = sparkctl(plan);
        if (planned.exitCode != 0) {
            qInfo("plan: %s", QByteArray(planned.out + planned.err).constData());
            return false;
        }
        const ProcessResult applied = sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--cluster"),
                                                cluster, QStringLiteral("--sudo-password-stdin")},
                                               m_lab.lab().node(0).password.toUtf8() + '\n');
        if (applied.exitCode != 0)
            qInfo("apply: %s", QByteArray(applied.out + applied.err).constData());
        return applied.exitCode == 0;
    }

    QString hub(int node) const { return QStringLiteral("/home/%1/.cache/huggingface/hub").arg(m_lab.lab().node(node).user); }
    QString folderOf(const QString &repo) const { return QStringLiteral("models--") + QString(repo).replace(QLatin1Char('/'), QStringLiteral("--")); }

    // Files a reader of the cache would take for the model's own: every
    // blob under its name must hash to that name (rsync's temporary and
    // partial files are hidden: a dot first).
    QByteArray wrongBlobs(int node, const QString &repo) const
    {
        return m_lab.lab()
            .sh(node, QStringLiteral("d=%1/%2/blobs; [ -d \"$d\" ] || exit 0; cd \"$d\"; for f in *; do [ -f \"$f\" ] || continue; "
                                     "if [ ${#f} -eq 64 ]; then [ \"$(sha256sum \"$f\" | cut -c1-64)\" = \"$f\" ] || echo \"$f\"; fi; done")
                          .arg(hub(node), folderOf(repo)))
            .out.trimmed();
    }
    QByteArray partials(int node, const QString &repo) const
    {
        return m_lab.lab().sh(node, QStringLiteral("ls -A %1/%2/blobs/.spark-companion-partial 2>/dev/null").arg(hub(node), folderOf(repo))).out.trimmed();
    }
    qint64 managementTxBytes(int node) const
    {
        return m_lab.lab().sh(node, QStringLiteral("cat /sys/class/net/enP7s7/statistics/tx_bytes")).out.trimmed().toLongLong();
    }
    // The model removed from spark-2, cable 1 (spark-1 to spark-2) slowed to
    // 4 Gb/s per twin (real scale), and a copy to spark-2 started and followed
    // until `fraction` of it arrived.
    struct SlowCopy
    {
        ModelCopyJob job;
        double reached = 0;
        QFuture<ModelCopyResult> running;
    };
    bool startSlowCopy(SlowCopy &slow, double fraction)
    {
        if (sparkctl({QStringLiteral("model"), QStringLiteral("remove"), kModel, QStringLiteral("spark-2"), QStringLiteral("--yes")})
                    .exitCode
                != 0
            || !fault({QStringLiteral("degrade"), QStringLiteral("1:0"), QStringLiteral("--rate"), QStringLiteral("4")}))
            return false;
        QObject::connect(
            &slow.job, &Job::progress, &slow.job,
            [&slow](const JobProgress &progress) {
                if (progress.node == QLatin1String("spark-2") && progress.fraction >= 0 && progress.fraction < 0.9)
                    slow.reached = std::max(slow.reached, progress.fraction);
            },
            Qt::DirectConnection);
        slow.running = copyModelToCluster(slow.job, QStringLiteral("ring"), kModel, {}, {QStringLiteral("spark-2")});
        QElapsedTimer clock;
        clock.start();
        while (slow.reached < fraction && !slow.running.isFinished() && clock.elapsed() < 60000)
            QTest::qWait(50);
        if (slow.reached < fraction)
            qWarning("the slow copy reached %.2f, not %.2f", slow.reached, fraction);
        return slow.reached >= fraction;
    }

    const QJsonObject nodeOf(const QJsonObject &result, const QString &name) const
    {
        for (const auto &node : result.value(QStringLiteral("nodes")).toArray()) {
            if (node.toObject().value(QStringLiteral("node")).toString() == name)
                return node.toObject();
        }
        return {};
    }


    // The copied model served from a recipe of its own: launched, asked over
    // HTTP on the head, stopped; nothing of it left on any node.
    QJsonObject serveAndStop(const QString &cluster, int nodes)
    {
        QTemporaryDir folder;
        QFile recipe(folder.filePath(QStringLiteral("copyme.yaml")));
        if (!recipe.open(QIODevice::WriteOnly)
            || recipe.write(QStringLiteral("name: copyme\nmodel: %1\ncontainer: nvcr.io/nvidia/vllm:25.11-py3\n"
                                           "command: vllm serve %1 --port {port} -tp {tensor_parallel} "
                                           "--distributed-executor-backend ray\n")
                                .arg(kModel)
                                .toUtf8())
                   < 0)
            return {};
        recipe.close();
        if (!sparklab({QStringLiteral("image"), QStringLiteral("add"), QStringLiteral("nvcr.io/nvidia/vllm:25.11-py3")}))
            return {};
        QElapsedTimer clock;
        clock.start();
        const ProcessResult started = sparkctl({QStringLiteral("serve"), QStringLiteral("start"), recipe.fileName(),
                                                QStringLiteral("--cluster"), cluster, QStringLiteral("--json")});
        const qint64 startMs = clock.elapsed();
        const QJsonObject result = QJsonDocument::fromJson(started.out.trimmed().split('\n').constLast()).object();
        if (started.exitCode != 0) {
            qWarning("serve start: %s", QByteArray(started.out + started.err).constData());
            return {};
        }
        const QByteArray models = m_lab.lab().sh(0, QStringLiteral("curl -s http://127.0.0.1:8000/v1/models")).out;
        clock.restart();
        const ProcessResult stopped = sparkctl({QStringLiteral("serve"), QStringLiteral("stop"), QStringLiteral("--cluster"), cluster});
        qInfo("%d Sparks: serve start %lld ms, serve stop %lld ms", nodes, startMs, clock.elapsed());
        QJsonObject out = result.value(QStringLiteral("plan")).toObject();
        out.insert(QStringLiteral("models_answer"), QString::fromUtf8(models));
        out.insert(QStringLiteral("stopped"), stopped.exitCode == 0);
        QStringList left;
        for (int node = 0; node < nodes; ++node)
            left << QString::fromUtf8(m_lab.lab().sh(node, QStringLiteral("docker ps -aq")).out.trimmed());
        out.insert(QStringLiteral("left"), left.join(QString()));
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h31-copy"), QStringLiteral("10.131.233.0/24"), {QStringLiteral("ring3")}));
        QVERIFY(setUpCluster(QStringLiteral("ring3"), QStringLiteral("ring")));
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("add"), QStringLiteral("1"), kModel, QStringLiteral("--shards"),
                          QStringLiteral("6"), QStringLiteral("--shard-kib"), QStringLiteral("4096")}));
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("add"), QStringLiteral("1"), kBroken}));
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("break"), QStringLiteral("1"), kBroken, QStringLiteral("corrupt-blob")}));
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("add"), QStringLiteral("1"), kOther}));
    }

    void cleanupTestCase() { m_lab.down(); }

    // Both other nodes at once, each over its own cable from spark-1, every
    // file hashed on arrival; the management link carries none of it.
    void aRingCopiesOverBothCablesAndProvesEveryFile()
    {
        const qint64 managementBefore = managementTxBytes(0);
        const ProcessResult copy = sparkctl({QStringLiteral("model"), QStringLiteral("copy"), kModel, QStringLiteral("--cluster"),
                                             QStringLiteral("ring"), QStringLiteral("--json")});
        QVERIFY2(copy.exitCode == 0, QByteArray(copy.out + copy.err).constData());
        const qint64 managementSent = managementTxBytes(0) - managementBefore;
        const QJsonObject result = resultOf(copy);
        const QStringList mismatches = m_shapes.mismatches(QStringLiteral("model copy"), result);
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(QLatin1Char('\n'))));
        QCOMPARE(result.value(QStringLiteral("source")).toString(), QStringLiteral("spark-1"));
        QStringList vias;
        qint64 sent = 0;
        for (const QString &name : {QStringLiteral("spark-2"), QStringLiteral("spark-3")}) {
            const QJsonObject node = nodeOf(result, name);
            qInfo("%s", qPrintable(node.value(QStringLiteral("sentence")).toString()));
            QCOMPARE(node.value(QStringLiteral("state")).toString(), QStringLiteral("copied"));
            QCOMPARE(node.value(QStringLiteral("from")).toString(), QStringLiteral("spark-1"));
            QVERIFY(node.value(QStringLiteral("passed")).toBool());
            const QStringList via = node.value(QStringLiteral("via")).toVariant().toStringList();
            QCOMPARE(via.size(), 2); // both twins of the cable
            vias += via;
            QVERIFY(node.value(QStringLiteral("bytes_to_send")).toDouble() > 24e6);
            sent += qint64(node.value(QStringLiteral("bytes_on_cable")).toDouble());
        }
        QCOMPARE(QSet<QString>(vias.cbegin(), vias.cend()).size(), 4); // two cables, four twins
        qInfo("%lld bytes over the cables, %lld bytes out of spark-1's management port", sent, managementSent);
        QVERIFY2(managementSent < sent / 10, qPrintable(QString::number(managementSent)));
        for (int node = 1; node < 3; ++node) {
            QCOMPARE(wrongBlobs(node, kModel), QByteArray());
            QCOMPARE(partials(node, kModel), QByteArray());
        }
        // The inventory agrees: complete everywhere.
        ModelInventoryJob inventory;
        QFuture<QList<NodeModels>> read = inventory.read(m_devices, {});
        read.waitForFinished();
        for (const NodeModels &node : read.result()) {
            bool complete = false;
            for (const CachedModel &model : node.models)
                complete = complete || (model.repoId == kModel && model.mainRevision() && model.mainRevision()->complete());
            QVERIFY2(complete, qPrintable(node.node));
        }
    }

    void aSecondCopySendsNothing()
    {
        const ProcessResult copy = sparkctl({QStringLiteral("model"), QStringLiteral("copy"), kModel, QStringLiteral("--cluster"),
                                             QStringLiteral("ring"), QStringLiteral("--json")});
        QVERIFY2(copy.exitCode == 0, QByteArray(copy.out + copy.err).constData());
        const QJsonObject result = resultOf(copy);
        for (const QString &name : {QStringLiteral("spark-2"), QStringLiteral("spark-3")}) {
            QCOMPARE(nodeOf(result, name).value(QStringLiteral("state")).toString(), QStringLiteral("already-complete"));
            QCOMPARE(nodeOf(result, name).value(QStringLiteral("bytes_on_cable")).toDouble(), 0.0);
        }
    }

    // Cancelled half-way on a slow cable: no file in sight is partial; the
    // next copy sends only what had not arrived.
    // A ring of three runs vLLM: Ray and NCCL's bootstrap over the management
    // network (no subnet reaches all three), NCCL's data over both cables.
    void theCopiedModelServesAcrossTheRing()
    {
        const QJsonObject plan = serveAndStop(QStringLiteral("ring"), 3);
        QVERIFY(!plan.isEmpty());
        QCOMPARE(plan.value(QStringLiteral("network")).toString(), QStringLiteral("management"));
        QCOMPARE(plan.value(QStringLiteral("tensor_parallel")).toInt(), 3);
        const QJsonObject head = plan.value(QStringLiteral("nodes")).toArray().at(0).toObject();
        QCOMPARE(head.value(QStringLiteral("netdev")).toString(), QStringLiteral("enP7s7"));
        QStringList hcas;
        for (const auto &variable : head.value(QStringLiteral("environment")).toArray()) {
            if (variable.toObject().value(QStringLiteral("name")).toString() == QLatin1String("NCCL_IB_HCA"))
                hcas = variable.toObject().value(QStringLiteral("value")).toString().split(QLatin1Char(','));
        }
        QCOMPARE(hcas.size(), 4); // both twins of both cabled ports
        QVERIFY2(plan.value(QStringLiteral("models_answer")).toString().contains(kModel),
                 qPrintable(plan.value(QStringLiteral("models_answer")).toString()));
        QVERIFY(plan.value(QStringLiteral("stopped")).toBool());
        QCOMPARE(plan.value(QStringLiteral("left")).toString(), QString());
    }

    void aCutCopyGoesOnFromWhereItStopped()
    {
        auto restore = qScopeGuard([this] { fault({QStringLiteral("degrade"), QStringLiteral("1:0"), QStringLiteral("--clear")}); });
        SlowCopy slow;
        QVERIFY(startSlowCopy(slow, 0.3));
        const double reached = slow.reached;
        slow.job.cancel();
        slow.running.waitForFinished();
        const ModelCopyResult cut = slow.running.result();
        QCOMPARE(cut.nodes.size(), 1);
        QCOMPARE(int(cut.nodes.constFirst().state), int(NodeCopy::State::Cancelled));
        qInfo("cancelled at %.0f %%: %s", 100 * reached, qPrintable(cut.nodes.constFirst().sentence()));
        QCOMPARE(wrongBlobs(1, kModel), QByteArray());
        restore.dismiss();
        QVERIFY(fault({QStringLiteral("degrade"), QStringLiteral("1:0"), QStringLiteral("--clear")}));

        const ModelCopyResult resumed = [&] {
            ModelCopyJob again;
            QFuture<ModelCopyResult> future = copyModelToCluster(again, QStringLiteral("ring"), kModel, {}, {QStringLiteral("spark-2")});
            future.waitForFinished();
            return future.result();
        }();
        QVERIFY2(resumed.passed(), qPrintable(resumed.error ? resumed.error->message : resumed.nodes.value(0).sentence()));
        const NodeCopy &node = resumed.nodes.constFirst();
        qInfo("resumed: %lld of %lld bytes still to send, %lld crossed the cable", node.bytesToSend,
              cut.nodes.constFirst().bytesToSend, node.bytesOnCable);
        QVERIFY(node.bytesToSend < cut.nodes.constFirst().bytesToSend || node.bytesOnCable < node.bytesToSend);
        QVERIFY2(node.bytesOnCable <= qint64(0.8 * double(cut.nodes.constFirst().bytesToSend)),
                 qPrintable(QString::number(node.bytesOnCable)));
        QCOMPARE(partials(1, kModel), QByteArray());
    }

    void aBrokenSourceIsNotSpread()
    {
        const ProcessResult copy = sparkctl({QStringLiteral("model"), QStringLiteral("copy"), kBroken, QStringLiteral("--cluster"),
                                             QStringLiteral("ring")});
        QCOMPARE(copy.exitCode, 1);
        QVERIFY2(copy.err.contains("fails its own check, so it is not spread"), copy.err.constData());
        for (int node = 1; node < 3; ++node)
            QCOMPARE(m_lab.lab().sh(node, QStringLiteral("ls %1/%2 2>&1").arg(hub(node), folderOf(kBroken))).exitCode, 2);
    }

    void aNodeWithoutRsyncIsNamed()
    {
        QVERIFY(fault({QStringLiteral("no-rsync"), QStringLiteral("3")}));
        auto restore = qScopeGuard([this] { fault({QStringLiteral("no-rsync"), QStringLiteral("3"), QStringLiteral("--clear")}); });
        const ProcessResult copy = sparkctl({QStringLiteral("model"), QStringLiteral("copy"), kOther, QStringLiteral("--cluster"),
                                             QStringLiteral("ring"), QStringLiteral("--to"), QStringLiteral("spark-3")});
        QCOMPARE(copy.exitCode, 1);
        QVERIFY2(copy.err.contains("rsync is not installed on spark-3"), copy.err.constData());
        QCOMPARE(m_lab.lab().sh(2, QStringLiteral("ls %1/%2 2>&1").arg(hub(2), folderOf(kOther))).exitCode, 2);
    }

    void aSmallDiskIsRefusedBeforeAnythingIsSent()
    {
        QVERIFY(fault({QStringLiteral("small-cache"), QStringLiteral("3"), QStringLiteral("--mib"), QStringLiteral("8")}));
        auto restore = qScopeGuard([this] { fault({QStringLiteral("small-cache"), QStringLiteral("3"), QStringLiteral("--clear")}); });
        const ProcessResult copy = sparkctl({QStringLiteral("model"), QStringLiteral("copy"), kModel, QStringLiteral("--cluster"),
                                             QStringLiteral("ring"), QStringLiteral("--to"), QStringLiteral("spark-3"),
                                             QStringLiteral("--json")});
        QCOMPARE(copy.exitCode, 1);
        const QString error = resultOf(copy).value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(QStringLiteral("spark-3 has 8.4 MB free")) && error.contains(QStringLiteral("Free space there")),
                 QByteArray(copy.out + copy.err).constData());
        QCOMPARE(m_lab.lab().sh(2, QStringLiteral("ls -A %1").arg(hub(2))).out.trimmed(), QByteArray());
    }

    void aPulledCableStopsTheCopyWithItsSentence()
    {
        auto restore = qScopeGuard([this] {
            fault({QStringLiteral("replug"), QStringLiteral("1:0")});
            fault({QStringLiteral("degrade"), QStringLiteral("1:0"), QStringLiteral("--clear")});
        });
        SlowCopy slow;
        QVERIFY(startSlowCopy(slow, 0.2));
        QVERIFY(fault({QStringLiteral("unplug"), QStringLiteral("1:0")}));
        QElapsedTimer clock;
        clock.start();
        slow.running.waitForFinished();
        const ModelCopyResult result = slow.running.result();
        const NodeCopy &node = result.nodes.constFirst();
        qInfo("%lld ms after the pull: %s", clock.elapsed(), qPrintable(node.sentence()));
        QCOMPARE(int(node.state), int(NodeCopy::State::Failed));
        QVERIFY2(node.sentence().contains(QStringLiteral("stopped answering over the cable")), qPrintable(node.sentence()));
        QCOMPARE(wrongBlobs(1, kModel), QByteArray());
    }

    void shellMetacharactersAreRefused()
    {
        const ProcessResult copy = sparkctl({QStringLiteral("model"), QStringLiteral("copy"), QStringLiteral("org/x;reboot"),
                                             QStringLiteral("--cluster"), QStringLiteral("ring")});
        QCOMPARE(copy.exitCode, 64); // a usage error: nothing ran
        QVERIFY2(copy.err.contains("is not a model id"), copy.err.constData());
    }

    // "Get": no Spark holds it, so it is downloaded once, on spark-1, by the
    // node's own client (the lab's hub stand-in), then copied over the cables
    // and checked everywhere; asked again, nothing is downloaded or sent.
    void aModelIsDownloadedOnceThenCopied()
    {
        const QString repo = QStringLiteral("hub/fresh");
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("publish"), repo, QStringLiteral("--shards"), QStringLiteral("3"),
                          QStringLiteral("--shard-kib"), QStringLiteral("2048")}));
        const ProcessResult get = sparkctl({QStringLiteral("model"), QStringLiteral("get"), repo, QStringLiteral("--cluster"),
                                            QStringLiteral("ring"), QStringLiteral("--json")});
        QVERIFY2(get.exitCode == 0, QByteArray(get.out + get.err).constData());
        const QJsonObject result = resultOf(get);
        const QStringList mismatches = m_shapes.mismatches(QStringLiteral("model copy"), result);
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(QLatin1Char('\n'))));
        const QJsonObject download = result.value(QStringLiteral("download")).toObject();
        QCOMPARE(download.value(QStringLiteral("node")).toString(), QStringLiteral("spark-1"));
        QCOMPARE(download.value(QStringLiteral("client")).toString(), QStringLiteral("hf"));
        QVERIFY(download.value(QStringLiteral("bytes")).toDouble() > 6e6);
        QVERIFY(download.value(QStringLiteral("snapshot")).toString().startsWith(hub(0)));
        for (const QString &name : {QStringLiteral("spark-2"), QStringLiteral("spark-3")})
            QCOMPARE(nodeOf(result, name).value(QStringLiteral("state")).toString(), QStringLiteral("copied"));
        for (int node = 0; node < 3; ++node)
            QCOMPARE(wrongBlobs(node, repo), QByteArray());

        const ProcessResult again = sparkctl({QStringLiteral("model"), QStringLiteral("get"), repo, QStringLiteral("--cluster"),
                                              QStringLiteral("ring"), QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, QByteArray(again.out + again.err).constData());
        QVERIFY(resultOf(again).value(QStringLiteral("download")).isNull());
        for (const QString &name : {QStringLiteral("spark-2"), QStringLiteral("spark-3")})
            QCOMPARE(nodeOf(resultOf(again), name).value(QStringLiteral("state")).toString(), QStringLiteral("already-complete"));
    }

    // A gated model: without a token the client's refusal becomes a sentence
    // and no node holds any of it; with the token kept in the keychain it
    // arrives, and the token shows nowhere sparkctl writes.
    void aGatedModelNeedsTheToken()
    {
        const QString repo = QStringLiteral("hub/gated");
        const QByteArray token = "hf_sparklab_read_token";
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("publish"), repo, QStringLiteral("--gated"), QStringLiteral("--shard-kib"),
                          QStringLiteral("256")}));
        const ProcessResult refused = sparkctl({QStringLiteral("model"), QStringLiteral("get"), repo, QStringLiteral("--cluster"),
                                                QStringLiteral("ring")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("is gated"), refused.err.constData());
        for (int node = 0; node < 3; ++node)
            QCOMPARE(m_lab.lab().sh(node, QStringLiteral("ls %1/%2 2>&1").arg(hub(node), folderOf(repo))).exitCode, 2);

        const ProcessResult kept = sparkctl({QStringLiteral("model"), QStringLiteral("token")}, token + '\n');
        QVERIFY2(kept.exitCode == 0, kept.err.constData());
        const ProcessResult get = sparkctl({QStringLiteral("model"), QStringLiteral("get"), repo, QStringLiteral("--cluster"),
                                            QStringLiteral("ring")});
        QVERIFY2(get.exitCode == 0, QByteArray(get.out + get.err).constData());
        QVERIFY(!get.out.contains(token) && !get.err.contains(token));
        for (int node = 0; node < 3; ++node)
            QCOMPARE(wrongBlobs(node, repo), QByteArray());
        QCOMPARE(sparkctl({QStringLiteral("model"), QStringLiteral("token"), QStringLiteral("--forget")}).exitCode, 0);
    }

    // A Spark without the client, or without the internet: each its
    // sentence, and nothing in any cache.
    void downloadFaultsGetTheirSentence()
    {
        const QString repo = QStringLiteral("hub/faults");
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("publish"), repo, QStringLiteral("--shard-kib"), QStringLiteral("64")}));
        const auto get = [&] {
            return sparkctl({QStringLiteral("model"), QStringLiteral("get"), repo, QStringLiteral("--cluster"), QStringLiteral("ring")});
        };
        {
            auto clear = qScopeGuard([&] { fault({QStringLiteral("no-hf-client"), QStringLiteral("1"), QStringLiteral("--clear")}); });
            QVERIFY(fault({QStringLiteral("no-hf-client"), QStringLiteral("1")}));
            const ProcessResult refused = get();
            QCOMPARE(refused.exitCode, 1);
            QVERIFY2(refused.err.contains("spark-1 has no Hugging Face client"), refused.err.constData());
        }
        {
            auto clear = qScopeGuard([&] { fault({QStringLiteral("hub-offline"), QStringLiteral("1"), QStringLiteral("--clear")}); });
            QVERIFY(fault({QStringLiteral("hub-offline"), QStringLiteral("1")}));
            const ProcessResult refused = get();
            QCOMPARE(refused.exitCode, 1);
            QVERIFY2(refused.err.contains("spark-1 could not reach Hugging Face"), refused.err.constData());
        }
        {
            // A disk that fills during the download: the client's own unfinished
            // file is all that is left, and the model reads as partial.
            auto clear = qScopeGuard([&] { fault({QStringLiteral("small-cache"), QStringLiteral("1"), QStringLiteral("--clear")}); });
            QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("publish"), QStringLiteral("hub/roomy"), QStringLiteral("--shard-kib"),
                              QStringLiteral("2048")}));
            QVERIFY(fault({QStringLiteral("small-cache"), QStringLiteral("1"), QStringLiteral("--mib"), QStringLiteral("3")}));
            const ProcessResult full = sparkctl({QStringLiteral("model"), QStringLiteral("get"), QStringLiteral("hub/roomy"),
                                                 QStringLiteral("--cluster"), QStringLiteral("ring")});
            QCOMPARE(full.exitCode, 1);
            QVERIFY2(full.err.contains("spark-1's disk filled up during the download of hub/roomy"), full.err.constData());
            // What arrived whole is linked, the rest is the client's one .incomplete file; no link into nothing.
            const QString folder = hub(0) + QLatin1Char('/') + folderOf(QStringLiteral("hub/roomy"));
            QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ls %1/blobs | grep -c incomplete").arg(folder)).out.trimmed(), QByteArray("1"));
            QCOMPARE(m_lab.lab().sh(0, QStringLiteral("find %1/snapshots -xtype l | wc -l").arg(folder)).out.trimmed(), QByteArray("0"));
        }
        const ProcessResult unknown = sparkctl({QStringLiteral("model"), QStringLiteral("get"), QStringLiteral("hub/nothing-here"),
                                                QStringLiteral("--cluster"), QStringLiteral("ring")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("Hugging Face has no model hub/nothing-here"), unknown.err.constData());
        const ProcessResult badRevision = sparkctl({QStringLiteral("model"), QStringLiteral("get"), repo, QStringLiteral("--revision"),
                                                    QStringLiteral("v9"), QStringLiteral("--cluster"), QStringLiteral("ring")});
        QCOMPARE(badRevision.exitCode, 1);
        QVERIFY2(badRevision.err.contains("has no revision \"v9\""), badRevision.err.constData());
        for (int node = 0; node < 3; ++node)
            QCOMPARE(m_lab.lab().sh(node, QStringLiteral("ls %1/%2 2>&1").arg(hub(node), folderOf(repo))).exitCode, 2);
    }

    // Cancelled mid-download: the client's own unfinished file stays (and the
    // inventory calls the model partial); the next get goes on and completes.
    void aCutDownloadGoesOnWhereItStopped()
    {
        const QString repo = QStringLiteral("hub/large");
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("publish"), repo, QStringLiteral("--shards"), QStringLiteral("4"),
                          QStringLiteral("--shard-kib"), QStringLiteral("16384")}));
        ModelCopyJob job;
        std::atomic<bool> downloading{false};
        QObject::connect(
            &job, &Job::progress, &job,
            [&downloading](const JobProgress &progress) {
                if (progress.sentence.contains(QLatin1String("downloaded from Hugging Face")))
                    downloading = true;
            },
            Qt::DirectConnection);
        QFuture<ModelCopyResult> running = copyModelToCluster(job, QStringLiteral("ring"), repo, {}, {}, ModelCopyRequest::Download{});
        QElapsedTimer clock;
        clock.start();
        // A shard or more on the node, not all of it.
        while (!running.isFinished() && clock.elapsed() < 30000
               && m_lab.lab().sh(0, QStringLiteral("find %1/%2/blobs -size +8M 2>/dev/null | wc -l").arg(hub(0), folderOf(repo))).out.trimmed().toInt() < 1)
            QTest::qWait(50);
        job.cancel();
        running.waitForFinished();
        const ModelCopyResult cut = running.result();
        QVERIFY(cut.error);
        QVERIFY2(cut.error->message.contains(QLatin1String("cancelled")), qPrintable(cut.error->message));
        QVERIFY(downloading);
        const QByteArray unfinished = m_lab.lab().sh(0, QStringLiteral("ls %1/%2/blobs | grep -c incomplete").arg(hub(0), folderOf(repo))).out.trimmed();
        qInfo("cancelled after %lld ms; unfinished files on spark-1: %s", clock.elapsed(), unfinished.constData());
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("pgrep -u %1 -f '[b]in/hf download'").arg(m_lab.lab().node(0).user)).out.trimmed(), QByteArray());

        ModelCopyJob again;
        const ModelCopyResult resumed = copyModelToCluster(again, QStringLiteral("ring"), repo, {}, {}, ModelCopyRequest::Download{}).result();
        QVERIFY2(resumed.passed(), qPrintable(resumed.error ? resumed.error->message : resumed.nodes.value(0).sentence()));
        QVERIFY(resumed.download);
        for (int node = 0; node < 3; ++node)
            QCOMPARE(wrongBlobs(node, repo), QByteArray());
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ls %1/%2/blobs | grep -c incomplete").arg(hub(0), folderOf(repo))).out.trimmed(), QByteArray("0"));
    }

    // On a switch every node has one port: spark-1 sends once, and each node
    // that receives passes the files on as they arrive whole.
    void aSwitchPassesTheModelAlong()
    {
        m_lab.down();
        m_home.reset(); // a fresh key and known_hosts for the new lab
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h31-copysw"), QStringLiteral("10.131.234.0/24"),
                         {QStringLiteral("switch"), QStringLiteral("--nodes"), QStringLiteral("4")}));
        QVERIFY(setUpCluster(QStringLiteral("switch"), QStringLiteral("sw")));
        QVERIFY(sparklab({QStringLiteral("model"), QStringLiteral("add"), QStringLiteral("1"), kModel, QStringLiteral("--shards"),
                          QStringLiteral("6"), QStringLiteral("--shard-kib"), QStringLiteral("4096")}));
        const ProcessResult copy = sparkctl({QStringLiteral("model"), QStringLiteral("copy"), kModel, QStringLiteral("--cluster"),
                                             QStringLiteral("sw"), QStringLiteral("--json")});
        const QJsonObject result = resultOf(copy);
        QStringList sentences;
        for (const auto &node : result.value(QStringLiteral("nodes")).toArray())
            sentences << node.toObject().value(QStringLiteral("sentence")).toString();
        QVERIFY2(copy.exitCode == 0, qPrintable(sentences.join(QLatin1Char('\n')) + QString::fromUtf8(copy.err)));
        QCOMPARE(nodeOf(result, QStringLiteral("spark-2")).value(QStringLiteral("from")).toString(), QStringLiteral("spark-1"));
        QCOMPARE(nodeOf(result, QStringLiteral("spark-3")).value(QStringLiteral("from")).toString(), QStringLiteral("spark-2"));
        QCOMPARE(nodeOf(result, QStringLiteral("spark-4")).value(QStringLiteral("from")).toString(), QStringLiteral("spark-3"));
        for (int node = 1; node < 4; ++node) {
            const QJsonObject copied = nodeOf(result, m_lab.nodeNames().at(node));
            qInfo("%s", qPrintable(copied.value(QStringLiteral("sentence")).toString()));
            QVERIFY(copied.value(QStringLiteral("passed")).toBool());
            QCOMPARE(wrongBlobs(node, kModel), QByteArray());
        }
    }
    void theSwitchServesTheModelToo()
    {
        const QJsonObject plan = serveAndStop(QStringLiteral("sw"), 4);
        QVERIFY(!plan.isEmpty());
        QCOMPARE(plan.value(QStringLiteral("network")).toString(), QStringLiteral("cx7"));
        QCOMPARE(plan.value(QStringLiteral("tensor_parallel")).toInt(), 4);
        QVERIFY(plan.value(QStringLiteral("models_answer")).toString().contains(kModel));
        QVERIFY(plan.value(QStringLiteral("stopped")).toBool());
        QCOMPARE(plan.value(QStringLiteral("left")).toString(), QString());
    }
};

SPARKLAB_MAIN(TestModelCopyLab)
#include "tst_modelcopylab.moc"
