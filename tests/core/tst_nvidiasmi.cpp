// SPDX-License-Identifier: MIT
#include "core/facts/nvidiasmi.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::NvidiaSmiInfo::Status)

class TestNvidiaSmi final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<NvidiaSmiInfo::Status>("status");
        QTest::addColumn<QString>("driver");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("gpu");
        using S = NvidiaSmiInfo::Status;
        QTest::newRow("DGX-SPARK.md header") << "header-580.95.05.txt" << 0 << S::Ok << "580.95.05" << "13.0"
                                             << "NVIDIA GB10";
        QTest::newRow("whole table") << "full-table-580.159.03.txt" << 0 << S::Ok << "580.159.03" << "13.0"
                                     << "NVIDIA GB10";
        // GB10 has no dedicated memory: "Not Supported" where other GPUs print MiB.
        QTest::newRow("whole table, 580.126.09 (DGX OS 7.4)") << "full-table-580.126.09.txt" << 0 << S::Ok << "580.126.09"
                                                               << "13.0" << "NVIDIA GB10";
        QTest::newRow("not installed") << "not-found.txt" << 127 << S::Missing << "" << "" << "";
        QTest::newRow("driver not loaded") << "no-driver.txt" << 9 << S::DriverNotLoaded << "" << "" << "";
        QTest::newRow("updated without reboot") << "version-mismatch.txt" << 18 << S::VersionMismatch << "" << ""
                                                << "";
    }

    void parses()
    {
        QFETCH(QString, fixture);
        QFETCH(int, exitCode);
        QFETCH(NvidiaSmiInfo::Status, status);
        QFETCH(QString, driver);
        QFETCH(QString, cuda);
        QFETCH(QString, gpu);
        const QString text = test::readFixture(QStringLiteral("facts/nvidia-smi/") + fixture);
        QVERIFY(!text.isEmpty());
        const NvidiaSmiInfo info = parseNvidiaSmi(text, exitCode);
        QCOMPARE(info.status, status);
        QCOMPARE(info.driverVersion, driver);
        QCOMPARE(info.cudaVersion, cuda);
        QCOMPARE(info.gpuName, gpu);
        QCOMPARE(info.problem.isEmpty(), status == NvidiaSmiInfo::Status::Ok);
    }

    void timeout()
    {
        const NvidiaSmiInfo info = parseNvidiaSmi(QString(), 124);
        QCOMPARE(info.status, NvidiaSmiInfo::Status::Failed);
        QVERIFY(!info.problem.isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestNvidiaSmi)
#include "tst_nvidiasmi.moc"
