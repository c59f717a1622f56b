// SPDX-License-Identifier: MIT
#include "core/facts/dgxrelease.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

class TestDgxRelease final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesFixtures_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("version");
        QTest::addColumn<QDate>("date");
        QTest::addColumn<QString>("factory");
        QTest::addColumn<int>("otaCount");
        QTest::addColumn<bool>("oem");
        QTest::addColumn<QString>("platform");
        QTest::newRow("DGX-SPARK.md, one OTA") << "spark-7.3.1-ota.txt" << "7.3.1" << QDate(2025, 11, 19)
                                               << "7.2.3" << 1 << false << "DGX Server for KVM";
        QTest::newRow("factory image") << "spark-factory-7.2.3.txt" << "7.2.3" << QDate(2025, 9, 10)
                                       << "7.2.3" << 0 << false << "DGX Server for KVM";
        QTest::newRow("three OTAs, unquoted, German date") << "spark-three-otas-unquoted.txt" << "7.5.0"
                                                           << QDate(2026, 4, 14) << "7.2.3" << 3 << false
                                                           << "DGX Server for KVM";
        QTest::newRow("four OTAs, German dates") << "spark-7.6.0-de.txt" << "7.6.0" << QDate(2026, 4, 28) << "7.2.3" << 4
                                                 << false << "DGX Server for KVM";
        QTest::newRow("four OTAs, French dates (Tuesday is 'mar.')")
            << "spark-7.6.0-fr.txt" << "7.6.0" << QDate(2026, 4, 28) << "7.2.3" << 4 << false << "DGX Server for KVM";
        QTest::newRow("OEM GB10, Chinese date") << "oem-gb10-zh.txt" << "7.6.0" << QDate(2026, 7, 8) << "7.2.3"
                                                << 1 << true << "ASUS Ascent GX10";
    }

    void parsesFixtures()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, version);
        QFETCH(QDate, date);
        QFETCH(QString, factory);
        QFETCH(int, otaCount);
        QFETCH(bool, oem);
        QFETCH(QString, platform);
        const QString text = test::readFixture(QStringLiteral("facts/dgx-release/") + fixture);
        QVERIFY(!text.isEmpty());
        const DgxRelease release = parseDgxRelease(text);
        QVERIFY(release.present);
        QCOMPARE(release.name, QStringLiteral("DGX Spark"));
        QCOMPARE(release.version(), version);
        QCOMPARE(release.versionDate(), date);
        QCOMPARE(release.swBuildVersion, factory);
        QCOMPARE(release.otaUpdates.size(), otaCount);
        QCOMPARE(release.isOemPlatform(), oem);
        QCOMPARE(release.platform, platform);
        if (oem)
            QCOMPARE(release.platformDisplayName(), platform);
        else
            QVERIFY(release.platformDisplayName().contains(QStringLiteral("Founders Edition")));
    }

    void neverKeepsTheSerialNumber()
    {
        const DgxRelease release = parseDgxRelease(QStringLiteral(
            "DGX_NAME=\"DGX Spark\"\nDGX_SERIAL_NUMBER=\"1664825891812\"\nDGX_SWBUILD_VERSION=7.2.3\n"));
        const QList<QString> fields = {release.name, release.prettyName, release.platform, release.swBuildVersion,
                                       release.swBuildDate, release.commitId, release.version()};
        for (const QString &field : fields)
            QVERIFY(!field.contains(QStringLiteral("1664825891812")));
    }

    void oddInput_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("present");
        QTest::addColumn<QString>("version");
        QTest::newRow("missing file") << "" << false << "";
        QTest::newRow("not a DGX") << "NAME=Debian\n" << false << "";
        QTest::newRow("single quotes and comment") << "DGX_SWBUILD_VERSION='7.2.3' \n# DGX_OTA_VERSION=9\n" << true
                                                   << "7.2.3";
        QTest::newRow("unquoted with trailing comment") << "DGX_SWBUILD_VERSION=7.4.0 # factory\n" << true << "7.4.0";
        QTest::newRow("CRLF line ends") << "DGX_SWBUILD_VERSION=\"7.2.3\"\r\nDGX_OTA_VERSION=\"7.3.1\"\r\n" << true
                                        << "7.3.1";
        QTest::newRow("OTA date without a version") << "DGX_SWBUILD_VERSION=7.2.3\nDGX_OTA_DATE=2026-01-01\n" << true
                                                    << "7.2.3";
    }

    void oddInput()
    {
        QFETCH(QString, text);
        QFETCH(bool, present);
        QFETCH(QString, version);
        const DgxRelease release = parseDgxRelease(text);
        QCOMPARE(release.present, present);
        QCOMPARE(release.version(), version);
    }

    void dates_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QDate>("date");
        QTest::newRow("build date") << "2025-09-10-13-50-03" << QDate(2025, 9, 10);
        QTest::newRow("en_US") << "Wed Nov 19 05:05:30 PM CET 2025" << QDate(2025, 11, 19);
        QTest::newRow("C locale") << "Wed Nov  5 17:05:30 UTC 2025" << QDate(2025, 11, 5);
        QTest::newRow("de_DE") << "Mi 19. Nov 17:05:30 CET 2025" << QDate(2025, 11, 19);
        QTest::newRow("de_DE März") << "Di 3. Mär 09:00:00 CET 2026" << QDate(2026, 3, 3);
        QTest::newRow("fr_FR") << "mer. 15 avril 2026 10:00:00 CEST" << QDate(2026, 4, 15);
        QTest::newRow("fr_FR Tuesday in April") << "mar. 28 avr. 2026 09:12:44 CEST" << QDate(2026, 4, 28);
        QTest::newRow("fr_FR Tuesday in March") << "mar. 17 mars 2026 14:18:52 CET" << QDate(2026, 3, 17);
        QTest::newRow("es_ES Tuesday in April") << "mar 28 abr 2026 09:12:44 CEST" << QDate(2026, 4, 28);
        QTest::newRow("es_ES Tuesday in March: 'mar' twice, unknown") << "mar 17 mar 2026 14:18:52 CET" << QDate();
        QTest::newRow("it_IT") << "gio 22 gen 2026, 10:41:07, CET" << QDate(2026, 1, 22);
        QTest::newRow("en_US March") << "Tue Mar 17 02:18:52 PM UTC 2026" << QDate(2026, 3, 17);
        QTest::newRow("'Mar' without a weekday: unknown") << "Mar 17 2026" << QDate();
        QTest::newRow("zh_CN") << "2026年 04月 15日 星期三 10:00:00 CST" << QDate(2026, 4, 15);
        QTest::newRow("ISO") << "2026-04-15T10:00:00+02:00" << QDate(2026, 4, 15);
        QTest::newRow("garbage") << "yesterday" << QDate();
        QTest::newRow("empty") << "" << QDate();
    }

    void dates()
    {
        QFETCH(QString, text);
        QFETCH(QDate, date);
        QCOMPARE(parseReleaseDate(text), date);
    }
};

QTEST_APPLESS_MAIN(TestDgxRelease)
#include "tst_dgxrelease.moc"
