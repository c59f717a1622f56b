// SPDX-License-Identifier: MIT
#include "core/hardware/cx7.h"
#include "core/facts/probeparser.h"
#include "core/facts/probescript.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace spark;

class TestProbeScript final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void containsOnlyFixedText()
    {
        const QString script = ProbeScript::build();
        for (const Cx7Function &function : cx7::functions) {
            QVERIFY(script.contains(function.netdevName()));
            QVERIFY(script.contains(function.rdmaDeviceName()));
        }
        QVERIFY(!script.contains(QLatin1Char('@') + QStringLiteral("CX7"))); // every placeholder filled
        QVERIFY(!script.contains(QStringLiteral("@SUDO@")));
        QVERIFY(!script.contains(QStringLiteral("@ROOT_PART@")));
        QVERIFY(script.contains(QStringLiteral("sudo -n sh -c")));
        QVERIFY(!script.contains(QStringLiteral("sudo -S")));
        ProbeScript::Options options;
        options.sudo = ProbeScript::SudoMode::PasswordOnStdin;
        QVERIFY(ProbeScript::build(options).contains(QStringLiteral("sudo -S -p '' sh -c")));
    }

    void splitsSections()
    {
        const QString output = QStringLiteral(
            "\n@@spark-probe:section kernel\n6.17.0-1029-nvidia\n\n@@spark-probe:exit 0\n"
            "\n@@spark-probe:section ethtool enp1s0f0np0\nSettings for enp1s0f0np0:\n@@spark-probe:exit 0\n"
            "\n@@spark-probe:section nvidia-smi\nsh: 1: nvidia-smi: not found\n\n@@spark-probe:exit 127\n"
            "\n@@spark-probe:section cut\npartial");
        const QList<ProbeSection> sections = ProbeScript::sections(output);
        QCOMPARE(sections.size(), 4);
        QCOMPARE(sections.at(0).name, QStringLiteral("kernel"));
        QCOMPARE(sections.at(0).body, QStringLiteral("6.17.0-1029-nvidia"));
        QCOMPARE(sections.at(1).name, QStringLiteral("ethtool"));
        QCOMPARE(sections.at(1).argument, QStringLiteral("enp1s0f0np0"));
        QCOMPARE(sections.at(1).body, QStringLiteral("Settings for enp1s0f0np0:"));
        QCOMPARE(sections.at(2).exitCode, 127);
        QCOMPARE(sections.at(3).exitCode, -1);
        QCOMPARE(sections.at(3).body, QStringLiteral("partial"));
    }

    void splitsFiles()
    {
        const QList<ProbeFile> files = ProbeScript::files(QStringLiteral(
            "@@spark-probe:file /etc/netplan/40-cx7.yaml\nnetwork:\n  version: 2\n\n"
            "@@spark-probe:file /etc/netplan/50-cloud-init.yaml\nnetwork: {}\n"));
        QCOMPARE(files.size(), 2);
        QCOMPARE(files.at(0).path, QStringLiteral("/etc/netplan/40-cx7.yaml"));
        QCOMPARE(files.at(0).content, QStringLiteral("network:\n  version: 2"));
        QCOMPARE(files.at(1).content, QStringLiteral("network: {}"));
    }

    // The script runs under every shell a Spark may have as /bin/sh or login
    // shell, on this machine (which has no CX-7: every netdev is absent).
    void runsLocally_data()
    {
        QTest::addColumn<QString>("shell");
        QTest::addColumn<bool>("networkOnly");
        QTest::newRow("dash") << "dash" << false;
        QTest::newRow("bash") << "bash" << false;
        QTest::newRow("bash --posix") << "bash --posix" << false;
        QTest::newRow("dash, network only") << "dash" << true;
        QTest::newRow("bash, network only") << "bash" << true;
    }

    void runsLocally()
    {
        QFETCH(QString, shell);
        QFETCH(bool, networkOnly);
        ProbeScript::Options options;
        options.depth = networkOnly ? ProbeScript::Depth::Network : ProbeScript::Depth::Full;
        QStringList words = shell.split(QLatin1Char(' '));
        const QString program = QStandardPaths::findExecutable(words.takeFirst());
        QVERIFY2(!program.isEmpty(), qPrintable(shell + QStringLiteral(" is not installed")));
        QProcess process;
        process.setStandardInputFile(QProcess::nullDevice());
        process.start(program, words << QStringLiteral("-c") << ProbeScript::build(options));
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        const QString output = QString::fromUtf8(process.readAllStandardOutput());
        const QString errors = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(!errors.contains(QStringLiteral("syntax error")), qPrintable(errors));

        QStringList names;
        for (const ProbeSection &section : ProbeScript::sections(output))
            names.append(section.name);
        for (const char *expected : {"probe", "sudo", "root-files", "hostname", "dgx-release", "kernel", "id", "sysfs",
                                     "ip-addr", "ip-route", "netplan-list", "done"}) {
            QVERIFY2(names.contains(QLatin1String(expected)), expected);
        }
        // The network's part leaves out the slow tools the plan does not read.
        for (const char *slow : {"nvidia-smi", "ibdev2netdev", "kernel-log", "pcie"})
            QVERIFY2(names.contains(QLatin1String(slow)) != networkOnly, slow);

        const NodeFacts facts = parseProbeOutput(output, QStringLiteral("local"));
        QVERIFY2(facts.complete, qPrintable(facts.problems.join(QLatin1Char('\n'))));
        QCOMPARE(facts.probeFormat, ProbeScript::formatVersion);
        QVERIFY(!facts.kernel.isEmpty());
        QVERIFY(!facts.user.name.isEmpty());
        QVERIFY(facts.user.uid >= 0);
        QVERIFY(!facts.interfaces.isEmpty()); // at least lo
        QCOMPARE(facts.cx7.size(), 4);
        for (const Cx7InterfaceFacts &interface : facts.cx7)
            QVERIFY(!interface.present);
        QVERIFY(facts.cabledPorts().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestProbeScript)
#include "tst_probescript.moc"
