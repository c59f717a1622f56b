// SPDX-License-Identifier: MIT
#include "core/linktest/linktesthistory.h"
#include "core/linktest/linktestrun.h"

#include <QFile>
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
        QVERIFY(!LinkTestRun::fromJson(QJsonObject{}));
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
