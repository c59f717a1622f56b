// SPDX-License-Identifier: MIT
#include "core/facts/pcielink.h"
#include "core/facts/probeparser.h"
#include "core/facts/readiness.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

namespace {

// The sysfs files of one function as `grep -H .` prints them (kernel 6.x).
QString sysfs(const char *speed, int width, qint64 corrected = 0, qint64 fatal = 0)
{
    QString text = QStringLiteral("current_link_speed:%1\ncurrent_link_width:%2\nmax_link_speed:32.0 GT/s PCIe\n"
                                  "max_link_width:4\n")
                       .arg(QLatin1String(speed))
                       .arg(width);
    for (const char *kind : {"RxErr", "BadTLP", "BadDLLP", "Rollover", "Timeout", "NonFatalErr", "CorrIntErr", "HeaderOF"})
        text += QStringLiteral("aer_dev_correctable:%1 0\n").arg(QLatin1String(kind));
    text += QStringLiteral("aer_dev_correctable:TOTAL_ERR_COR %1\n").arg(corrected);
    text += QStringLiteral("aer_dev_nonfatal:TOTAL_ERR_NONFATAL 0\n");
    text += QStringLiteral("aer_dev_fatal:DLP 0\naer_dev_fatal:TOTAL_ERR_FATAL %1\n").arg(fatal);
    return text;
}

QStringList codes(const QList<Finding> &findings)
{
    QStringList list;
    for (const Finding &finding : findings)
        list.append(finding.code);
    list.sort();
    return list;
}

} // namespace

