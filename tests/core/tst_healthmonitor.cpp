// SPDX-License-Identifier: MIT
#include "core/health/healthmonitor.h"

#include <QFile>
#include <QPromise>
#include <QSignalSpy>
#include <QTest>

using namespace spark;

namespace {

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/health/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

QFuture<Expected<ExecResult>> ready(Expected<ExecResult> value)
{
    QPromise<Expected<ExecResult>> promise;
    promise.start();
    promise.addResult(std::move(value));
    promise.finish();
    return promise.future();
}

ExecResult output(const QString &file)
{
    ExecResult result;
    result.exitCode = 0;
    result.standardOutput = fixture(file);
    return result;
}

} // namespace

// The monitor's rounds over a scripted poller: the real parser, rates,
// rules and history, without a network.
class TestHealthMonitor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundsRaiseAndClearAlerts()
    {
        // spark-1: fine, unplugged, plugged in again, then a pause storm; spark-2 misses round 2.
        const QStringList spark1{QStringLiteral("sparklab-spark-1-idle.txt"), QStringLiteral("sparklab-spark-1-unplugged.txt"),
                                 QStringLiteral("sparklab-spark-1-crc-errors.txt"), QStringLiteral("sparklab-spark-1-pause-storm.txt")};
        int round1 = 0;
        int round2 = 0;
        QByteArray scriptSeen;
        HealthMonitor::Poller poller = [&](const QString &node, const QByteArray &script) -> QFuture<Expected<ExecResult>> {
            scriptSeen = script;
            if (node == u"spark-1")
                return ready(output(spark1.at(qMin(round1++, int(spark1.size()) - 1))));
            if (round2++ == 1)
                return ready(Error(QStringLiteral("spark-2 does not answer."), QStringLiteral("connect: timeout")));
            return ready(output(QStringLiteral("sparklab-spark-2-idle.txt")));
        };
        HealthThresholds thresholds;
        thresholds.scale = 0.01;
        HealthMonitor monitor({{QStringLiteral("spark-1"), {}}, {QStringLiteral("spark-2"), {0}}}, {}, poller, thresholds);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        QSignalSpy raised(&monitor, &HealthMonitor::alertRaised);
        QSignalSpy cleared(&monitor, &HealthMonitor::alertCleared);

        QVERIFY(monitor.pollNow());
        QTRY_COMPARE(ticks.size(), 1);
        QVERIFY(scriptSeen.startsWith("LC_ALL=C"));
        QCOMPARE(raised.size(), 0);
        auto nodes = ticks.last().at(1).value<QList<NodeHealth>>();
        QCOMPARE(nodes.size(), 2);
        QCOMPARE(nodes.first().cabledPorts, QList<int>{0}); // learnt from the first poll
        QVERIFY(!nodes.first().rates);

        QVERIFY(monitor.pollNow());
        QTRY_COMPARE(ticks.size(), 2);
        QStringList keys;
        for (const auto &args : raised)
            keys.append(args.first().value<HealthAlert>().key);
        QCOMPARE(keys, (QStringList{QStringLiteral("link-down:spark-1:port 0"),
                                    QStringLiteral("unreachable:spark-2:spark-2")}));
        nodes = ticks.last().at(1).value<QList<NodeHealth>>();
        QVERIFY(nodes.first().rates.has_value());
        QCOMPARE(nodes.last().unreachableDetail, QStringLiteral("connect: timeout"));

        QVERIFY(monitor.pollNow());
        QTRY_COMPARE(ticks.size(), 3);
        QCOMPARE(cleared.size(), 2);
        QVERIFY(ticks.last().at(2).value<QList<HealthAlert>>().isEmpty());
        // Back after an unplug: no rates against the poll without netdevs, so no spike.
        QVERIFY(ticks.last().at(1).value<QList<NodeHealth>>().first().rates->netdevs.isEmpty());

        QVERIFY(monitor.pollNow());
        QTRY_COMPARE(ticks.size(), 4);
        QStringList active;
        for (const HealthAlert &alert : ticks.last().at(2).value<QList<HealthAlert>>())
            active.append(alert.key);
        QCOMPARE(active, (QStringList{QStringLiteral("errors:spark-1:rocep1s0f0"), QStringLiteral("errors:spark-1:roceP2p1s0f0"),
                                      QStringLiteral("pause-storm:spark-1:port 0")}));
        QCOMPARE(monitor.history().events().size(), 5);
    }

    void garbageOutputIsUnreachable()
    {
        HealthMonitor::Poller poller = [](const QString &, const QByteArray &) {
            ExecResult result;
            result.exitCode = 127;
            result.standardError = "sh: 1: not found";
            return ready(result);
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}}, {}, poller);
        QSignalSpy raised(&monitor, &HealthMonitor::alertRaised);
        QVERIFY(monitor.pollNow());
        QTRY_COMPARE(raised.size(), 1);
        QCOMPARE(raised.first().first().value<HealthAlert>().rule, QStringLiteral("unreachable"));
    }

    void cancelledPollEndsTheRound()
    {
        HealthMonitor::Poller poller = [](const QString &, const QByteArray &) {
            QPromise<Expected<ExecResult>> promise;
            promise.start();
            promise.future().cancel();
            promise.finish();
            return promise.future();
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}}, {}, poller);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        QVERIFY(monitor.pollNow());
        QTRY_COMPARE(ticks.size(), 1);
        QVERIFY(monitor.pollNow());
    }

    void aSlowNodeHoldsTheRound()
    {
        QPromise<Expected<ExecResult>> pending;
        pending.start();
        HealthMonitor::Poller poller = [&pending](const QString &, const QByteArray &) { return pending.future(); };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}}, {}, poller);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        QVERIFY(monitor.pollNow());
        QVERIFY(!monitor.pollNow()); // skipped: the round is open
        pending.addResult(Expected<ExecResult>(output(QStringLiteral("sparklab-spark-1-idle.txt"))));
        pending.finish();
        QTRY_COMPARE(ticks.size(), 1);
        QVERIFY(ticks.first().at(2).value<QList<HealthAlert>>().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHealthMonitor)
#include "tst_healthmonitor.moc"
