// SPDX-License-Identifier: MIT
// The NCCL test's pure parts: nccl-tests' output, the prerequisites script's
// answer, mpirun's command and the verdict.
#include "core/nccl/ncclprerequisites.h"
#include "core/nccl/nccltestoutput.h"
#include "core/nccl/nccltestplan.h"
#include "core/nccl/nccltestrun.h"
#include "core/nccl/nccltestverdict.h"
#include "tests/support/fixtures.h"

#include <QTest>

Q_DECLARE_METATYPE(spark::NcclObservation)

using namespace spark;
using namespace spark::test;

namespace {

NcclTestOutput read(const QString &text)
{
    NcclTestOutput output;
    for (const QString &line : text.split(QLatin1Char('\n')))
        output.feedLine(line);
    return output;
}

NcclNodeReadiness readyNode(const QString &name, const QString &version = QStringLiteral("2.28.9"))
{
    NcclNodeReadiness node;
    node.node = name;
    node.home = QStringLiteral("/home/nvidia");
    node.cudaVersion = QStringLiteral("13.0");
    node.mpirunVersion = QStringLiteral("4.1.4");
    node.mpiHeaders = true;
    node.ncclVersion = version;
    node.ncclLibrary = true;
    node.allGatherPerf = true;
    node.allReducePerf = true;
    return node;
}

NcclObservation healthy(double busbw)
{
    NcclObservation o;
    o.finished = true;
    o.rows = 1;
    o.busbwGBps = busbw;
    o.largestBytes = 16LL << 30;
    o.network = QStringLiteral("IB");
    o.ncclVersions = strings({"spark-1 2.28.9", "spark-2 2.28.9"});
    return o;
}

} // namespace

