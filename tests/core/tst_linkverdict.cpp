// SPDX-License-Identifier: MIT
#include "core/linktest/iperf3parser.h"
#include "core/linktest/linkverdict.h"
#include "core/linktest/portthroughput.h"

#include <QFile>
#include <QTest>

Q_DECLARE_METATYPE(spark::LinkObservation)

using namespace spark;

namespace {

LinkObservation observe(double twin0, double twin1, int speedMbps = 200000, double retransmits = 0, double pingLoss = 0,
                        bool throughSwitch = false)
{
    LinkObservation o;
    o.linkLabel = QStringLiteral("cable 2");
    o.nodeName = QStringLiteral("Spark B");
    o.port = 0;
    o.throughSwitch = throughSwitch;
    o.throughput.twinGbps = {twin0, twin1};
    o.throughput.totalGbps = twin0 + twin1;
    o.reportedSpeedMbps = speedMbps;
    o.retransmitFraction = retransmits;
    o.pingLossPercent = pingLoss;
    return o;
}

QList<LinkSample> samplesFrom(const QString &file, int twin)
{
    QFile f(QStringLiteral(SPARK_FIXTURES_DIR "/linktest/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture");
    Iperf3Parser parser(4);
    auto lines = parser.feed(f.readAll());
    lines += parser.finish();
    return Iperf3Parser::samples(lines, {QStringLiteral("spark-1:0-spark-2:0"), twin, LinkPhase::AToB, true, false});
}

LinkObservation withDown(LinkObservation o, std::initializer_list<const char *> twins)
{
    for (const char *twin : twins)
        o.twinsWithoutCarrier.append(QString::fromUtf8(twin));
    return o;
}

LinkObservation withPcie(LinkObservation o, std::initializer_list<const char *> narrow, bool knownFull)
{
    for (const char *function : narrow)
        o.narrowPcie.append(QString::fromUtf8(function));
    o.pcieKnownFull = knownFull;
    return o;
}

} // namespace

class TestLinkVerdict final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void judge_data()
    {
        QTest::addColumn<LinkObservation>("observation");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("sentence");

