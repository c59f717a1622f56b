// SPDX-License-Identifier: MIT
// The Models tab on recorded inventories: a node whose listing is the recorded
// real cache (five models, three broken), a node with one of them whole, a node
// that did not answer. Rows, cells, the status sentence, the detail of a
// selected model, and screenshots in every look and a small window.
#include "core/models/hfcachelisting.h"
#include "core/common/logcategories.h"
#include "ui/models/modelspage.h"
#include "ui/progress/nodeprogresslist.h"
#include "support/screenshots.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPromise>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

QList<NodeModels> recordedInventory()
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/models/listing-five-models.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const CacheListing listing = HfCacheListing::parse(QString::fromUtf8(file.readAll()));
    const QList<CachedModel> models = ModelInventory::models(listing);
    QList<CachedModel> oneWhole;
    for (const CachedModel &model : models) {
        if (model.repoId == u"sparklab/tiny-3shard")
            oneWhole.append(model);
    }
    return {NodeModels{QStringLiteral("spark-1"), std::nullopt, listing, models},
            NodeModels{QStringLiteral("spark-2"), std::nullopt, listing, oneWhole},
            NodeModels{QStringLiteral("spark-3"), Error(QStringLiteral("spark-3 did not answer: Connection timed out")), {}, {}}};
}

