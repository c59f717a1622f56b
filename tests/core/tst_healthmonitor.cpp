// SPDX-License-Identifier: MIT
#include "core/health/healthmonitor.h"

#include <QFile>
#include <QPromise>
#include <QRegularExpression>
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

    void theRateChangesWhileRunning()
    {
        int polls = 0;
        HealthMonitor::Poller poller = [&](const QString &, const QByteArray &) {
            ++polls;
            return ready(output(QStringLiteral("sparklab-spark-1-idle.txt")));
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}}, {}, poller);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        QVERIFY(!monitor.isRunning());
        QVERIFY(monitor.lastNodes().isEmpty());
        monitor.start(60000);
        QTRY_COMPARE(ticks.size(), 1);
        QCOMPARE(monitor.lastNodes().size(), 1); // kept for a window that opens later
        QCOMPARE(monitor.lastNodes().first().node, QStringLiteral("spark-1"));
        QVERIFY(monitor.lastTickTime().isValid());
        // Faster: a round at once, not a minute later.
        monitor.setIntervalMs(200);
        QCOMPARE(monitor.intervalMs(), 200);
        QCOMPARE(polls, 2);
        QTRY_VERIFY(ticks.size() >= 4);
        // Slower: no extra round.
        const int before = polls;
        monitor.setIntervalMs(60000);
        QCOMPARE(polls, before);
        QTest::qWait(500);
        QCOMPARE(polls, before);
        monitor.stop();
        monitor.setIntervalMs(300); // stopped: only the interval for the next start
        QVERIFY(!monitor.isRunning());
        QCOMPARE(polls, before);
    }

    void roundTripsAtALowerRate()
    {
        QList<bool> pinged;
        HealthMonitor::Poller poller = [&](const QString &, const QByteArray &script) {
            pinged.append(script.contains("ping -n"));
            QString text = QString::fromUtf8(fixture(QStringLiteral("sparklab-spark-1-idle.txt")));
            if (script.contains("ping -n"))
                text += QStringLiteral("\n@@spark-probe:section rtt enp1s0f0np0\n64 bytes from 10.0.0.2: time=0.25 ms\n@@spark-probe:exit 0\n");
            ExecResult result;
            result.exitCode = 0;
            result.standardOutput = text.toUtf8();
            return ready(result);
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}}, {}, poller);
        monitor.setRttEveryTicks(3);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        monitor.pollNow(); // no targets yet
        QTRY_COMPARE(ticks.size(), 1);
        monitor.setRttTargets(QStringLiteral("spark-1"), {{QStringLiteral("enp1s0f0np0"), QStringLiteral("10.0.0.2")}});
        for (int tick = 2; tick <= 7; ++tick) {
            monitor.pollNow();
            QTRY_COMPARE(ticks.size(), tick);
        }
        // At once when the targets arrive (tick 2), then on ticks 4 and 7 (every third).
        QCOMPARE(pinged, (QList<bool>{false, true, false, true, false, false, true}));
        // The last round trip stays with the node between measurements.
        QCOMPARE(ticks.at(5).at(1).value<QList<NodeHealth>>().first().rttMs.value(QStringLiteral("enp1s0f0np0")), 0.25);
    }

    void speedsAtALowerRateAndCarriedBetween()
    {
        // Light polls print no Speed line (as the light script's output has none).
        QList<bool> full;
        QString output = QString::fromUtf8(fixture(QStringLiteral("sparklab-spark-1-idle.txt")));
        HealthMonitor::Poller poller = [&](const QString &, const QByteArray &script) {
            full.append(script.contains("Speed:"));
            QString text = output;
            if (!full.last())
                text.remove(QRegularExpression(QStringLiteral("Speed: \\d+Mb/s\\n")));
            ExecResult result;
            result.exitCode = 0;
            result.standardOutput = text.toUtf8();
            return ready(result);
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}}, {}, poller);
        monitor.setRttEveryTicks(4);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        for (int tick = 1; tick <= 6; ++tick) {
            monitor.pollNow();
            QTRY_COMPARE(ticks.size(), tick);
            const NodeHealth node = ticks.last().at(1).value<QList<NodeHealth>>().first();
            const NetdevSnapshot *netdev = node.snapshot->netdev(0, 0);
            QCOMPARE(netdev->speedMbps.value_or(0), 200000); // carried over the light polls
            QVERIFY(ticks.last().at(2).value<QList<HealthAlert>>().isEmpty());
        }
        QCOMPARE(full, (QList<bool>{true, false, false, false, true, false}));
        // The link flaps (carrier_changes moves) on a light poll: its speed is
        // unknown (no alert from a stale figure) and the next poll is full.
        output.replace(QRegularExpression(QStringLiteral("carrier_changes=(\\d+)")), QStringLiteral("carrier_changes=99"));
        monitor.pollNow();
        QTRY_COMPARE(ticks.size(), 7);
        QVERIFY(!ticks.last().at(1).value<QList<NodeHealth>>().first().snapshot->netdev(0, 0)->speedMbps);
        QVERIFY(ticks.last().at(2).value<QList<HealthAlert>>().isEmpty());
        monitor.pollNow();
        QTRY_COMPARE(ticks.size(), 8);
        QCOMPARE(full.last(), true);
        QCOMPARE(ticks.last().at(1).value<QList<NodeHealth>>().first().snapshot->netdev(0, 0)->speedMbps.value_or(0), 200000);
    }

    void aSlowNodeDoesNotHoldTheOthers()
    {
        QPromise<Expected<ExecResult>> slow;
        slow.start();
        int slowPolls = 0;
        int fastPolls = 0;
        HealthMonitor::Poller poller = [&](const QString &node, const QByteArray &) -> QFuture<Expected<ExecResult>> {
            if (node == u"spark-1") {
                ++slowPolls;
                return slow.future();
            }
            ++fastPolls;
            return ready(output(QStringLiteral("sparklab-spark-2-idle.txt")));
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}, {QStringLiteral("spark-2"), {0}}}, {}, poller);
        monitor.setRetry({16, 3, 3});
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        QSignalSpy raised(&monitor, &HealthMonitor::alertRaised);
        QCOMPARE(monitor.pollNow(), 2);
        QTest::qWait(50);
        QCOMPARE(ticks.size(), 0); // spark-1 may still answer within the interval
        // The next tick reports the first: spark-1 not heard from yet (no alert), spark-2 fresh.
        QCOMPARE(monitor.pollNow(), 1); // spark-1 still busy: nothing more is sent to it
        QCOMPARE(ticks.size(), 1);
        auto nodes = ticks.last().at(1).value<QList<NodeHealth>>();
        QVERIFY(nodes.at(0).stale);
        QVERIFY(nodes.at(0).reachable);
        QVERIFY(!nodes.at(1).stale && nodes.at(1).snapshot);
        QTRY_COMPARE(ticks.size(), 2); // spark-2's answer ends tick 2 without waiting for spark-1
        QCOMPARE(raised.size(), 0);
        // Three ticks late: unreachable.
        QCOMPARE(monitor.pollNow(), 1);
        QTRY_COMPARE(ticks.size(), 3);
        nodes = ticks.last().at(1).value<QList<NodeHealth>>();
        QVERIFY(!nodes.at(0).reachable);
        QCOMPARE(nodes.at(0).unreachableDetail, QStringLiteral("no answer for 3 ticks"));
        QCOMPARE(raised.size(), 1);
        QCOMPARE(raised.first().first().value<HealthAlert>().key, QStringLiteral("unreachable:spark-1:spark-1"));
        QCOMPARE(slowPolls, 1);
        QCOMPARE(fastPolls, 3);
        // The late answer arrives: it is reported with the next tick and the alert clears.
        slow.addResult(Expected<ExecResult>(output(QStringLiteral("sparklab-spark-1-idle.txt"))));
        slow.finish();
        QTest::qWait(20);
        QCOMPARE(monitor.pollNow(), 2);
        QTRY_COMPARE(ticks.size(), 4);
        nodes = ticks.last().at(1).value<QList<NodeHealth>>();
        QVERIFY(nodes.at(0).reachable && !nodes.at(0).stale && nodes.at(0).snapshot);
        QVERIFY(ticks.last().at(2).value<QList<HealthAlert>>().isEmpty());
    }

    // With the default retry a node that stops answering (its poll hangs: a
    // pulled management cable, a node gone) is reported within two ticks,
    // long before the poll's own timeout.
    void aSilentNodeIsReportedWithinTwoTicks()
    {
        QPromise<Expected<ExecResult>> hanging;
        hanging.start();
        bool silent = false;
        HealthMonitor::Poller poller = [&](const QString &node, const QByteArray &) -> QFuture<Expected<ExecResult>> {
            if (node == u"spark-1" && silent)
                return hanging.future();
            return ready(output(node == u"spark-1" ? QStringLiteral("sparklab-spark-1-idle.txt")
                                                    : QStringLiteral("sparklab-spark-2-idle.txt")));
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}, {QStringLiteral("spark-2"), {0}}}, {}, poller);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        QSignalSpy raised(&monitor, &HealthMonitor::alertRaised);
        monitor.pollNow();
        QTRY_COMPARE(ticks.size(), 1);
        silent = true;
        monitor.pollNow(); // tick 2: spark-1's poll hangs
        QTest::qWait(20);
        QCOMPARE(ticks.size(), 1);
        // Tick 3 reports tick 2 (spark-1 late, not yet unreachable), then its
        // own round as soon as spark-2 answers: two ticks without an answer.
        monitor.pollNow();
        QTRY_COMPARE(ticks.size(), 3);
        const auto tick2 = ticks.at(1).at(1).value<QList<NodeHealth>>();
        QVERIFY(tick2.first().reachable && tick2.first().stale);
        QVERIFY(!ticks.last().at(1).value<QList<NodeHealth>>().first().reachable);
        QCOMPARE(raised.size(), 1);
        QCOMPARE(raised.first().first().value<HealthAlert>().key, QStringLiteral("unreachable:spark-1:spark-1"));
        hanging.addResult(Expected<ExecResult>(Error(QStringLiteral("timed out"))));
        hanging.finish();
    }

    // A poll that pings its peers may wait out a ping's timeout (a cable just
    // plugged back whose address is not there yet): one tick more before the
    // node reads as unreachable, and no more than that.
    void aPollThatPingsIsGivenThePingTimeout_data()
    {
        QTest::addColumn<bool>("pings");
        QTest::addColumn<int>("unreachableAtTick");
        QTest::newRow("counters only") << false << 3;
        QTest::newRow("with round trips") << true << 4;
    }

    void aPollThatPingsIsGivenThePingTimeout()
    {
        QFETCH(bool, pings);
        QFETCH(int, unreachableAtTick);
        QPromise<Expected<ExecResult>> hanging;
        hanging.start();
        bool hang = false;
        QList<bool> pinged;
        HealthMonitor::Poller poller = [&](const QString &node, const QByteArray &script) -> QFuture<Expected<ExecResult>> {
            if (node == u"spark-1" && hang) {
                pinged.append(script.contains("ping -n"));
                return hanging.future();
            }
            return ready(output(node == u"spark-1" ? QStringLiteral("sparklab-spark-1-idle.txt")
                                                    : QStringLiteral("sparklab-spark-2-idle.txt")));
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}, {QStringLiteral("spark-2"), {0}}}, {}, poller);
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        monitor.pollNow();
        QTRY_COMPARE(ticks.size(), 1);
        if (pings)
            monitor.setRttTargets(QStringLiteral("spark-1"), {{QStringLiteral("enp1s0f0np0"), QStringLiteral("10.0.0.2")}});
        hang = true;
        monitor.pollNow(); // tick 2: spark-1's poll stays out
        QCOMPARE(pinged, QList<bool>{pings});
        for (int tick = 3; tick <= 4; ++tick) {
            monitor.pollNow();
            QTRY_COMPARE(ticks.size(), tick);
            const NodeHealth spark1 = ticks.last().at(1).value<QList<NodeHealth>>().first();
            QVERIFY2(spark1.reachable == (tick < unreachableAtTick),
                     qPrintable(QStringLiteral("tick %1: %2").arg(tick).arg(spark1.unreachableDetail)));
            QVERIFY(spark1.reachable ? spark1.stale : spark1.overdue);
        }
        hanging.addResult(Expected<ExecResult>(Error(QStringLiteral("timed out"))));
        hanging.finish();
    }

    void aNodeWhoseNetworkFellSilentIsUnreachableAtOnce_data()
    {
        QTest::addColumn<qint64>("silentMs");
        QTest::addColumn<bool>("unreachable");
        QTest::newRow("its kernel answers: only slow") << qint64(0) << false;
        QTest::newRow("a moment without an acknowledgement") << qint64(300) << false;
        QTest::newRow("a second of silence") << qint64(1000) << true;
        QTest::newRow("longer") << qint64(4000) << true;
    }

    void aNodeWhoseNetworkFellSilentIsUnreachableAtOnce()
    {
        QFETCH(qint64, silentMs);
        QFETCH(bool, unreachable);
        QPromise<Expected<ExecResult>> hanging;
        hanging.start();
        bool hang = false;
        HealthMonitor::Poller poller = [&](const QString &node, const QByteArray &) -> QFuture<Expected<ExecResult>> {
            if (node == u"spark-1" && hang)
                return hanging.future();
            return ready(output(node == u"spark-1" ? QStringLiteral("sparklab-spark-1-idle.txt")
                                                    : QStringLiteral("sparklab-spark-2-idle.txt")));
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}, {QStringLiteral("spark-2"), {0}}}, {}, poller);
        // Polls that usually take a long time: lateness alone would wait many ticks.
        monitor.setRetry({4, 10, 10, 1000});
        qint64 silence = 0;
        monitor.setSilence([&](const QString &node) { return node == u"spark-1" ? silence : 0; });
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        monitor.pollNow();
        QTRY_COMPARE(ticks.size(), 1);
        hang = true;
        monitor.pollNow(); // tick 2: spark-1's poll stays out
        monitor.pollNow(); // tick 3 reports tick 2, then its own round
        QTRY_COMPARE(ticks.size(), 3);
        QVERIFY(ticks.last().at(1).value<QList<NodeHealth>>().first().reachable);
        silence = silentMs;
        monitor.pollNow(); // tick 4: spark-1 with its network's silence
        QTRY_COMPARE(ticks.size(), 4);
        const NodeHealth spark1 = ticks.last().at(1).value<QList<NodeHealth>>().first();
        QCOMPARE(!spark1.reachable, unreachable);
        QCOMPARE(spark1.overdue, unreachable);
        if (unreachable)
            QVERIFY2(spark1.unreachableDetail.contains(QStringLiteral("not answered")), qPrintable(spark1.unreachableDetail));
        else
            QVERIFY(spark1.stale);
        hanging.addResult(Expected<ExecResult>(Error(QStringLiteral("timed out"))));
        hanging.finish();
    }

    void aFailingNodeIsRetriedWithBackoff_data()
    {
        QTest::addColumn<int>("maxBackoffTicks");
        QTest::addColumn<QList<int>>("triedAt");
        QTest::newRow("doubling") << 16 << QList<int>{1, 2, 4, 8, 16};
        QTest::newRow("capped at 4") << 4 << QList<int>{1, 2, 4, 8, 12, 16, 20};
        QTest::newRow("every tick") << 1 << QList<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
    }

    void aFailingNodeIsRetriedWithBackoff()
    {
        QFETCH(int, maxBackoffTicks);
        QFETCH(QList<int>, triedAt);
        bool down = true;
        QList<int> tried;
        int healthyPolls = 0;
        HealthMonitor *self = nullptr;
        HealthMonitor::Poller poller = [&](const QString &node, const QByteArray &) -> QFuture<Expected<ExecResult>> {
            if (node == u"spark-2") {
                ++healthyPolls;
                return ready(output(QStringLiteral("sparklab-spark-2-idle.txt")));
            }
            tried.append(self->ticks());
            if (down)
                return ready(Error(QStringLiteral("spark-1 does not answer."), QStringLiteral("Connection refused")));
            return ready(output(QStringLiteral("sparklab-spark-1-idle.txt")));
        };
        HealthMonitor monitor({{QStringLiteral("spark-1"), {0}}, {QStringLiteral("spark-2"), {0}}}, {}, poller);
        self = &monitor;
        monitor.setRetry({maxBackoffTicks, 3, 3});
        QSignalSpy ticks(&monitor, &HealthMonitor::tick);
        for (int tick = 1; tick <= 20; ++tick) {
            monitor.pollNow();
            QTRY_COMPARE(ticks.size(), tick);
        }
        QCOMPARE(tried, triedAt);
        QCOMPARE(healthyPolls, 20); // the healthy node was polled every tick
        const auto nodes = ticks.last().at(1).value<QList<NodeHealth>>();
        QVERIFY(!nodes.first().reachable);
        QCOMPARE(nodes.first().failures, int(triedAt.size()));
        QVERIFY(nodes.first().retryInTicks >= 0 && nodes.first().retryInTicks <= maxBackoffTicks);
        QCOMPARE(nodes.first().unreachableDetail, QStringLiteral("Connection refused"));

        // Back: answered at its next try, by itself.
        down = false;
        const int before = int(tried.size());
        for (int tick = 21; tick <= 21 + maxBackoffTicks && tried.size() == before; ++tick) {
            monitor.pollNow();
            QTRY_COMPARE(ticks.size(), tick);
        }
        QCOMPARE(tried.size(), before + 1);
        QVERIFY(ticks.last().at(1).value<QList<NodeHealth>>().first().reachable);
        QCOMPARE(ticks.last().at(1).value<QList<NodeHealth>>().first().failures, 0);
        QVERIFY(ticks.last().at(2).value<QList<HealthAlert>>().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHealthMonitor)
#include "tst_healthmonitor.moc"
