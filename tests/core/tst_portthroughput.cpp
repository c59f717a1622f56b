// SPDX-License-Identifier: MIT
#include "core/linktest/portthroughput.h"

#include <QTest>

using namespace spark;

namespace {
LinkSample sample(double seconds, int twin, double gbps, LinkDirection direction = LinkDirection::AToB,
                  const QString &link = QStringLiteral("l1"))
{
    LinkSample s;
    s.seconds = seconds;
    s.link = link;
    s.twin = twin;
    s.phase = direction == LinkDirection::AToB ? LinkPhase::AToB : LinkPhase::BToA;
    s.direction = direction;
    s.gbps = gbps;
    return s;
}
} // namespace

class TestPortThroughput final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void meansSkipTheWarmUpSample()
    {
        const QList<LinkSample> samples{sample(1, 0, 40), sample(1.01, 1, 30), sample(2, 0, 94), sample(2.01, 1, 96),
                                        sample(3, 0, 96), sample(3.01, 1, 98)};
        const auto ports = PortThroughput::fromSamples(samples);
        QCOMPARE(ports.size(), 1);
        QCOMPARE(ports.first().twinGbps[0], 95.0);
        QCOMPARE(ports.first().twinGbps[1], 97.0);
        QCOMPARE(ports.first().twinSamples[0], 2);
        QCOMPARE(ports.first().totalGbps, 192.0);
    }

    void shortRunsKeepEverySample()
    {
        const auto ports = PortThroughput::fromSamples({sample(1, 0, 90), sample(2, 0, 94)});
        QCOMPARE(ports.first().twinGbps[0], 92.0);
        QCOMPARE(ports.first().twinGbps[1], 0.0);
        QCOMPARE(ports.first().twinSamples[1], 0);
    }

    void directionsAndLinksAreSeparate()
    {
        const auto ports = PortThroughput::fromSamples({sample(1, 0, 90), sample(1, 0, 50, LinkDirection::BToA),
                                                        sample(1, 1, 10, LinkDirection::AToB, QStringLiteral("l2")),
                                                        sample(1, LinkSample::wholePort, 999)});
        QCOMPARE(ports.size(), 3);
        QCOMPARE(ports.at(1).direction, LinkDirection::BToA);
        QCOMPARE(ports.at(1).totalGbps, 50.0);
        QCOMPARE(ports.at(2).link, QStringLiteral("l2"));
        QCOMPARE(ports.at(2).twinGbps[1], 10.0);
    }

    void portTotalsAddTwinsPerSecond()
    {
        // iperf3's interval ends drift (2.01, 3.00); both land in their second.
        const auto totals = PortThroughput::portTotals({sample(1.0, 0, 90), sample(1.0, 1, 91), sample(2.01, 0, 92),
                                                        sample(2.0, 1, 93), sample(3.0, 0, 94)});
        QCOMPARE(totals.size(), 3);
        QCOMPARE(totals.at(0).gbps, 181.0);
        QCOMPARE(totals.at(0).twin, LinkSample::wholePort);
        QCOMPARE(totals.at(1).gbps, 185.0);
        QCOMPARE(totals.at(1).seconds, 2.0);
        QCOMPARE(totals.at(2).gbps, 94.0);
    }
};

QTEST_APPLESS_MAIN(TestPortThroughput)
#include "tst_portthroughput.moc"
