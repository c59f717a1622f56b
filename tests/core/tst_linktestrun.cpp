// SPDX-License-Identifier: MIT
#include "core/linktest/linktesthistory.h"
#include "core/linktest/linktestrun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

namespace {

LinkTestRun makeRun(const QString &cluster, int minute)
{
    LinkTestRun run;
    run.cluster = cluster;
    run.started = QDateTime(QDate(2026, 12, 2), QTime(15, minute), Qt::UTC);
    run.scale = 0.01;
    LinkResult link;
    link.link = QStringLiteral("spark-1:0-spark-2:0");
    link.label = QStringLiteral("cable 1");
    link.nodeA = QStringLiteral("spark-1");
    link.nodeB = QStringLiteral("spark \"two\", B");
    link.method = QStringLiteral("tcp");
    PortThroughput port;
    port.link = link.link;
    port.phase = LinkPhase::Both;
    port.direction = LinkDirection::BToA;
    port.twinGbps = {0.95, 0.0};
    port.twinSamples = {9, 0};
    port.totalGbps = 0.95;
    link.throughput = {port};
    link.latencyUs = 12.5;
    link.lossPercent = 0;
    link.verdict = LinkVerdict{false, LinkVerdictReason::OneTwinIdle,
                               QStringLiteral("Port 0 of spark-2 reaches 0.95 Gb/s: one twin carries no traffic — both twins must be addressed.")};
    run.links = {link};
    return run;
}

} // namespace

