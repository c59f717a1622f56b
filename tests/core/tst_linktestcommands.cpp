// SPDX-License-Identifier: MIT
#include "core/linktest/linktestcommands.h"

#include <QTest>

using namespace spark;
namespace C = spark::LinkTestCommands;

namespace {
QString words(const Expected<QStringList> &command)
{
    return command ? command->join(QLatin1Char(' ')) : QStringLiteral("ERROR: ") + command.error().message;
}
} // namespace

class TestLinkTestCommands final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void iperf3()
    {
        QCOMPARE(words(C::iperf3Server(QStringLiteral("10.200.0.2"), 5201)),
                 QStringLiteral("iperf3 -s -1 -p 5201 --bind 10.200.0.2 -i 1 -f m --forceflush"));
        C::Iperf3Client client{QStringLiteral("10.200.0.2"), QStringLiteral("10.200.0.1"), 5202, 8, 10, C::Iperf3Mode::Send};
        QCOMPARE(words(C::iperf3Client(client)),
                 QStringLiteral("iperf3 -c 10.200.0.2 -p 5202 --bind 10.200.0.1 -P 8 -t 10 -i 1 -f m --forceflush"));
        client.mode = C::Iperf3Mode::Receive;
        QVERIFY(C::iperf3Client(client)->contains(QStringLiteral("-R")));
        client.mode = C::Iperf3Mode::Both;
        QCOMPARE(words(C::iperf3ClientJson(client)),
                 QStringLiteral("iperf3 -c 10.200.0.2 -p 5202 --bind 10.200.0.1 -P 8 -t 10 --bidir --json"));
        client.serverAddress = QStringLiteral("fe80::1");
        QVERIFY(C::iperf3Client(client).hasValue());
    }

    void perftest()
    {
        C::Perftest test{QStringLiteral("roceP2p1s0f0"), 3, 18515, 1, true, false, 65536, QStringLiteral("10.200.1.2")};
        QCOMPARE(words(C::ibWriteBw(test)),
                 QStringLiteral("ib_write_bw -d roceP2p1s0f0 -x 3 -F -p 18515 --report_gbits -s 65536 -D 1 --run_infinitely 10.200.1.2"));
        test.serverAddress.clear();
        test.runInfinitely = false;
        test.bidirectional = true;
        test.seconds = 10;
        test.gidIndex = 5;
        QCOMPARE(words(C::ibWriteBw(test)),
                 QStringLiteral("ib_write_bw -d roceP2p1s0f0 -x 5 -F -p 18515 --report_gbits -s 65536 -D 10 -b"));
        QCOMPARE(words(C::ibWriteLat(test, 500)), QStringLiteral("ib_write_lat -d roceP2p1s0f0 -x 5 -F -p 18515 -s 2 -n 500"));
        QCOMPARE(words(C::withTimeout(12, *C::ibWriteBw(test))).left(24), QStringLiteral("timeout -s INT 12 ib_wri"));
        QCOMPARE(words(C::withTimeout(12, *C::lineBuffered(*C::ibWriteBw(test)))).left(35),
                 QStringLiteral("timeout -s INT 12 stdbuf -oL ib_wri"));
        QVERIFY(!C::lineBuffered({}));
    }

    void ping()
    {
        QCOMPARE(words(C::ping(QStringLiteral("enP2p1s0f1np1"), QStringLiteral("10.200.3.2"), 25)),
                 QStringLiteral("ping -n -i 0.2 -c 25 -I enP2p1s0f1np1 10.200.3.2"));
    }

    void refusesBadTokens_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("interfaceName");
        QTest::addColumn<int>("port");
        QTest::newRow("shell in address") << "10.0.0.1;reboot" << "rocep1s0f0" << "enp1s0f0np0" << 5201;
        QTest::newRow("option as address") << "-R" << "rocep1s0f0" << "enp1s0f0np0" << 5201;
        QTest::newRow("host name") << "spark-b.local" << "rocep1s0f0" << "enp1s0f0np0" << 5201;
        QTest::newRow("scoped global v6") << "2001:db8::1%enp1s0f0np0" << "rocep1s0f0" << "enp1s0f0np0" << 5201;
        QTest::newRow("scope with shell") << "fe80::1%eth0;reboot" << "rocep1s0f0" << "enp1s0f0np0" << 5201;
        QTest::newRow("scope with slash") << "fe80::1%../eth0" << "rocep1s0f0" << "enp1s0f0np0" << 5201;
        QTest::newRow("empty scope") << "fe80::1%" << "rocep1s0f0" << "enp1s0f0np0" << 5201;
        QTest::newRow("device with space") << "10.0.0.1" << "rocep1s0f0 -b" << "enp1s0f0np0" << 5201;
        QTest::newRow("device as option") << "10.0.0.1" << "-x" << "enp1s0f0np0" << 5201;
        QTest::newRow("interface with slash") << "10.0.0.1" << "rocep1s0f0" << "../eth0" << 5201;
        QTest::newRow("interface too long") << "10.0.0.1" << "rocep1s0f0" << "enp1s0f0np0abcdef" << 5201;
        QTest::newRow("privileged port") << "10.0.0.1" << "rocep1s0f0" << "enp1s0f0np0" << 80;
        QTest::newRow("port too high") << "10.0.0.1" << "rocep1s0f0" << "enp1s0f0np0" << 70000;
    }

    void refusesBadTokens()
    {
        QFETCH(QString, address);
        QFETCH(QString, device);
        QFETCH(QString, interfaceName);
        QFETCH(int, port);
        const C::Iperf3Client client{address, QStringLiteral("10.0.0.2"), port, 4, 10, C::Iperf3Mode::Send};
        const C::Perftest test{device, 3, port, 10, false, false, 65536, address};
        const bool anyRefused = !C::iperf3Client(client) || !C::ibWriteBw(test) || !C::ping(interfaceName, address, 5)
                                || !C::iperf3Server(address, port);
        QVERIFY(anyRefused);
        if (!C::ibWriteBw(test))
            QVERIFY(!C::ibWriteBw(test).error().message.isEmpty());
    }

    // Before set-up the twins have only their link-local addresses (the quick
    // check): iperf3 reaches them with the interface as the scope.
    void linkLocalAddressesCarryTheirInterface_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("interfaceName");
        QTest::addColumn<QString>("expected");
        QTest::newRow("link-local") << "fe80::52a4:764d:d5ab:f963" << "enp1s0f0np0" << "fe80::52a4:764d:d5ab:f963%enp1s0f0np0";
        QTest::newRow("already scoped") << "fe80::1%enP2p1s0f0np0" << "enp1s0f0np0" << "fe80::1%enP2p1s0f0np0";
        QTest::newRow("IPv4 as it is") << "10.0.0.1" << "enp1s0f0np0" << "10.0.0.1";
        QTest::newRow("global v6 as it is") << "2001:db8::1" << "enp1s0f0np0" << "2001:db8::1";
    }

    void linkLocalAddressesCarryTheirInterface()
    {
        QFETCH(QString, address);
        QFETCH(QString, interfaceName);
        QFETCH(QString, expected);
        QCOMPARE(C::onInterface(address, interfaceName), expected);
        const C::Iperf3Client client{expected, C::onInterface(QStringLiteral("fe80::2"), interfaceName), 5201, 4, 3,
                                     C::Iperf3Mode::Both};
        const auto words = C::iperf3Client(client);
        QVERIFY2(words, words ? "" : qPrintable(words.error().message));
        QVERIFY(words->contains(expected));
        QVERIFY(C::iperf3Server(expected, 5201));
        // perftest's connection set-up takes no scope: the RDMA test keeps its IPv4 addresses.
        if (expected.contains(QLatin1Char('%')))
            QVERIFY(!C::ibWriteBw(C::Perftest{QStringLiteral("rocep1s0f0"), 3, 18515, 10, false, false, 65536, expected}));
    }

    void rangeChecks()
    {
        C::Iperf3Client client{QStringLiteral("10.0.0.1"), QStringLiteral("10.0.0.2"), 5201, 0, 10, C::Iperf3Mode::Send};
        QVERIFY(!C::iperf3Client(client));
        client.streams = 129;
        QVERIFY(!C::iperf3Client(client));
        client.streams = 4;
        client.seconds = 0;
        QVERIFY(!C::iperf3Client(client));
        QVERIFY(!C::ping(QStringLiteral("enp1s0f0np0"), QStringLiteral("10.0.0.1"), 0));
        C::Perftest test{QStringLiteral("rocep1s0f0"), 256, 18515, 10, false, false, 65536, {}};
        QVERIFY(!C::ibWriteBw(test));
        QVERIFY(!C::withTimeout(5, {}));
    }
};

QTEST_APPLESS_MAIN(TestLinkTestCommands)
#include "tst_linktestcommands.moc"
