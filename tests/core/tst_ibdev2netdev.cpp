// SPDX-License-Identifier: MIT
#include "core/facts/ibdev2netdev.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

class TestIbdev2netdev final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected"); // "rdma>netdev:up|down"
        QTest::newRow("DGX-SPARK.md") << test::readFixture(QStringLiteral("facts/ibdev2netdev/plain.txt"))
                                      << test::strings({"rocep1s0f0>enp1s0f0np0:down", "rocep1s0f1>enp1s0f1np1:up",
                                                     "roceP2p1s0f0>enP2p1s0f0np0:down",
                                                     "roceP2p1s0f1>enP2p1s0f1np1:up"});
        QTest::newRow("other order, one port absent")
            << QStringLiteral("roceP2p1s0f0 port 1 ==> enP2p1s0f0np0 (Up)\nrocep1s0f0 port 1 ==> enp1s0f0np0 (Up)\n")
            << test::strings({"roceP2p1s0f0>enP2p1s0f0np0:up", "rocep1s0f0>enp1s0f0np0:up"});
        QTest::newRow("verbose")
            << QStringLiteral("0000:01:00.0 rocep1s0f0 (MT4129 - NVD0000000087) NVIDIA ConnectX-7 fw 28.45.4028 port 1 "
                              "(ACTIVE) ==> enp1s0f0np0 (Up)\n")
            << test::strings({"rocep1s0f0>enp1s0f0np0:up"});
        QTest::newRow("nothing (no cable in)") << QString() << QStringList();
        QTest::newRow("not installed") << QStringLiteral("sh: 1: ibdev2netdev: not found\n") << QStringList();
    }

    void parses()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        QStringList actual;
        for (const RdmaNetdevLink &link : parseIbdev2netdev(text)) {
            QCOMPARE(link.rdmaPort, 1);
            actual.append(link.rdmaDevice + QLatin1Char('>') + link.netdev + QLatin1Char(':')
                          + (link.up ? QStringLiteral("up") : QStringLiteral("down")));
        }
        QCOMPARE(actual, expected);
    }

    void verboseDetails()
    {
        const auto links = parseIbdev2netdev(QStringLiteral(
            "0000:01:00.1 rocep1s0f1 (MT4129 - NVD0000000087) NVIDIA ConnectX-7 fw 28.45.4028 port 1 (DOWN  ) ==> "
            "enp1s0f1np1 (Down)"));
        QCOMPARE(links.size(), 1);
        QCOMPARE(links.first().pciAddress, QStringLiteral("0000:01:00.1"));
        QCOMPARE(links.first().firmware, QStringLiteral("28.45.4028"));
        QVERIFY(!links.first().up);
    }
};

QTEST_APPLESS_MAIN(TestIbdev2netdev)
#include "tst_ibdev2netdev.moc"
