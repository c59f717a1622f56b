// SPDX-License-Identifier: MIT
#include "core/facts/ethtool.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

class TestEthtool final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void link_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<int>("speed"); // -1: unknown
        QTest::addColumn<bool>("linkDetected");
        QTest::addColumn<QString>("duplex");
        QTest::newRow("200G") << "linked-200g.txt" << true << 200000 << true << "Full";
        QTest::newRow("switch at 100G") << "linked-100g.txt" << true << 100000 << true << "Full";
        QTest::newRow("down") << "down.txt" << true << -1 << false << "";
        QTest::newRow("no such device") << "" << false << -1 << false << "";
    }

    void link()
    {
        QFETCH(QString, fixture);
        QFETCH(bool, valid);
        QFETCH(int, speed);
        QFETCH(bool, linkDetected);
        QFETCH(QString, duplex);
        const QString text = fixture.isEmpty()
            ? QStringLiteral("netlink error: no device matches name (offset 24)\nnetlink error: No such device\n")
            : test::readFixture(QStringLiteral("facts/ethtool/") + fixture);
        const EthtoolLink link = parseEthtool(text);
        QCOMPARE(link.valid, valid);
        QCOMPARE(link.speedMbps.value_or(-1), speed);
        QCOMPARE(link.linkDetected.value_or(false), linkDetected);
        QCOMPARE(link.duplex, duplex);
    }

    void driverInfo_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("firmware");
        QTest::addColumn<QString>("busInfo");
        QTest::newRow("DGX-SPARK.md") << "driver-info.txt" << "28.45.4028" << "";
        QTest::newRow("all fields") << "driver-info-full.txt" << "28.45.4028" << "0000:01:00.1";
    }

    void driverInfo()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, firmware);
        QFETCH(QString, busInfo);
        const EthtoolDriverInfo info = parseEthtoolDriverInfo(test::readFixture(QStringLiteral("facts/ethtool/") + fixture));
        QVERIFY(info.valid);
        QCOMPARE(info.driver, QStringLiteral("mlx5_core"));
        QVERIFY(info.version.startsWith(QStringLiteral("6.17.0-")));
        QCOMPARE(info.firmwareVersion, firmware + QStringLiteral(" (NVD0000000087)"));
        QCOMPARE(info.firmwareNumber(), firmware);
        QCOMPARE(info.busInfo, busInfo);
    }

    void driverInfoOfMissingDevice()
    {
        QVERIFY(!parseEthtoolDriverInfo(QStringLiteral("Cannot get driver information: No such device\n")).valid);
    }
};

QTEST_APPLESS_MAIN(TestEthtool)
#include "tst_ethtool.moc"
