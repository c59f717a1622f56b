// SPDX-License-Identifier: MIT
// The inventory of a node's Hugging Face cache: the listing's parser on a
// recorded listing of a real cache (made by sparklab's model writer, five
// models, three broken as the field breaks them), the judgement of each
// snapshot, the listing script's refusals, and the script itself run here on
// a cache made afresh, so the recorded text is what the script prints.
#include "core/models/blobverification.h"
#include "core/models/hfcachelisting.h"
#include "core/models/modelfit.h"
#include "core/models/modelinventory.h"
#include "core/models/modelmatrix.h"
#include "core/models/modelremoval.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

namespace {

QString fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/models/") + name);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

const CachedModel *find(const QList<CachedModel> &models, const QString &repoId)
{
    for (const CachedModel &model : models) {
        if (model.repoId == repoId)
            return &model;
    }
    return nullptr;
}

} // namespace

class TestModelInventory final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listingIsParsed()
    {
        const CacheListing listing = HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt")));
        QVERIFY(listing.finished);
        QCOMPARE(listing.roots.size(), 2);
        const CacheRootListing &hub = listing.roots.at(0);
        QCOMPARE(hub.root, QStringLiteral("/home/nvidia/.cache/huggingface/hub"));
        QVERIFY(hub.exists);
        QVERIFY(hub.freeBytes > 0);
        QVERIFY(hub.unreadable.isEmpty());
        QCOMPARE(hub.refs.size(), 5);
        QCOMPARE(hub.indexes.size(), 6);
        QCOMPARE(listing.roots.at(1).root, QStringLiteral("/nonexistent/models"));
        QVERIFY(!listing.roots.at(1).exists);
        QVERIFY(listing.memTotalBytes > 0);
    }

    void snapshotsAreJudged_data()
    {
        QTest::addColumn<QString>("repoId");
        QTest::addColumn<bool>("complete");
        QTest::addColumn<int>("files");
        QTest::addColumn<int>("shardsListed");
        QTest::addColumn<int>("shardsPresent");
        QTest::addColumn<QString>("problem");
        QTest::newRow("complete, two shards") << "sparklab/tiny-2shard" << true << 5 << 2 << 2 << "";
        QTest::newRow("complete, three shards") << "sparklab/tiny-3shard" << true << 6 << 3 << 3 << "";
        QTest::newRow("a shard never arrived") << "sparklab/missing-shard" << false << 6 << 4 << 3
                                               << "1 of 4 shards are missing: model-00004-of-00004.safetensors.";
        QTest::newRow("a link into nothing") << "sparklab/broken-link" << false << 5 << 2 << 1
                                             << "1 file(s) point to nothing: model-00001-of-00002.safetensors.";
        QTest::newRow("an unfinished download") << "sparklab/unfinished" << false << 5 << 2 << 2
                                                << "1 download(s) or copies of this model did not finish (blobs/*.incomplete, or a copy's partial files): get or copy it again to go on from there.";
    }

    void snapshotsAreJudged()
    {
        QFETCH(QString, repoId);
        QFETCH(bool, complete);
        QFETCH(int, files);
        QFETCH(int, shardsListed);
        QFETCH(int, shardsPresent);
        QFETCH(QString, problem);
        const QList<CachedModel> models = ModelInventory::models(HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt"))));
        QCOMPARE(models.size(), 5);
        const CachedModel *model = find(models, repoId);
        QVERIFY(model);
        QCOMPARE(model->root, QStringLiteral("/home/nvidia/.cache/huggingface/hub"));
        const ModelRevision *main = model->mainRevision();
        QVERIFY(main);
        QVERIFY(main->refs.contains(QStringLiteral("main")));
        QCOMPARE(main->complete(), complete);
        QCOMPARE(main->files, files);
        QCOMPARE(main->shardsListed, shardsListed);
        QCOMPARE(main->shardsPresent, shardsPresent);
        if (problem.isEmpty())
            QVERIFY2(main->problems.isEmpty(), qPrintable(main->problems.join(QLatin1Char('\n'))));
        else
            QVERIFY2(main->problems.contains(problem), qPrintable(main->problems.join(QLatin1Char('\n'))));
        // Weights from the index's metadata.total_size: the shards' tensors, 4 KiB each.
        QCOMPARE(main->weightBytes, qint64(shardsListed) * 4096);
    }

    void aSecondRevisionIsListedAfterMain()
    {
        const QList<CachedModel> models = ModelInventory::models(HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt"))));
        const CachedModel *model = find(models, QStringLiteral("sparklab/tiny-2shard"));
        QVERIFY(model);
        QCOMPARE(model->revisions.size(), 2);
        QCOMPARE(model->revisions.at(0).refs, QStringList{QStringLiteral("main")});
        QCOMPARE(model->revisions.at(1).commit, QString(40, QLatin1Char('a')));
        QVERIFY(model->revisions.at(1).refs.isEmpty());
        QVERIFY(model->revisions.at(1).complete());
        // Blobs both revisions share are counted once on disk.
        QVERIFY(model->diskBytes < model->revisions.at(0).bytes + model->revisions.at(1).bytes);
        QVERIFY(model->diskBytes >= model->revisions.at(0).bytes);
    }

    void outputCutShortIsNotFinished()
    {
        QString output = fixture(QStringLiteral("listing-five-models.txt"));
        output.truncate(output.indexOf(QLatin1String("@@spark-models:end")));
        QVERIFY(!HfCacheListing::parse(output).finished);
        QVERIFY(!HfCacheListing::parse(QString()).finished);
    }

    void aLinkOutsideTheBlobsIsNamed()
    {
        CacheRootListing root;
        root.root = QStringLiteral("/home/nvidia/.cache/huggingface/hub");
        root.exists = true;
        const QString snapshot = QStringLiteral("models--org--m/snapshots/0123456789abcdef0123456789abcdef01234567/");
        root.entries.append(CacheEntry{CacheEntry::Type::Link, true, 0, snapshot + QStringLiteral("config.json"), QStringLiteral("/etc/passwd")});
        root.entries.append(CacheEntry{CacheEntry::Type::Link, true, 0, snapshot + QStringLiteral("a.json"),
                                       QStringLiteral("../../../models--other--m/blobs/abc")});
        const QList<CachedModel> models = ModelInventory::models(root);
        QCOMPARE(models.size(), 1);
        QCOMPARE(models.at(0).repoId, QStringLiteral("org/m"));
        QVERIFY(!models.at(0).revisions.at(0).complete());
        QCOMPARE(models.at(0).revisions.at(0).problems,
                 QStringList{QStringLiteral("2 file(s) point outside the model's blobs folder: a.json, config.json.")});
    }

    void repoIdsOfFolders_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("repoId");
        QTest::newRow("org and name") << "models--Qwen--Qwen3-30B-A3B"
                                      << "Qwen/Qwen3-30B-A3B";
        QTest::newRow("a name alone") << "models--gpt2"
                                      << "gpt2";
        QTest::newRow("dots in the name") << "models--openai--gpt-oss-120b.v1"
                                          << "openai/gpt-oss-120b.v1";
        QTest::newRow("a dataset is not a model") << "datasets--org--data"
                                                  << "";
        QTest::newRow("the lock folder") << ".locks"
                                         << "";
        QTest::newRow("shell metacharacters") << "models--org--$(reboot)"
                                              << "";
        QTest::newRow("a third separator") << "models--a--b--c"
                                           << "";
    }

    void repoIdsOfFolders()
    {
        QFETCH(QString, folder);
        QFETCH(QString, repoId);
        QCOMPARE(ModelInventory::repoIdOfFolder(folder), repoId);
    }

    void scriptRefusesFoldersItCannotList_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("absolute") << "/data/models" << true;
        QTest::newRow("home") << "~/models" << true;
        QTest::newRow("quotes and semicolons are only a name") << "/data/it's; rm -rf ~" << true;
        QTest::newRow("relative") << "models" << false;
        QTest::newRow("a newline") << "/data/a\nb" << false;
        QTest::newRow("a tab") << "/data/a\tb" << false;
        QTest::newRow("empty") << "" << false;
    }

    void scriptRefusesFoldersItCannotList()
    {
        QFETCH(QString, folder);
        QFETCH(bool, accepted);
        const Expected<QString> script = HfCacheListing::script({folder});
        QCOMPARE(bool(script), accepted);
        if (!accepted)
            QVERIFY(script.error().message.contains(QLatin1String("cannot be read")));
    }

    void theMatrixSaysWhereEachModelIs()
    {
        const CacheListing listing = HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt")));
        NodeModels full{QStringLiteral("spark-1"), std::nullopt, listing, ModelInventory::models(listing)};
        NodeModels empty{QStringLiteral("spark-2"), std::nullopt, {}, {}};
        NodeModels away{QStringLiteral("spark-3"), Error(QStringLiteral("Connection timed out")), {}, {}};
        const ModelMatrix matrix = ModelMatrix::from({full, empty, away});
        QCOMPARE(matrix.nodes, (QStringList{QStringLiteral("spark-1"), QStringLiteral("spark-2")}));
        QCOMPARE(matrix.unread, QStringList{QStringLiteral("spark-3: Connection timed out")});
        QCOMPARE(matrix.rows.size(), 5);
        QStringList written;
        for (const ModelRow &row : matrix.rows) {
            QCOMPARE(row.nodes.size(), 2);
            written.append(row.repoId + QLatin1Char('=') + ModelMatrix::stateKey(row.nodes.at(0).state) + QLatin1Char('/')
                           + ModelMatrix::stateKey(row.nodes.at(1).state));
            QVERIFY(!row.completeEverywhere());
        }
        QCOMPARE(written, (QStringList{QStringLiteral("sparklab/broken-link=partial/missing"),
                                       QStringLiteral("sparklab/missing-shard=partial/missing"),
                                       QStringLiteral("sparklab/tiny-2shard=complete/missing"),
                                       QStringLiteral("sparklab/tiny-3shard=complete/missing"),
                                       QStringLiteral("sparklab/unfinished=partial/missing")}));
        QCOMPARE(matrix.rows.at(3).weightBytes, qint64(3 * 4096));
        QVERIFY(matrix.rows.at(0).nodes.at(0).problems.size() == 1);
    }

    void blobHashesAreJudged_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("cutShort");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<int>("checked");
        QTest::addColumn<QStringList>("mismatched");
        QTest::addColumn<QStringList>("unnamed");
        // Recorded on sparklab's writer's cache: the last byte of one shard's blob flipped.
        QTest::newRow("one blob flipped") << "verify-one-blob-flipped.txt" << false << false << 6
                                          << QStringList{QStringLiteral("9af82478c7c2a317b509456573c7b99b022ce718b77a32d83f44203106e2a3e9")}
                                          << QStringList{};
        QTest::newRow("an unfinished download is named, not hashed")
            << "verify-unfinished.txt" << false << true << 5 << QStringList{}
            << QStringList{QString(64, QLatin1Char('0')) + QStringLiteral(".incomplete")};
        QTest::newRow("cut short") << "verify-unfinished.txt" << true << false << 5 << QStringList{}
                                   << QStringList{QString(64, QLatin1Char('0')) + QStringLiteral(".incomplete")};
    }

    void blobHashesAreJudged()
    {
        QFETCH(QString, file);
        QFETCH(bool, cutShort);
        QFETCH(bool, passed);
        QFETCH(int, checked);
        QFETCH(QStringList, mismatched);
        QFETCH(QStringList, unnamed);
        QString output = fixture(file);
        QVERIFY(!output.isEmpty());
        if (cutShort)
            output.truncate(output.indexOf(QLatin1String("@@spark-verify:end")));
        const BlobVerification verification = BlobVerifier::parse(QStringLiteral("org/m"), output);
        QCOMPARE(verification.finished, !cutShort);
        QCOMPARE(verification.passed(), passed);
        QCOMPARE(verification.blobsChecked, checked);
        QCOMPARE(verification.mismatched, mismatched);
        QCOMPARE(verification.unnamed, unnamed);
        QVERIFY(verification.bytesChecked > 0);
    }

    void verificationRefusesWhatIsNotACacheFolder()
    {
        CachedModel model;
        model.repoId = QStringLiteral("org/m");
        model.folder = QStringLiteral("models--org--m");
        model.root = QStringLiteral("relative/hub");
        QVERIFY(!BlobVerifier::script(model));
        model.root = QStringLiteral("/home/nvidia/.cache/huggingface/hub");
        QVERIFY(BlobVerifier::script(model));
        model.folder = QStringLiteral("models--org--$(reboot)");
        QVERIFY(!BlobVerifier::script(model));
    }

    void fitIsSaidInOneSentence_data()
    {
        QTest::addColumn<double>("weightGb");
        QTest::addColumn<QString>("sentence");
        // A Spark's 128 GB (MemTotal reads about 119.7 GiB); the engine's share at 0.9 is about 115.7 GB.
        QTest::newRow("an 8B model in bf16") << 16.0 << "Fits on one Spark with 100 GB to spare for the KV cache.";
        QTest::newRow("gpt-oss-120b") << 65.0 << "Fits on one Spark with 51 GB to spare for the KV cache.";
        QTest::newRow("a 235B model at 8 bits") << 235.0 << "Fits on 3 Sparks with 37 GB to spare per node for the KV cache; not on fewer.";
        QTest::newRow("exactly the share of one is not room for a KV cache")
            << 115.676 << "Fits on 2 Sparks with 58 GB to spare per node for the KV cache; not on fewer.";
        QTest::newRow("a 671B model in bf16") << 1342.0 << "Does not fit on 4 Spark(s): it needs 336 GB per node, more than the engine's share of each node's memory.";
    }

    void fitIsSaidInOneSentence()
    {
        QFETCH(double, weightGb);
        QFETCH(QString, sentence);
        const qint64 memTotal = qint64(119.7 * 1024 * 1024 * 1024); // 128.5 GB
        const auto fits = ModelFit::assess(qint64(weightGb * 1e9), memTotal, 4);
        QCOMPARE(fits.size(), 4);
        QCOMPARE(ModelFit::sentence(fits), sentence);
    }

    void removalNamesOnlyTheModelsFolder()
    {
        const CacheListing listing = HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt")));
        const QList<CachedModel> models = ModelInventory::models(listing);
        const NodeModels spark1{QStringLiteral("spark-1"), std::nullopt, listing, models};
        const QList<ModelRemoval> removals = ModelRemover::plan(spark1, QStringLiteral("sparklab/tiny-2shard"));
        QCOMPARE(removals.size(), 1);
        QCOMPARE(removals.at(0).path, QStringLiteral("/home/nvidia/.cache/huggingface/hub/models--sparklab--tiny-2shard"));
        QCOMPARE(removals.at(0).freedBytes, find(models, QStringLiteral("sparklab/tiny-2shard"))->diskBytes);
        QCOMPARE(*ModelRemover::command(removals.at(0)),
                 QStringLiteral("'rm' '-rf' '--' '/home/nvidia/.cache/huggingface/hub/models--sparklab--tiny-2shard'"));
        QVERIFY(ModelRemover::plan(spark1, QStringLiteral("org/absent")).isEmpty());
        // Only "<absolute cache>/models--org--name" for that id, whatever a plan says.
        for (const auto &[path, repo] : {std::pair{QStringLiteral("/models--org--m"), QStringLiteral("org/m")},
                                         std::pair{QStringLiteral("/home/u/hub/models--other--m"), QStringLiteral("org/m")},
                                         std::pair{QStringLiteral("/home/u/hub"), QStringLiteral("org/m")},
                                         std::pair{QStringLiteral("hub/models--org--m"), QStringLiteral("org/m")},
                                         std::pair{QStringLiteral("/home/u/hub/models--org--m/.."), QStringLiteral("org/m")}})
            QVERIFY2(!ModelRemover::command(ModelRemoval{QStringLiteral("spark-1"), repo, path, 0, {}, {}}), qPrintable(path));
    }

    // One revision of a model that holds two: its snapshot and the refs
    // naming it; a blob goes only when no other snapshot links to it.
    void removingOneRevisionKeepsWhatTheOtherUses()
    {
        CacheListing listing = HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt")));
        NodeModels spark1{QStringLiteral("spark-1"), std::nullopt, listing, ModelInventory::models(listing)};
        const QString repo = QStringLiteral("sparklab/tiny-2shard");
        const QString root = QStringLiteral("/home/nvidia/.cache/huggingface/hub/models--sparklab--tiny-2shard");
        const QString mainCommit = QStringLiteral("7c3c6653f5c7296b99e34a860dc49f2ee90f307c");
        const QString other = QStringLiteral("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");

        // The second revision: the same files, so no blob goes, and main keeps its ref.
        QList<ModelRemoval> removals = ModelRemover::plan(spark1, repo, other);
        QCOMPARE(removals.size(), 1);
        QCOMPARE(removals.at(0).path, root + QStringLiteral("/snapshots/") + other);
        QCOMPARE(removals.at(0).files, QStringList());
        QCOMPARE(removals.at(0).freedBytes, qint64(0));
        QCOMPARE(*ModelRemover::command(removals.at(0)), QStringLiteral("'rm' '-rf' '--' '") + root + QStringLiteral("/snapshots/") + other + QLatin1Char('\''));

        // main, by its ref: its snapshot and refs/main.
        removals = ModelRemover::plan(spark1, repo, QStringLiteral("main"));
        QCOMPARE(removals.size(), 1);
        QCOMPARE(removals.at(0).revision, mainCommit);
        QCOMPARE(removals.at(0).files, QStringList{root + QStringLiteral("/refs/main")});

        // A shard only main's snapshot links to goes with it, and frees its bytes.
        auto &entries = listing.roots.first().entries;
        entries.erase(std::remove_if(entries.begin(), entries.end(),
                                     [&](const CacheEntry &entry) {
                                         return entry.path.startsWith(QStringLiteral("models--sparklab--tiny-2shard/snapshots/") + other)
                                             && entry.path.endsWith(QLatin1String("model-00002-of-00002.safetensors"));
                                     }),
                      entries.end());
        spark1.listing = listing;
        spark1.models = ModelInventory::models(listing);
        removals = ModelRemover::plan(spark1, repo, mainCommit.left(7));
        QCOMPARE(removals.size(), 1);
        QCOMPARE(removals.at(0).freedBytes, qint64(4216));
        QCOMPARE(removals.at(0).files.size(), 2);
        QVERIFY(removals.at(0).files.at(0).startsWith(root + QStringLiteral("/blobs/443a450f")));
        const QString command = *ModelRemover::command(removals.at(0));
        QVERIFY2(command.startsWith(QStringLiteral("'rm' '-rf' '--' '") + root + QStringLiteral("/snapshots/") + mainCommit
                                    + QStringLiteral("' && 'rm' '-f' '--' '")),
                 qPrintable(command));

        // The only revision of a model is the whole folder; an unknown one is nothing.
        removals = ModelRemover::plan(spark1, QStringLiteral("sparklab/tiny-3shard"), QStringLiteral("main"));
        QCOMPARE(removals.size(), 1);
        QVERIFY(removals.at(0).revision.isEmpty());
        QVERIFY(ModelRemover::plan(spark1, repo, QStringLiteral("v9")).isEmpty());

        // A plan that reaches outside the model's folder is refused.
        ModelRemoval outside = ModelRemover::plan(spark1, repo, other).at(0);
        outside.files = {QStringLiteral("/home/nvidia/.ssh/authorized_keys")};
        QVERIFY(!ModelRemover::command(outside));
        outside.files = {root + QStringLiteral("/blobs/../../models--sparklab--tiny-3shard/refs/main")};
        QVERIFY(!ModelRemover::command(outside));
        QCOMPARE(ModelRemover::confirmation({spark1}, repo, {QStringLiteral("spark-1")}, other),
                 QStringLiteral("Removing revision aaaaaaaaaaaa of sparklab/tiny-2shard from spark-1 frees 0 bytes; no other Spark holds it, "
                                "so it would have to be downloaded again."));
    }

    void removalSaysWhatItFreesAndWhoKeepsIt_data()
    {
        QTest::addColumn<QString>("repoId");
        QTest::addColumn<QStringList>("from");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("another keeps it") << "sparklab/tiny-3shard" << QStringList{QStringLiteral("spark-2")}
                                          << "Removing sparklab/tiny-3shard from spark-2 frees 13.0 kB; spark-1 keeps it.";
        QTest::newRow("the last copy") << "sparklab/tiny-2shard" << QStringList{QStringLiteral("spark-1")}
                                       << "Removing sparklab/tiny-2shard from spark-1 frees 8.8 kB; no other Spark holds it, "
                                          "so it would have to be downloaded again.";
        QTest::newRow("not there") << "sparklab/tiny-2shard" << QStringList{QStringLiteral("spark-2")}
                                   << "None of spark-2 holds sparklab/tiny-2shard: there is nothing to remove.";
    }

    void removalSaysWhatItFreesAndWhoKeepsIt()
    {
        QFETCH(QString, repoId);
        QFETCH(QStringList, from);
        QFETCH(QString, sentence);
        const CacheListing listing = HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt")));
        const QList<CachedModel> models = ModelInventory::models(listing);
        QList<CachedModel> oneWhole;
        for (const CachedModel &model : models) {
            if (model.repoId == u"sparklab/tiny-3shard")
                oneWhole.append(model);
        }
        const QList<NodeModels> inventory{NodeModels{QStringLiteral("spark-1"), std::nullopt, listing, models},
                                          NodeModels{QStringLiteral("spark-2"), std::nullopt, listing, oneWhole}};
        QCOMPARE(ModelRemover::confirmation(inventory, repoId, from), sentence);
    }

    // The real script, run by sh here on a cache sparklab's writer makes, reads
    // what the recorded listing holds (and a folder named with shell syntax is
    // only a name).
    void theScriptListsARealCache()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString made = dir.filePath(QStringLiteral("node"));
        QProcess maker;
        maker.start(QStringLiteral("python3"), {QStringLiteral(SPARK_FIXTURES_DIR "/models/make-listing-fixture.py"), made});
        QVERIFY(maker.waitForFinished(60000));
        QVERIFY2(maker.exitCode() == 0, maker.readAllStandardError().constData());
        const QString odd = dir.filePath(QStringLiteral("it's; touch pwned"));
        const Expected<QString> script = HfCacheListing::script({odd, QStringLiteral("~/elsewhere")});
        QVERIFY(script);
        QProcess sh;
        sh.setWorkingDirectory(dir.path());
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("HF_HOME"));
        environment.insert(QStringLiteral("HOME"), made + QStringLiteral("/home/nvidia"));
        sh.setProcessEnvironment(environment);
        sh.start(QStringLiteral("sh"), {QStringLiteral("-c"), *script});
        QVERIFY(sh.waitForFinished(30000));
        QCOMPARE(sh.exitCode(), 0);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("pwned"))));
        const CacheListing listing = HfCacheListing::parse(QString::fromUtf8(sh.readAllStandardOutput()));
        QVERIFY(listing.finished);
        QCOMPARE(listing.roots.size(), 3);
        QVERIFY(!listing.roots.at(1).exists);
        QCOMPARE(listing.roots.at(1).root, odd);
        QVERIFY(!listing.roots.at(2).exists);
        const QList<CachedModel> live = ModelInventory::models(listing);
        const QList<CachedModel> recorded = ModelInventory::models(HfCacheListing::parse(fixture(QStringLiteral("listing-five-models.txt"))));
        QCOMPARE(live.size(), recorded.size());
        for (qsizetype i = 0; i < live.size(); ++i) {
            QCOMPARE(live.at(i).repoId, recorded.at(i).repoId);
            QCOMPARE(live.at(i).diskBytes, recorded.at(i).diskBytes);
            QCOMPARE(live.at(i).revisions.size(), recorded.at(i).revisions.size());
            for (qsizetype r = 0; r < live.at(i).revisions.size(); ++r)
                QCOMPARE(live.at(i).revisions.at(r).toJson(), recorded.at(i).revisions.at(r).toJson());
        }
    }
};

QTEST_GUILESS_MAIN(TestModelInventory)
#include "tst_modelinventory.moc"
