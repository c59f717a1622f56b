// SPDX-License-Identifier: MIT
// The copy's planner and its commands: who sends to whom over which cable on
// each layout, what is already there, the space, and the lines the node's
// script prints.
#include "core/models/modelcopyplan.h"
#include "core/models/modelcopyscript.h"
#include "core/netconfig/addressplanner.h"
#include "core/topology/cablingplanner.h"

#include <QCryptographicHash>
#include <QTest>

using namespace spark;

namespace {

const QString kRepo = QStringLiteral("org/model");
const QString kFolder = QStringLiteral("models--org--model");
const QString kCommit = QStringLiteral("0123456789abcdef0123456789abcdef01234567");

QString blobName(int i)
{
    return QString::fromLatin1(QCryptographicHash::hash(QByteArray::number(i), QCryptographicHash::Sha256).toHex());
}

// A cache root holding the model: `files` blobs of the given sizes, each
// linked from the snapshot; `present` of them only (the others missing), and
// the snapshot's links only when `snapshot`.
CacheRootListing cache(const QString &node, const QList<qint64> &sizes, int present, bool snapshot, qint64 freeBytes = -1)
{
    CacheRootListing root;
    root.root = QStringLiteral("/home/%1/.cache/huggingface/hub").arg(node);
    root.exists = true;
    root.freeBytes = freeBytes;
    for (int i = 0; i < sizes.size(); ++i) {
        if (i < present) {
            CacheEntry blob;
            blob.type = CacheEntry::Type::File;
            blob.bytes = sizes.at(i);
            blob.path = kFolder + QStringLiteral("/blobs/") + blobName(i);
            root.entries.append(blob);
        }
        if (snapshot) {
            CacheEntry link;
            link.type = CacheEntry::Type::Link;
            link.resolves = i < present;
            link.path = kFolder + QStringLiteral("/snapshots/") + kCommit + QStringLiteral("/model-%1.safetensors").arg(i);
            link.linkTarget = QStringLiteral("../../blobs/") + blobName(i);
            root.entries.append(link);
        }
    }
    if (snapshot)
        root.refs.insert(kFolder + QStringLiteral("/refs/main"), kCommit);
    return root;
}

AddressPlan addresses(ClusterLayout layout, const QStringList &names)
{
    const auto cabling = CablingPlanner::plan(layout, names, layout == ClusterLayout::Ring3 ? std::nullopt : std::optional<int>(0));
    if (!cabling)
        return {};
    const auto plan = AddressPlanner::plan(*cabling, {});
    return plan ? *plan : AddressPlan{};
}

const QList<qint64> kSizes{500, 400, 300, 200, 100};

} // namespace