class TestLinkTestRun final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonRoundTrip()
    {
        const LinkTestRun run = makeRun(QStringLiteral("desk"), 1);
        const QJsonObject json = run.toJson();
        QCOMPARE(json.value(QStringLiteral("passed")).toBool(), false);
        const auto back = LinkTestRun::fromJson(QJsonDocument::fromJson(QJsonDocument(json).toJson()).object());
        QVERIFY(back);
        QCOMPARE(back->cluster, run.cluster);
        QCOMPARE(back->started, run.started);
        QCOMPARE(back->scale, 0.01);
        QCOMPARE(back->links.size(), 1);
        const LinkResult &link = back->links.first();
        QCOMPARE(link.nodeB, run.links.first().nodeB);
        QCOMPARE(link.verdict.reason, LinkVerdictReason::OneTwinIdle);
        QCOMPARE(link.verdict.sentence, run.links.first().verdict.sentence);
        QCOMPARE(link.throughput.first().phase, LinkPhase::Both);
        QCOMPARE(link.throughput.first().direction, LinkDirection::BToA);
        QCOMPARE(link.throughput.first().twinGbps[0], 0.95);
        QCOMPARE(link.throughput.first().twinSamples[0], 9);
        QCOMPARE(link.latencyUs, 12.5);
        QVERIFY(link.samples.isEmpty());
        QVERIFY(!json.value(QStringLiteral("links")).toArray().first().toObject().contains(QStringLiteral("samples")));
        QVERIFY(!LinkTestRun::fromJson(QJsonObject{}));
    }

    void samplesAreKept_data()
    {
        QTest::addColumn<QString>("kept"); // one sample as the file holds it
        QTest::addColumn<bool>("read");
        QTest::addColumn<int>("twin");
        QTest::addColumn<int>("phase");
        QTest::addColumn<int>("direction");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<double>("gbps");
        QTest::newRow("a twin, a to b") << R"([1, 0, "a-to-b", "a-to-b", 0.9512])" << true << 0 << int(LinkPhase::AToB)
                                        << int(LinkDirection::AToB) << 1.0 << 0.9512;
        QTest::newRow("the port, both, b to a") << R"([3.5, -1, "both", "b-to-a", 1.9])" << true << -1
                                                << int(LinkPhase::Both) << int(LinkDirection::BToA) << 3.5 << 1.9;
        QTest::newRow("no such twin") << R"([1, 2, "both", "b-to-a", 1.9])" << false << 0 << 0 << 0 << 0.0 << 0.0;
        QTest::newRow("too short") << R"([1, 0, "both", "b-to-a"])" << false << 0 << 0 << 0 << 0.0 << 0.0;
        QTest::newRow("a rate that is text") << R"([1, 0, "both", "b-to-a", "fast"])" << false << 0 << 0 << 0 << 0.0 << 0.0;
        QTest::newRow("not a list") << R"({"seconds": 1})" << false << 0 << 0 << 0 << 0.0 << 0.0;
    }

    void samplesAreKept()
    {
        QFETCH(QString, kept);
        QFETCH(bool, read);
        QFETCH(int, twin);
        QFETCH(int, phase);
        QFETCH(int, direction);
        QFETCH(double, seconds);
        QFETCH(double, gbps);
        QJsonObject json = makeRun(QStringLiteral("desk"), 1).toJson();
        QJsonArray links = json.value(QStringLiteral("links")).toArray();
        QJsonObject link = links.first().toObject();
        const QJsonValue sample = QJsonDocument::fromJson("[" + kept.toUtf8() + "]").array().first();
        link.insert(QStringLiteral("samples"), QJsonArray{sample});
        links.replace(0, link);
        json.insert(QStringLiteral("links"), links);
        const auto back = LinkTestRun::fromJson(json);
        QVERIFY(back);
        const QList<LinkSample> samples = back->links.first().samples;
        QCOMPARE(samples.size(), read ? 1 : 0);
        if (!read)
            return;
        const LinkSample expected{seconds, QStringLiteral("spark-1:0-spark-2:0"), twin, LinkPhase(phase),
                                  LinkDirection(direction), gbps};
        QCOMPARE(samples.first(), expected);
        // Written back the same, shortened: hundredths of a second, 0.1 Mb/s.
        const QJsonValue again = back->toJson().value(QStringLiteral("links")).toArray().first().toObject().value(
            QStringLiteral("samples")).toArray().first();
        QCOMPARE(again, sample);
    }

    void samplesAreShortened()
    {
        LinkTestRun run = makeRun(QStringLiteral("desk"), 1);
        run.links[0].samples = {LinkSample{1.0049, run.links[0].link, 1, LinkPhase::AToB, LinkDirection::AToB, 0.912345678}};
        const auto back = LinkTestRun::fromJson(run.toJson());
        QVERIFY(back);
        QCOMPARE(back->links.first().samples.first().seconds, 1.0);
        QCOMPARE(back->links.first().samples.first().gbps, 0.9123);
    }

    void csv()
    {
        const QString csv = makeRun(QStringLiteral("desk"), 1).toCsv();
        const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines.first().startsWith(QLatin1String("cluster,started,link,label,node_a")));
        QCOMPARE(lines.at(1),
                 QStringLiteral("desk,2026-12-02T15:01:00Z,spark-1:0-spark-2:0,cable 1,spark-1,0,\"spark \"\"two\"\", B\",0,tcp,"
                                "both,b-to-a,0.950,0.000,0.950,1.840,12.500,0.000,fail,one-twin-idle,"
                                "Port 0 of spark-2 reaches 0.95 Gb/s: one twin carries no traffic — both twins must be addressed."));
    }

    void historyKeepsTheNewestRunsPerCluster()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("conf/linktests.json"));
        LinkTestHistory history(path);
        QVERIFY(history.load());
        for (int i = 0; i < LinkTestHistory::maxRunsPerCluster + 5; ++i)
            history.add(makeRun(QStringLiteral("desk"), i));
        history.add(makeRun(QStringLiteral("lab"), 0));
        QVERIFY(history.save());

        LinkTestHistory reread(path);
        QVERIFY(reread.load());
        const auto desk = reread.runs(QStringLiteral("desk"));
        QCOMPARE(desk.size(), LinkTestHistory::maxRunsPerCluster);
        QCOMPARE(desk.first().started.time().minute(), LinkTestHistory::maxRunsPerCluster + 4); // newest first
        QCOMPARE(desk.last().started.time().minute(), 5);
        QCOMPARE(reread.runs(QStringLiteral("lab")).size(), 1);
        QCOMPARE(reread.clusters(), (QStringList{QStringLiteral("lab"), QStringLiteral("desk")}));
        reread.forget(QStringLiteral("lab"));
        QVERIFY(reread.runs(QStringLiteral("lab")).isEmpty());
    }

    void damagedHistoryIsAnError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("linktests.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        LinkTestHistory history(path);
        const auto loaded = history.load();
        QVERIFY(!loaded);
        QVERIFY(loaded.error().message.contains(path));
    }
};

QTEST_APPLESS_MAIN(TestLinkTestRun)
#include "tst_linktestrun.moc"
