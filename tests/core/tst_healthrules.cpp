// SPDX-License-Identifier: MIT
#include "core/health/alerthistory.h"
#include "core/health/healthjson.h"
#include "core/health/healthpoll.h"
#include "core/health/healthrules.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

Q_DECLARE_METATYPE(spark::NodeHealth)

using namespace spark;

namespace {

NodeSnapshot snapshot(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/health/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return HealthPoll::parse(QString::fromUtf8(file.readAll()));
}

// A node from one poll, or from two (rates between them).
NodeHealth node(const QString &name, const QString &after, const QString &before = {})
{
    NodeHealth health;
    health.node = name;
    health.snapshot = snapshot(after);
    if (!before.isEmpty())
        health.rates = NodeRates::between(snapshot(before), *health.snapshot);
    health.cabledPorts = {0};
    return health;
}

QStringList keys(const QList<HealthAlert> &alerts)
{
    QStringList result;
    for (const HealthAlert &alert : alerts)
        result.append(alert.key);
    return result;
}

const QList<LinkEnds> cable1{{QStringLiteral("cable 1"), QStringLiteral("spark-1"), QStringLiteral("enp1s0f0np0"),
                              QStringLiteral("spark-2"), QStringLiteral("enp1s0f0np0")},
                             {QStringLiteral("cable 1"), QStringLiteral("spark-1"), QStringLiteral("enP2p1s0f0np0"),
                              QStringLiteral("spark-2"), QStringLiteral("enP2p1s0f0np0")}};

HealthAlert simple(const QString &key, int clearAfter = 1)
{
    HealthAlert alert;
    alert.key = key;
    alert.node = QStringLiteral("n");
    alert.message = key;
    alert.clearAfterTicks = clearAfter;
    return alert;
}

} // namespace

