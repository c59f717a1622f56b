// SPDX-License-Identifier: MIT
// What the dashboard derives from the cabling plan and a tick of the monitor:
// the nodes and twin pairs to watch, each cable's state, and the rate history.
#include "core/health/clusterhealth.h"
#include "core/health/healthpoll.h"
#include "core/health/ratehistory.h"
#include "core/topology/cablingplanner.h"

#include <QFile>
#include <QTest>

using namespace spark;

namespace {

NodeSnapshot snapshot(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/health/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return HealthPoll::parse(QString::fromUtf8(file.readAll()));
}

NodeHealth node(const QString &name, const QString &after, const QString &before = {})
{
    NodeHealth health;
    health.node = name;
    if (after.isEmpty()) {
        health.reachable = false;
        return health;
    }
    health.snapshot = snapshot(after);
    if (!before.isEmpty())
        health.rates = NodeRates::between(snapshot(before), *health.snapshot);
    health.cabledPorts = {0};
    return health;
}

CablingPlan direct2()
{
    return *CablingPlanner::plan(ClusterLayout::Direct2, {QStringLiteral("spark-1"), QStringLiteral("spark-2")}, 0);
}

} // namespace

class TestClusterHealth final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void watchFollowsThePlan()
    {
        const CablingPlan ring = *CablingPlanner::plan(
            ClusterLayout::Ring3, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        const HealthWatch watch = ClusterHealth::watchFor(ring);
        QCOMPARE(watch.nodes.size(), 3);
        for (const HealthMonitor::Node &node : watch.nodes)
            QCOMPARE(node.cabledPorts, (QList<int>{0, 1}));
        QCOMPARE(watch.links.size(), 6); // 3 cables × 2 twins
        const LinkEnds &first = watch.links.first();
        QCOMPARE(first.label, QStringLiteral("cable 1"));
        QCOMPARE(first.netdevA, QStringLiteral("enp1s0f0np0"));
        QCOMPARE(watch.links.at(1).netdevA, QStringLiteral("enP2p1s0f0np0"));

        const CablingPlan star = *CablingPlanner::plan(
            ClusterLayout::Switch, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, 1);
        const HealthWatch switched = ClusterHealth::watchFor(star);
        QVERIFY(switched.links.isEmpty()); // the far end is the switch
        QCOMPARE(switched.nodes.first().cabledPorts, QList<int>{1});
    }

    void alertPort_data()
    {
        QTest::addColumn<QString>("subject");
        QTest::addColumn<int>("port");
        QTest::newRow("port") << QStringLiteral("port 1") << 1;
        QTest::newRow("netdev") << QStringLiteral("enP2p1s0f1np1") << 1;
        QTest::newRow("roce") << QStringLiteral("rocep1s0f0") << 0;
        QTest::newRow("mtu") << QStringLiteral("cable 2/enp1s0f0np0") << 0;
        QTest::newRow("node") << QStringLiteral("spark-1") << -1;
    }

    void alertPort()
    {
        QFETCH(QString, subject);
        QFETCH(int, port);
        HealthAlert alert;
        alert.subject = subject;
        QCOMPARE(ClusterHealth::alertPort(alert).value_or(-1), port);
    }

    void cableStates_data()
    {
        QTest::addColumn<QList<NodeHealth>>("nodes");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QStringList>("rules");
        QTest::addColumn<double>("gbps"); // -1: none
        const QString idle1 = QStringLiteral("sparklab-spark-1-idle.txt");
        const QString idle2 = QStringLiteral("sparklab-spark-2-idle.txt");
        QTest::newRow("healthy, one poll") << QList<NodeHealth>{node(QStringLiteral("spark-1"), idle1), node(QStringLiteral("spark-2"), idle2)}
                                           << QStringLiteral("ok") << QStringList{} << -1.0;
        QTest::newRow("busy twin 0")
            << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt"),
                                      QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt")),
                                 node(QStringLiteral("spark-2"), idle2)}
            << QStringLiteral("degraded") << QStringList{QStringLiteral("twin-idle")} << 0.7;
        QTest::newRow("unplugged") << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-unplugged.txt")),
                                                        node(QStringLiteral("spark-2"), idle2)}
                                   << QStringLiteral("down") << QStringList{QStringLiteral("link-down")} << -1.0;
        QTest::newRow("a twin down") << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-twin-down.txt")),
                                                          node(QStringLiteral("spark-2"), idle2)}
                                     << QStringLiteral("degraded") << QStringList{QStringLiteral("link-down")} << -1.0;
        QTest::newRow("100G") << QList<NodeHealth>{node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-100G.txt")),
                                                   node(QStringLiteral("spark-2"), idle2)}
                              << QStringLiteral("degraded") << QStringList{QStringLiteral("speed")} << -1.0;
        QTest::newRow("far end unreachable") << QList<NodeHealth>{node(QStringLiteral("spark-1"), idle1), node(QStringLiteral("spark-2"), {})}
                                             << QStringLiteral("unknown") << QStringList{} << -1.0;
    }

    void cableStates()
    {
        QFETCH(QList<NodeHealth>, nodes);
        QFETCH(QString, state);
        QFETCH(QStringList, rules);
        QFETCH(double, gbps);
        const CablingPlan plan = direct2();
        const HealthWatch watch = ClusterHealth::watchFor(plan);
        HealthThresholds thresholds;
        thresholds.scale = 0.01;
        QList<HealthAlert> active;
        for (const HealthAlert &alert : HealthRules::evaluate(nodes, watch.links, thresholds)) {
            if (alert.rule != u"unreachable")
                active.append(alert);
        }
        const QList<CableHealth> cables = ClusterHealth::cables(plan, nodes, active);
        QCOMPARE(cables.size(), 1);
        QCOMPARE(ClusterHealth::stateKey(cables.first().state), state);
        QStringList seen;
        for (const HealthAlert &alert : cables.first().alerts)
            seen.append(alert.rule);
        seen.removeDuplicates();
        QCOMPARE(seen, rules);
        if (gbps < 0)
            QVERIFY(!cables.first().gbps);
        else
            QVERIFY2(cables.first().gbps && std::abs(*cables.first().gbps - gbps) < 0.15,
                     qPrintable(QString::number(cables.first().gbps.value_or(-1))));
    }

    void historyKeepsTheLastMinutesPerPort()
    {
        const NodeHealth busy = node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt"),
                                     QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt"));
        NodeHealth late = busy;
        late.stale = true;
        RateHistory history(60);
        const QDateTime start = QDateTime::fromSecsSinceEpoch(1'800'000'000, Qt::UTC);
        for (int s = 0; s < 100; ++s)
            history.add(start.addSecs(s), {busy, late, node(QStringLiteral("spark-2"), {})});
        const QList<PortSample> samples = history.samples(QStringLiteral("spark-1"), 0);
        QCOMPARE(samples.size(), 61); // 60 s back from the newest, both ends in
        QCOMPARE(samples.first().time, start.addSecs(39));
        QCOMPARE(history.size(), 61); // no port 1 netdevs, nothing from the others
        const PortSample &last = samples.last();
        QVERIFY(last.rxGbps[0] && last.txGbps[0] && last.portTxGbps);
        // Twin 0 carries it all; the port total is not twice the twins'. (These
        // fixtures predate the per-section clock: their *_phy rate is 20 % low.)
        QVERIFY(*last.txGbps[0] > 0.5);
        QVERIFY(*last.txGbps[1] < 0.05);
        QVERIFY(*last.portTxGbps > 0.5 && *last.portTxGbps < 1.1 * (*last.txGbps[0] + *last.txGbps[1]));
        // The history keeps what the chart draws; the counters are the last tick's only.
        QVERIFY(last.perSecond.isEmpty());
        const PortSample now = RateHistory::sampleOf(start, *busy.rates, 0);
        QVERIFY(now.perSecondOf(QStringLiteral("rx_crc_errors_phy")).has_value());
        QVERIFY(!now.perSecondOf(QStringLiteral("no such counter")));
    }
};

QTEST_GUILESS_MAIN(TestClusterHealth)
#include "tst_clusterhealth.moc"
