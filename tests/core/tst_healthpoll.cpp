// SPDX-License-Identifier: MIT
#include "core/facts/probescript.h"
#include "core/health/healthpoll.h"
#include "core/health/noderates.h"

#include <QFile>
#include <QProcess>
#include <QTest>

using namespace spark;

namespace {

QString fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/health/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(file.readAll());
}

NodeSnapshot snapshot(const QString &name)
{
    return HealthPoll::parse(fixture(name));
}

} // namespace

// The health poll command, its parser, and rates between two polls.
class TestHealthPoll final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scriptRunsHereAndParses()
    {
        // This machine has no CX-7: every netdev is reported absent, the clock is read.
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), HealthPoll::script()});
        QVERIFY(shell.waitForFinished(20000));
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(shell.readAllStandardError(), QByteArray());
        const NodeSnapshot parsed = HealthPoll::parse(QString::fromUtf8(shell.readAllStandardOutput()));
        QVERIFY(parsed.isValid());
        QCOMPARE(parsed.netdevs.size(), 4);
        for (const NetdevSnapshot &netdev : parsed.netdevs)
            QVERIFY(!netdev.present);
        QVERIFY(parsed.problems.isEmpty());
    }

    void scriptHoldsOnlyKnownNames()
    {
        const QString script = HealthPoll::script();
        QVERIFY(script.contains(QLatin1String("enP2p1s0f1np1")));
        QVERIFY(script.contains(QLatin1String("roceP2p1s0f0")));
        QVERIFY(script.contains(QLatin1String("rx_pause_ctrl_phy")));
        QVERIFY(script.contains(QLatin1String("local_ack_timeout_err")));
        QVERIFY(!script.contains(QLatin1String("sudo")));
    }

    void parsesFixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("present");
        QTest::addColumn<bool>("port0Up");
        QTest::addColumn<qint64>("speed");
        QTest::addColumn<int>("mtu");
        QTest::addColumn<qint64>("crc");
        QTest::addColumn<qint64>("outOfSequence");
        QTest::newRow("idle") << "sparklab-spark-1-idle.txt" << 2 << true << qint64(200000) << 1500 << qint64(0) << qint64(0);
        QTest::newRow("100G") << "sparklab-spark-1-100G.txt" << 2 << true << qint64(100000) << 1500 << qint64(0) << qint64(0);
        QTest::newRow("crc errors") << "sparklab-spark-1-crc-errors.txt" << 2 << true << qint64(200000) << 1500 << qint64(40) << qint64(40);
        QTest::newRow("mtu 9000") << "sparklab-spark-2-mtu9000.txt" << 2 << true << qint64(200000) << 9000 << qint64(0) << qint64(0);
        QTest::newRow("unplugged") << "sparklab-spark-1-unplugged.txt" << 0 << false << qint64(-1) << -1 << qint64(-1) << qint64(-1);
        QTest::newRow("host without CX-7") << "host-without-cx7.txt" << 0 << false << qint64(-1) << -1 << qint64(-1) << qint64(-1);
    }

    void parsesFixtures()
    {
        QFETCH(QString, file);
        QFETCH(int, present);
        QFETCH(bool, port0Up);
        QFETCH(qint64, speed);
        QFETCH(int, mtu);
        QFETCH(qint64, crc);
        QFETCH(qint64, outOfSequence);
        const NodeSnapshot parsed = snapshot(file);
        QVERIFY(parsed.isValid());
        QVERIFY2(parsed.problems.isEmpty(), qPrintable(parsed.problems.join(QLatin1Char('\n'))));
        QCOMPARE(parsed.netdevs.size(), 4);
        QCOMPARE(std::count_if(parsed.netdevs.cbegin(), parsed.netdevs.cend(), [](const NetdevSnapshot &n) { return n.present; }),
                 present);
        const NetdevSnapshot *twin0 = parsed.netdev(0, 0);
        QVERIFY(twin0);
        QCOMPARE(twin0->name, QStringLiteral("enp1s0f0np0"));
        QCOMPARE(twin0->isUp(), port0Up);
        QCOMPARE(twin0->speedMbps.value_or(-1), speed);
        QCOMPARE(twin0->mtu.value_or(-1), mtu);
        QCOMPARE(qint64(twin0->counter(QStringLiteral("rx_crc_errors_phy")).value_or(quint64(-1))), crc);
        const RoceSnapshot *roce = parsed.roceDevice(QStringLiteral("rocep1s0f0"));
        QCOMPARE(roce ? qint64(roce->counters.value(QStringLiteral("out_of_sequence"))) : qint64(-1), outOfSequence);
        if (present) {
            // The twins report the same port counters.
            QCOMPARE(parsed.netdev(0, 1)->counter(QStringLiteral("rx_bytes_phy")), twin0->counter(QStringLiteral("rx_bytes_phy")));
            QVERIFY(twin0->counters.contains(QStringLiteral("tx_vport_rdma_unicast_bytes")));
            QVERIFY(twin0->counters.contains(QStringLiteral("carrier_changes")));
        }
    }

    void twinDownHasNoCarrier()
    {
        const NodeSnapshot parsed = snapshot(QStringLiteral("sparklab-spark-1-twin-down.txt"));
        const NetdevSnapshot *down = parsed.netdev(QStringLiteral("enP2p1s0f0np0"));
        QVERIFY(down && down->present);
        QCOMPARE(down->operstate, QStringLiteral("down"));
        QVERIFY(!down->carrier.has_value());
        QVERIFY(!down->isUp());
        QVERIFY(parsed.netdev(QStringLiteral("enp1s0f0np0"))->isUp());
    }

    void truncatedOutputIsNotValid()
    {
        const QString text = fixture(QStringLiteral("sparklab-spark-1-idle.txt"));
        QVERIFY(!HealthPoll::parse(text.mid(text.indexOf(QLatin1String("@@spark-probe:section netdev")))).isValid());
        QVERIFY(!HealthPoll::parse(QString()).isValid());
    }

    void counterDelta_data()
    {
        QTest::addColumn<quint64>("before");
        QTest::addColumn<quint64>("after");
        QTest::addColumn<bool>("bits32");
        QTest::addColumn<qint64>("delta"); // -1: reset, no rate
        QTest::newRow("rising") << quint64(100) << quint64(350) << false << qint64(250);
        QTest::newRow("unchanged") << quint64(7) << quint64(7) << true << qint64(0);
        QTest::newRow("32-bit wrap") << quint64(4294967000) << quint64(200) << true << qint64(496);
        QTest::newRow("32-bit reset from the lower half") << quint64(1000000) << quint64(10) << true << qint64(-1);
        QTest::newRow("64-bit counter going down is a reset") << quint64(4294967000) << quint64(200) << false << qint64(-1);
        QTest::newRow("64-bit wrap") << quint64(18446744073709551000ull) << quint64(400) << false << qint64(1016);
        QTest::newRow("reboot to zero") << quint64(123456789012) << quint64(0) << false << qint64(-1);
    }

    void counterDelta()
    {
        QFETCH(quint64, before);
        QFETCH(quint64, after);
        QFETCH(bool, bits32);
        QFETCH(qint64, delta);
        const auto got = NodeRates::counterDelta(before, after, bits32 ? NodeRates::Width::Bits32 : NodeRates::Width::Bits64);
        QCOMPARE(got.has_value(), delta >= 0);
        if (got)
            QCOMPARE(qint64(*got), delta);
    }

    void oneTwinBusy()
    {
        const NodeSnapshot t0 = snapshot(QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt"));
        const NodeSnapshot t1 = snapshot(QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt"));
        const NodeRates rates = NodeRates::between(t0, t1);
        QVERIFY(!rates.restarted);
        QCOMPARE(rates.seconds, 3223.41 - 3220.16);
        const NetdevRates *busy = rates.netdev(0, 0);
        const NetdevRates *idle = rates.netdev(0, 1);
        QVERIFY(busy && idle);
        QVERIFY2(*busy->txGbps > 0.3, qPrintable(QString::number(*busy->txGbps)));
        QVERIFY(*idle->txGbps < 0.001);
        // The port's figure is counted once, not once per twin. (sysfs and
        // ethtool are read a moment apart, so under traffic they differ a little;
        // adding both twins' *_phy counters would double it.)
        const PortRates *port = rates.portRates(0);
        QVERIFY(port && port->txGbps);
        const double twins = *busy->txGbps + *idle->txGbps;
        QVERIFY2(*port->txGbps > 0.5 * twins && *port->txGbps < 1.5 * twins,
                 qPrintable(QStringLiteral("%1 vs %2").arg(*port->txGbps).arg(twins)));
        // At rest (t1, the test had ended) the port counter is exactly the twins' sum.
        quint64 twinBytes = 0;
        for (const NetdevSnapshot &netdev : t1.netdevs)
            twinBytes += netdev.port == 0 ? netdev.counter(QStringLiteral("tx_bytes")).value_or(0) : 0;
        QCOMPARE(t1.netdev(0, 0)->counter(QStringLiteral("tx_bytes_phy")).value_or(0), twinBytes);
        QCOMPARE(rates.ports.size(), 1);
    }

    void resetCountersGiveNoRate()
    {
        // The stand-in zeroes the error counters: they go down, and must not spike.
        const NodeRates rates = NodeRates::between(snapshot(QStringLiteral("sparklab-spark-1-pause-storm.txt")),
                                                   snapshot(QStringLiteral("sparklab-spark-1-errors-cleared.txt")));
        const PortRates *port = rates.portRates(0);
        QVERIFY(port);
        QVERIFY(!port->perSecond.contains(QStringLiteral("rx_crc_errors_phy")));
        QVERIFY(!port->perSecond.contains(QStringLiteral("rx_pause_ctrl_phy")));
        QVERIFY(port->txGbps.has_value());
        for (const RoceRates &roce : rates.roce)
            QVERIFY(!roce.perSecond.contains(QStringLiteral("out_of_sequence")));
    }

    void wrappedRoceCounterUnwraps()
    {
        QString before = fixture(QStringLiteral("sparklab-spark-1-idle.txt"));
        QString after = fixture(QStringLiteral("sparklab-spark-1-crc-errors.txt"));
        before.replace(QLatin1String("np_cnp_sent=0"), QLatin1String("np_cnp_sent=4294967290"));
        after.replace(QLatin1String("np_cnp_sent=0"), QLatin1String("np_cnp_sent=30"));
        const NodeRates rates = NodeRates::between(HealthPoll::parse(before), HealthPoll::parse(after));
        QCOMPARE(rates.roce.size(), 2);
        QCOMPARE(rates.roce.first().perSecond.value(QStringLiteral("np_cnp_sent")), 36 / rates.seconds);
    }

    void rebootGivesNoRates()
    {
        QString after = fixture(QStringLiteral("sparklab-spark-1-crc-errors.txt"));
        after.replace(QLatin1String("boot=5a8019b0"), QLatin1String("boot=6b8019b0"));
        const NodeRates rates = NodeRates::between(snapshot(QStringLiteral("sparklab-spark-1-idle.txt")), HealthPoll::parse(after));
        QVERIFY(rates.restarted);
        QVERIFY(rates.netdevs.isEmpty());
        QVERIFY(rates.ports.isEmpty());
        // Uptime going back is a reboot too.
        QVERIFY(NodeRates::between(snapshot(QStringLiteral("sparklab-spark-1-crc-errors.txt")),
                                   snapshot(QStringLiteral("sparklab-spark-1-idle.txt"))).restarted);
    }

    void vanishedNetdevHasNoRate()
    {
        const NodeRates rates = NodeRates::between(snapshot(QStringLiteral("sparklab-spark-1-idle.txt")),
                                                   snapshot(QStringLiteral("sparklab-spark-1-unplugged.txt")));
        QVERIFY(!rates.restarted);
        QVERIFY(rates.netdevs.isEmpty());
        QVERIFY(rates.ports.isEmpty());
    }

    void lightPollReadsOneTwinPerPort()
    {
        const QString full = HealthPoll::script();
        const QString light = HealthPoll::script({}, HealthPoll::Depth::Light);
        QCOMPARE(full.count(QLatin1String("ethtool -S")), 4);
        QCOMPARE(light.count(QLatin1String("ethtool -S")), 4); // one per netdev, guarded by its port
        QCOMPARE(full.count(QLatin1String("grep -E '^[[:space:]]*Speed:'")), 4);
        QVERIFY(!light.contains(QLatin1String("Speed:")));
        QCOMPARE(light.count(QLatin1String("[ -z \"$p0\" ]")), 2);
        QCOMPARE(light.count(QLatin1String("[ -z \"$p1\" ]")), 2);
        QVERIFY(!full.contains(QLatin1String("[ -z \"$p0\" ]")));
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), light});
        QVERIFY(shell.waitForFinished(20000));
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(shell.readAllStandardError(), QByteArray());
        QVERIFY(HealthPoll::parse(QString::fromUtf8(shell.readAllStandardOutput())).isValid());
    }

    void roundTripsOnlyToCheckedTargets()
    {
        const QString script = HealthPoll::script({{QStringLiteral("enp1s0f0np0"), QStringLiteral("10.0.0.2")},
                                                   {QStringLiteral("eth0"), QStringLiteral("10.0.0.3")},
                                                   {QStringLiteral("enp1s0f1np1"), QStringLiteral("10.0.0.4;reboot")},
                                                   {QStringLiteral("enP2p1s0f0np0"), QStringLiteral("fe80::1")}});
        QVERIFY(script.contains(QLatin1String("ping -n -c 1 -W 1 -I 'enp1s0f0np0' '10.0.0.2'")));
        QVERIFY(script.contains(QLatin1String("ping -n -c 1 -W 1 -I 'enP2p1s0f0np0' 'fe80::1'")));
        QVERIFY(!script.contains(QLatin1String("10.0.0.3"))); // not a CX-7 netdev
        QVERIFY(!script.contains(QLatin1String("10.0.0.4"))); // not an address
        QVERIFY(!HealthPoll::script().contains(QLatin1String("ping")));
        // Here (no CX-7) the pings fail quietly: no round trip, nothing on stderr.
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
        QVERIFY(shell.waitForFinished(20000));
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(shell.readAllStandardError(), QByteArray());
        const NodeSnapshot parsed = HealthPoll::parse(QString::fromUtf8(shell.readAllStandardOutput()));
        QVERIFY(parsed.isValid());
        QVERIFY(parsed.rttMs.isEmpty());
    }

    void parsesRoundTrips()
    {
        const QString section = QLatin1String(ProbeScript::sectionMarker);
        const QString exit = QLatin1String(ProbeScript::exitMarker);
        QString output = fixture(QStringLiteral("sparklab-spark-1-idle.txt"));
        output += QLatin1Char('\n') + section + QStringLiteral("rtt enp1s0f0np0\n")
                  + QStringLiteral("64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.052 ms\n") + exit + QStringLiteral("0\n");
        output += QLatin1Char('\n') + section + QStringLiteral("rtt enP2p1s0f0np0\n") + exit + QStringLiteral("0\n"); // no reply
        const NodeSnapshot parsed = HealthPoll::parse(output);
        QCOMPARE(parsed.rttMs.size(), 1);
        QCOMPARE(parsed.rttMs.value(QStringLiteral("enp1s0f0np0")), 0.052);
    }

    void eachCounterGroupUsesItsOwnClock()
    {
        // The poll stamps the statistics and the ethtool -S counters of each
        // netdev with the node's clock: a slow ethtool in one poll must not
        // bend the port's rate.
        QString before = fixture(QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt"));
        QString after = fixture(QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt"));
        before.replace(before.indexOf(QLatin1String("present=1\n")), 10, QStringLiteral("present=1\nuptime=3220.20 1.00\n"));
        after.replace(after.indexOf(QLatin1String("present=1\n")), 10, QStringLiteral("present=1\nuptime=3223.70 1.00\n"));
        const QString speed = QStringLiteral("Speed: 200000Mb/s\n");
        before.replace(before.indexOf(speed), speed.size(), speed + QStringLiteral("uptime: 3220.90\n"));
        after.replace(after.indexOf(speed), speed.size(), speed + QStringLiteral("uptime: 3222.90\n"));
        const NodeSnapshot t0 = HealthPoll::parse(before);
        const NodeSnapshot t1 = HealthPoll::parse(after);
        QCOMPARE(t0.netdev(0, 0)->countersUptime.value_or(0), 3220.20);
        QCOMPARE(t1.netdev(0, 0)->phyUptime.value_or(0), 3222.90);
        QVERIFY(!t1.netdev(0, 1)->countersUptime); // only the first section was stamped
        const NodeRates rates = NodeRates::between(t0, t1);
        const auto bytes = [&](const QString &counter) {
            return double(t1.netdev(0, 0)->counter(counter).value_or(0) - t0.netdev(0, 0)->counter(counter).value_or(0));
        };
        QCOMPARE(*rates.netdev(0, 0)->txGbps, bytes(QStringLiteral("tx_bytes")) * 8 / 1e9 / 3.5);
        QCOMPARE(*rates.portRates(0)->txGbps, bytes(QStringLiteral("tx_bytes_phy")) * 8 / 1e9 / 2.0);
        // Unstamped on one side: the node's clock, as before.
        QCOMPARE(*rates.netdev(0, 1)->txGbps,
                 double(t1.netdev(0, 1)->counter(QStringLiteral("tx_bytes")).value_or(0)
                        - t0.netdev(0, 1)->counter(QStringLiteral("tx_bytes")).value_or(0)) * 8 / 1e9 / rates.seconds);
    }
};

QTEST_GUILESS_MAIN(TestHealthPoll)
#include "tst_healthpoll.moc"
