// SPDX-License-Identifier: MIT
#include "core/linktest/linkobservations.h"

#include <QTest>

using namespace spark;

class TestLinkObservations final : public QObject
{
    Q_OBJECT

    static LinkTarget link()
    {
        LinkTarget target;
        target.label = QStringLiteral("cable 1");
        target.nodeA = QStringLiteral("spark-1");
        target.portA = 0;
        target.nodeB = QStringLiteral("spark-2");
        target.portB = 1;
        target.reportedSpeedMbps = 200000;
        target.twinsWithoutCarrier = {QStringLiteral("enP2p1s0f1np1 on spark-2")};
        target.pcieKnownFull = true;
        return target;
    }

    static PortThroughput port(LinkDirection direction, LinkPhase phase, double gbps)
    {
        PortThroughput p;
        p.direction = direction;
        p.phase = phase;
        p.twinGbps = {gbps, gbps};
        p.totalGbps = 2 * gbps;
        return p;
    }

private Q_SLOTS:
    void eachDirectionIsItsSendersPort_data()
    {
        QTest::addColumn<int>("direction");
        QTest::addColumn<QString>("node");
        QTest::addColumn<int>("portNumber");
        QTest::newRow("A to B: spark-1's port 0") << int(LinkDirection::AToB) << "spark-1" << 0;
        QTest::newRow("B to A: spark-2's port 1") << int(LinkDirection::BToA) << "spark-2" << 1;
    }

    void eachDirectionIsItsSendersPort()
    {
        QFETCH(int, direction);
        QFETCH(QString, node);
        QFETCH(int, portNumber);
        const QHash<int, double> retransmits{{int(LinkPhase::AToB), 0.01}};
        const auto observations = linkObservations(link(), {port(LinkDirection(direction), LinkPhase::AToB, 95)}, retransmits, 0.5);
        QCOMPARE(observations.size(), 1);
        const LinkObservation &o = observations.first();
        QCOMPARE(o.nodeName, node);
        QCOMPARE(o.port, portNumber);
        QCOMPARE(o.throughput.totalGbps, 190.0);
        QCOMPARE(o.retransmitFraction, 0.01);
        QCOMPARE(o.pingLossPercent, 0.5);
        QCOMPARE(o.reportedSpeedMbps, 200000);
        QCOMPARE(o.twinsWithoutCarrier, link().twinsWithoutCarrier);
        QVERIFY(o.pcieKnownFull);
    }

    // Nothing measured: one empty observation carries the probe's facts to the verdict.
    void nothingMeasuredStillCarriesTheFacts()
    {
        const auto observations = linkObservations(link(), {}, {}, 100);
        QCOMPARE(observations.size(), 1);
        QCOMPARE(observations.first().throughput.totalGbps, 0.0);
        QCOMPARE(LinkVerdict::judge(observations, {}).reason, LinkVerdictReason::TwinDown);
    }
};

QTEST_GUILESS_MAIN(TestLinkObservations)
#include "tst_linkobservations.moc"
