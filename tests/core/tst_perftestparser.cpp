// SPDX-License-Identifier: MIT
#include "core/linktest/perftestparser.h"
#include "core/linktest/pingparser.h"
#include "core/linktest/serverstart.h"

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

template<typename Parser>
auto parseChunked(Parser &parser, const QByteArray &data, int chunk)
{
    decltype(parser.finish()) rows;
    for (qsizetype at = 0; at < data.size(); at += chunk)
        rows += parser.feed(data.mid(at, chunk));
    rows += parser.finish();
    return rows;
}

} // namespace

// ib_write_bw, ib_write_lat and ping: the streaming table and line parsers.
class TestPerftestParser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bandwidthRows_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QList<double>>("averages");
        QTest::addColumn<double>("firstPeak");
        QTest::addColumn<int>("errors");
        QTest::newRow("DGX Spark report") << "dgx-spark-ib_write_bw-report.txt" << QList<double>{111.71} << 111.72 << 0;
        QTest::newRow("DGX Spark run_infinitely") << "dgx-spark-ib_write_bw-run-infinitely.txt" << QList<double>{92.57} << 0.0 << 0;
        QTest::newRow("sparklab -D 3") << "sparklab-ib_write_bw-client-D3.txt" << QList<double>{0.95} << 0.96 << 0;
        QTest::newRow("sparklab run_infinitely, server") << "sparklab-ib_write_bw-server-infinite.txt"
                                                         << QList<double>{0.95, 0.95, 0.95} << 0.0 << 0;
        QTest::newRow("sparklab run_infinitely, client with the stand-in's traceback")
            << "sparklab-ib_write_bw-client-infinite.txt" << QList<double>{0.97, 0.97, 0.95, 0.92} << 0.0 << 2;
    }

    void bandwidthRows()
    {
        QFETCH(QString, file);
        QFETCH(QList<double>, averages);
        QFETCH(double, firstPeak);
        QFETCH(int, errors);
        for (int chunk : {1, 9, 100000}) {
            PerftestParser parser;
            const auto rows = parseChunked(parser, fixture(file), chunk);
            QList<double> got;
            for (const PerftestRow &row : rows) {
                QCOMPARE(row.kind, PerftestRow::Kind::Bandwidth);
                QCOMPARE(row.messageBytes, 65536);
                got.append(row.averageGbps);
            }
            QCOMPARE(got, averages);
            QCOMPARE(rows.first().peakGbps, firstPeak);
            QCOMPARE(parser.errors().size(), errors);
        }
    }

    // A detached() start script's output: each twin's server output tagged
    // "tN ", "tN exit CODE" for one that ended.
    void serverStart_data()
    {
        QTest::addColumn<QByteArray>("twin0"); // server output (empty: still silent)
        QTest::addColumn<QByteArray>("twin1");
        QTest::addColumn<bool>("ready0");
        QTest::addColumn<bool>("ready1");
        QTest::addColumn<QString>("firstError");
        const QByteArray listening = fixture(QStringLiteral("sparklab-ib_write_bw-server-infinite.txt"));
        // The stand-in's messages, as perftest prints them, for a device that is
        // not there and a GID index that is not a RoCE IPv4 one.
        const QByteArray noDevice = " IB device rocep9s0f0 not found\n Unable to find the Infiniband/RoCE device\nexit 1\n";
        const QByteArray badGid = " Failed to modify QP to RTR\n Unable to Connect the HCA's through the link (GID index 2 on "
                                  "rocep1s0f0 is not a RoCE IPv4 GID)\nexit 1\n";
        QTest::newRow("both listen") << listening << listening << true << true << "";
        QTest::newRow("no such device") << listening << noDevice << true << false << "IB device rocep9s0f0 not found";
        QTest::newRow("wrong GID index") << badGid << listening << false << true << "Failed to modify QP to RTR";
        QTest::newRow("one still silent") << listening << QByteArray() << true << false << "";
    }

    void serverStart()
    {
        QFETCH(QByteArray, twin0);
        QFETCH(QByteArray, twin1);
        QFETCH(bool, ready0);
        QFETCH(bool, ready1);
        QFETCH(QString, firstError);
        QByteArray output;
        for (const auto &[twin, text] : {std::pair{0, twin0}, std::pair{1, twin1}}) {
            for (const QByteArray &line : text.split('\n')) {
                if (!line.isEmpty())
                    output += "t" + QByteArray::number(twin) + " " + line + "\n";
            }
        }
        const PerftestServerStart start = PerftestServerStart::parse(output);
        QCOMPARE(start.ready[0], ready0);
        QCOMPARE(start.ready[1], ready1);
        QCOMPARE(start.allReady(), ready0 && ready1);
        QCOMPARE(start.errors.isEmpty() ? QString() : start.errors.constFirst(), firstError);
    }

    void megabytesAreConverted()
    {
        PerftestParser parser;
        const auto rows = parser.feed(" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n"
                                      " 65536      5000             11000.00            10000.00  \t\t   0.160000\n");
        QCOMPARE(rows.size(), 1);
        QVERIFY(std::abs(rows.first().averageGbps - 10000 * 1048576.0 * 8 / 1e9) < 1e-9);
    }

    void rowsBeforeAHeaderAreIgnored()
    {
        PerftestParser parser;
        QVERIFY(parser.feed(" 65536      882805           0.00               92.57                0.176554\n").isEmpty());
    }

    void samplesAreNumberedByInterval()
    {
        PerftestParser parser;
        const auto rows = parseChunked(parser, fixture(QStringLiteral("sparklab-ib_write_bw-client-infinite.txt")), 64);
        const auto samples = PerftestParser::samples(rows, {QStringLiteral("l"), 1, LinkPhase::BToA, LinkDirection::BToA, 1.0}, 2);
        QCOMPARE(samples.size(), 4);
        QCOMPARE(samples.first().seconds, 3.0);
        QCOMPARE(samples.last().seconds, 6.0);
        QCOMPARE(samples.last().twin, 1);
        QCOMPARE(samples.last().direction, LinkDirection::BToA);
        QCOMPARE(samples.first().gbps, 0.97);
    }

    void latencyRow()
    {
        PerftestParser parser;
        const auto rows = parseChunked(parser, fixture(QStringLiteral("sparklab-ib_write_lat-client.txt")), 17);
        QCOMPARE(rows.size(), 1);
        const PerftestRow &row = rows.first();
        QCOMPARE(row.kind, PerftestRow::Kind::Latency);
        QCOMPARE(row.messageBytes, 2);
        QCOMPARE(row.iterations, 200);
        QCOMPARE(row.minUs, 11.96);
        QCOMPARE(row.maxUs, 511.52);
        QCOMPARE(row.typicalUs, 12.12);
        QCOMPARE(row.averageUs, 25.59);
        QCOMPARE(row.p99Us, 446.06);
        QCOMPARE(row.p999Us, 511.52);
    }

    void ping_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("replies");
        QTest::addColumn<int>("transmitted");
        QTest::addColumn<double>("loss");
        QTest::addColumn<double>("avgMs");
        QTest::addColumn<int>("errors");
        QTest::newRow("loopback") << "ping-loopback.txt" << 5 << 5 << 0.0 << 0.062 << 0;
        QTest::newRow("unreachable") << "ping-all-lost.txt" << 0 << 5 << 100.0 << -1.0 << 2;
        QTest::newRow("sparklab twin") << "sparklab-ping-twin0.txt" << 5 << 5 << 0.0 << 0.067 << 0;
        QTest::newRow("sparklab 20% loss") << "sparklab-ping-loss20.txt" << 11 << 15 << 26.6667 << 0.090 << 0;
    }

    void ping()
    {
        QFETCH(QString, file);
        QFETCH(int, replies);
        QFETCH(int, transmitted);
        QFETCH(double, loss);
        QFETCH(double, avgMs);
        QFETCH(int, errors);
        PingParser parser;
        const auto got = parseChunked(parser, fixture(file), 5);
        QCOMPARE(got.size(), replies);
        QVERIFY(parser.summary());
        QCOMPARE(parser.summary()->transmitted, transmitted);
        QCOMPARE(parser.summary()->received, replies);
        QCOMPARE(parser.summary()->lossPercent, loss);
        QCOMPARE(parser.summary()->hasRtt, avgMs >= 0);
        if (avgMs >= 0)
            QCOMPARE(parser.summary()->avgMs, avgMs);
        QCOMPARE(parser.errors().size(), errors);
        QCOMPARE(parser.summary()->errors, errors);
    }

    void pingRepliesStreamBeforeTheSummary()
    {
        PingParser parser;
        QCOMPARE(parser.feed("64 bytes from 10.200.0.2: icmp_seq=3 ttl=64 time=0.071 ms\n64 bytes").size(), 1);
        QVERIFY(!parser.summary());
        const auto rest = parser.feed(" from 10.200.0.2: icmp_seq=4 ttl=64 time=0.131 ms\n");
        QCOMPARE(rest.size(), 1);
        QCOMPARE(rest.first().sequence, 4);
        QCOMPARE(rest.first().rttMs, 0.131);
    }
};

QTEST_APPLESS_MAIN(TestPerftestParser)
#include "tst_perftestparser.moc"