class TestHealthRules final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rules_data()
    {
        QTest::addColumn<QList<NodeHealth>>("nodes");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("healthy pair") << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-idle.txt")),
                                                           node(QStringLiteral("spark-2"), QStringLiteral("sparklab-spark-2-idle.txt"))}
                                      << QStringList{};
        QTest::newRow("one twin idle")
            << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt"),
                                      QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt"))}
            << QStringList{QStringLiteral("twin-idle:spark-1:port 0")};
        QTest::newRow("negotiated 100G") << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-100G.txt"))}
                                         << QStringList{QStringLiteral("speed:spark-1:port 0")};
        QTest::newRow("one twin down") << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-twin-down.txt"))}
                                       << QStringList{QStringLiteral("link-down:spark-1:enP2p1s0f0np0")};
        QTest::newRow("unplugged") << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-unplugged.txt"))}
                                   << QStringList{QStringLiteral("link-down:spark-1:port 0")};
        QTest::newRow("errors rising")
            << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-crc-errors.txt"),
                                      QStringLiteral("sparklab-spark-1-100G.txt"))}
            << QStringList{QStringLiteral("errors:spark-1:port 0"), QStringLiteral("errors:spark-1:rocep1s0f0"),
                           QStringLiteral("errors:spark-1:roceP2p1s0f0")};
        QTest::newRow("pause storm")
            << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-pause-storm.txt"),
                                      QStringLiteral("sparklab-spark-1-crc-errors.txt"))}
            // (the lab's fault bumps the RoCE retransmission counters along with the pause frames)
            << QStringList{QStringLiteral("errors:spark-1:rocep1s0f0"), QStringLiteral("errors:spark-1:roceP2p1s0f0"),
                           QStringLiteral("pause-storm:spark-1:port 0")};
        QTest::newRow("counters reset: no errors, no storm")
            << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-errors-cleared.txt"),
                                      QStringLiteral("sparklab-spark-1-pause-storm.txt"))}
            << QStringList{};
        QTest::newRow("MTU differs across the cable")
            << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-idle.txt")),
                                 node(QStringLiteral("spark-2"), QStringLiteral("sparklab-spark-2-mtu9000.txt"))}
            << QStringList{QStringLiteral("mtu-mismatch:spark-1:cable 1/enp1s0f0np0")};
        NodeHealth gone;
        gone.node = QStringLiteral("spark-2");
        gone.reachable = false;
        QTest::newRow("node unreachable")
            << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-idle.txt")), gone}
            << QStringList{QStringLiteral("unreachable:spark-2:spark-2")};
    }

    void rules()
    {
        QFETCH(QList<NodeHealth>, nodes);
        QFETCH(QStringList, expected);
        HealthThresholds thresholds;
        thresholds.scale = 0.01;
        const QList<HealthAlert> alerts = HealthRules::evaluate(nodes, cable1, thresholds);
        QCOMPARE(keys(alerts), expected);
        for (const HealthAlert &alert : alerts) {
            QVERIFY(alert.message.endsWith(QLatin1Char('.')));
            QVERIFY(!alert.cause.isEmpty());
            QVERIFY(!alert.fix.isEmpty());
        }
    }

    void busyThresholdFollowsTheScale()
    {
        // ~1 Gb/s on one twin is busy in the lab (scale 0.01), background noise on real hardware.
        const NodeHealth spark1 = node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt"),
                                       QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt"));
        QVERIFY(HealthRules::evaluate({spark1}, {}, HealthThresholds{}).isEmpty());
    }

    void sentences()
    {
        HealthThresholds thresholds;
        thresholds.scale = 0.01;
        const auto alerts = HealthRules::evaluate({node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-100G.txt"))}, {}, thresholds);
        QCOMPARE(alerts.size(), 1);
        QCOMPARE(alerts.first().message, QStringLiteral("Port 0 of spark-1 runs at 100G instead of 200G."));
        QCOMPARE(alerts.first().fix, QStringLiteral("On a switch, set the port to 200G (for example 200G-baseCR4) with auto-negotiation off; otherwise use an approved 200G cable."));
    }

    void historyRaisesAndClears()
    {
        AlertHistory history(4);
        const QDateTime t0(QDate(2026, 12, 2), QTime(16, 0), Qt::UTC);
        auto changes = history.update({simple(QStringLiteral("a")), simple(QStringLiteral("b"), 3)}, t0);
        QCOMPARE(changes.raised.size(), 2);
        QCOMPARE(history.active().size(), 2);

        // Same condition next tick: not raised again, figures refreshed.
        HealthAlert newer = simple(QStringLiteral("a"));
        newer.message = QStringLiteral("a, now worse");
        changes = history.update({newer, simple(QStringLiteral("b"), 3)}, t0.addSecs(1));
        QVERIFY(changes.raised.isEmpty());
        QCOMPARE(history.active().first().message, QStringLiteral("a, now worse"));

        // Both conditions end: a clears at once, b after three quiet ticks.
        changes = history.update({}, t0.addSecs(2));
        QCOMPARE(keys(changes.cleared), QStringList{QStringLiteral("a")});
        QVERIFY(history.update({}, t0.addSecs(3)).cleared.isEmpty());
        changes = history.update({}, t0.addSecs(4));
        QCOMPARE(keys(changes.cleared), QStringList{QStringLiteral("b")});
        QVERIFY(history.active().isEmpty());
        QCOMPARE(history.events().first().cleared, t0.addSecs(2));

        // b flapping back within its hold keeps one event.
        history.update({simple(QStringLiteral("b"), 3)}, t0.addSecs(5));
        history.update({}, t0.addSecs(6));
        QVERIFY(history.update({simple(QStringLiteral("b"), 3)}, t0.addSecs(7)).raised.isEmpty());

        // Bounded: old cleared events go first.
        for (int i = 0; i < 6; ++i)
            history.update({simple(QStringLiteral("x%1").arg(i))}, t0.addSecs(10 + i));
        QCOMPARE(history.events().size(), 4);
        QCOMPARE(history.active().last().key, QStringLiteral("x5"));
    }

    void jsonLine()
    {
        HealthThresholds thresholds;
        thresholds.scale = 0.01;
        const NodeHealth spark1 = node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt"),
                                       QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt"));
        const auto alerts = HealthRules::evaluate({spark1}, {}, thresholds);
        const QDateTime when(QDate(2026, 12, 2), QTime(16, 30, 5), Qt::UTC);
        const QByteArray line = HealthJson::line(HealthJson::node(QStringLiteral("spark-1"), when, spark1.snapshot, spark1.rates, alerts));
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        QCOMPARE(object.value(QStringLiteral("time")).toString(), QStringLiteral("2026-12-02T16:30:05.000Z"));
        QCOMPARE(object.value(QStringLiteral("reachable")).toBool(), true);
        const QJsonObject port0 = object.value(QStringLiteral("ports")).toArray().first().toObject();
        QCOMPARE(port0.value(QStringLiteral("side")).toString(), QStringLiteral("left"));
        QVERIFY(port0.value(QStringLiteral("txGbps")).toDouble() > 0.3);
        const QJsonObject twin0 = port0.value(QStringLiteral("twins")).toArray().first().toObject();
        QCOMPARE(twin0.value(QStringLiteral("netdev")).toString(), QStringLiteral("enp1s0f0np0"));
        QCOMPARE(twin0.value(QStringLiteral("speedMbps")).toInt(), 200000);
        QCOMPARE(object.value(QStringLiteral("alerts")).toArray().first().toObject().value(QStringLiteral("rule")).toString(),
                 QStringLiteral("twin-idle"));

        // First tick: no rates yet, and they are null rather than 0.
        const QJsonObject first = HealthJson::node(QStringLiteral("spark-1"), when, spark1.snapshot, std::nullopt, {});
        const QJsonObject firstPort = first.value(QStringLiteral("ports")).toArray().first().toObject();
        QVERIFY(firstPort.value(QStringLiteral("rxGbps")).isNull());
        // Unreachable: no ports, reachable false.
        const QJsonObject unreachable = HealthJson::node(QStringLiteral("spark-2"), when, std::nullopt, std::nullopt, {});
        QCOMPARE(unreachable.value(QStringLiteral("reachable")).toBool(), false);
        QVERIFY(!unreachable.contains(QStringLiteral("ports")));
    }
};

QTEST_APPLESS_MAIN(TestHealthRules)
#include "tst_healthrules.moc"
