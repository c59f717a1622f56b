// SPDX-License-Identifier: MIT
#include "core/topology/setupprogress.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

namespace {

SetupProgress progress(const QString &name, SetupStep reached, const QString &saved)
{
    ClusterDefinition cluster;
    cluster.name = name;
    cluster.layout = ClusterLayout::Ring3;
    cluster.devices = {QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")};
    return SetupProgress{cluster, reached, QDateTime::fromString(saved, Qt::ISODate)};
}

} // namespace

class TestSetupProgress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepKeysRoundTrip_data()
    {
        QTest::addColumn<SetupStep>("step");
        QTest::addColumn<QString>("key");
        QTest::newRow("devices") << SetupStep::Devices << QStringLiteral("devices");
        QTest::newRow("checks") << SetupStep::Checks << QStringLiteral("checks");
        QTest::newRow("cabling") << SetupStep::Cabling << QStringLiteral("cabling");
        QTest::newRow("configure") << SetupStep::Configure << QStringLiteral("configure");
        QTest::newRow("peer trust") << SetupStep::PeerTrust << QStringLiteral("peer-trust");
        QTest::newRow("link test") << SetupStep::LinkTest << QStringLiteral("link-test");
    }

    void stepKeysRoundTrip()
    {
        QFETCH(SetupStep, step);
        QFETCH(QString, key);
        QCOMPARE(setupStepKey(step), key);
        QCOMPARE(setupStepFromKey(key), std::optional<SetupStep>(step));
        const SetupProgress kept = progress(QStringLiteral("lab"), step, QStringLiteral("2026-12-03T09:30:00Z"));
        QCOMPARE(SetupProgress::fromJson(kept.toJson()), std::optional<SetupProgress>(kept));
    }

    void damagedEntriesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("unknown step")
            << QByteArray(R"({"cluster":{"name":"lab","layout":"ring3","devices":[]},"reached":"soldering","saved":"2026-12-03T09:30:00Z"})");
        QTest::newRow("no date")
            << QByteArray(R"({"cluster":{"name":"lab","layout":"ring3","devices":[]},"reached":"checks"})");
        QTest::newRow("bad cluster name")
            << QByteArray(R"({"cluster":{"name":"lab; rm -rf ~","layout":"ring3","devices":[]},"reached":"checks","saved":"2026-12-03T09:30:00Z"})");
        QTest::newRow("unknown layout")
            << QByteArray(R"({"cluster":{"name":"lab","layout":"mesh9","devices":[]},"reached":"checks","saved":"2026-12-03T09:30:00Z"})");
    }

    void damagedEntriesAreRefused()
    {
        QFETCH(QByteArray, json);
        QVERIFY(!SetupProgress::fromJson(QJsonDocument::fromJson(json).object()));
    }

    void storeKeepsOnePerClusterAndOffersTheNewest()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("setup-progress.json"));
        SetupProgressStore store(path);
        QVERIFY(store.load()); // no file yet: nothing unfinished
        QVERIFY(!store.latest());
        store.put(progress(QStringLiteral("lab"), SetupStep::Checks, QStringLiteral("2026-12-03T09:30:00Z")));
        store.put(progress(QStringLiteral("desk"), SetupStep::Cabling, QStringLiteral("2026-12-03T10:00:00Z")));
        store.put(progress(QStringLiteral("LAB"), SetupStep::Configure, QStringLiteral("2026-12-03T11:00:00Z")));
        QCOMPARE(store.all().size(), 2);
        QVERIFY(store.save());

        SetupProgressStore reread(path);
        QVERIFY(reread.load());
        QCOMPARE(reread.all(), store.all());
        QCOMPARE(reread.latest()->cluster.name, QStringLiteral("LAB"));
        QCOMPARE(reread.latest()->reached, SetupStep::Configure);
        reread.forget(QStringLiteral("lab"));
        QCOMPARE(reread.latest()->cluster.name, QStringLiteral("desk"));
    }

    void aDamagedFileSaysWhatToDo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("setup-progress.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        SetupProgressStore store(path);
        const Expected<void> loaded = store.load();
        QVERIFY(!loaded);
        QVERIFY(loaded.error().message.contains(QLatin1String("Delete the file")));
    }
};

QTEST_GUILESS_MAIN(TestSetupProgress)
#include "tst_setupprogress.moc"
