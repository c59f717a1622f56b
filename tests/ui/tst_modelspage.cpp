// SPDX-License-Identifier: MIT
// The Models tab on recorded inventories: a node whose listing is the recorded
// real cache (five models, three broken), a node with one of them whole, a node
// that did not answer. Rows, cells, the status sentence, the detail of a
// selected model, and screenshots in every look and a small window.
#include "core/models/hfcachelisting.h"
#include "ui/models/modelspage.h"
#include "support/screenshots.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
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

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        ModelsPage page;
        RecordedReader recorded;
        page.setReader(recorded.reader());
        page.setDevices(threeSparks());
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
    }
};

QTEST_MAIN(TestModelsPage)
#include "tst_modelspage.moc"
