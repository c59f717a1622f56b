// SPDX-License-Identifier: MIT
#include "core/facts/versionpolicy.h"
#include "core/report/supportreport.h"
#include "tests/support/fixtures.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace spark;

namespace {

SupportReportInput sampleInput()
{
    SupportReportInput input;
    input.created = QDateTime(QDate(2026, 12, 5), QTime(9, 30));
    input.programVersion = QStringLiteral("0.1.0");
    input.secrets = {QStringLiteral("hunter22")};
    ReportedNode one;
    one.name = QStringLiteral("spark-1");
    one.host = QStringLiteral("10.0.0.11");
    one.probeOutput = test::readFixture(QStringLiteral("facts/probe/sparklab-pcie-x2-aer.txt"))
                      + QStringLiteral("\nhunter22 DGX_SERIAL_NUMBER=\"1999888777\"\n");
    one.healthOutput = QStringLiteral("counters…\n[exit 0]\n");
    ReportedNode two;
    two.name = QStringLiteral("spark-2");
    two.host = QStringLiteral("10.0.0.12");
    two.error = QStringLiteral("10.0.0.12 refused the connection on port 22.");
    input.nodes = {one, two};
    input.programFiles = {{QStringLiteral("logs/sparkctl.log"), QByteArrayLiteral("started; typed hunter22 by mistake\n")}};
    return input;
}

QStringList findingLines(const QList<Finding> &findings)
{
    QStringList lines;
    for (const Finding &finding : findings)
        lines.append(QStringLiteral("%1 %2 %3 | %4 | %5")
                         .arg(severityKey(finding.severity), finding.node, finding.code, finding.sentence, finding.fix));
    return lines;
}

} // namespace

class TestSupportReport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void filesAreNamedAfterTheirCommands()
    {
        const QList<ArchiveFile> files = SupportReport::files(sampleInput(), VersionPolicy::load().value());
        QStringList paths;
        for (const ArchiveFile &file : files)
            paths.append(file.path);
        QCOMPARE(paths.first(), QStringLiteral("README.txt"));
        QVERIFY(paths.contains(QStringLiteral("report.json")));
        QVERIFY(paths.contains(QStringLiteral("findings.json")));
        QVERIFY(paths.contains(QStringLiteral("nodes/spark-1/probe.txt")));
        QVERIFY(paths.contains(QStringLiteral("nodes/spark-1/health poll (counters).txt")));
        QVERIFY(paths.contains(QStringLiteral("nodes/spark-2/error.txt")));
        QVERIFY(paths.contains(QStringLiteral("program/logs/sparkctl.log")));
        QVERIFY(!paths.filter(QStringLiteral("cat _etc_dgx-release.txt")).isEmpty());
        QVERIFY(!paths.filter(QStringLiteral("ethtool -i enp1s0f0np0.txt")).isEmpty());
        QVERIFY(!paths.filter(QStringLiteral("sysfs _sys_bus_pci_devices_0002_01_00.0.txt")).isEmpty());
    }

    void nothingSecretIsWritten()
    {
        const QByteArray archive = SupportReport::archive(sampleInput(), VersionPolicy::load().value());
        QVERIFY(!archive.contains("hunter22"));
        QVERIFY(!archive.contains("1999888777"));
        QVERIFY(archive.contains("(removed)"));
    }

    // Made, then replayed: the same findings, and the node that did not answer named.
    void replayDrawsTheSameFindings()
    {
        const VersionPolicy policy = VersionPolicy::load().value();
        const auto replay = SupportReport::replay(SupportReport::archive(sampleInput(), policy), policy);
        QVERIFY(replay);
        QCOMPARE(replay->facts.size(), 1);
        QCOMPARE(replay->facts.first().node, QStringLiteral("spark-1"));
        QCOMPARE(replay->unanswered, QStringList{QStringLiteral("spark-2: 10.0.0.12 refused the connection on port 22.")});
        QCOMPARE(findingLines(replay->findings), findingLines(replay->recorded));
        QVERIFY(!replay->findings.isEmpty());
    }

    void notAReport()
    {
        const VersionPolicy policy = VersionPolicy::load().value();
        QVERIFY(!SupportReport::replay(QByteArrayLiteral("hello"), policy));
        // A tar without report.json is somebody else's archive.
        QVERIFY(!SupportReport::replay(tarArchive::write({{QStringLiteral("a.txt"), "a"}}, QDateTime::currentDateTime()), policy));
    }

    // Every report in tests/fixtures/reports replays to the findings it recorded:
    // a real Spark's report becomes a test by copying it there.
    void fixtures_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(SPARK_FIXTURES_DIR "/reports"));
        const QStringList names = dir.entryList({QStringLiteral("*.tar")}, QDir::Files, QDir::Name);
        QVERIFY(names.size() >= 2);
        for (const QString &name : names)
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }

    void fixtures()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto replay = SupportReport::replay(file.readAll(), VersionPolicy::load().value());
        QVERIFY2(replay, qPrintable(replay ? QString() : replay.error().message));
        QVERIFY(!replay->facts.isEmpty());
        for (const NodeFacts &facts : replay->facts)
            QVERIFY2(facts.complete, qPrintable(facts.node));
        QCOMPARE(findingLines(replay->findings), findingLines(replay->recorded));
    }
};

QTEST_GUILESS_MAIN(TestSupportReport)
#include "tst_supportreport.moc"