class TestModelCopyPlan final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void routes_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QStringList>("hops"); // "from>to" in order; "*" after a hop from a node that receives too

        QTest::newRow("a pair: one hop over its cable") << int(ClusterLayout::Direct2) << 2 << QStringList{QStringLiteral("spark-1>spark-2")};
        QTest::newRow("a ring of three: the source's two cables at once")
            << int(ClusterLayout::Ring3) << 3 << QStringList{QStringLiteral("spark-1>spark-2"), QStringLiteral("spark-1>spark-3")};
        QTest::newRow("a switch of four: a chain, one copy per port")
            << int(ClusterLayout::Switch) << 4 << QStringList{QStringLiteral("spark-1>spark-2"), QStringLiteral("spark-2>spark-3*"), QStringLiteral("spark-3>spark-4*")};
    }
    void routes()
    {
        QFETCH(int, layout);
        QFETCH(int, nodes);
        QFETCH(QStringList, hops);
        QStringList names;
        QList<CopyNode> copyNodes;
        for (int i = 1; i <= nodes; ++i) {
            names << QStringLiteral("spark-%1").arg(i);
            copyNodes.append({names.constLast(), QStringLiteral("user"), cache(names.constLast(), kSizes, i == 1 ? 5 : 0, i == 1)});
        }
        const AddressPlan plan = addresses(ClusterLayout(layout), names);
        QVERIFY(!plan.interfaces.isEmpty());
        const auto copy = ModelCopyPlanner::plan(kRepo, copyNodes, plan);
        QVERIFY2(copy, copy ? "" : qPrintable(copy.error().message));
        QCOMPARE(copy->source, QStringLiteral("spark-1"));
        QCOMPARE(copy->commit, kCommit);
        QCOMPARE(copy->refs, QStringList{QStringLiteral("main")});
        QCOMPARE(copy->revisionBytes, 1500);
        QStringList got;
        for (const CopyHop &hop : copy->hops) {
            got << hop.from + QLatin1Char('>') + hop.to + (hop.fromSource ? QString() : QStringLiteral("*"));
            // Both twins of one cable, each the destination's own address on that twin's subnet.
            QCOMPARE(hop.toAddresses.size(), 2);
            for (const QString &address : hop.toAddresses) {
                bool ours = false;
                for (const InterfaceAddress &interface : plan.interfacesOf(hop.to))
                    ours = ours || interface.addressText() == address;
                QVERIFY2(ours, qPrintable(address));
            }
            QCOMPARE(hop.bytesToSend, 1500);
            QCOMPARE(hop.toFolder, QStringLiteral("/home/%1/.cache/huggingface/hub/%2").arg(hop.to, kFolder));
        }
        QCOMPARE(got, hops);
        // The streams of both twins as even as the files allow, largest first,
        // the files alternating between the twins (stream i on twin i % 2).
        QCOMPARE(copy->streams.size(), 2 * ModelCopyPlanner::StreamsPerTwin);
        QCOMPARE(copy->streams.at(0).constFirst().bytes, 500);
        QCOMPARE(copy->streams.at(1).constFirst().bytes, 400);
        qint64 twin[2] = {0, 0};
        for (qsizetype s = 0; s < copy->streams.size(); ++s) {
            for (const CopyFile &file : copy->streams.at(s))
                twin[s % 2] += file.bytes;
        }
        QCOMPARE(twin[0] + twin[1], 1500);
        QVERIFY(qAbs(twin[0] - twin[1]) <= 100); // 500 + 200 + 100 against 400 + 300
        QCOMPARE(copy->links.size(), 5);
    }

    void whatIsThereAlready_data()
    {
        QTest::addColumn<int>("present"); // blobs spark-2 has already
        QTest::addColumn<bool>("snapshot");
        QTest::addColumn<qint64>("toSend");
        QTest::addColumn<bool>("complete");

        QTest::newRow("nothing") << 0 << false << qint64(1500) << false;
        QTest::newRow("a copy that stopped after two files") << 2 << false << qint64(600) << false;
        QTest::newRow("every blob but no snapshot yet") << 5 << false << qint64(0) << false;
        QTest::newRow("complete: nothing sent again") << 5 << true << qint64(0) << true;
    }
    void whatIsThereAlready()
    {
        QFETCH(int, present);
        QFETCH(bool, snapshot);
        QFETCH(qint64, toSend);
        QFETCH(bool, complete);
        const QStringList names{QStringLiteral("spark-1"), QStringLiteral("spark-2")};
        const QList<CopyNode> nodes{{names.at(0), QStringLiteral("a"), cache(names.at(0), kSizes, 5, true)},
                                    {names.at(1), QStringLiteral("b"), cache(names.at(1), kSizes, present, snapshot)}};
        const auto copy = ModelCopyPlanner::plan(kRepo, nodes, addresses(ClusterLayout::Direct2, names));
        QVERIFY2(copy, copy ? "" : qPrintable(copy.error().message));
        QCOMPARE(copy->alreadyComplete.contains(names.at(1)), complete);
        QCOMPARE(copy->hops.isEmpty(), complete);
        if (!complete) {
            QCOMPARE(copy->hops.constFirst().bytesToSend, toSend);
            QCOMPARE(copy->hops.constFirst().toUser, QStringLiteral("b"));
        }
    }

    void refused_data()
    {
        QTest::addColumn<QString>("repo");
        QTest::addColumn<int>("sourcePresent"); // blobs the only holder has
        QTest::addColumn<qint64>("targetFree");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("linkTarget"); // replaces the first link's target
        QTest::addColumn<QString>("says");

        const QString ok = QStringLiteral("../../blobs/") + blobName(0);
        QTest::newRow("shell metacharacters in the id") << QStringLiteral("org/x;rm -rf ~") << 5 << qint64(-1) << QString() << ok << QStringLiteral("is not a model id");
        QTest::newRow("nobody holds it complete") << kRepo << 4 << qint64(-1) << QString() << ok << QStringLiteral("No Spark of the cluster holds");
        QTest::newRow("a source that is not whole") << kRepo << 4 << qint64(-1) << QStringLiteral("spark-1") << ok << QStringLiteral("does not hold org/model complete");
        QTest::newRow("a source not in the cluster") << kRepo << 5 << qint64(-1) << QStringLiteral("spark-9") << ok << QStringLiteral("not a Spark of this cluster");
        QTest::newRow("a full disk, known from the listing")
            << kRepo << 5 << qint64(1000) << QString() << ok << QStringLiteral("spark-2 has");
        QTest::newRow("an absolute link (it would point into the source's home)")
            << kRepo << 5 << qint64(-1) << QString()
            << QStringLiteral("/home/spark-1/.cache/huggingface/hub/") + kFolder + QStringLiteral("/blobs/") + blobName(0)
            << QStringLiteral("is not a link into the model's blobs");
        QTest::newRow("a link that wanders before it lands")
            << kRepo << 5 << qint64(-1) << QString() << QStringLiteral("../blobs/../../blobs/") + blobName(0)
            << QStringLiteral("is not a link into");
    }
    void refused()
    {
        QFETCH(QString, repo);
        QFETCH(int, sourcePresent);
        QFETCH(qint64, targetFree);
        QFETCH(QString, source);
        QFETCH(QString, linkTarget);
        QFETCH(QString, says);
        const QStringList names{QStringLiteral("spark-1"), QStringLiteral("spark-2")};
        CacheRootListing first = cache(names.at(0), kSizes, sourcePresent, true);
        for (CacheEntry &entry : first.entries) {
            if (entry.type == CacheEntry::Type::Link && entry.linkTarget.endsWith(blobName(0)))
                entry.linkTarget = linkTarget;
        }
        const QList<CopyNode> nodes{{names.at(0), QStringLiteral("a"), first},
                                    {names.at(1), QStringLiteral("b"), cache(names.at(1), kSizes, 0, false, targetFree)}};
        const auto copy = ModelCopyPlanner::plan(repo, nodes, addresses(ClusterLayout::Direct2, names), source);
        QVERIFY(!copy);
        QVERIFY2(copy.error().message.contains(says), qPrintable(copy.error().message));
    }

    void noCableNoCopy()
    {
        // The management link is never used: nodes without a shared subnet are refused.
        const QStringList names{QStringLiteral("spark-1"), QStringLiteral("spark-2")};
        const QList<CopyNode> nodes{{names.at(0), QStringLiteral("a"), cache(names.at(0), kSizes, 5, true)},
                                    {names.at(1), QStringLiteral("b"), cache(names.at(1), kSizes, 0, false)}};
        const auto copy = ModelCopyPlanner::plan(kRepo, nodes, AddressPlan{});
        QVERIFY(!copy);
        QVERIFY2(copy.error().message.contains(QStringLiteral("No cable joins spark-2")), qPrintable(copy.error().message));
    }

    void space_data()
    {
        QTest::addColumn<qint64>("free");
        QTest::addColumn<qint64>("needed");
        QTest::addColumn<bool>("refused");
        const qint64 room = ModelCopyPlanner::HeadroomBytes;
        QTest::newRow("unknown free space is not a refusal") << qint64(-1) << qint64(10) << false;
        QTest::newRow("nothing needed") << qint64(0) << qint64(0) << false;
        QTest::newRow("exactly the need and the headroom") << qint64(10) + room << qint64(10) << false;
        QTest::newRow("one byte short") << qint64(9) + room << qint64(10) << true;
    }
    void space()
    {
        QFETCH(qint64, free);
        QFETCH(qint64, needed);
        QFETCH(bool, refused);
        QCOMPARE(!ModelCopyPlanner::spaceProblem(QStringLiteral("spark-2"), QStringLiteral("/c"), free, needed).isEmpty(), refused);
    }

    void scriptLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("stream");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("exitCode");

        QTest::newRow("progress") << QStringLiteral("@@at 1 7962624") << int(CopyLine::Kind::Progress) << 1 << qint64(7962624) << QString() << -1;
        QTest::newRow("a file whole") << QStringLiteral("@@done 0 ") + blobName(3) << int(CopyLine::Kind::FileDone) << 0 << qint64(0) << blobName(3) << -1;
        QTest::newRow("what crossed the cable") << QStringLiteral("@@literal 0 12039168") << int(CopyLine::Kind::Literal) << 0 << qint64(12039168) << QString() << -1;
        QTest::newRow("waiting for a file that never came") << QStringLiteral("@@fail wait 1") << int(CopyLine::Kind::Failed) << 1 << qint64(0)
                                                            << QStringLiteral("wait") << -1;
        QTest::newRow("a stream's rsync starts") << QStringLiteral("@@batch 1") << int(CopyLine::Kind::Batch) << 1 << qint64(0) << QString() << -1;
        QTest::newRow("rsync failed") << QStringLiteral("@@fail rsync 1 30") << int(CopyLine::Kind::Failed) << 1 << qint64(0) << QStringLiteral("rsync") << 30;
        QTest::newRow("rsync's words")
            << QStringLiteral("@@said 0 rsync: [sender] write error: Broken pipe (32)") << int(CopyLine::Kind::Said) << 0 << qint64(0)
            << QStringLiteral("rsync: [sender] write error: Broken pipe (32)") << -1;
        QTest::newRow("a progress that is not a number") << QStringLiteral("@@at 0 7,962,624") << int(CopyLine::Kind::Other) << 0 << qint64(0) << QString() << -1;
        QTest::newRow("untagged") << QStringLiteral("sent 12 bytes") << int(CopyLine::Kind::Other) << -1 << qint64(0) << QString() << -1;
    }
    void scriptLines()
    {
        QFETCH(QString, line);
        QFETCH(int, kind);
        QFETCH(int, stream);
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QFETCH(int, exitCode);
        const CopyLine parsed = ModelCopyScript::parseLine(line);
        QCOMPARE(int(parsed.kind), kind);
        QCOMPARE(parsed.stream, stream);
        QCOMPARE(parsed.bytes, bytes);
        QCOMPARE(parsed.text, text);
        QCOMPARE(parsed.exitCode, exitCode);
    }

    void destination_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<bool>("ready");
        QTest::addColumn<bool>("rsync");
        QTest::addColumn<qint64>("free");
        QTest::newRow("ready") << QStringLiteral("@@copy:rsync yes\n@@copy:free 52613349376\n@@copy:ready\n") << true << true << qint64(52613349376);
        QTest::newRow("no rsync") << QStringLiteral("@@copy:rsync no\n@@copy:free 100\n@@copy:ready\n") << true << false << qint64(100);
        QTest::newRow("df said nothing") << QStringLiteral("@@copy:rsync yes\n@@copy:free \n@@copy:ready\n") << true << true << qint64(-1);
        QTest::newRow("cut short") << QStringLiteral("@@copy:rsync yes\n") << false << true << qint64(-1);
    }
    void destination()
    {
        QFETCH(QString, output);
        QFETCH(bool, ready);
        QFETCH(bool, rsync);
        QFETCH(qint64, free);
        const CopyDestination parsed = ModelCopyScript::parseDestination(output);
        QCOMPARE(parsed.ready, ready);
        QCOMPARE(parsed.hasRsync, rsync);
        QCOMPARE(parsed.freeBytes, free);
    }

    void failures_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("said");
        QTest::addColumn<QString>("says");
        QTest::newRow("disk full") << QStringLiteral("rsync") << 11 << QStringLiteral("rsync: [receiver] write failed on \"x\": No space left on device (28)")
                                   << QStringLiteral("The disk of spark-2 filled up");
        QTest::newRow("cable pulled, the receiver's I/O error first")
            << QStringLiteral("unreachable") << 11 << QStringLiteral("rsync error: error in file IO (code 11) at main.c(808) [Receiver=3.5.0]")
            << QStringLiteral("spark-2 stopped answering over the cable");
        QTest::newRow("cable pulled") << QStringLiteral("rsync") << 30 << QStringLiteral("[sender] io timeout after 20 seconds -- exiting")
                                      << QStringLiteral("spark-2 stopped answering over the cable");
        QTest::newRow("no peer trust") << QStringLiteral("rsync") << 255 << QStringLiteral("Host key verification failed.") << QStringLiteral("node-to-node SSH");
        QTest::newRow("no rsync there") << QStringLiteral("rsync") << 127 << QStringLiteral("bash: line 1: rsync: command not found") << QStringLiteral("rsync is not installed on spark-2");
        QTest::newRow("the feeder's own copy stopped") << QStringLiteral("wait") << 4 << QString() << QStringLiteral("spark-1 did not receive the model whole");
        QTest::newRow("anything else") << QStringLiteral("rsync") << 23 << QStringLiteral("some files could not be transferred") << QStringLiteral("(some files could not be transferred)");
    }
    void failures()
    {
        QFETCH(QString, key);
        QFETCH(int, exitCode);
        QFETCH(QString, said);
        QFETCH(QString, says);
        CopyHop hop;
        hop.from = QStringLiteral("spark-1");
        hop.to = QStringLiteral("spark-2");
        const QString sentence = ModelCopyScript::failureSentence(hop, key, exitCode, said);
        QVERIFY2(sentence.contains(says), qPrintable(sentence));
    }

    void scriptsAreBuiltFromCheckedTokens()
    {
        const QStringList names{QStringLiteral("spark-1"), QStringLiteral("spark-2")};
        const QList<CopyNode> nodes{{names.at(0), QStringLiteral("a"), cache(names.at(0), kSizes, 5, true)},
                                    {names.at(1), QStringLiteral("b"), cache(names.at(1), kSizes, 0, false)}};
        auto copy = ModelCopyPlanner::plan(kRepo, nodes, addresses(ClusterLayout::Direct2, names));
        QVERIFY(copy);
        CopyHop hop = copy->hops.constFirst();
        const auto script = ModelCopyScript::hopScript(*copy, hop);
        QVERIFY(script);
        QVERIFY2(script->contains(QStringLiteral("send 0 %1 %2").arg(hop.toAddresses.at(0), blobName(0))), qPrintable(*script));
        QVERIFY(script->contains(QStringLiteral("--partial-dir=.spark-companion-partial")));
        QVERIFY(script->contains(QStringLiteral("dest='/home/spark-2/.cache/huggingface/hub/models--org--model'")));
        hop.toUser = QStringLiteral("b;reboot");
        QVERIFY(!ModelCopyScript::hopScript(*copy, hop));
        hop = copy->hops.constFirst();
        hop.toAddresses = {QStringLiteral("10.0.0.1;reboot")};
        QVERIFY(!ModelCopyScript::hopScript(*copy, hop));
        hop = copy->hops.constFirst();
        hop.toFolder = QStringLiteral("/x/../etc");
        QVERIFY(!ModelCopyScript::hopScript(*copy, hop));
        const auto snapshot = ModelCopyScript::snapshotCommand(*copy, hop.fromFolder);
        QVERIFY(snapshot);
        QVERIFY(snapshot->contains(QStringLiteral("ln -s -- '../../blobs/%1' 'snapshots/.%2.spark-companion/model-0.safetensors'")
                                       .arg(blobName(0), kCommit)));
        copy->refs = {QStringLiteral("main; reboot")};
        QVERIFY(!ModelCopyScript::snapshotCommand(*copy, hop.fromFolder));
    }
};

QTEST_GUILESS_MAIN(TestModelCopyPlan)
#include "tst_modelcopyplan.moc"