class TestNcclTest final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void output_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QList<qint64>>("sizes");
        QTest::addColumn<double>("largestBusbw");
        QTest::addColumn<double>("average"); // -1: none
        QTest::addColumn<bool>("wrong");
        QTest::addColumn<QString>("network");
        QTest::addColumn<QString>("version");
        QTest::addColumn<QStringList>("hosts");
        QTest::addColumn<int>("failures");
        QTest::newRow("DGX Spark 16G tail") << "dgx-spark-all_gather-16G-tail.txt" << QList<qint64>{4294967296} << 22.46
                                            << 21.4033 << false << QString() << QString() << QStringList() << 0;
        QTest::newRow("two Sparks, NCCL INFO") << "two-sparks-all_gather-info.txt" << QList<qint64>{17179869184} << 21.92
                                               << 21.8959 << false << "IB" << "2.28.9" << strings({"spark-1", "spark-2"}) << 0;
        QTest::newRow("socket fall-back") << "socket-fallback.txt" << QList<qint64>{17179869184} << 1.13 << 1.12517 << false
                                          << "Socket" << "2.28.9" << strings({"spark-1", "spark-2"}) << 0;
        QTest::newRow("older nccl-tests: no root, error column")
            << "older-nccl-tests-error-column.txt" << QList<qint64>{8388608, 16777216} << 12.24 << 12.0775 << true << QString()
            << QString() << QStringList() << 0;
        QTest::newRow("unchecked rows, then wrong elements")
            << "unchecked-and-wrong.txt" << QList<qint64>{1048576, 2097152} << 0.12 << 0.12 << true << QString() << QString()
            << QStringList() << 0;
        QTest::newRow("mpirun cannot reach a node") << "mpirun-unreachable-node.txt" << QList<qint64>{} << -1.0 << -1.0 << false
                                                    << QString() << QString() << QStringList() << 2;
    }

    void output()
    {
        QFETCH(QString, file);
        QFETCH(QList<qint64>, sizes);
        QFETCH(double, largestBusbw);
        QFETCH(double, average);
        QFETCH(bool, wrong);
        QFETCH(QString, network);
        QFETCH(QString, version);
        QFETCH(QStringList, hosts);
        QFETCH(int, failures);
        const QString text = readFixture(QStringLiteral("nccl/") + file);
        QVERIFY(!text.isEmpty());
        // CRLF line ends read the same.
        for (const QString &variant : {text, QString(text).replace(QLatin1Char('\n'), QLatin1String("\r\n"))}) {
            const NcclTestOutput output = read(variant);
            QList<qint64> seen;
            for (const NcclSizeRow &row : output.rows())
                seen << row.bytes;
            QCOMPARE(seen, sizes);
            if (largestBusbw < 0)
                QVERIFY(!output.largestSizeBusbw());
            else
                QCOMPARE(*output.largestSizeBusbw(), largestBusbw);
            if (average < 0)
                QVERIFY(!output.averageBusBandwidth());
            else
                QCOMPARE(*output.averageBusBandwidth(), average);
            QCOMPARE(output.anyWrong(), wrong);
            QCOMPARE(output.network(), network);
            QCOMPARE(output.ncclVersion(), version);
            QCOMPARE(output.rankHosts(), hosts);
            QCOMPARE(output.failureLines().size(), failures);
            QVERIFY2(output.unreadLines().isEmpty(), qPrintable(output.unreadLines().join(QLatin1Char('\n'))));
        }
    }

    void rows_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("isRow");
        QTest::addColumn<double>("busbw");
        QTest::addColumn<qint64>("wrong");
        QTest::newRow("nccl-tests 2.x") << "  4294967296     536870912     float    none      -1  96986.7   44.28   22.14       0  95610.9   44.92   22.46       0"
                                        << true << 22.46 << qint64(0);
        QTest::newRow("all_reduce, sum") << "     8388608       2097152     float     sum      -1    760.9   11.02   22.05      0    758.2   11.06   22.13      0"
                                         << true << 22.13 << qint64(0);
        QTest::newRow("wrong elements") << "     8388608       2097152     float     sum      -1    760.9   11.02   22.05      3    758.2   11.06   22.13      1"
                                        << true << 22.13 << qint64(4);
        QTest::newRow("a column missing") << "  4294967296     536870912     float    none  96986.7   44.28   22.14       0  95610.9   44.92   22.46       0 7"
                                          << false << 0.0 << qint64(0);
        QTest::newRow("negative time") << "     8388608       2097152     float     sum      -1   -760.9   11.02   22.05      0    758.2   11.06   22.13      0"
                                       << false << 0.0 << qint64(0);
        QTest::newRow("nan bandwidth") << "     8388608       2097152     float     sum      -1    760.9     nan   22.05      0    758.2   11.06   22.13      0"
                                       << false << 0.0 << qint64(0);
        QTest::newRow("a number for the type") << "     8388608       2097152     4     sum      -1    760.9   11.02   22.05      0    758.2   11.06   22.13      0"
                                               << false << 0.0 << qint64(0);
        QTest::newRow("too many columns") << "  4294967296     536870912     float    none      -1  96986.7   44.28   22.14       0  95610.9   44.92   22.46       0  1  2"
                                          << false << 0.0 << qint64(0);
        QTest::newRow("empty") << "" << false << 0.0 << qint64(0);
    }

    void rows()
    {
        QFETCH(QString, line);
        QFETCH(bool, isRow);
        QFETCH(double, busbw);
        QFETCH(qint64, wrong);
        const auto row = NcclTestOutput::parseRow(line);
        QCOMPARE(bool(row), isRow);
        if (row) {
            QCOMPARE(row->busbwGBps(), busbw);
            QCOMPARE(row->wrong(), wrong);
        }
        // A line that looks like a row but is not one is named, never taken.
        NcclTestOutput output;
        output.feedLine(line);
        QCOMPARE(output.rows().size(), isRow ? 1 : 0);
        QCOMPARE(output.unreadLines().size(), !isRow && !line.isEmpty() ? 1 : 0);
    }

    void prerequisites_data()
    {
        QTest::addColumn<QString>("output");
        QTest::addColumn<bool>("parses");
        QTest::addColumn<QStringList>("problemStarts");
        const QString ready = QStringLiteral("home /home/nvidia\ncuda 13.0\nmpirun 4.1.4\nmpi-headers yes\nnccl 2.28.9\n"
                                             "nccl-library yes\nall_gather_perf yes\nall_reduce_perf yes\n");
        QTest::newRow("everything there") << ready << true << QStringList();
        QTest::newRow("no Open MPI") << QString(ready).replace(QLatin1String("mpirun 4.1.4"), QLatin1String("mpirun -"))
                                     << true << strings({"spark-2 has no Open MPI"});
        QTest::newRow("mpirun, no mpi.h") << QString(ready).replace(QLatin1String("mpi-headers yes"), QLatin1String("mpi-headers no"))
                                          << true << strings({"spark-2 lacks Open MPI's development files"});
        QTest::newRow("nothing of NVIDIA's")
            << QStringLiteral("home /home/nvidia\ncuda -\nmpirun -\nmpi-headers no\nnccl -\nnccl-library no\n"
                              "all_gather_perf no\nall_reduce_perf no\n")
            << true
            << strings({"spark-2 has no CUDA toolkit", "spark-2 has no Open MPI", "spark-2 has no NCCL build",
                        "spark-2 has no nccl-tests"});
        QTest::newRow("a version that is not one")
            << QString(ready).replace(QLatin1String("nccl 2.28.9"), QLatin1String("nccl ..")) << true
            << strings({"spark-2 has no NCCL build"});
        QTest::newRow("cut short") << ready.left(60) << false << QStringList();
        QTest::newRow("no home") << QString(ready).replace(QLatin1String("home /home/nvidia"), QLatin1String("home ~"))
                                 << false << QStringList();
    }

    void prerequisites()
    {
        QFETCH(QString, output);
        QFETCH(bool, parses);
        QFETCH(QStringList, problemStarts);
        const auto readiness = NcclPrerequisites::parse(output.toUtf8(), QStringLiteral("spark-2"));
        QCOMPARE(bool(readiness), parses);
        if (!readiness) {
            QVERIFY(readiness.error().message.contains(QLatin1String("spark-2")));
            return;
        }
        const QStringList problems = NcclPrerequisites::problems(*readiness);
        QCOMPARE(problems.size(), problemStarts.size());
        for (qsizetype i = 0; i < problems.size(); ++i)
            QVERIFY2(problems.at(i).startsWith(problemStarts.at(i)), qPrintable(problems.at(i)));
    }

    void bytes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes"); // -1: refused
        QTest::newRow("16G") << "16G" << (qint64(16) << 30);
        QTest::newRow("512M") << "512M" << (qint64(512) << 20);
        QTest::newRow("lower case k") << "64k" << qint64(65536);
        QTest::newRow("plain") << "1048576" << qint64(1048576);
        QTest::newRow("over 64G") << "65G" << qint64(-1);
        QTest::newRow("a unit nccl-tests lacks") << "1T" << qint64(-1);
        QTest::newRow("a shell word") << "1M;reboot" << qint64(-1);
        QTest::newRow("negative") << "-1" << qint64(-1);
    }

    void bytes()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        const auto parsed = NcclTestPlan::parseBytes(text);
        QCOMPARE(parsed.value_or(-1), bytes);
    }

    void mpirunCommandIsNvidiasRun()
    {
        const NcclTestRequest request; // NVIDIA's: all_gather_perf -b 16G -e 16G -f 2
        const auto variables = NcclTestPlan::runVariables(NcclEnvironment::variables(ClusterLayout::Ring3, 3), readyNode(QStringLiteral("spark-1")));
        const auto command = NcclTestPlan::mpirunCommand(request, strings({"10.0.0.11", "spark-2.local", "10.0.0.13"}), variables,
                                                         readyNode(QStringLiteral("spark-1")));
        QVERIFY2(command, qPrintable(command ? QString() : command.error().message));
        const QString joined = command->join(QLatin1Char(' '));
        QVERIFY2(joined.startsWith(QLatin1String("mpirun -np 3 -H 10.0.0.11:1,spark-2.local:1,10.0.0.13:1 --mca plm_rsh_agent ")), qPrintable(joined));
        QVERIFY(command->contains(QLatin1String("ssh -o BatchMode=yes")));
        for (const char *expected : {"NCCL_IB_HCA=rocep1s0f0,rocep1s0f1,roceP2p1s0f0,roceP2p1s0f1", "NCCL_IB_MERGE_NICS=0",
                                     "NCCL_NET_PLUGIN=none", "NCCL_IB_GID_INDEX=3", "NCCL_SOCKET_IFNAME=enP7s7",
                                     "OMPI_MCA_btl_tcp_if_include=enP7s7", "UCX_NET_DEVICES=enP7s7", "NCCL_DEBUG=INFO",
                                     "LD_LIBRARY_PATH=/home/nvidia/nccl/build/lib:/usr/local/cuda/lib64"}) {
            const qsizetype at = command->indexOf(QLatin1String(expected));
            QVERIFY2(at > 0 && command->at(at - 1) == QLatin1String("-x"), expected);
        }
        QVERIFY2(joined.endsWith(QLatin1String("/home/nvidia/nccl-tests/build/all_gather_perf -b 17179869184 -e 17179869184 -f 2 -g 1 -n 20 -w 5")),
                 qPrintable(joined));
    }

    void mpirunCommandRefuses_data()
    {
        QTest::addColumn<QStringList>("hosts");
        QTest::addColumn<qint64>("minBytes");
        QTest::addColumn<qint64>("maxBytes");
        QTest::addColumn<QString>("sentenceStart");
        QTest::newRow("one Spark") << strings({"10.0.0.11"}) << qint64(1 << 20) << qint64(1 << 20) << "The NCCL test needs at least two";
        QTest::newRow("an IPv6 address") << strings({"10.0.0.11", "fe80::1"}) << qint64(1 << 20) << qint64(1 << 20)
                                         << "mpirun cannot reach \"fe80::1\"";
        QTest::newRow("shell text in a host") << strings({"10.0.0.11", "a;reboot"}) << qint64(1 << 20) << qint64(1 << 20)
                                              << "mpirun cannot reach";
        QTest::newRow("sizes the wrong way round") << strings({"a", "b"}) << qint64(2 << 20) << qint64(1 << 20)
                                                   << "The smallest message size (2 MiB) is larger than the largest (1 MiB).";
    }

    void mpirunCommandRefuses()
    {
        QFETCH(QStringList, hosts);
        QFETCH(qint64, minBytes);
        QFETCH(qint64, maxBytes);
        QFETCH(QString, sentenceStart);
        NcclTestRequest request;
        request.minBytes = minBytes;
        request.maxBytes = maxBytes;
        const auto command = NcclTestPlan::mpirunCommand(request, hosts, {}, readyNode(QStringLiteral("spark-1")));
        QVERIFY(!command);
        QVERIFY2(command.error().message.startsWith(sentenceStart), qPrintable(command.error().message));
    }

    void verdict_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<double>("scale");
        QTest::addColumn<NcclObservation>("observation");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("says");

        QTest::newRow("NVIDIA's pair at 22.46") << int(ClusterLayout::Direct2) << 1.0 << healthy(22.46) << "pass"
                                                << "Bus bandwidth 22.5 GB/s (180 Gb/s) at 16 GiB: at or above NVIDIA's bar of 21.9 GB/s";
        QTest::newRow("ring of three at 10.4") << int(ClusterLayout::Ring3) << 1.0 << healthy(10.4) << "pass" << "a ring of three";
        QTest::newRow("switch at 12: below") << int(ClusterLayout::Switch) << 1.0 << healthy(12) << "below-bar"
                                             << "Run the link test";
        QTest::newRow("sparklab's scale") << int(ClusterLayout::Switch) << 0.01 << healthy(0.23) << "pass" << "0.219 GB/s";
        NcclObservation failed = healthy(0);
        failed.finished = false;
        failed.rows = 0;
        failed.busbwGBps.reset();
        failed.firstFailure = QStringLiteral("ORTE was unable to reliably start one or more daemons.");
        QTest::newRow("mpirun failed") << int(ClusterLayout::Direct2) << 1.0 << failed << "run-failed" << "ORTE was unable";
        NcclObservation wrong = healthy(22);
        wrong.wrongResults = true;
        QTest::newRow("wrong data beats the bandwidth") << int(ClusterLayout::Direct2) << 1.0 << wrong << "wrong-results"
                                                        << "wrong data";
        NcclObservation mixed = healthy(22);
        mixed.ncclVersions = strings({"spark-1 2.28.9", "spark-2 2.27.7"});
        QTest::newRow("mismatched builds") << int(ClusterLayout::Direct2) << 1.0 << mixed << "mismatched-nccl"
                                           << "spark-1 2.28.9, spark-2 2.27.7";
        NcclObservation socket = healthy(1.13);
        socket.network = QStringLiteral("Socket");
        socket.idleTwins = strings({"enP2p1s0f0np0 on spark-2"});
        QTest::newRow("sockets beat a twin") << int(ClusterLayout::Direct2) << 1.0 << socket << "socket-fallback" << "TCP sockets";
        NcclObservation half = healthy(11.0);
        half.idleTwins = strings({"enP2p1s0f0np0 on spark-2"});
        QTest::newRow("one HCA per port: half") << int(ClusterLayout::Switch) << 1.0 << half << "one-hca-per-port"
                                                << "enP2p1s0f0np0 on spark-2";
        NcclObservation idleButFast = healthy(22);
        idleButFast.idleTwins = strings({"enP2p1s0f0np0 on spark-2"});
        QTest::newRow("a bar met is a pass") << int(ClusterLayout::Direct2) << 1.0 << idleButFast << "pass" << "at or above";
        NcclObservation gid = healthy(15);
        gid.gidProblem = QStringLiteral("spark-2 has no RoCE v2 GID with an IPv4 address on enp1s0f0np0 yet");
        QTest::newRow("no common GID") << int(ClusterLayout::Direct2) << 1.0 << gid << "gid-not-roce-v2" << "RoCE v2 GID index";
        const auto cable = [](const QString &label, LinkVerdictReason reason, const QString &sentence) {
            return NcclCableCheck{label, QStringLiteral("rdma"), 26, LinkVerdict{reason == LinkVerdictReason::Pass, reason, sentence}};
        };
        const QString degradedSentence = QStringLiteral(
            "Cable 2 carries 26 Gb/s (13 and 13 per twin) while the link reports 200G: the known degraded initialisation "
            "after boot or hot-plug — reboot both Sparks with the cables in.");
        NcclObservation degraded = healthy(3.2);
        degraded.cableChecks = QList<NcclCableCheck>{cable(QStringLiteral("cable 1"), LinkVerdictReason::Pass, QStringLiteral("fine")),
                                                     cable(QStringLiteral("cable 2"), LinkVerdictReason::Degraded, degradedSentence)};
        QTest::newRow("a degraded cable named") << int(ClusterLayout::Ring3) << 1.0 << degraded << "degraded-link"
                                                << "below NVIDIA's bar of 10.0 GB/s (80 Gb/s) for a ring of three. Cable 2 carries 26 Gb/s";
        NcclObservation lossy = healthy(15);
        lossy.cableChecks = QList<NcclCableCheck>{
            cable(QStringLiteral("cable 1"), LinkVerdictReason::PacketLoss,
                  QStringLiteral("Packet loss on cable 1: reseat or replace the cable."))};
        QTest::newRow("a lossy cable named") << int(ClusterLayout::Direct2) << 1.0 << lossy << "below-bar"
                                             << "A short check of each cable found: Packet loss on cable 1";
        NcclObservation cablesFine = healthy(15);
        cablesFine.cableChecks = QList<NcclCableCheck>{cable(QStringLiteral("cable 1"), LinkVerdictReason::Pass, QStringLiteral("fine"))};
        QTest::newRow("every cable fine on its own") << int(ClusterLayout::Direct2) << 1.0 << cablesFine << "below-bar"
                                                     << "every cable passed a short check of its own";
        NcclObservation idleAndDegraded = half;
        idleAndDegraded.cableChecks = degraded.cableChecks;
        QTest::newRow("an unaddressed twin before the cables") << int(ClusterLayout::Switch) << 1.0 << idleAndDegraded
                                                               << "one-hca-per-port" << "twin has no address";
    }

    void verdict()
    {
        QFETCH(int, layout);
        QFETCH(double, scale);
        QFETCH(NcclObservation, observation);
        QFETCH(QString, reason);
        QFETCH(QString, says);
        const NcclVerdict verdict = NcclVerdict::judge(observation, NcclExpectation{ClusterLayout(layout), scale});
        QCOMPARE(NcclVerdict::reasonKey(verdict.reason), reason);
        QCOMPARE(verdict.pass, reason == QLatin1String("pass"));
        QVERIFY2(verdict.sentence.contains(says), qPrintable(verdict.sentence));
        QCOMPARE(NcclVerdict::reasonFromKey(reason), verdict.reason);
    }

    void sizesAsPeopleReadThem_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("NVIDIA's 16G") << (qint64(16) << 30) << "16 GiB";
        QTest::newRow("128 MiB on three ranks") << qint64(134217716) << "128 MiB";
        QTest::newRow("a half") << (qint64(3) << 29) << "1.5 GiB";
        QTest::newRow("bytes") << qint64(8) << "8 B";
        QTest::newRow("64 KiB") << qint64(65536) << "64 KiB";
    }

    void sizesAsPeopleReadThem()
    {
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(NcclVerdict::formatBytes(bytes), text);
    }

    void runRoundTripsThroughJson()
    {
        NcclTestRun run;
        run.cluster = QStringLiteral("lab");
        run.layout = ClusterLayout::Ring3;
        run.request.collective = NcclCollective::AllReduce;
        run.request.minBytes = 1 << 20;
        run.request.maxBytes = 8 << 20;
        run.started = QDateTime(QDate(2026, 12, 5), QTime(23, 0, 1, 250), Qt::UTC);
        run.elapsedMs = 5400;
        run.mpirunMs = 4100;
        run.scale = 0.01;
        run.nodes = strings({"spark-1", "spark-2", "spark-3"});
        run.ncclVersions = strings({"spark-1 2.28.9"});
        run.rows = read(readFixture(QStringLiteral("nccl/unchecked-and-wrong.txt"))).rows();
        run.averageBusbwGBps = 0.12;
        run.network = QStringLiteral("IB");
        run.exitCode = 0;
        run.cableChecks = {NcclCableCheck{QStringLiteral("cable 2"), QStringLiteral("tcp"), 0.26,
                                          LinkVerdict{false, LinkVerdictReason::Degraded, QStringLiteral("Cable 2 carries 0.26 Gb/s.")}}};
        run.verdict = NcclVerdict::judge(healthy(0.12), NcclExpectation{ClusterLayout::Ring3, 0.01});
        const auto back = NcclTestRun::fromJson(run.toJson());
        QVERIFY(back);
        QCOMPARE(back->toJson(), run.toJson());
        QCOMPARE(back->rows, run.rows);
        QCOMPARE(back->cableChecks.size(), 1);
        QCOMPARE(back->cableChecks.first().verdict.reason, LinkVerdictReason::Degraded);
        QVERIFY(!back->rows.first().outOfPlace.wrong); // N/A stays unknown
        QVERIFY(!NcclTestRun::fromJson(QJsonObject{{QStringLiteral("cluster"), QStringLiteral("x")}}));
    }
};

QTEST_GUILESS_MAIN(TestNcclTest)
#include "tst_nccltest.moc"
