// SPDX-License-Identifier: MIT
#include "core/linktest/linktestscripts.h"
#include "tests/support/fixtures.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTest>
#include <QThread>

using namespace spark;

namespace {
QByteArray fixture(const QString &name)
{
    return spark::test::readFixture(QStringLiteral("linktest/") + name).toUtf8();
}

// Runs a script the way a node does (`sh -s`, script on stdin).
QByteArray runLocally(const QByteArray &script)
{
    QProcess shell;
    shell.start(QStringLiteral("sh"), {QStringLiteral("-s")});
    shell.write(script);
    shell.closeWriteChannel();
    if (!shell.waitForFinished(20000))
        qFatal("script did not finish");
    return shell.readAllStandardOutput();
}
} // namespace

class TestLinkTestScripts final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tags()
    {
        const QString tag = LinkTestScripts::newTag();
        QVERIFY(LinkTestScripts::isValidTag(tag));
        QVERIFY(tag != LinkTestScripts::newTag());
        QVERIFY(!LinkTestScripts::isValidTag(QStringLiteral("abc")));
        QVERIFY(!LinkTestScripts::isValidTag(QStringLiteral("abcdefgh; rm -rf")));
        QVERIFY(!LinkTestScripts::parallel(QStringLiteral("../../etc"), {}));
        QVERIFY(!LinkTestScripts::cleanup(QStringLiteral("ABCDEFGHIJ")));
    }

    void parseTagged_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("tagged");
        QTest::addColumn<int>("twin");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("exitCode"); // -1: not an exit line
        QTest::newRow("sum") << "t1 [SUM][TX-C]   1.00-2.00   sec   114 MBytes   962 Mbits/sec    0" << true << 1
                             << "[SUM][TX-C]   1.00-2.00   sec   114 MBytes   962 Mbits/sec    0" << -1;
        QTest::newRow("exit") << "t0 exit 0" << true << 0 << "exit 0" << 0;
        QTest::newRow("timeout exit") << "t1 exit 124" << true << 1 << "exit 124" << 124;
        QTest::newRow("empty text") << "t0 " << true << 0 << "" << -1;
        QTest::newRow("twin 2") << "t2 exit 0" << false << 0 << "" << -1;
        QTest::newRow("untagged") << "Connecting to host 10.0.0.2" << false << 0 << "" << -1;
        QTest::newRow("no space") << "t0exit 0" << false << 0 << "" << -1;
    }

    void parseTagged()
    {
        QFETCH(QString, line);
        QFETCH(bool, tagged);
        QFETCH(int, twin);
        QFETCH(QString, text);
        QFETCH(int, exitCode);
        const auto parsed = LinkTestScripts::parseTagged(line);
        QCOMPARE(parsed.has_value(), tagged);
        if (!parsed)
            return;
        QCOMPARE(parsed->twin, twin);
        QCOMPARE(parsed->text, text);
        QCOMPARE(parsed->exitCode.value_or(-1), exitCode);
    }

    void preflight_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("scale");
        QTest::addColumn<bool>("perftest");
        QTest::addColumn<QString>("address");
        QTest::addColumn<int>("listening");
        QTest::addColumn<int>("cores");
        QTest::newRow("sparklab") << "sparklab-preflight.txt" << 0.01 << true << "enP2p1s0f1np1 10.99.1.2" << 22 << 2;
        QTest::newRow("debian12 host, before cores were asked: unknown")
            << "debian12-preflight.txt" << 1.0 << false << "lo 127.0.0.1" << 2024 << 0;
    }

    void preflight()
    {
        QFETCH(QString, file);
        QFETCH(double, scale);
        QFETCH(bool, perftest);
        QFETCH(QString, address);
        QFETCH(int, listening);
        QFETCH(int, cores);
        const auto facts = LinkTestScripts::parsePreflight(fixture(file), QStringLiteral("spark-2"));
        QVERIFY(facts);
        QCOMPARE(facts->cores, cores);
        QCOMPARE(facts->rateScale, scale);
        QVERIFY(facts->tools.contains(QStringLiteral("iperf3")));
        QVERIFY(facts->tools.contains(QStringLiteral("timeout")));
        QCOMPARE(facts->tools.contains(QStringLiteral("ib_write_bw")), perftest);
        QVERIFY2(facts->addresses.contains(address), qPrintable(QStringList(facts->addresses.values()).join(u',')));
        QVERIFY(facts->listeningPorts.contains(listening));
        QVERIFY(!facts->listeningPorts.contains(5201));
    }

    void missingTool_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("without"); // a tool line taken out
        QTest::addColumn<bool>("rdma");
        QTest::addColumn<QString>("sentence"); // empty: nothing missing
        QTest::newRow("sparklab, tcp") << "sparklab-preflight.txt" << "" << false << "";
        QTest::newRow("sparklab, rdma") << "sparklab-preflight.txt" << "" << true << "";
        QTest::newRow("no perftest, tcp") << "debian12-preflight.txt" << "" << false << "";
        QTest::newRow("no perftest, rdma")
            << "debian12-preflight.txt" << "" << true
            << "ib_write_bw is not installed on spark-2: install perftest (sudo apt install perftest) or use --mode tcp.";
        QTest::newRow("no stdbuf, rdma")
            << "sparklab-preflight.txt" << "tool stdbuf" << true
            << "stdbuf is not installed on spark-2: install it (sudo apt install coreutils) and run the link test again.";
        QTest::newRow("no stdbuf, tcp does not need it") << "sparklab-preflight.txt" << "tool stdbuf" << false << "";
        QTest::newRow("no iperf3, tcp")
            << "sparklab-preflight.txt" << "tool iperf3" << false
            << "iperf3 is not installed on spark-2: install it (sudo apt install iperf3) and run the link test again.";
        QTest::newRow("no iperf3, rdma does not need it") << "sparklab-preflight.txt" << "tool iperf3" << true << "";
    }

    void missingTool()
    {
        QFETCH(QString, file);
        QFETCH(QString, without);
        QFETCH(bool, rdma);
        QFETCH(QString, sentence);
        QByteArray output = fixture(file);
        if (!without.isEmpty()) {
            const QByteArray line = without.toUtf8() + QByteArray("\n");
            QVERIFY(output.contains(line));
            output.replace(line, QByteArray());
        }
        const auto facts = LinkTestScripts::parsePreflight(output, QStringLiteral("spark-2"));
        QVERIFY(facts);
        const auto missing = LinkTestScripts::missingTool(*facts, QStringLiteral("spark-2"), rdma);
        QCOMPARE(missing ? missing->message : QString(), sentence);
    }

    void preflightCutShortIsAnError()
    {
        QByteArray cut = fixture(QStringLiteral("sparklab-preflight.txt"));
        cut.chop(4); // "end\n"
        const auto facts = LinkTestScripts::parsePreflight(cut, QStringLiteral("spark-2"));
        QVERIFY(!facts);
        QVERIFY(facts.error().message.contains(QLatin1String("spark-2")));
    }

    void preflightRunsHere()
    {
        // The script itself, on this machine: it ends, and it finds sh's own tools.
        const auto facts = LinkTestScripts::parsePreflight(runLocally(LinkTestScripts::preflight()), QStringLiteral("here"));
        QVERIFY(facts);
        QVERIFY(facts->tools.contains(QStringLiteral("timeout")));
        QCOMPARE(facts->cores, QThread::idealThreadCount());
    }

    void freePorts_data()
    {
        QTest::addColumn<QList<int>>("listening");
        QTest::addColumn<QList<int>>("free");
        QTest::newRow("nothing listens") << QList<int>{22} << QList<int>{5201, 5202};
        QTest::newRow("5201 taken") << QList<int>{5201} << QList<int>{5202, 5203};
        QTest::newRow("5202 taken") << QList<int>{5202, 5204} << QList<int>{5201, 5203};
    }

    void freePorts()
    {
        QFETCH(QList<int>, listening);
        QFETCH(QList<int>, free);
        QCOMPARE(LinkTestScripts::freePorts(QSet<int>(listening.cbegin(), listening.cend()), 2), free);
    }

    void parallelTagsLinesAndCleanupStopsWhatIsLeft()
    {
        const QString tag = LinkTestScripts::newTag();
        // Twin 0 ends by itself; twin 1 would sleep for a minute: the clean-up stops it.
        const auto script = LinkTestScripts::parallel(
            tag, {{0, {QStringLiteral("printf"), QStringLiteral("a b\\nc'd\\n")}},
                  {1, {QStringLiteral("sleep"), QStringLiteral("60")}}});
        QVERIFY(script);
        QProcess shell;
        shell.start(QStringLiteral("sh"), {QStringLiteral("-s")});
        shell.write(*script);
        shell.closeWriteChannel();
        QTRY_COMPARE_WITH_TIMEOUT(runLocally("wc -l < " + LinkTestScripts::pidFile(tag).toUtf8()).trimmed(), QByteArray("2"), 5000);
        const auto cleanup = LinkTestScripts::cleanup(tag);
        QVERIFY(cleanup);
        QCOMPARE(runLocally(*cleanup).trimmed(), QByteArray("left 0"));
        QVERIFY(shell.waitForFinished(5000));
        QVERIFY(!QFile::exists(LinkTestScripts::pidFile(tag)));
        QStringList lines = QString::fromUtf8(shell.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        lines.sort();
        // dash (sh on Debian and Ubuntu) reports the stopped tool as "Terminated", tagged like the rest.
        QCOMPARE(lines, (QStringList{QStringLiteral("t0 a b"), QStringLiteral("t0 c'd"), QStringLiteral("t0 exit 0"),
                                     QStringLiteral("t1 Terminated"), QStringLiteral("t1 exit 143")}));
        // Nothing to stop twice.
        QCOMPARE(runLocally(*cleanup).trimmed(), QByteArray("left 0"));
    }

    void detachedEndsWhenReadyAndToolsRunOn_data()
    {
        QTest::addColumn<QString>("server");   // what the long-running tool prints before it waits
        QTest::addColumn<QStringList>("lines"); // what the script prints, sorted
        QTest::addColumn<int>("atMostMs");
        // perftest's server banner; the other twin's tool fails at once.
        QTest::newRow("ready") << "************************************\n* Waiting for client to connect... *\n"
                               << QStringList{QStringLiteral("t0 * Waiting for client to connect... *"),
                                              QStringLiteral("t0 ************************************"),
                                              QStringLiteral("t1 Couldn't listen on port"), QStringLiteral("t1 exit 1")}
                               << 4000;
        // A server that never says it listens: the script gives up after its second.
        QTest::newRow("never ready") << "starting\n"
                                     << QStringList{QStringLiteral("t0 starting"), QStringLiteral("t1 Couldn't listen on port"),
                                                    QStringLiteral("t1 exit 1")}
                                     << 4000;
    }

    void detachedEndsWhenReadyAndToolsRunOn()
    {
        QFETCH(QString, server);
        QFETCH(QStringList, lines);
        QFETCH(int, atMostMs);
        const QString tag = LinkTestScripts::newTag();
        const auto script = LinkTestScripts::detached(
            tag,
            {{0, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("printf '%s' \"$0\"; exec sleep 60"), server}},
             {1, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo \"Couldn't listen on port\"; exit 1")}}},
            QStringLiteral("Waiting for client to connect"), 1);
        QVERIFY(script);
        QElapsedTimer timer;
        timer.start();
        QStringList got = QString::fromUtf8(runLocally(*script)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(timer.elapsed() < atMostMs, qPrintable(QString::number(timer.elapsed())));
        got.sort();
        QCOMPARE(got, lines);
        // The server runs on after the script; the clean-up stops it and removes its files.
        QCOMPARE(runLocally("wc -l < " + LinkTestScripts::pidFile(tag).toUtf8()).trimmed(), QByteArray("2"));
        QVERIFY(QFile::exists(LinkTestScripts::logFile(tag, 0)));
        QCOMPARE(runLocally(*LinkTestScripts::cleanup(tag)).trimmed(), QByteArray("left 0"));
        QVERIFY(!QFile::exists(LinkTestScripts::pidFile(tag)));
        QVERIFY(!QFile::exists(LinkTestScripts::logFile(tag, 0)));
        QVERIFY(!QFile::exists(LinkTestScripts::logFile(tag, 1)));
    }

    void detachedRefusesTwoToolsOnOneTwin()
    {
        const QList<LinkTestScripts::Tool> tools{{0, {QStringLiteral("true")}}, {0, {QStringLiteral("true")}}};
        QVERIFY(!LinkTestScripts::detached(LinkTestScripts::newTag(), tools, QStringLiteral("ready"), 1));
        QVERIFY(LinkTestScripts::detached(LinkTestScripts::newTag(), tools.mid(0, 1), QStringLiteral("ready"), 1));
    }

    void parallelRefusesAProgramThatIsNotAWord()
    {
        QVERIFY(!LinkTestScripts::parallel(LinkTestScripts::newTag(), {{0, {QStringLiteral("iperf3; reboot")}}}));
        QVERIFY(!LinkTestScripts::parallel(LinkTestScripts::newTag(), {{2, {QStringLiteral("iperf3")}}}));
    }
};

QTEST_GUILESS_MAIN(TestLinkTestScripts)
#include "tst_linktestscripts.moc"
