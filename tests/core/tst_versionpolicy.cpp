// SPDX-License-Identifier: MIT
#include "core/facts/updateguide.h"
#include "core/facts/versionpolicy.h"

#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::VersionPolicy::ReleaseDating::Source)

namespace {
VersionPolicy shippedPolicy()
{
    const auto policy = VersionPolicy::loadFile(QString::fromLatin1(VersionPolicy::defaultPath));
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
        const auto policy = VersionPolicy::loadFile(QString::fromLatin1(VersionPolicy::defaultPath));
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
        QVERIFY(!VersionPolicy::loadFile(QStringLiteral("/nonexistent/policy.json")));
    }

    // A policy file beside the program's other files (or the system's) overrides
    // the built-in one; one that is not valid is an error naming it, never ignored.
    void overridesComeFirstAndAreValidated_data()
    {
        QTest::addColumn<QByteArray>("user");   // empty: no file
        QTest::addColumn<QByteArray>("system");
        QTest::addColumn<QString>("used");      // "user", "system", "built-in" or "error"
        const QByteArray later(R"({"minimumRelease":{"date":"2026-10-01","name":"October 2026"},"releases":[]})");
        QTest::newRow("none") << QByteArray() << QByteArray() << "built-in";
        QTest::newRow("user's") << later << QByteArray() << "user";
        QTest::newRow("system's") << QByteArray() << later << "system";
        QTest::newRow("user's before system's") << later << QByteArray("{") << "user";
        QTest::newRow("user's damaged") << QByteArray("{\"releases\": []}") << later << "error";
    }

    void overridesComeFirstAndAreValidated()
    {
        QFETCH(QByteArray, user);
        QFETCH(QByteArray, system);
        QFETCH(QString, used);
        QTemporaryDir dir;
        const QString userPath = dir.filePath(QStringLiteral("user/version-policy.json"));
        const QString systemPath = dir.filePath(QStringLiteral("etc/version-policy.json"));
        for (const auto &[path, text] : {std::pair{userPath, user}, std::pair{systemPath, system}}) {
            if (text.isEmpty())
                continue;
            QDir().mkpath(QFileInfo(path).absolutePath());
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(text);
        }
        const auto policy = VersionPolicy::load({userPath, systemPath});
        if (used == QLatin1String("error")) {
            QVERIFY(!policy);
            QVERIFY2(policy.error().message.contains(userPath) && policy.error().message.contains(QLatin1String("built-in")),
                     qPrintable(policy.error().message));
            return;
        }
        QVERIFY2(policy, policy ? "" : qPrintable(policy.error().message));
        const QString expected = used == QLatin1String("user") ? userPath
                               : used == QLatin1String("system") ? systemPath
                                                                 : QString::fromLatin1(VersionPolicy::defaultPath);
        QCOMPARE(policy->source, expected);
        QCOMPARE(policy->builtIn(), used == QLatin1String("built-in"));
        if (!policy->builtIn())
            QCOMPARE(policy->minimumReleaseName, QStringLiteral("October 2026"));
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
