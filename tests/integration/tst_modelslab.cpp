// SPDX-License-Identifier: MIT
// The model inventory over real SSH on a sparklab pair ("h31-models",
// 10.131.231.0/24): real Hugging Face cache folders written by sparklab's model
// writer (real safetensors shards, index, SHA-256-named blobs, snapshot links),
// broken as the field breaks them, listed by the real find on each node and
// judged; `sparkctl model list --json` on the same nodes.
#include "core/models/modelinventoryjob.h"
#include "core/models/modelverifyjob.h"
#include "support/clusterlab.h"
#include "support/jsonshapes.h"
#include "support/registereddevices.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>

using namespace spark;
using namespace spark::testsupport;

namespace {

const CachedModel *find(const NodeModels &node, const QString &repoId)
{
    for (const CachedModel &model : node.models) {
        if (model.repoId == repoId)
            return &model;
    }
    return nullptr;
}

} // namespace

class TestModelsLab final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    QList<Device> m_devices;

    bool model(const QStringList &arguments)
    {
        const ProcessResult result = SparkLab::run(QStringList{QStringLiteral("model")} + arguments.mid(0, 1)
                                                   + QStringList{QStringLiteral("--name"), m_lab.name()} + arguments.mid(1));
        if (result.exitCode != 0)
            qWarning("sparklab model %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), result.err.constData());
        return result.exitCode == 0;
    }

    QList<NodeModels> readAll(const QHash<QString, QStringList> &extra = {})
    {
        ModelInventoryJob job;
        QSignalSpy progress(&job, &Job::progress);
        QFuture<QList<NodeModels>> future = job.read(m_devices, extra);
        future.waitForFinished();
        // One progress per node, naming it, the last at the whole.
        if (progress.size() != m_devices.size())
            qWarning("%lld progress signals for %lld nodes", qlonglong(progress.size()), qlonglong(m_devices.size()));
        return progress.size() == m_devices.size() ? future.result() : QList<NodeModels>{};
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h31-models"), QStringLiteral("10.131.231.0/24"), {QStringLiteral("direct2")}));
        m_devices = registerLabDevices(m_lab, *m_home);
        QCOMPARE(m_devices.size(), 2);
        // spark-1: one whole model, one whose last shard never arrived; spark-2:
        // the first with a link into nothing (its blob gone) and an unfinished download.
        QVERIFY(model({QStringLiteral("add"), QStringLiteral("1"), QStringLiteral("sparklab/small"), QStringLiteral("--shards"), QStringLiteral("3")}));
        QVERIFY(model({QStringLiteral("add"), QStringLiteral("1"), QStringLiteral("sparklab/sharded"), QStringLiteral("--shards"), QStringLiteral("4")}));
        QVERIFY(model({QStringLiteral("break"), QStringLiteral("1"), QStringLiteral("sparklab/sharded"), QStringLiteral("missing-shard")}));
        QVERIFY(model({QStringLiteral("add"), QStringLiteral("2"), QStringLiteral("sparklab/small"), QStringLiteral("--shards"), QStringLiteral("3")}));
        QVERIFY(model({QStringLiteral("break"), QStringLiteral("2"), QStringLiteral("sparklab/small"), QStringLiteral("broken-link")}));
        QVERIFY(model({QStringLiteral("break"), QStringLiteral("2"), QStringLiteral("sparklab/small"), QStringLiteral("incomplete")}));
    }

    // What the lab wrote is the real layout: LFS blobs named by their SHA-256,
    // shards that parse as safetensors, everything owned by the node's user.
    void theLabWritesTheRealLayout()
    {
        const QString user = m_lab.lab().node(0).user;
        const QString folder = QStringLiteral("/home/%1/.cache/huggingface/hub/models--sparklab--small").arg(user);
        const ProcessResult hashes = m_lab.lab().sh(
            0, QStringLiteral("cd %1/blobs && for b in $(ls | grep -E '^[0-9a-f]{64}$'); do "
                              "[ \"$(sha256sum < $b | cut -d' ' -f1)\" = \"$b\" ] || echo \"bad $b\"; echo ok; done")
                   .arg(folder));
        QCOMPARE(hashes.exitCode, 0);
        QCOMPARE(QString::fromUtf8(hashes.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
                 QStringList(3, QStringLiteral("ok"))); // three shards, each named by its hash
        const ProcessResult parsed = m_lab.lab().sh(
            0, QStringLiteral("cd %1/snapshots/* && python3 -c 'import json, struct, sys\n"
                              "for p in sys.argv[1:]:\n"
                              "    d = open(p, \"rb\").read(); n = struct.unpack(\"<Q\", d[:8])[0]; h = json.loads(d[8:8 + n])\n"
                              "    t = [v for k, v in h.items() if k != \"__metadata__\"][0]\n"
                              "    assert t[\"data_offsets\"][1] == len(d) - 8 - n, p\n"
                              "print(\"parsed\", len(sys.argv) - 1)' *.safetensors")
                   .arg(folder));
        QVERIFY2(parsed.exitCode == 0, parsed.err.constData());
        QCOMPARE(parsed.out.trimmed(), QByteArray("parsed 3"));
        const ProcessResult owners = m_lab.lab().sh(0, QStringLiteral("find %1 ! -user %2 | wc -l").arg(folder, user));
        QCOMPARE(owners.out.trimmed(), QByteArray("0"));
    }

    void everyNodeIsReadAndJudged()
    {
        const QList<NodeModels> nodes = readAll();
        QCOMPARE(nodes.size(), 2);
        const NodeModels &first = nodes.at(0);
        const NodeModels &second = nodes.at(1);
        QVERIFY2(!first.error && !second.error,
                 qPrintable(first.error ? first.error->message : second.error ? second.error->message
                                                                              : QString()));
        QCOMPARE(first.models.size(), 2);
        QCOMPARE(first.listing.roots.size(), 1);
        QCOMPARE(first.listing.roots.at(0).root, QStringLiteral("/home/%1/.cache/huggingface/hub").arg(m_lab.lab().node(0).user));
        QVERIFY(first.listing.roots.at(0).freeBytes > 0);
        QVERIFY(first.listing.memTotalBytes > 0);

        const CachedModel *whole = find(first, QStringLiteral("sparklab/small"));
        QVERIFY(whole && whole->mainRevision());
        QVERIFY2(whole->mainRevision()->complete(), qPrintable(whole->mainRevision()->problems.join(QLatin1Char('\n'))));
        QCOMPARE(whole->mainRevision()->shardsPresent, 3);
        const CachedModel *sharded = find(first, QStringLiteral("sparklab/sharded"));
        QVERIFY(sharded && sharded->mainRevision());
        QVERIFY(!sharded->mainRevision()->complete());
        QVERIFY(sharded->mainRevision()->problems.contains(
            QStringLiteral("1 of 4 shards are missing: model-00004-of-00004.safetensors.")));

        QCOMPARE(second.models.size(), 1);
        const CachedModel *broken = find(second, QStringLiteral("sparklab/small"));
        QVERIFY(broken && broken->mainRevision());
        const QStringList problems = broken->mainRevision()->problems;
        QVERIFY2(problems.contains(QStringLiteral("1 file(s) point to nothing: model-00001-of-00003.safetensors.")),
                 qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY2(problems.contains(QStringLiteral("1 download(s) or copies of this model did not finish (blobs/*.incomplete, or a copy's partial files): get or copy it again to go on from there.")),
                 qPrintable(problems.join(QLatin1Char('\n'))));
        // The same revision on both nodes: the commit is the repository's, not the node's.
        QCOMPARE(broken->mainRevision()->commit, whole->mainRevision()->commit);
    }

    void aFolderWithShellSyntaxIsOnlyAName()
    {
        const QString odd = QStringLiteral("/tmp/it's; touch /tmp/pwned-by-a-folder");
        const QString node = m_devices.at(0).name;
        const QList<NodeModels> nodes = readAll({{node, {odd, QStringLiteral("~/models")}}});
        QCOMPARE(nodes.size(), 2);
        QVERIFY(!nodes.at(0).error);
        QCOMPARE(nodes.at(0).listing.roots.size(), 3);
        QCOMPARE(nodes.at(0).listing.roots.at(1).root, odd);
        QVERIFY(!nodes.at(0).listing.roots.at(1).exists);
        QVERIFY(!nodes.at(0).listing.roots.at(2).exists);
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("test -e /tmp/pwned-by-a-folder")).exitCode, 1);
    }

    void sparkctlListsTheSame()
    {
        QProcess sparkctl;
        sparkctl.start(QStringLiteral(SPARKCTL_EXECUTABLE),
                       {QStringLiteral("model"), QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY(sparkctl.waitForFinished(60000));
        const QByteArray out = sparkctl.readAllStandardOutput();
        QCOMPARE(sparkctl.exitCode(), 0);
        const QJsonObject result = QJsonDocument::fromJson(out).object();
        QCOMPARE(JsonShapes::fromDocument().mismatches(QStringLiteral("model list"), result), QStringList());
        QVERIFY2(result.value(QStringLiteral("ok")).toBool(), out.constData());
        const QJsonArray nodes = result.value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 2);
        const QJsonArray models = nodes.at(0).toObject().value(QStringLiteral("models")).toArray();
        QCOMPARE(models.size(), 2);
        QCOMPARE(models.at(0).toObject().value(QStringLiteral("repo_id")).toString(), QStringLiteral("sparklab/sharded"));
        const QJsonObject revision = models.at(0).toObject().value(QStringLiteral("revisions")).toArray().at(0).toObject();
        QCOMPARE(revision.value(QStringLiteral("complete")).toBool(), false);
        QCOMPARE(revision.value(QStringLiteral("shards_listed")).toInt(), 4);
        QCOMPARE(revision.value(QStringLiteral("shards_present")).toInt(), 3);

        // And for a person: the models across the Sparks.
        QProcess text;
        text.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("model"), QStringLiteral("list")});
        QVERIFY(text.waitForFinished(60000));
        const QString printed = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(printed.contains(QStringLiteral("sparklab/small: %1 complete, %2 partial")
                                      .arg(m_devices.at(0).name, m_devices.at(1).name)),
                 qPrintable(printed));
        QVERIFY2(printed.contains(QStringLiteral("sparklab/sharded: %1 partial, %2 missing")
                                      .arg(m_devices.at(0).name, m_devices.at(1).name)),
                 qPrintable(printed));
    }

    // Every blob hashed on the node that holds it: a whole copy passes, a
    // snapshot with a link into nothing does not, and a flipped byte is named.
    void verificationHashesOnEachNode()
    {
        const auto verify = [this] {
            ModelVerifyJob job;
            QFuture<QList<NodeVerification>> future = job.verify(m_devices, QStringLiteral("sparklab/small"), {});
            future.waitForFinished();
            return future.result();
        };
        QList<NodeVerification> nodes = verify();
        QCOMPARE(nodes.size(), 2);
        QVERIFY2(nodes.at(0).passed(), qPrintable(nodes.at(0).sentence()));
        QCOMPARE(nodes.at(0).copies.size(), 1);
        QCOMPARE(nodes.at(0).copies.at(0).blobsChecked, 6); // three shards, config, tokenizer config, index
        QVERIFY(!nodes.at(1).passed());
        QVERIFY2(nodes.at(1).sentence().contains(QStringLiteral("the snapshot is not complete")), qPrintable(nodes.at(1).sentence()));

        QVERIFY(model({QStringLiteral("break"), QStringLiteral("1"), QStringLiteral("sparklab/small"), QStringLiteral("corrupt-blob")}));
        nodes = verify();
        QVERIFY(!nodes.at(0).passed());
        QCOMPARE(nodes.at(0).copies.at(0).mismatched.size(), 1);
        QVERIFY2(nodes.at(0).sentence().contains(QStringLiteral("1 file(s) of the model are damaged")), qPrintable(nodes.at(0).sentence()));

        QProcess sparkctl;
        sparkctl.start(QStringLiteral(SPARKCTL_EXECUTABLE),
                       {QStringLiteral("model"), QStringLiteral("verify"), QStringLiteral("sparklab/small"), QStringLiteral("--json")});
        QVERIFY(sparkctl.waitForFinished(60000));
        QCOMPARE(sparkctl.exitCode(), 1);
        const QJsonObject result = QJsonDocument::fromJson(sparkctl.readAllStandardOutput()).object();
        QCOMPARE(JsonShapes::fromDocument().mismatches(QStringLiteral("model verify"), result), QStringList());
        QCOMPARE(result.value(QStringLiteral("ok")).toBool(), false);
        QCOMPARE(result.value(QStringLiteral("nodes")).toArray().at(0).toObject().value(QStringLiteral("passed")).toBool(), false);

        QProcess refused;
        refused.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("model"), QStringLiteral("verify"), QStringLiteral("x;reboot")});
        QVERIFY(refused.waitForFinished(30000));
        QCOMPARE(refused.exitCode(), 64);
        QVERIFY(refused.readAllStandardError().contains("is not a Hugging Face model id"));
    }

    // Removing asks first (what it frees, who keeps it), then removes that
    // model's folder on the named Spark and nothing else of the cache.
    void removalAsksThenRemovesOnlyTheModel()
    {
        const QString user = m_lab.lab().node(0).user;
        const QString hub = QStringLiteral("/home/%1/.cache/huggingface/hub").arg(user);
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("echo mine > %1/notes.txt && mkdir -p %1/.locks/models--sparklab--sharded").arg(hub)).exitCode, 0);
        const QString node = m_devices.at(0).name;
        QProcess ask;
        ask.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("model"), QStringLiteral("remove"), QStringLiteral("sparklab/sharded"), node});
        QVERIFY(ask.waitForFinished(60000));
        QCOMPARE(ask.exitCode(), 0);
        const QString said = QString::fromUtf8(ask.readAllStandardOutput());
        QVERIFY2(said.contains(QStringLiteral("Removing sparklab/sharded from %1 frees").arg(node)), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("no other Spark holds it")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("Nothing was removed")), qPrintable(said));
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("test -d %1/models--sparklab--sharded").arg(hub)).exitCode, 0);

        QProcess remove;
        remove.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("model"), QStringLiteral("remove"), QStringLiteral("sparklab/sharded"),
                                                           node, QStringLiteral("--yes"), QStringLiteral("--json")});
        QVERIFY(remove.waitForFinished(60000));
        const QByteArray out = remove.readAllStandardOutput();
        QCOMPARE(remove.exitCode(), 0);
        const QJsonObject result = QJsonDocument::fromJson(out).object();
        QCOMPARE(JsonShapes::fromDocument().mismatches(QStringLiteral("model remove"), result), QStringList());
        QCOMPARE(result.value(QStringLiteral("nodes")).toArray().at(0).toObject().value(QStringLiteral("removed")).toArray().at(0).toString(),
                 hub + QStringLiteral("/models--sparklab--sharded"));
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("test -e %1/models--sparklab--sharded").arg(hub)).exitCode, 1);
        // The rest of the cache, and the person's own file, are as they were.
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("cat %1/notes.txt").arg(hub)).out.trimmed(), QByteArray("mine"));
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("test -d %1/models--sparklab--small && test -d %1/.locks").arg(hub)).exitCode, 0);

        QProcess unknown;
        unknown.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("model"), QStringLiteral("remove"), QStringLiteral("sparklab/small"),
                                                            QStringLiteral("nobody"), QStringLiteral("--yes")});
        QVERIFY(unknown.waitForFinished(30000));
        QCOMPARE(unknown.exitCode(), 64);
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("test -d %1/models--sparklab--small").arg(hub)).exitCode, 0);
    }

    // A second revision beside main, removed alone: main stays complete.
    void oneRevisionIsRemovedAndMainStaysWhole()
    {
        const QString user = m_lab.lab().node(0).user;
        const QString hub = QStringLiteral("/home/%1/.cache/huggingface/hub").arg(user);
        const QString old = QStringLiteral("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
        const ProcessResult main = SparkLab::run({QStringLiteral("model"), QStringLiteral("add"), QStringLiteral("--name"), m_lab.name(),
                                                  QStringLiteral("1"), QStringLiteral("sparklab/twice")});
        QCOMPARE(main.exitCode, 0);
        const QByteArray mainCommit = m_lab.lab().sh(0, QStringLiteral("cat %1/models--sparklab--twice/refs/main").arg(hub)).out.trimmed();
        QCOMPARE(SparkLab::run({QStringLiteral("model"), QStringLiteral("add"), QStringLiteral("--name"), m_lab.name(), QStringLiteral("1"),
                                QStringLiteral("sparklab/twice"), QStringLiteral("--revision"), old})
                     .exitCode,
                 0);
        // sparklab's writer points main at the revision it wrote last: back to the first.
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("printf %2 > %1/models--sparklab--twice/refs/main").arg(hub, QString::fromUtf8(mainCommit))).exitCode, 0);
        QProcess remove;
        remove.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("model"), QStringLiteral("remove"), QStringLiteral("sparklab/twice"),
                                                           m_devices.at(0).name, QStringLiteral("--revision"), old.left(8), QStringLiteral("--yes")});
        QVERIFY(remove.waitForFinished(60000));
        QCOMPARE(remove.exitCode(), 0);
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("test -e %1/models--sparklab--twice/snapshots/%2").arg(hub, old)).exitCode, 1);
        const QList<NodeModels> nodes = readAll();
        bool mainWhole = false;
        for (const CachedModel &model : nodes.at(0).models) {
            if (model.repoId == QLatin1String("sparklab/twice"))
                mainWhole = model.revisions.size() == 1 && model.mainRevision() && model.mainRevision()->complete();
        }
        QVERIFY(mainWhole);
    }
};

SPARKLAB_MAIN(TestModelsLab)
#include "tst_modelslab.moc"
