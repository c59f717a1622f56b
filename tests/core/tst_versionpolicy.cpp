// SPDX-License-Identifier: MIT
#include "core/facts/updateguide.h"
#include "core/facts/versionpolicy.h"

#include <QFile>
#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::VersionPolicy::ReleaseDating::Source)

namespace {
VersionPolicy shippedPolicy()
{
    const auto policy = VersionPolicy::load();
    if (!policy)
        qFatal("%s", qPrintable(policy.error().detail));
    return policy.value();
}
} // namespace

class TestVersionPolicy final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shippedFileIsEmbeddedAndComplete()
    {
        const auto policy = VersionPolicy::load();
        QVERIFY2(policy.hasValue(), policy ? "" : qPrintable(policy.error().detail));
        QCOMPARE(policy->minimumReleaseDate, QDate(2026, 4, 1));
        QCOMPARE(policy->minimumReleaseName, QStringLiteral("April 2026"));
        QVERIFY(policy->releases.size() >= 5);
        QCOMPARE(policy->minimumDriver, QStringLiteral("580.95.05"));
        QCOMPARE(policy->minimumFirmware, QStringLiteral("28.45.4028"));
        QCOMPARE(policy->linkSpeedMbps, 200000);
        QCOMPARE(policy->updateCommandLine(),
                 QStringLiteral("sudo apt update && sudo apt dist-upgrade && sudo fwupdmgr refresh && sudo fwupdmgr upgrade && sudo reboot"));
        // The embedded copy is the file in the source tree.
        QFile source(QStringLiteral(SPARK_SOURCE_DIR "/resources/data/version-policy.json"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QFile embedded(QString::fromLatin1(VersionPolicy::defaultPath));
        QVERIFY(embedded.open(QIODevice::ReadOnly));
        QCOMPARE(embedded.readAll(), source.readAll());
    }

    void damagedFiles_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("not JSON") << QByteArray("{");
        QTest::newRow("no minimum") << QByteArray("{\"releases\": []}");
        QTest::newRow("bad release") << QByteArray(R"({"minimumRelease":{"date":"2026-04-01"},"releases":[{"version":"7.6.0"}]})");
    }

    void damagedFiles()
    {
        QFETCH(QByteArray, json);
        const auto policy = VersionPolicy::fromJson(json);
        QVERIFY(!policy);
        QVERIFY(!policy.error().message.isEmpty());
        QVERIFY(!VersionPolicy::load(QStringLiteral("/nonexistent/policy.json")));
    }

    void dating_data()
    {
        QTest::addColumn<QString>("dgxRelease");
        QTest::addColumn<QDate>("date");
        QTest::addColumn<VersionPolicy::ReleaseDating::Source>("source");
        using S = VersionPolicy::ReleaseDating::Source;
        QTest::newRow("certain table entry beats the node's record")
            << "DGX_SWBUILD_VERSION=7.2.3\nDGX_OTA_VERSION=7.3.1\nDGX_OTA_DATE=Wed May 20 10:00:00 AM CEST 2026\n"
            << QDate(2025, 11, 1) << S::CertainTable;
        QTest::newRow("uncertain entry: the node's record decides (installed in March)")
            << "DGX_OTA_VERSION=7.5.0\nDGX_OTA_DATE=Tue Mar 17 02:18:52 PM UTC 2026\n" << QDate(2026, 3, 17) << S::NodeRecord;
        QTest::newRow("uncertain entry: the node's record decides (installed in May)")
            << "DGX_OTA_VERSION=7.5.0\nDGX_OTA_DATE=Wed May 20 10:00:00 AM CEST 2026\n" << QDate(2026, 5, 20) << S::NodeRecord;
        QTest::newRow("uncertain entry, unreadable date") << "DGX_OTA_VERSION=7.6.0\nDGX_OTA_DATE=soon\n"
                                                          << QDate(2026, 4, 1) << S::UncertainTable;
        QTest::newRow("unknown version, readable date") << "DGX_OTA_VERSION=7.7.1\nDGX_OTA_DATE=2026-09-01\n"
                                                        << QDate(2026, 9, 1) << S::NodeRecord;
        QTest::newRow("unknown version, no date") << "DGX_SWBUILD_VERSION=8.0.0\n" << QDate() << S::Unknown;
    }

    void dating()
    {
        QFETCH(QString, dgxRelease);
        QFETCH(QDate, date);
        QFETCH(VersionPolicy::ReleaseDating::Source, source);
        const auto dating = shippedPolicy().dateOf(parseDgxRelease(dgxRelease));
        QCOMPARE(dating.date, date);
        QCOMPARE(dating.source, source);
    }

    void versions_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<int>("order");
        QTest::newRow("driver") << "580.159.03" << "580.95.05" << 1;
        QTest::newRow("equal") << "28.45.4028" << "28.45.4028" << 0;
        QTest::newRow("missing part") << "7.6" << "7.6.0" << 0;
        QTest::newRow("two digits") << "7.10.0" << "7.9.1" << 1;
        QTest::newRow("older") << "7.3.1" << "7.6.0" << -1;
    }

    void versions()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(int, order);
        QCOMPARE(compareVersions(a, b), order);
        QCOMPARE(compareVersions(b, a), -order);
    }

    void updateGuide()
    {
        const VersionPolicy policy = shippedPolicy();
        const UpdateGuide guide = UpdateGuide::forNode(policy, QStringLiteral("spark-1"));
        QCOMPARE(guide.tunnelCommand, QStringLiteral("ssh -N -L 11000:localhost:11000 spark-1"));
        QCOMPARE(guide.dashboardUrl, QStringLiteral("http://localhost:11000"));
        QVERIFY(guide.text().contains(guide.tunnelCommand));
        QVERIFY(guide.text().contains(policy.updateCommandLine()));
        const UpdateGuide odd = UpdateGuide::forNode(policy, QStringLiteral("x; rm -rf ~"));
        QVERIFY(!odd.tunnelCommand.contains(QStringLiteral("rm")));
    }
};

QTEST_GUILESS_MAIN(TestVersionPolicy)
#include "tst_versionpolicy.moc"