class TestPcieLink final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sysfsFiles_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<bool>("present");
        QTest::addColumn<QString>("link");      // currentLinkText(); empty: unknown
        QTest::addColumn<int>("below");         // belowMaximum(): -1 unknown, 0 no, 1 yes
        QTest::addColumn<qint64>("corrected");  // -1: unknown
        QTest::addColumn<qint64>("fatal");
        QTest::addColumn<int>("unrecognised");
        QTest::newRow("Gen5 x4, clean") << sysfs("32.0 GT/s PCIe", 4) << 0 << true << "Gen5 x4" << 0 << qint64(0) << qint64(0) << 0;
        QTest::newRow("old BIOS: x2") << sysfs("32.0 GT/s PCIe", 2) << 0 << true << "Gen5 x2" << 1 << qint64(0) << qint64(0) << 0;
        QTest::newRow("trained down to Gen3") << sysfs("8.0 GT/s PCIe", 4) << 0 << true << "Gen3 x4" << 1 << qint64(0) << qint64(0) << 0;
        QTest::newRow("older kernel's speed text") << sysfs("32 GT/s", 4) << 0 << true << "Gen5 x4" << 0 << qint64(0) << qint64(0) << 0;
        QTest::newRow("AER counts") << sysfs("32.0 GT/s PCIe", 4, 12, 1) << 0 << true << "Gen5 x4" << 0 << qint64(12) << qint64(1) << 0;
        QTest::newRow("CRLF") << sysfs("32.0 GT/s PCIe", 4, 3).replace(QLatin1String("\n"), QLatin1String("\r\n"))
                              << 0 << true << "Gen5 x4" << 0 << qint64(3) << qint64(0) << 0;
        // A link that is down reads "Unknown"; the value is unknown, never Gen1.
        QTest::newRow("link down: Unknown speed") << QStringLiteral("current_link_speed:Unknown\ncurrent_link_width:0\n"
                                                                    "max_link_speed:32.0 GT/s PCIe\nmax_link_width:4\n")
                                                  << 0 << true << "" << -1 << qint64(-1) << qint64(-1) << 2;
        QTest::newRow("no AER files (kernel without AER stats)")
            << QStringLiteral("current_link_speed:32.0 GT/s PCIe\ncurrent_link_width:4\n") << 0 << true << "Gen5 x4" << -1
            << qint64(-1) << qint64(-1) << 0;
        QTest::newRow("total cut short") << QStringLiteral("aer_dev_fatal:TOTAL_ERR_FATAL") << 0 << true << "" << -1
                                         << qint64(-1) << qint64(-1) << 1;
        QTest::newRow("absent (no cable: CX-7 hot-plug)") << QStringLiteral("absent") << 1 << false << "" << -1
                                                          << qint64(-1) << qint64(-1) << 0;
        QTest::newRow("root port totals") << QStringLiteral("aer_rootport_total_err_cor:4\naer_rootport_total_err_fatal:2\n"
                                                            "aer_rootport_total_err_nonfatal:0\n")
                                          << 0 << true << "" << -1 << qint64(4) << qint64(2) << 0;
    }

    void sysfsFiles()
    {
        QFETCH(QString, body);
        QFETCH(int, exitCode);
        QFETCH(bool, present);
        QFETCH(QString, link);
        QFETCH(int, below);
        QFETCH(qint64, corrected);
        QFETCH(qint64, fatal);
        QFETCH(int, unrecognised);
        const PcieFunctionFacts facts = parsePcieSysfs(QStringLiteral("0002:01:00.0"), body, exitCode);
        QCOMPARE(facts.address, QStringLiteral("0002:01:00.0"));
        QCOMPARE(facts.present, present);
        QCOMPARE(facts.currentLinkText(), link);
        QCOMPARE(facts.belowMaximum().has_value() ? int(*facts.belowMaximum()) : -1, below);
        QCOMPARE(facts.aer.correctable.value_or(-1), corrected);
        QCOMPARE(facts.aer.fatal.value_or(-1), fatal);
        QCOMPARE(facts.unrecognised.size(), unrecognised);
    }

    void kernelLog_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<bool>("read");
        QTest::addColumn<int>("fatal");
        QTest::addColumn<int>("nonFatal");
        QTest::addColumn<int>("corrected");
        // One fatal event is logged by the root port and by the device: it counts once.
        QTest::newRow("fatal AER on the CX-7 root port")
            << QStringLiteral("Nov 19 17:05:31 spark-1 kernel: pcieport 0000:00:00.0: AER: Uncorrectable (Fatal) error message received from 0000:01:00.0\n"
                              "Nov 19 17:05:31 spark-1 kernel: mlx5_core 0000:01:00.0: AER: PCIe Bus Error: severity=Uncorrectable (Fatal), type=Transaction Layer, (Receiver ID)\n")
            << 0 << true << 1 << 0 << 0;
        QTest::newRow("mlx5 PCI slot reset after a fatal error")
            << QStringLiteral("kernel: mlx5_core 0000:01:00.0: mlx5_pci_slot_reset Device state = 1 pci_status: 0. Enter\n")
            << 0 << true << 1 << 0 << 0;
        QTest::newRow("corrected errors")
            << QStringLiteral("kernel: pcieport 0002:00:00.0: AER: Corrected error message received from 0002:01:00.0\n"
                              "kernel: mlx5_core 0002:01:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)\n"
                              "kernel: pcieport 0002:00:00.0: AER: Corrected error message received from 0002:01:00.0\n")
            << 0 << true << 0 << 0 << 2;
        QTest::newRow("older kernels' wording")
            << QStringLiteral("kernel: pcieport 0000:00:00.0: AER: Uncorrected (Non-Fatal) error received: 0000:01:00.0\n")
            << 0 << true << 0 << 1 << 0;
        // The mlx5 power warning appears on healthy Sparks too: never an error.
        QTest::newRow("mlx5 power warning alone")
            << QStringLiteral("kernel: mlx5_core 0000:01:00.0: mlx5_pcie_event:299:(pid 412): Detected insufficient power on the PCIe slot (27W).\n")
            << 0 << true << 0 << 0 << 0;
        QTest::newRow("nothing logged") << QString() << 0 << true << 0 << 0 << 0;
        QTest::newRow("not in the adm group")
            << QStringLiteral("No journal files were opened due to insufficient permissions.") << 0 << false << 0 << 0 << 0;
        QTest::newRow("no journal") << QStringLiteral("No journal files were found.") << 0 << false << 0 << 0 << 0;
        QTest::newRow("no journalctl") << QStringLiteral("journalctl: not found") << 127 << false << 0 << 0 << 0;
    }

    void kernelLog()
    {
        QFETCH(QString, body);
        QFETCH(int, exitCode);
        QFETCH(bool, read);
        QFETCH(int, fatal);
        QFETCH(int, nonFatal);
        QFETCH(int, corrected);
        const KernelLogFacts facts = parseKernelLog(body, exitCode);
        QCOMPARE(facts.read, read);
        QCOMPARE(facts.fatalErrors, fatal);
        QCOMPARE(facts.nonFatalErrors, nonFatal);
        QCOMPARE(facts.correctedErrors, corrected);
        if (!read)
            QVERIFY(!facts.unreadableReason.isEmpty());
    }

    // The probe of a lab node with old BIOS's x2 link and a fatal AER: blockers
    // with the fix; the same node with a healthy PCIe log: no PCIe finding.
    void findingsFromAProbe_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("kernelLog");
        QTest::addColumn<QStringList>("pcieFindings");
        QTest::newRow("x2 and a fatal AER") << "sparklab-pcie-x2-aer.txt" << QString()
                                            << test::strings({"pcie-corrected-errors", "pcie-fatal-errors", "pcie-link-narrow"});
        QTest::newRow("healthy") << "sparklab-nm-user-static.txt" << QString() << QStringList();
        QTest::newRow("healthy, power warning in the log")
            << "sparklab-nm-user-static.txt"
            << "kernel: mlx5_core 0000:01:00.0: mlx5_pcie_event:299:(pid 412): Detected insufficient power on the PCIe slot (27W).\n"
            << QStringList();
        QTest::newRow("healthy sysfs, fatal in the log")
            << "sparklab-nm-user-static.txt"
            << "kernel: pcieport 0000:00:00.0: AER: Uncorrectable (Fatal) error message received from 0000:01:00.0\n"
            << test::strings({"pcie-fatal-errors"});
    }

    void findingsFromAProbe()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, kernelLog);
        QFETCH(QStringList, pcieFindings);
        NodeFacts facts = parseProbeOutput(test::readFixture(QStringLiteral("facts/probe/") + fixture), QStringLiteral("spark-x"));
        QVERIFY(facts.complete);
        if (!kernelLog.isEmpty())
            facts.kernelLog = parseKernelLog(kernelLog, 0);
        QStringList found;
        const QList<Finding> findings = assessNode(facts, VersionPolicy::load().value());
        for (const Finding &finding : findings) {
            if (finding.code.startsWith(QLatin1String("pcie-"))) {
                found.append(finding.code);
                QCOMPARE(finding.node, QStringLiteral("spark-x"));
                QVERIFY(finding.sentence.contains(QStringLiteral("spark-x")));
                QVERIFY(finding.fix.contains(QStringLiteral("spark-x")));
            }
        }
        found.sort();
        QCOMPARE(found, pcieFindings);
        if (pcieFindings.contains(QStringLiteral("pcie-link-narrow"))) {
            QCOMPARE(readinessOf(findings), Readiness::Blockers);
            QVERIFY(findings.first().sentence.contains(QStringLiteral("enP2p1s0f0np0 (0002:01:00.0) at Gen5 x2")));
        }
    }

    // A probe before format 2 has no PCIe sections: unknown, no finding, no guess.
    void olderProbeHasNoPcieFacts()
    {
        const NodeFacts facts = parseProbeOutput(test::readFixture(QStringLiteral("facts/probe/sparklab-ring3-root.txt")));
        QVERIFY(facts.pcie.isEmpty());
        QVERIFY(!facts.kernelLog.read);
        QCOMPARE(codes(assessNode(facts, VersionPolicy::load().value())).filter(QStringLiteral("pcie")), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestPcieLink)
#include "tst_pcielink.moc"
