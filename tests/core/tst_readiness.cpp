// SPDX-License-Identifier: MIT
#include "core/facts/probeparser.h"
#include "core/facts/readiness.h"
#include "tests/support/fixtures.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QTest>
#include <QTranslator>

using namespace spark;

Q_DECLARE_METATYPE(spark::Readiness)

namespace {

VersionPolicy policy()
{
    return VersionPolicy::load().value();
}

NodeFacts probe(const QString &fixture, const QString &node)
{
    return parseProbeOutput(test::readFixture(QStringLiteral("facts/probe/") + fixture), node);
}

QStringList codes(const QList<Finding> &findings)
{
    QStringList list;
    for (const Finding &finding : findings)
        list.append(finding.code);
    return list;
}

// A ready node built by hand: release 7.6.0 installed in April 2026, both ports cabled at 200G.
NodeFacts readyNode(const QString &name)
{
    NodeFacts facts = probe(QStringLiteral("sparklab-ring3-root.txt"), name);
    facts.user = UserFacts{QStringLiteral("nvidia"), 1000, 1000, {QStringLiteral("sudo")}};
    facts.sudo = SudoAccess::WithPassword;
    return facts;
}

} // namespace

class TestReadiness final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sparklabNodes_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<Readiness>("verdict");
        QTest::addColumn<QStringList>("findings");
        QTest::newRow("clean") << "sparklab-ring3-root.txt" << Readiness::Ready << QStringList();
        QTest::newRow("playbook netplan") << "sparklab-stale-netplan-root.txt" << Readiness::Warnings
                                          << test::strings({"conflicting-netplan"});
        QTest::newRow("user without sudo -n, netplan unreadable")
            << "sparklab-user-nosudo.txt" << Readiness::Warnings
            << test::strings({"sudo-unverified", "conflicting-netplan", "netplan-unread"});
        QTest::newRow("old release") << "sparklab-old-release.txt" << Readiness::Blockers
                                     << test::strings({"release-too-old"});
        QTest::newRow("NVIDIA Sync netplan") << "sparklab-nvidia-sync-gid-reorder.txt" << Readiness::Warnings
                                             << test::strings({"conflicting-netplan"});
        QTest::newRow("one port unplugged") << "sparklab-unplugged-port1.txt" << Readiness::Warnings
                                            << test::strings({"conflicting-netplan"});
        QTest::newRow("twin down and 100G") << "sparklab-twin-down-100g.txt" << Readiness::Blockers
                                            << test::strings({"release-too-old", "port-slow", "twin-down"});
        // DGX OS's stack: DHCP auto-profiles on every CX-7 netdev, port 1 uncabled
        // (its twins present without carrier): nothing to report.
        QTest::newRow("NetworkManager defaults, uncabled port") << "sparklab-nm-switch-uncabled-port1.txt" << Readiness::Ready
                                                                << QStringList();
        QTest::newRow("user's static NetworkManager profile") << "sparklab-nm-user-static.txt" << Readiness::Warnings
                                                              << test::strings({"conflicting-networkmanager"});
        QTest::newRow("NetworkManager stopped") << "sparklab-nm-stopped.txt" << Readiness::Blockers
                                                << test::strings({"networkmanager-stopped"});
        // Old BIOS's x2 on the second controller, a fatal AER on a root port, corrected ones on a function.
        QTest::newRow("PCIe x2 and AER errors") << "sparklab-pcie-x2-aer.txt" << Readiness::Blockers
                                                << test::strings({"pcie-link-narrow", "pcie-fatal-errors", "pcie-corrected-errors"});
    }

    void sparklabNodes()
    {
        QFETCH(QString, fixture);
        QFETCH(Readiness, verdict);
        QFETCH(QStringList, findings);
        const QList<Finding> result = assessNode(probe(fixture, QStringLiteral("spark-x")), policy());
        QStringList actual = codes(result);
        actual.sort();
        findings.sort();
        QCOMPARE(actual, findings);
        QCOMPARE(readinessOf(result), verdict);
        for (const Finding &finding : result) {
            QCOMPARE(finding.node, QStringLiteral("spark-x"));
            QVERIFY(finding.sentence.contains(QStringLiteral("spark-x")));
            QVERIFY(finding.sentence.endsWith(QLatin1Char('.')));
            QVERIFY(!finding.fix.isEmpty());
        }
    }

    void sentencesSayWhatAndWhere()
    {
        const QList<Finding> result =
            assessNode(probe(QStringLiteral("sparklab-twin-down-100g.txt"), QStringLiteral("spark-2")), policy());
        QStringList sentences;
        for (const Finding &finding : result)
            sentences.append(finding.sentence + QLatin1Char(' ') + finding.fix);
        const QString all = sentences.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("enP2p1s0f1np1")), qPrintable(all));
        QVERIFY(all.contains(QStringLiteral("port 1 (right)")));
        QVERIFY(all.contains(QStringLiteral("100 Gb/s instead of 200 Gb/s")));
        QVERIFY(all.contains(QStringLiteral("DGX OS 7.3.1")));
        QVERIFY(all.contains(QStringLiteral("April 2026")));
        QVERIFY(all.contains(QStringLiteral("sudo fwupdmgr upgrade")));
    }

    // The findings are looked up in the context lupdate files them under (a bare tr() in
    // a namespace once sent 61 of them to a context nothing asked for).
    void findingsAreTranslated()
    {
        int argc = 1;
        char name[] = "tst_readiness";
        char *argv[] = {name, nullptr};
        QCoreApplication app(argc, argv);
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(":/i18n/spark-companion_zh_CN.qm")));
        QVERIFY(QCoreApplication::installTranslator(&chinese));
        const QList<Finding> result =
            assessNode(probe(QStringLiteral("sparklab-twin-down-100g.txt"), QStringLiteral("spark-2")), policy());
        QVERIFY(!result.isEmpty());
        static const QRegularExpression chineseText(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        for (const Finding &finding : result) {
            QVERIFY2(finding.sentence.contains(chineseText), qPrintable(finding.sentence));
            QVERIFY2(finding.fix.contains(chineseText), qPrintable(finding.fix));
        }
        QCoreApplication::removeTranslator(&chinese);
    }

    void constructedNodes_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("code");
        QTest::addColumn<Readiness>("verdict");
        QTest::newRow("nvidia-smi missing") << "no-nvidia-smi" << "no-nvidia-smi" << Readiness::Warnings;
        QTest::newRow("driver updated without reboot") << "mismatch" << "driver-needs-reboot" << Readiness::Blockers;
        QTest::newRow("no cable at all") << "no-cable" << "no-cable" << Readiness::Warnings;
        QTest::newRow("sudo refused") << "no-sudo" << "no-sudo" << Readiness::Blockers;
        QTest::newRow("wrong sudo password") << "wrong-password" << "sudo-password-wrong" << Readiness::Warnings;
        QTest::newRow("not DGX OS") << "no-dgx-release" << "not-dgx-os" << Readiness::Warnings;
        QTest::newRow("release unknown") << "unknown-release" << "release-unknown" << Readiness::Warnings;
        QTest::newRow("7.5.0 installed in May: accepted") << "7.5.0-may" << "" << Readiness::Ready;
        QTest::newRow("7.5.0 installed in March: too old") << "7.5.0-march" << "release-too-old" << Readiness::Blockers;
        QTest::newRow("old firmware") << "old-firmware" << "firmware-old" << Readiness::Warnings;
        QTest::newRow("old driver") << "old-driver" << "driver-old" << Readiness::Warnings;
        QTest::newRow("DHCP auto-profile (DGX OS default)") << "dhcp-profile" << "" << Readiness::Ready;
        QTest::newRow("netplan-made profile") << "netplan-profile" << "" << Readiness::Ready;
        QTest::newRow("our own netplan") << "own-netplan" << "" << Readiness::Ready;
        QTest::newRow("probe cut short") << "incomplete" << "probe-incomplete" << Readiness::Blockers;
        QTest::newRow("OEM platform") << "oem" << "" << Readiness::Ready;
    }

    void constructedNodes()
    {
        QFETCH(QString, change);
        QFETCH(QString, code);
        QFETCH(Readiness, verdict);
        NodeFacts facts = readyNode(QStringLiteral("spark-1"));
        QVERIFY(assessNode(facts, policy()).isEmpty());
        if (change == QLatin1String("no-nvidia-smi")) {
            facts.gpu = parseNvidiaSmi(test::readFixture(QStringLiteral("facts/nvidia-smi/not-found.txt")), 127);
        } else if (change == QLatin1String("mismatch")) {
            facts.gpu = parseNvidiaSmi(test::readFixture(QStringLiteral("facts/nvidia-smi/version-mismatch.txt")), 18);
        } else if (change == QLatin1String("no-cable")) {
            for (Cx7InterfaceFacts &interface : facts.cx7) {
                Cx7InterfaceFacts absent;
                absent.netdev = interface.netdev;
                absent.rdmaDevice = interface.rdmaDevice;
                absent.port = interface.port;
                absent.twin = interface.twin;
                interface = absent;
            }
        } else if (change == QLatin1String("no-sudo")) {
            facts.sudo = SudoAccess::Unavailable;
        } else if (change == QLatin1String("wrong-password")) {
            facts.sudo = SudoAccess::Unknown;
            facts.sudoPasswordRejected = true;
        } else if (change == QLatin1String("no-dgx-release")) {
            facts.release = DgxRelease();
        } else if (change == QLatin1String("unknown-release")) {
            facts.release = parseDgxRelease(QStringLiteral("DGX_SWBUILD_VERSION=9.0.0\n"));
        } else if (change == QLatin1String("7.5.0-may")) {
            facts.release = parseDgxRelease(QStringLiteral("DGX_OTA_VERSION=7.5.0\nDGX_OTA_DATE=Wed May 20 10:00:00 AM CEST 2026\n"));
        } else if (change == QLatin1String("7.5.0-march")) {
            facts.release = parseDgxRelease(QStringLiteral("DGX_OTA_VERSION=7.5.0\nDGX_OTA_DATE=Tue Mar 17 02:18:52 PM UTC 2026\n"));
        } else if (change == QLatin1String("old-firmware")) {
            for (Cx7InterfaceFacts &interface : facts.cx7)
                interface.driverInfo.firmwareVersion = QStringLiteral("28.43.1014 (NVD0000000087)");
        } else if (change == QLatin1String("old-driver")) {
            facts.gpu.driverVersion = QStringLiteral("575.57.08");
        } else if (change == QLatin1String("dhcp-profile") || change == QLatin1String("netplan-profile")) {
            NmProfile profile;
            profile.id = change == QLatin1String("dhcp-profile") ? QStringLiteral("Wired connection 1")
                                                                 : QStringLiteral("netplan-enp1s0f0np0");
            profile.uuid = QStringLiteral("1f0a3c52-6a0b-3c1e-9b1a-5a4a3d2e9f10");
            profile.interfaceName = QStringLiteral("enp1s0f0np0");
            profile.ipv4Method = QStringLiteral("auto");
            facts.networkConfig.nmProfiles.append(profile);
        } else if (change == QLatin1String("own-netplan")) {
            facts.networkConfig.netplanFiles.append(
                parseNetplan(QStringLiteral("/etc/netplan/") + QLatin1String(ownNetplanFileName),
                             QStringLiteral("network:\n  ethernets:\n    enp1s0f0np0: {}\n")));
        } else if (change == QLatin1String("incomplete")) {
            facts.complete = false;
        } else if (change == QLatin1String("oem")) {
            facts.release.platform = QStringLiteral("Dell Pro Max with GB10");
        }
        const QList<Finding> result = assessNode(facts, policy());
        QCOMPARE(codes(result), code.isEmpty() ? QStringList() : QStringList{code});
        QCOMPARE(readinessOf(result), verdict);
    }

    void cluster()
    {
        const QList<NodeFacts> nodes = {probe(QStringLiteral("sparklab-ring3-root.txt"), QStringLiteral("spark-1")),
                                        probe(QStringLiteral("sparklab-old-release.txt"), QStringLiteral("spark-2")),
                                        probe(QStringLiteral("sparklab-nvidia-sync-gid-reorder.txt"), QStringLiteral("spark-3"))};
        const QList<Finding> result = assessCluster(nodes, policy());
        QCOMPARE(readinessOf(result), Readiness::Blockers);
        QList<Finding> clusterWide;
        for (const Finding &finding : result) {
            if (finding.node.isEmpty())
                clusterWide.append(finding);
        }
        QCOMPARE(codes(clusterWide), test::strings({"release-differs", "driver-differs"}));
        const QString sentence = clusterWide.first().sentence;
        QVERIFY2(sentence.contains(QStringLiteral("7.3.1 on spark-2")), qPrintable(sentence));
        QVERIFY(sentence.contains(QStringLiteral("7.6.0 on spark-1, spark-3")));
        QVERIFY(sentence.contains(QStringLiteral("NCCL")));
        // The fix names only the Spark behind and the release to reach.
        const QString fix = clusterWide.first().fix;
        QVERIFY2(fix.startsWith(QStringLiteral("Update spark-2 (7.3.1) to DGX OS 7.6.0, which spark-1, spark-3 already run: `")),
                 qPrintable(fix));
    }

    void clusterIdentity_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("uid");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("same user") << "nvidia" << 1000 << QStringList();
        QTest::newRow("other name") << "alice" << 1000 << test::strings({"user-differs"});
        QTest::newRow("other uid") << "nvidia" << 1001 << test::strings({"uid-differs"});
    }

    void clusterIdentity()
    {
        QFETCH(QString, name);
        QFETCH(int, uid);
        QFETCH(QStringList, expected);
        NodeFacts second = readyNode(QStringLiteral("spark-2"));
        second.user.name = name;
        second.user.uid = uid;
        const QList<Finding> result = assessCluster({readyNode(QStringLiteral("spark-1")), second}, policy());
        QCOMPARE(codes(result), expected);
        QCOMPARE(readinessOf(result), expected.isEmpty() ? Readiness::Ready : Readiness::Warnings);
    }

    void verdictOrder()
    {
        QCOMPARE(readinessOf({}), Readiness::Ready);
        Finding info;
        info.severity = Finding::Severity::Info;
        Finding warning;
        warning.severity = Finding::Severity::Warning;
        Finding blocker;
        blocker.severity = Finding::Severity::Blocker;
        QCOMPARE(readinessOf({info}), Readiness::Ready);
        QCOMPARE(readinessOf({info, warning}), Readiness::Warnings);
        QCOMPARE(readinessOf({warning, blocker, info}), Readiness::Blockers);
        QCOMPARE(int(Readiness::Warnings), 1);
    }
};

QTEST_APPLESS_MAIN(TestReadiness)
#include "tst_readiness.moc"
