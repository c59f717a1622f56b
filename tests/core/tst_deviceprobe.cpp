// SPDX-License-Identifier: MIT
#include "core/devices/deviceprobe.h"

#include <QFile>
#include <QTest>

using namespace spark;

class TestDeviceProbe final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesReleaseAndMacs_data()
    {
        QTest::addColumn<QString>("releaseFixture");
        QTest::addColumn<QByteArray>("macs");
        QTest::addColumn<bool>("isDgxSpark");
        QTest::addColumn<QStringList>("expectedMacs");
        QTest::newRow("factory image, four ports") << "spark-factory-7.2.3.txt"
                                                   << QByteArray("4c:bb:47:00:00:01\n4c:bb:47:00:00:02\n4C:BB:47:00:00:03\n4c:bb:47:00:00:04\n")
                                                   << true
                                                   << QStringList{QStringLiteral("4c:bb:47:00:00:01"), QStringLiteral("4c:bb:47:00:00:02"), QStringLiteral("4c:bb:47:00:00:03"),
                                                                  QStringLiteral("4c:bb:47:00:00:04")};
        QTest::newRow("ota, no cables (no netdevs)") << "spark-7.3.1-ota.txt" << QByteArray() << true << QStringList{};
        QTest::newRow("unquoted values") << "spark-three-otas-unquoted.txt" << QByteArray("4c:bb:47:00:00:01\n") << true
                                         << QStringList{QStringLiteral("4c:bb:47:00:00:01")};
        QTest::newRow("oem gb10") << "oem-gb10-zh.txt" << QByteArray() << true << QStringList{};
        QTest::newRow("plain linux") << "" << QByteArray("garbage\n") << false << QStringList{};
    }

    void parsesReleaseAndMacs()
    {
        QFETCH(QString, releaseFixture);
        QFETCH(QByteArray, macs);
        QFETCH(bool, isDgxSpark);
        QFETCH(QStringList, expectedMacs);
        QByteArray output;
        if (!releaseFixture.isEmpty()) {
            QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/facts/dgx-release/") + releaseFixture);
            QVERIFY(file.open(QIODevice::ReadOnly));
            output = file.readAll();
        }
        output += "--spark-companion--\n" + macs;
        const DeviceIdentity identity = DeviceProbe::parseIdentity(output);
        QCOMPARE(identity.isDgxSpark, isDgxSpark);
        QCOMPARE(identity.cx7Macs, expectedMacs);
        if (isDgxSpark)
            QVERIFY(!identity.release.isEmpty());
    }

    void commandReadsOnlyFixedPaths()
    {
        const QString command = DeviceProbe::identityCommand();
        QVERIFY(command.contains(QLatin1String("/etc/dgx-release")));
        QVERIFY(command.contains(QLatin1String("/sys/class/net/enp1s0f0np0/address")));
        QVERIFY(command.contains(QLatin1String("/sys/class/net/enP2p1s0f1np1/address")));
    }
};

QTEST_GUILESS_MAIN(TestDeviceProbe)
#include "tst_deviceprobe.moc"
