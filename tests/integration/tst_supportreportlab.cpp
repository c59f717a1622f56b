// SPDX-License-Identifier: MIT
// PCIe findings and the support report against a sparklab pair, end to end
// through sparkctl: the lab's PCIe faults become findings naming the node; a
// report holds every node's raw answers and none of its secrets; replaying it
// prints what the live check printed; a node that does not answer is named.
#include "support/clusterlab.h"
#include "support/registereddevices.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace spark;
using namespace spark::testsupport;

namespace {
const QString labName = QStringLiteral("h15-report");
const QString labSubnet = QStringLiteral("10.131.215.0/24");

ProcessResult sparkctl(const QStringList &arguments, const QByteArray &input = {})
{
    return runProcess(QStringLiteral(SPARKCTL_EXECUTABLE), arguments, input);
}

QStringList findingCodes(const QByteArray &checkJson, const QString &node)
{
    QStringList codes;
    const QJsonArray findings = QJsonDocument::fromJson(checkJson).object().value(QStringLiteral("findings")).toArray();
    for (const QJsonValue &finding : findings) {
        if (finding.toObject().value(QStringLiteral("node")).toString() == node)
            codes.append(finding.toObject().value(QStringLiteral("code")).toString());
    }
    return codes;
}
} // namespace

class TestSupportReport final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    QByteArray m_password;

    void fault(const QStringList &arguments)
    {
        const ProcessResult result = SparkLab::run(QStringList{QStringLiteral("fault")} + arguments.mid(0, 1)
                                                   + QStringList{QStringLiteral("--name"), labName} + arguments.mid(1));
        QVERIFY2(result.exitCode == 0, result.err.constData());
    }

    QByteArray nodeFile(int node, const QString &path)
    {
        return m_lab.lab().exec(node, {QStringLiteral("cat"), path}).out.trimmed();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(labName, labSubnet, {QStringLiteral("direct2")}));
        QCOMPARE(registerLabDevices(m_lab, *m_home).size(), 2);
        m_password = m_lab.lab().node(0).password.toUtf8() + '\n';
    }

    void cleanupTestCase() { m_lab.down(); }

    // The lab's PCIe stand-in as old BIOS and a fatal AER leave it: blockers
    // naming the node, and the other node clean.
    void pcieFaultsAreFindings()
    {
        fault({QStringLiteral("pcie-width"), QStringLiteral("spark-1")});
        fault({QStringLiteral("aer"), QStringLiteral("spark-1")});
        fault({QStringLiteral("aer"), QStringLiteral("spark-2"), QStringLiteral("--severity"), QStringLiteral("correctable"),
               QStringLiteral("--count"), QStringLiteral("5"), QStringLiteral("--device"), QStringLiteral("0002:01:00.0")});
        const ProcessResult check = sparkctl({QStringLiteral("check"), QStringLiteral("--json"),
                                              QStringLiteral("--sudo-password-stdin")}, m_password);
        QCOMPARE(check.exitCode, 20); // blockers
        const QStringList first = findingCodes(check.out, QStringLiteral("spark-1"));
        QVERIFY2(first.contains(QStringLiteral("pcie-link-narrow")), check.out.constData());
        QVERIFY(first.contains(QStringLiteral("pcie-fatal-errors")));
        QCOMPARE(findingCodes(check.out, QStringLiteral("spark-2")), QStringList{QStringLiteral("pcie-corrected-errors")});
        QVERIFY(check.out.contains("Gen5 x2"));
        QVERIFY(check.out.contains("corrected 5 PCIe error"));
    }

    void reportHoldsNoSecretAndReplays()
    {
        const QString path = m_home->filePath(QStringLiteral("report.tar"));
        const ProcessResult report = sparkctl({QStringLiteral("report"), QStringLiteral("--sudo-password-stdin"),
                                               QStringLiteral("--output"), path}, m_password);
        QVERIFY2(report.exitCode == 0, report.err.constData());
        QVERIFY(report.out.contains("spark-1 answered."));
        QVERIFY(report.out.contains("spark-2 answered."));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray archive = file.readAll();

        // Read by the system's tar, with the raw answers named after their commands.
        const ProcessResult listing = runProcess(QStringLiteral("tar"), {QStringLiteral("tf"), path});
        QCOMPARE(listing.exitCode, 0);
        for (const char *name : {"nodes/spark-1/probe.txt", "nodes/spark-2/probe/05 cat _etc_dgx-release.txt",
                                 "nodes/spark-1/health poll (counters).txt", "findings.json", "program/state/devices.json"})
            QVERIFY2(listing.out.contains(name), name);
        QVERIFY(listing.out.contains("sysfs _sys_bus_pci_devices_0002_01_00.0.txt"));
        QVERIFY(archive.contains("max_link_width:4"));

        // What must never be in it.
        QVERIFY(!archive.contains(m_password.trimmed()));
        QFile key(m_home->filePath(QStringLiteral(".ssh/id_ed25519")));
        QVERIFY(key.open(QIODevice::ReadOnly));
        for (const QByteArray &line : key.readAll().split('\n')) {
            if (line.size() > 20 && !line.startsWith("-----"))
                QVERIFY2(!archive.contains(line), "a line of the private key is in the report");
        }
        for (int node = 0; node < 2; ++node) {
            const QByteArray release = nodeFile(node, QStringLiteral("/etc/dgx-release"));
            const qsizetype at = release.indexOf("DGX_SERIAL_NUMBER=");
            QVERIFY(at >= 0);
            const QByteArray serial = release.mid(at + 18).split('\n').first().replace('"', QByteArray());
            QVERIFY(serial.size() >= 6);
            QVERIFY2(!archive.contains(serial), "the serial number is in the report");
            const QByteArray mac = nodeFile(node, QStringLiteral("/sys/class/net/enp1s0f0np0/address"));
            QVERIFY(!archive.contains(mac));
        }

        // The replay prints what the live check printed, with the same verdict.
        const ProcessResult live = sparkctl({QStringLiteral("check"), QStringLiteral("--sudo-password-stdin")}, m_password);
        const ProcessResult replay = sparkctl({QStringLiteral("check"), QStringLiteral("--from-report"), path});
        QCOMPARE(replay.exitCode, live.exitCode);
        QCOMPARE(QString::fromUtf8(replay.out), QString::fromUtf8(live.out));
        const ProcessResult probe = sparkctl({QStringLiteral("probe"), QStringLiteral("--from-report"), path,
                                              QStringLiteral("spark-1")});
        QCOMPARE(probe.exitCode, 0);
        QVERIFY(probe.out.contains("0002:01:00.0 Gen5 x2"));
    }

    void keepMacsKeepsThem()
    {
        const QString path = m_home->filePath(QStringLiteral("report-macs.tar"));
        const ProcessResult report = sparkctl({QStringLiteral("report"), QStringLiteral("spark-1"), QStringLiteral("--keep-macs"),
                                               QStringLiteral("--output"), path});
        QVERIFY2(report.exitCode == 0, report.err.constData());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains(nodeFile(0, QStringLiteral("/sys/class/net/enp1s0f0np0/address"))));
    }

    void nodeThatDoesNotAnswerIsNamed()
    {
        fault({QStringLiteral("sshd-stop"), QStringLiteral("spark-2")});
        const QString path = m_home->filePath(QStringLiteral("report-down.tar"));
        const ProcessResult report = sparkctl({QStringLiteral("report"), QStringLiteral("--output"), path});
        fault({QStringLiteral("sshd-start"), QStringLiteral("spark-2")});
        QVERIFY2(report.exitCode == 0, report.err.constData());
        QVERIFY(report.out.contains("spark-1 answered."));
        QVERIFY2(report.out.contains("spark-2 did not answer"), report.out.constData());
        QVERIFY(report.err.contains("Not in the report (no answer): spark-2"));
        const ProcessResult listing = runProcess(QStringLiteral("tar"), {QStringLiteral("tf"), path});
        QVERIFY(listing.out.contains("nodes/spark-2/error.txt"));
        QVERIFY(listing.out.contains("nodes/spark-1/probe.txt"));
        const ProcessResult replay = sparkctl({QStringLiteral("check"), QStringLiteral("--from-report"), path});
        QCOMPARE(replay.exitCode, 20); // blockers
        QVERIFY(replay.out.contains("BLOCKER spark-2"));
    }
};

SPARKLAB_MAIN(TestSupportReport)
#include "tst_supportreportlab.moc"