        QTest::newRow("NVIDIA's figures pass") << observe(92.57, 97.28) << 1.0 << "pass"
                                               << "Cable 2 reaches 190 Gb/s (184 Gb/s expected).";
        QTest::newRow("one twin idle") << observe(95, 0) << 1.0 << "one-twin-idle"
                                       << "Port 0 of Spark B reaches 95 Gb/s: one twin carries no traffic — both twins must be addressed.";
        QTest::newRow("one twin barely used") << observe(94.6, 20) << 1.0 << "one-twin-idle"
                                              << "Port 0 of Spark B reaches 115 Gb/s: one twin carries no traffic — both twins must be addressed.";
        QTest::newRow("degraded after hot-plug") << observe(6.5, 6.5) << 1.0 << "degraded"
                                                 << "Cable 2 carries 13 Gb/s (6.5 and 6.5 per twin) while the link reports 200G: the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in.";
        QTest::newRow("degraded, 13 Gb/s per twin") << observe(13, 13.2) << 1.0 << "degraded"
                                                    << "Cable 2 carries 26 Gb/s (13 and 13 per twin) while the link reports 200G: the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in.";
        QTest::newRow("degraded, emulated scale") << observe(0.13, 0.13) << 0.01 << "degraded"
                                                  << "Cable 2 carries 0.26 Gb/s (0.13 and 0.13 per twin) while the link reports 200G: the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in.";
        QTest::newRow("degraded, PCIe read at Gen5 x4") << withPcie(observe(12.9, 13.2), {}, true) << 1.0 << "degraded"
                                                        << "Cable 2 carries 26 Gb/s (13 and 13 per twin) while the link reports 200G and PCIe Gen5 x4: the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in.";
        QTest::newRow("30 Gb/s per twin is slow, not the degraded state") << observe(30, 30) << 1.0 << "below-expected"
                                                                           << "Cable 2 reaches 60 Gb/s, 67 % below the 184 Gb/s expected: run the test again with nothing else on the link, and reseat the cable if it stays low.";
        QTest::newRow("one twin idle at a degraded rate") << observe(13, 0) << 1.0 << "one-twin-idle"
                                                          << "Port 0 of Spark B reaches 13 Gb/s: one twin carries no traffic — both twins must be addressed.";
        // A twin without carrier has no negotiated speed: the verdict names the
        // twin that is down, never "negotiated 10G" on the near end.
        QTest::newRow("a twin down on the far end") << withDown(observe(95, 0, 200000), {"enP2p1s0f1np1 on Spark A"}) << 1.0 << "twin-down"
                                                    << "Cable 2 runs on one twin only: enP2p1s0f1np1 on Spark A has no carrier (down), so the link carries half of what it should. Reseat the cable at both ends (pull tab up); if the interface was switched off, switch it on; a restart of both Sparks with the cables in also helps.";
        QTest::newRow("both ends of a twin down") << withDown(observe(95, 0, 0), {"enP2p1s0f1np1 on Spark A", "enP2p1s0f0np0 on Spark B"}) << 1.0 << "twin-down"
                                                  << "Cable 2 runs on one twin only: enP2p1s0f1np1 on Spark A and enP2p1s0f0np0 on Spark B have no carrier (down), so the link carries half of what it should. Reseat the cable at both ends (pull tab up); if the interface was switched off, switch it on; a restart of both Sparks with the cables in also helps.";
        QTest::newRow("no twin has carrier") << withDown(observe(0, 0, 0), {"enp1s0f0np0 on Spark A", "enP2p1s0f0np0 on Spark A", "enp1s0f1np1 on Spark B", "enP2p1s0f1np1 on Spark B"}) << 1.0 << "no-traffic"
                                             << "No twin of cable 2 has carrier (enp1s0f0np0 on Spark A, enP2p1s0f0np0 on Spark A, enp1s0f1np1 on Spark B, enP2p1s0f1np1 on Spark B): plug the cable in at both ends (pull tab up) and switch both Sparks on.";
        QTest::newRow("a twin down and nothing measured") << withDown(observe(0, 0), {"enP2p1s0f1np1 on Spark A"}) << 1.0 << "twin-down"
                                                          << "Cable 2 runs on one twin only: enP2p1s0f1np1 on Spark A has no carrier (down), so the link carries half of what it should. Reseat the cable at both ends (pull tab up); if the interface was switched off, switch it on; a restart of both Sparks with the cables in also helps.";
        QTest::newRow("second controller at PCIe x2") << withPcie(observe(95, 55), {"enP2p1s0f0np0 on Spark B at Gen5 x2"}, false) << 1.0 << "pcie-link"
                                                      << "Cable 2 reaches 150 Gb/s: enP2p1s0f0np0 on Spark B at Gen5 x2, below the PCIe Gen5 x4 each twin needs. Update the firmware and BIOS through the guided update, then reboot.";
        QTest::newRow("x2 that still passes is a pass") << withPcie(observe(95, 95), {"enP2p1s0f0np0 on Spark B at Gen5 x2"}, false) << 1.0 << "pass"
                                                        << "Cable 2 reaches 190 Gb/s (184 Gb/s expected).";
        QTest::newRow("retransmits") << observe(80, 81, 200000, 0.056) << 1.0 << "packet-loss"
                                     << "Packet loss on cable 2: reseat or replace the cable.";
        QTest::newRow("ping loss") << observe(95, 95, 200000, 0, 26.7) << 1.0 << "packet-loss"
                                   << "Packet loss on cable 2: reseat or replace the cable.";
        QTest::newRow("a little loss at full speed still fails") << observe(95, 95, 200000, 0.003) << 1.0 << "packet-loss"
                                                                 << "Packet loss on cable 2: reseat or replace the cable.";
        QTest::newRow("clean retransmit rate") << observe(95, 95, 200000, 0.00002) << 1.0 << "pass"
                                               << "Cable 2 reaches 190 Gb/s (184 Gb/s expected).";
        QTest::newRow("switch at 100G") << observe(48, 47, 100000, 0, 0, true) << 1.0 << "speed-negotiation"
                                        << "Port 0 of Spark B negotiated 100G instead of 200G: set the switch port to 200G (for example 200G-baseCR4) with auto-negotiation off.";
        QTest::newRow("direct cable at 100G") << observe(48, 47, 100000) << 1.0 << "speed-negotiation"
                                              << "Port 0 of Spark B negotiated 100G instead of 200G: use a cable rated for 200 Gb/s or more (an approved QSFP112 DAC) and seat it firmly.";
        QTest::newRow("slightly slow") << observe(88, 90) << 1.0 << "below-expected"
                                       << "Cable 2 reaches 178 Gb/s, 3 % below the 184 Gb/s expected: run the test again with nothing else on the link, and reseat the cable if it stays low.";
        QTest::newRow("nothing crossed") << observe(0, 0) << 1.0 << "no-traffic"
                                         << "No traffic crossed cable 2: check that the cable is plugged in at both ends and that both Sparks have their link addresses.";
        QTest::newRow("emulated pass") << observe(0.95, 0.95) << 0.01 << "pass"
                                       << "Cable 2 reaches 1.9 Gb/s (1.8 Gb/s expected).";
        // The figures a verdict prints differ where the numbers do.
        QTest::newRow("emulated, just below the bar") << observe(0.915, 0.915) << 0.01 << "below-expected"
                                                      << "Cable 2 reaches 1.83 Gb/s, 1 % below the 1.84 Gb/s expected: run the test again with nothing else on the link, and reseat the cable if it stays low.";
        QTest::newRow("emulated, just above the bar") << observe(0.921, 0.921) << 0.01 << "pass"
                                                      << "Cable 2 reaches 1.842 Gb/s (1.840 Gb/s expected).";
        QTest::newRow("slow but speed unknown is not degraded") << observe(6.5, 6.5, 0) << 1.0 << "below-expected"
                                                                << "Cable 2 reaches 13 Gb/s, 93 % below the 184 Gb/s expected: run the test again with nothing else on the link, and reseat the cable if it stays low.";
    }

