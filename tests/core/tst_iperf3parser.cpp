// SPDX-License-Identifier: MIT
#include "core/linktest/iperf3parser.h"

#include <QFile>
#include <QTest>

using namespace spark;

namespace {

QByteArray fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/linktest/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

// Feeds the output in chunks of chunkSize bytes (0: all at once), as a stream would.
QList<Iperf3Line> parseAll(Iperf3Parser &parser, const QByteArray &data, int chunkSize)
{
    QList<Iperf3Line> lines;
    if (chunkSize <= 0) {
        lines += parser.feed(data);
    } else {
        for (qsizetype at = 0; at < data.size(); at += chunkSize)
            lines += parser.feed(data.mid(at, chunkSize));
    }
    lines += parser.finish();
    return lines;
}

QList<double> totals(const QList<Iperf3Line> &lines, const QString &role = {})
{
    QList<double> values;
    for (const Iperf3Line &line : lines) {
        if (line.isTotal && line.kind == Iperf3Line::Kind::Interval && line.role == role)
            values.append(line.gbps);
    }
    return values;
}

const Iperf3Line *final(const QList<Iperf3Line> &lines, Iperf3Line::Kind kind, const QString &role = {})
{
    for (const Iperf3Line &line : lines) {
        if (line.kind == kind && line.isTotal && line.role == role)
            return &line;
    }
    return nullptr;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9 + 1e-9 * std::abs(b);
}

} // namespace