QList<Device> threeSparks()
{
    QList<Device> devices;
    for (const QString &name : {QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")}) {
        Device device;
        device.name = name;
        devices.append(device);
    }
    return devices;
}

// The page reads the recorded inventory, once the test lets it finish.
struct RecordedReader
{
    std::shared_ptr<QPromise<QList<NodeModels>>> promise = std::make_shared<QPromise<QList<NodeModels>>>();
    int reads = 0;

    ModelsPage::Reader reader()
    {
        return [this](const QList<Device> &, QObject *) {
            ++reads;
            promise = std::make_shared<QPromise<QList<NodeModels>>>();
            promise->start();
            return ModelsPage::Reading{promise->future(), nullptr};
        };
    }
    void finish()
    {
        promise->addResult(recordedInventory());
        promise->finish();
    }
};

// A copy the test drives: its progress said through the Job contract, its
// result given when the test finishes it.
class FakeCopyJob final : public Job
{
public:
    FakeCopyJob()
        : Job(lcModels)
    {
    }
    void say(const QString &node, double fraction, const QString &sentence) { reportProgress(node, fraction, sentence); }
};

struct RecordedCopier
{
    std::shared_ptr<QPromise<ModelCopyResult>> promise;
    FakeCopyJob *job = nullptr;
    QString cluster;
    QString repoId;
    bool download = false;
    int calls = 0;

    ModelsPage::Copier copier()
    {
        return [this](const QString &toCluster, const QString &model, bool get, QObject *owner) {
            cluster = toCluster;
            repoId = model;
            download = get;
            ++calls;
            promise = std::make_shared<QPromise<ModelCopyResult>>();
            promise->start();
            job = new FakeCopyJob;
            job->setParent(owner);
            return ModelsPage::Copying{promise->future(), job};
        };
    }
    void finish()
    {
        ModelCopyResult result;
        result.repoId = repoId;
        result.source = QStringLiteral("spark-1");
        NodeCopy copied;
        copied.node = QStringLiteral("spark-3");
        copied.state = NodeCopy::State::Failed;
        copied.error = Error(QStringLiteral("rsync is not installed on spark-3: install it there (sudo apt install rsync) and copy again."));
        NodeCopy already;
        already.node = QStringLiteral("spark-2");
        already.state = NodeCopy::State::AlreadyComplete;
        result.nodes = {already, copied};
        promise->addResult(result);
        promise->finish();
    }
};

template<typename Result, typename Action>
struct RecordedAction
{
    std::shared_ptr<QPromise<Result>> promise;
    FakeCopyJob *job = nullptr;
    QStringList devices;
    QString repoId;
    int calls = 0;

    std::function<Action(const QList<Device> &, const QString &, QObject *)> run()
    {
        return [this](const QList<Device> &onDevices, const QString &model, QObject *owner) {
            devices.clear();
            for (const Device &device : onDevices)
                devices << device.name;
            repoId = model;
            ++calls;
            promise = std::make_shared<QPromise<Result>>();
            promise->start();
            job = new FakeCopyJob;
            job->setParent(owner);
            return Action{promise->future(), job};
        };
    }
    void finish(const Result &result)
    {
        promise->addResult(result);
        promise->finish();
    }
};

// A page on three Sparks wired to recorded jobs; every question it asks is
// kept and answered yes.
struct RecordedPage
{
    ModelsPage page;
    RecordedReader recorded;
    RecordedCopier copies;
    QStringList asked;

    RecordedPage()
    {
        page.setReader(recorded.reader());
        page.setCopier(copies.copier());
        page.setConfirm([this](const QString &question) {
            asked << question;
            return true;
        });
        page.setDevices(threeSparks());
    }
};

QList<ClusterDefinition> oneCluster()
{
    ClusterDefinition ring;
    ring.name = QStringLiteral("ring");
    ring.layout = ClusterLayout::Ring3;
    ring.devices = {QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")};
    return {ring};
}

} // namespace

class TestModelsPage final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsWhereEachModelIs()
    {
        ModelsPage page;
        RecordedReader recorded;
        page.setReader(recorded.reader());
        auto *read = page.findChild<QPushButton *>(QStringLiteral("readModels"));
        QVERIFY(!read->isEnabled()); // no Spark registered yet
        page.setDevices(threeSparks());
        QVERIFY(read->isEnabled());
        read->click();
        QCOMPARE(recorded.reads, 1);
        QVERIFY(!read->isEnabled()); // one read at a time
        auto *status = page.findChild<QLabel *>(QStringLiteral("modelsStatus"));
        QCOMPARE(status->text(), QStringLiteral("Reading the models on 3 Spark(s)…"));
        recorded.finish();
        QTRY_VERIFY(read->isEnabled());

        auto *table = page.findChild<QTableWidget *>(QStringLiteral("modelsTable"));
        QCOMPARE(table->rowCount(), 5);
        QCOMPARE(table->columnCount(), 4); // model, weights, the two Sparks read
        QCOMPARE(table->horizontalHeaderItem(2)->text(), QStringLiteral("spark-1"));
        QCOMPARE(table->horizontalHeaderItem(3)->text(), QStringLiteral("spark-2"));
        QCOMPARE(table->item(3, 0)->text(), QStringLiteral("sparklab/tiny-3shard"));
        QCOMPARE(table->item(3, 2)->text(), QStringLiteral("✓ complete"));
        QCOMPARE(table->item(3, 3)->text(), QStringLiteral("✓ complete"));
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("sparklab/missing-shard"));
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("✗ partial"));
        QCOMPARE(table->item(1, 2)->toolTip(), QStringLiteral("1 of 4 shards are missing: model-00004-of-00004.safetensors."));
        QCOMPARE(table->item(1, 3)->text(), QStringLiteral("— not there"));
        QVERIFY(status->text().startsWith(QStringLiteral("5 model(s) found; 1 complete on every Spark read.")));
        QVERIFY(status->text().contains(QStringLiteral("Not read: spark-3: spark-3 did not answer")));

        table->selectRow(1);
        auto *detail = page.findChild<QLabel *>(QStringLiteral("modelDetail"));
        QVERIFY2(detail->text().contains(QStringLiteral("spark-1: partial, revision ")), qPrintable(detail->text()));
        QVERIFY(detail->text().contains(QStringLiteral("spark-2: not there.")));
    }

    // A model whole somewhere is copied to the chosen cluster once asked;
    // each Spark's progress and outcome shown; the Sparks read again after.
    void copiesTheSelectedModelToACluster()
    {
        RecordedPage wired;
        ModelsPage &page = wired.page;
        RecordedReader &recorded = wired.recorded;
        RecordedCopier &copies = wired.copies;
        const QStringList &asked = wired.asked;
        page.read();
        recorded.finish();
        auto *read = page.findChild<QPushButton *>(QStringLiteral("readModels"));
        QTRY_VERIFY(read->isEnabled());
        auto *copy = page.findChild<QPushButton *>(QStringLiteral("copyModel"));
        auto *table = page.findChild<QTableWidget *>(QStringLiteral("modelsTable"));
        table->selectRow(3);         // sparklab/tiny-3shard, whole on spark-1
        QVERIFY(!copy->isEnabled()); // no cluster yet
        QVERIFY(copy->toolTip().contains(QStringLiteral("Set up a cluster first")));
        page.setClusters(oneCluster());
        QVERIFY(copy->isEnabled());
        table->selectRow(1); // sparklab/missing-shard: whole nowhere
        QVERIFY(!copy->isEnabled());
        table->selectRow(3);
        copy->click();
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked.constFirst().startsWith(QStringLiteral("Copy sparklab/tiny-3shard to every Spark of ring that lacks it?")),
                 qPrintable(asked.constFirst()));
        QCOMPARE(copies.cluster, QStringLiteral("ring"));
        QCOMPARE(copies.repoId, QStringLiteral("sparklab/tiny-3shard"));
        QVERIFY(!copy->isEnabled()); // one copy at a time
        auto *progress = page.findChild<NodeProgressList *>(QStringLiteral("copyProgress"));
        QVERIFY(progress->isVisibleTo(&page));
        QCOMPARE(progress->nodes(), oneCluster().constFirst().devices);
        copies.job->say(QStringLiteral("spark-3"), 0.45, QStringLiteral("spark-3: 1.2 GB of 2.7 GB from spark-1, 230 MB/s"));
        QTRY_COMPARE(progress->percent(QStringLiteral("spark-3")), 45);
        copies.finish();
        QTRY_COMPARE(recorded.reads, 2); // read again
        QVERIFY(progress->sentence(QStringLiteral("spark-3")).startsWith(QStringLiteral("✘ rsync is not installed on spark-3")));
        QVERIFY(progress->sentence(QStringLiteral("spark-2")).contains(QStringLiteral("already holds this revision")));
        recorded.finish();
        QTRY_VERIFY(read->isEnabled());
    }

    // A model named by its id is got: downloaded once, then copied; a name
    // that is not an id gets a sentence and nothing starts.
    void getsANamedModelOntoACluster()
    {
        RecordedPage wired;
        ModelsPage &page = wired.page;
        RecordedReader &recorded = wired.recorded;
        RecordedCopier &copies = wired.copies;
        const QStringList &asked = wired.asked;
        auto *id = page.findChild<QLineEdit *>(QStringLiteral("getModelId"));
        auto *get = page.findChild<QPushButton *>(QStringLiteral("getModel"));
        QVERIFY(!get->isEnabled()); // no cluster, no name
        page.setClusters(oneCluster());
        QVERIFY(!get->isEnabled());
        id->setText(QStringLiteral("acme/tiny;reboot"));
        QVERIFY(get->isEnabled());
        get->click();
        QCOMPARE(copies.calls, 0);
        QVERIFY(page.findChild<QLabel *>(QStringLiteral("modelDetail"))->text().contains(QStringLiteral("is not a Hugging Face model id")));
        id->setText(QStringLiteral("Qwen/Qwen3-8B"));
        get->click();
        QCOMPARE(copies.calls, 1);
        QVERIFY(copies.download);
        QCOMPARE(copies.repoId, QStringLiteral("Qwen/Qwen3-8B"));
        QCOMPARE(copies.cluster, QStringLiteral("ring"));
        QVERIFY2(asked.constFirst().startsWith(QStringLiteral("Get Qwen/Qwen3-8B onto every Spark of ring?")), qPrintable(asked.constFirst()));
        QVERIFY(!get->isEnabled()); // one at a time
        QCOMPARE(page.findChild<QLabel *>(QStringLiteral("modelsStatus"))->text(), QStringLiteral("Getting Qwen/Qwen3-8B onto ring…"));
        copies.finish();
        QTRY_COMPARE(recorded.reads, 1);
        recorded.finish();
        QTRY_VERIFY(get->isEnabled());
    }

    // The selected model checked on the Sparks that hold it, each Spark's
    // verdict shown; removed from one Spark after the sentence that says what
    // it frees and who keeps it; the Sparks read again after.
    void verifiesAndRemovesTheSelectedModel()
    {
        RecordedPage wired;
        ModelsPage &page = wired.page;
        RecordedReader &recorded = wired.recorded;
        const QStringList &asked = wired.asked;
        RecordedAction<QList<NodeVerification>, ModelsPage::Verifying> verifies;
        RecordedAction<QList<NodeRemoval>, ModelsPage::Removing> removes;
        page.setVerifier(verifies.run());
        page.setRemover(removes.run());
        page.read();
        recorded.finish();
        QTRY_VERIFY(page.findChild<QPushButton *>(QStringLiteral("readModels"))->isEnabled());
        auto *verify = page.findChild<QPushButton *>(QStringLiteral("verifyModel"));
        auto *remove = page.findChild<QPushButton *>(QStringLiteral("removeModel"));
        QVERIFY(!verify->isEnabled()); // nothing selected
        auto *table = page.findChild<QTableWidget *>(QStringLiteral("modelsTable"));
        table->selectRow(3); // sparklab/tiny-3shard: whole on spark-1 and spark-2
        QVERIFY(verify->isEnabled() && remove->isEnabled());

        verify->click();
        QCOMPARE(verifies.calls, 1);
        QCOMPARE(verifies.devices, QStringList({QStringLiteral("spark-1"), QStringLiteral("spark-2")}));
        QVERIFY(!verify->isEnabled()); // one action at a time
        NodeVerification whole;
        whole.node = QStringLiteral("spark-1");
        whole.found = true;
        BlobVerification checked;
        checked.finished = true;
        checked.blobsChecked = 3;
        whole.copies = {checked};
        NodeVerification damaged = whole;
        damaged.node = QStringLiteral("spark-2");
        damaged.copies.first().mismatched = {QStringLiteral("ab12")};
        verifies.finish({whole, damaged});
        auto *progress = page.findChild<NodeProgressList *>(QStringLiteral("copyProgress"));
        QTRY_VERIFY(verify->isEnabled());
        QVERIFY(progress->sentence(QStringLiteral("spark-1")).startsWith(QStringLiteral("✔")));
        QVERIFY(progress->sentence(QStringLiteral("spark-2")).startsWith(QStringLiteral("✘")));
        QVERIFY2(page.findChild<QLabel *>(QStringLiteral("modelsStatus"))->text().contains(QStringLiteral("whole on 1 of 2 Spark(s)")),
                 qPrintable(page.findChild<QLabel *>(QStringLiteral("modelsStatus"))->text()));

        QMenu *menu = remove->menu();
        QMetaObject::invokeMethod(menu, "aboutToShow");
        QStringList entries;
        for (QAction *action : menu->actions())
            entries << action->text();
        QCOMPARE(entries, QStringList({QStringLiteral("spark-1"), QStringLiteral("spark-2"), QString(), QStringLiteral("Every Spark that holds it")}));
        menu->actions().at(1)->trigger();
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked.constFirst().startsWith(QStringLiteral("Removing sparklab/tiny-3shard from spark-2 frees")), qPrintable(asked.constFirst()));
        QVERIFY(asked.constFirst().contains(QStringLiteral("spark-1 keeps it")));
        QCOMPARE(removes.devices, QStringList{QStringLiteral("spark-2")});
        NodeRemoval removed;
        removed.node = QStringLiteral("spark-2");
        removed.removed = {ModelRemoval{QStringLiteral("spark-2"), QStringLiteral("sparklab/tiny-3shard"), QStringLiteral("/x"), 12288, {}, {}}};
        removes.finish({removed});
        QTRY_COMPARE(recorded.reads, 2);
        QCOMPARE(progress->sentence(QStringLiteral("spark-2")), QStringLiteral("✔ spark-2: removed, 12.3 kB freed."));
        recorded.finish();
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        ModelsPage page;
        RecordedReader recorded;
        RecordedCopier copies;
        page.setReader(recorded.reader());
        page.setCopier(copies.copier());
        page.setConfirm([](const QString &) { return true; });
        page.setDevices(threeSparks());
        page.setClusters(oneCluster());
        page.resize(860, 540);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.read();
        recorded.finish();
        QTRY_VERIFY(page.findChild<QPushButton *>(QStringLiteral("readModels"))->isEnabled());
        page.findChild<QTableWidget *>(QStringLiteral("modelsTable"))->selectRow(1);
        QCoreApplication::processEvents(); // the labels' new text laid out before the picture
        QVERIFY(saveScreenshot(page, QStringLiteral("models"), look));
        page.resize(640, 480);
        QCoreApplication::processEvents();
        QVERIFY(saveScreenshot(page, QStringLiteral("models-640x480"), look));
        // A copy under way: one Spark receiving, one already whole.
        page.resize(860, 540);
        page.findChild<QTableWidget *>(QStringLiteral("modelsTable"))->selectRow(3);
        page.findChild<QPushButton *>(QStringLiteral("copyModel"))->click();
        copies.job->say(QStringLiteral("spark-2"), 1.0, QStringLiteral("spark-2 already holds this revision complete; nothing was sent."));
        copies.job->say(QStringLiteral("spark-3"), 0.45,
                        QStringLiteral("spark-3: 1.2 GB of 2.7 GB from spark-1, 230 MB/s, about 7 s left"));
        QTRY_COMPARE(page.findChild<NodeProgressList *>(QStringLiteral("copyProgress"))->percent(QStringLiteral("spark-3")), 45);
        QCoreApplication::processEvents();
        QVERIFY(saveScreenshot(page, QStringLiteral("models-copying"), look));
        copies.finish();
        QTRY_COMPARE(recorded.reads, 2);
        recorded.finish();
        QTRY_VERIFY(page.findChild<QPushButton *>(QStringLiteral("readModels"))->isEnabled());
    }
};

QTEST_MAIN(TestModelsPage)
#include "tst_modelspage.moc"