    void formatGbpsApart_data()
    {
        QTest::addColumn<double>("first");
        QTest::addColumn<double>("second");
        QTest::addColumn<QString>("shownFirst");
        QTest::addColumn<QString>("shownSecond");
        QTest::newRow("apart at the usual precision") << 190.0 << 184.0 << "190" << "184";
        QTest::newRow("the wizard's 1.8 below 1.8") << 1.76 << 1.84 << "1.76" << "1.84";
        QTest::newRow("the quick check's 1.5 below 1.5") << 1.47 << 1.5 << "1.47" << "1.50";
        QTest::newRow("a tenth tells them apart") << 183.6 << 184.0 << "183.6" << "184.0";
        QTest::newRow("below one") << 0.126 << 0.127 << "0.126" << "0.127";
        QTest::newRow("equal: thousandths at most") << 1.5 << 1.5 << "1.500" << "1.500";
    }

    void formatGbpsApart()
    {
        QFETCH(double, first);
        QFETCH(double, second);
        QFETCH(QString, shownFirst);
        QFETCH(QString, shownSecond);
        const auto [a, b] = LinkVerdict::formatGbpsApart(first, second);
        QCOMPARE(a, shownFirst);
        QCOMPARE(b, shownSecond);
    }

    void judge()
    {
        QFETCH(LinkObservation, observation);
        QFETCH(double, scale);
        QFETCH(QString, reason);
        QFETCH(QString, sentence);
        const LinkVerdict verdict = LinkVerdict::judge(observation, LinkExpectation{184, scale});
        QCOMPARE(LinkVerdict::reasonKey(verdict.reason), reason);
        QCOMPARE(verdict.pass, reason == u"pass");
        QCOMPARE(verdict.sentence, sentence);
        QCOMPARE(LinkVerdict::reasonFromKey(reason), verdict.reason);
    }

    void theFirstFailingDirectionDecides()
    {
        const QList<LinkObservation> all{observe(95, 95), observe(95, 0), observe(6, 6)};
        QCOMPARE(LinkVerdict::judge(all, {}).reason, LinkVerdictReason::OneTwinIdle);
        const LinkVerdict pass = LinkVerdict::judge(QList<LinkObservation>{observe(96, 96), observe(93, 93)}, {});
        QVERIFY(pass.pass);
        QCOMPARE(pass.sentence, QStringLiteral("Cable 2 reaches 186 Gb/s (184 Gb/s expected)."));
        QVERIFY(!LinkVerdict::judge(QList<LinkObservation>{}, {}).pass);
    }

    // Real emulated-cluster runs end to end: parse, aggregate, judge.
    void fromFixtures_data()
    {
        QTest::addColumn<QString>("twin0");
        QTest::addColumn<QString>("twin1");
        QTest::addColumn<double>("retransmitFraction");
        QTest::addColumn<QString>("reason");
        QTest::newRow("both twins") << "sparklab-iperf3-twin0-P4.txt" << "sparklab-iperf3-twin1-P4.txt" << 0.0 << "pass";
        QTest::newRow("only twin 0 addressed") << "sparklab-iperf3-twin0-P4.txt" << QString() << 0.0 << "one-twin-idle";
        QTest::newRow("degraded twin 0, twin 0 again as twin 1")
            << "sparklab-iperf3-degraded-P4.txt" << "sparklab-iperf3-degraded-P4.txt" << 0.04 << "degraded";
        // 12787 retransmits over 332 MBytes of 1448-byte segments: 5.6 %
        QTest::newRow("5% loss") << "sparklab-iperf3-loss5-P4.txt" << "sparklab-iperf3-twin1-P4.txt"
                                 << 12787.0 / (332.0 * 1048576 / 1448) << "packet-loss";
    }

    void fromFixtures()
    {
        QFETCH(QString, twin0);
        QFETCH(QString, twin1);
        QFETCH(double, retransmitFraction);
        QFETCH(QString, reason);
        QList<LinkSample> samples = samplesFrom(twin0, 0);
        if (!twin1.isEmpty())
            samples += samplesFrom(twin1, 1);
        const QList<PortThroughput> ports = PortThroughput::fromSamples(samples);
        QCOMPARE(ports.size(), 1);
        LinkObservation o = observe(0, 0);
        o.throughput = ports.first();
        o.retransmitFraction = retransmitFraction;
        QCOMPARE(LinkVerdict::reasonKey(LinkVerdict::judge(o, LinkExpectation{184, 0.01}).reason), reason);
    }
};

QTEST_APPLESS_MAIN(TestLinkVerdict)
#include "tst_linkverdict.moc"