class TestIperf3Parser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void liveTotals_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("streams");
        QTest::addColumn<int>("chunk");
        QTest::addColumn<QList<double>>("expected");
        QTest::addColumn<double>("sender");
        QTest::addColumn<double>("receiver");
        QTest::addColumn<int>("retransmits");

        const QList<double> p4{8.437, 11.641, 10.447};
        QTest::newRow("P4 Mbit/s whole") << "iperf3-3.12-P4-mbits.txt" << 4 << 0 << p4 << 10.174 << 10.155 << 50;
        QTest::newRow("P4 Mbit/s byte by byte") << "iperf3-3.12-P4-mbits.txt" << 4 << 1 << p4 << 10.174 << 10.155 << 50;
        QTest::newRow("P4 Mbit/s 7-byte chunks, streams counted") << "iperf3-3.12-P4-mbits.txt" << 0 << 7 << p4 << 10.174 << 10.155 << 50;
        QTest::newRow("P1 Gbit/s: the only stream is the total")
            << "iperf3-3.12-P1-gbits.txt" << 1 << 0 << QList<double>{10.2, 8.31, 12.0} << 10.2 << 10.2 << 6;
        QTest::newRow("P1 counted") << "iperf3-3.12-P1-gbits.txt" << 0 << 13 << QList<double>{10.2, 8.31, 12.0} << 10.2 << 10.2 << 6;
        QTest::newRow("P2 reverse") << "iperf3-3.12-P2-reverse-gbits.txt" << 2 << 0 << QList<double>{10.8, 10.1} << 10.5 << 10.5 << 51;
        QTest::newRow("server side drops the zero-length interval")
            << "iperf3-3.12-server-oneoff-gbits.txt" << 0 << 5 << QList<double>{5.72, 6.00} << -1.0 << 5.88 << -1;
        QTest::newRow("sparklab twin 0") << "sparklab-iperf3-twin0-P4.txt" << 4 << 0 << QList<double>{1.003, 0.957, 0.985} << 0.982 << 0.956 << 0;
        QTest::newRow("sparklab 5% loss") << "sparklab-iperf3-loss5-P4.txt" << 4 << 0 << QList<double>{0.964, 0.906, 0.911} << 0.927 << 0.908 << 12787;
        QTest::newRow("sparklab degraded") << "sparklab-iperf3-degraded-P4.txt" << 4 << 0 << QList<double>{0.156, 0.128, 0.124} << 0.136 << 0.124 << 1427;
    }

    void liveTotals()
    {
        QFETCH(QString, file);
        QFETCH(int, streams);
        QFETCH(int, chunk);
        QFETCH(QList<double>, expected);
        QFETCH(double, sender);
        QFETCH(double, receiver);
        QFETCH(int, retransmits);

        Iperf3Parser parser(streams);
        const QList<Iperf3Line> lines = parseAll(parser, fixture(file), chunk);
        const QList<double> got = totals(lines);
        QCOMPARE(got.size(), expected.size());
        for (qsizetype i = 0; i < got.size(); ++i)
            QVERIFY2(near(got.at(i), expected.at(i)), qPrintable(QString::number(got.at(i))));
        const Iperf3Line *sent = final(lines, Iperf3Line::Kind::Sender);
        if (sender < 0) {
            QVERIFY(!sent);
        } else {
            QVERIFY(sent);
            QVERIFY(near(sent->gbps, sender));
            QCOMPARE(sent->retransmits, retransmits);
        }
        const Iperf3Line *received = final(lines, Iperf3Line::Kind::Receiver);
        QVERIFY(received);
        QVERIFY(near(received->gbps, receiver));
        QCOMPARE(received->retransmits, -1);
        QVERIFY(parser.errors().isEmpty());
    }

    void bidirectionalSplitsByRole()
    {
        Iperf3Parser parser(2);
        const QList<Iperf3Line> lines = parseAll(parser, fixture(QStringLiteral("iperf3-3.12-P2-bidir-gbits.txt")), 11);
        QCOMPARE(totals(lines, QStringLiteral("TX-C")), (QList<double>{3.74, 3.19}));
        QCOMPARE(totals(lines, QStringLiteral("RX-C")), (QList<double>{8.34, 9.93}));
        QVERIFY(near(final(lines, Iperf3Line::Kind::Sender, QStringLiteral("RX-C"))->gbps, 9.16));

        // The client on end B: its TX is B→A, its RX is A→B.
        const auto samples = Iperf3Parser::samples(lines, {QStringLiteral("l"), 1, LinkPhase::Both, false, false});
        QCOMPARE(samples.size(), 4);
        QCOMPARE(samples.at(0).direction, LinkDirection::BToA);
        QCOMPARE(samples.at(0).gbps, 3.74);
        QCOMPARE(samples.at(1).direction, LinkDirection::AToB);
        QCOMPARE(samples.at(1).twin, 1);
        QCOMPARE(samples.at(1).phase, LinkPhase::Both);
        QCOMPARE(samples.at(3).seconds, 2.0);
    }

    void perStreamLines()
    {
        const auto line = Iperf3Parser::parseLine(u"[  7]   1.00-2.01   sec   348 MBytes  2908 Mbits/sec    0    767 KBytes       ");
        QVERIFY(line);
        QCOMPARE(line->stream, 7);
        QCOMPARE(line->start, 1.0);
        QCOMPARE(line->end, 2.01);
        QCOMPARE(line->bytes, 348.0 * 1024 * 1024);
        QVERIFY(near(line->gbps, 2.908));
        QCOMPARE(line->retransmits, 0);
        QVERIFY(!line->isTotal);
        QVERIFY(!Iperf3Parser::parseLine(u"[ ID] Interval           Transfer     Bitrate         Retr  Cwnd"));
        QVERIFY(!Iperf3Parser::parseLine(u"- - - - - - - - - - - - - - - - - - - - - - - - -"));
    }

    void reverseClientSamplesFlowTowardsIt()
    {
        Iperf3Parser parser(2);
        const auto lines = parseAll(parser, fixture(QStringLiteral("iperf3-3.12-P2-reverse-gbits.txt")), 0);
        const auto samples = Iperf3Parser::samples(lines, {QStringLiteral("l"), 0, LinkPhase::BToA, true, true});
        QCOMPARE(samples.size(), 2);
        QCOMPARE(samples.at(0).direction, LinkDirection::BToA);
        QCOMPARE(samples.at(1).gbps, 10.1);
    }

    void errorsAreCollected()
    {
        Iperf3Parser parser(2);
        QVERIFY(parseAll(parser, fixture(QStringLiteral("iperf3-3.12-refused.txt")), 0).isEmpty());
        QCOMPARE(parser.errors(), QStringList{QStringLiteral("unable to connect to server: Connection refused")});
    }

    void jsonSummary_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<bool>("bidirectional");
        QTest::newRow("P2") << "iperf3-3.12-P2.json" << true << false;
        QTest::newRow("bidir") << "iperf3-3.12-P2-bidir.json" << true << true;
        QTest::newRow("refused") << "iperf3-3.12-refused.json" << false << false;
        QTest::newRow("text is not JSON") << "iperf3-3.12-P1-gbits.txt" << false << false;
    }

    void jsonSummary()
    {
        QFETCH(QString, file);
        QFETCH(bool, ok);
        QFETCH(bool, bidirectional);
        const auto summary = Iperf3Parser::parseJson(fixture(file));
        QCOMPARE(summary.hasValue(), ok);
        if (!ok) {
            QVERIFY(!summary.error().message.isEmpty());
            return;
        }
        QCOMPARE(summary->bidirectional, bidirectional);
        QVERIFY(summary->sentGbps > 1);
        QVERIFY(summary->receivedGbps > 1);
        QVERIFY(summary->sentBytes > 1e8);
        if (bidirectional)
            QVERIFY(summary->reverseSentGbps > 1);
    }

    void jsonFiguresMatchTheFile()
    {
        const auto summary = Iperf3Parser::parseJson(fixture(QStringLiteral("iperf3-3.12-P2.json")));
        QVERIFY(summary);
        QVERIFY(near(summary->sentGbps, 13.420703334429056));
        QCOMPARE(summary->sentBytes, 3358064640.0);
        QCOMPARE(summary->retransmits, 0);
    }
};

QTEST_APPLESS_MAIN(TestIperf3Parser)
#include "tst_iperf3parser.moc"
