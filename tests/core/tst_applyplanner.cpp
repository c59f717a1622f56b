// SPDX-License-Identifier: MIT
#include "core/common/shellquote.h"
#include "core/netconfig/addressplanner.h"
#include "core/netconfig/applyplanner.h"
#include "core/netconfig/arpsysctl.h"
#include "core/topology/cablingplanner.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace spark;

namespace {
QString golden(const QString &name, const QString &actual)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/netconfig/") + name);
    if (qEnvironmentVariableIsSet("SPARK_UPDATE_GOLDEN")) {
        if (file.open(QIODevice::WriteOnly))
            file.write(actual.toUtf8());
        return actual;
    }
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("missing golden file ") + name;
    return QString::fromUtf8(file.readAll());
}

QString render(const NodeApplyPlan &plan)
{
    QString text;
    for (const ApplyStep &step : plan.steps) {
        text += QStringLiteral("%1%2: %3\n  %4\n")
                    .arg(applyStepKindKey(step.kind), step.asRoot ? QStringLiteral(" (root)") : QString(),
                         step.description, step.command);
    }
    text += QStringLiteral("revert (root):\n  %1\n").arg(plan.revertCommand);
    return text;
}

bool validShell(const QString &command)
{
    QProcess shell;
    shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-n"), QStringLiteral("-c"), command});
    return shell.waitForFinished() && shell.exitStatus() == QProcess::NormalExit && shell.exitCode() == 0;
}

NetplanFile file(const QString &path, const QStringList &interfaces)
{
    NetplanFile result;
    result.path = path;
    result.cx7Interfaces = interfaces;
    return result;
}

ApplyOptions options(bool consent = true)
{
    ApplyOptions result;
    result.backupStamp = QStringLiteral("20261202T160000Z");
    result.revertSeconds = 180;
    result.disableConflicts = consent;
    return result;
}
} // namespace

class TestApplyPlanner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsMatchGolden()
    {
        const QStringList nodes{QStringLiteral("spark-a"), QStringLiteral("spark-b")};
        const auto addresses = AddressPlanner::plan(*CablingPlanner::plan(ClusterLayout::Direct2, nodes), {});
        const auto plan = ApplyPlanner::plan(QStringLiteral("lab"), QStringLiteral("spark-a"), *addresses,
                                             {file(QStringLiteral("/etc/netplan/40-cx7.yaml"), {QStringLiteral("enp1s0f0np0")})},
                                             options());
        QVERIFY(plan.hasValue());
        QCOMPARE(render(*plan), golden(QStringLiteral("apply-direct2-spark-a.txt"), render(*plan)));

        QList<ApplyStep::Kind> kinds;
        for (const ApplyStep &step : plan->steps) {
            kinds.append(step.kind);
            QVERIFY2(validShell(step.command), qPrintable(step.command));
        }
        using K = ApplyStep::Kind;
        QCOMPARE(kinds, (QList<K>{K::Precheck, K::Backup, K::Install, K::DisableOld, K::ArmRevert, K::Apply, K::Verify, K::Disarm}));
        QVERIFY(validShell(plan->revertCommand));
        QCOMPARE(plan->checks.size(), 2); // each twin pings its peer twin
    }

    // The backup records the running ARP values of the CX-7 netdevs a node has;
    // a node without some of them (here: this machine has none) still backs up.
    void arpValuesOfAbsentNetdevsAreNoFailure()
    {
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), ArpSysctl::currentValuesCommand()});
        QVERIFY(shell.waitForFinished());
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(shell.readAllStandardOutput(), QByteArray());
    }

    void arpSettingsNameOnlyTheAddressedTwins()
    {
        const auto addresses = AddressPlanner::plan(
            *CablingPlanner::plan(ClusterLayout::Switch, {QStringLiteral("a"), QStringLiteral("b")}, 1), {});
        QVERIFY(addresses.hasValue());
        const QString text = ArpSysctl::render(QStringLiteral("lab"), addresses->interfacesOf(QStringLiteral("b")));
        const QStringList settings = text.split(QLatin1Char('\n')).filter(QRegularExpression(QStringLiteral("^net\\.")));
        QCOMPARE(settings, (QStringList{QStringLiteral("net.ipv4.conf.enp1s0f1np1.arp_ignore = 1"),
                                        QStringLiteral("net.ipv4.conf.enp1s0f1np1.arp_announce = 2"),
                                        QStringLiteral("net.ipv4.conf.enP2p1s0f1np1.arp_ignore = 1"),
                                        QStringLiteral("net.ipv4.conf.enP2p1s0f1np1.arp_announce = 2")}));
    }

    // DGX OS: NetworkManager profiles on the planned ports. DHCP auto-profiles step
    // back without asking; a profile the user made needs consent; none is edited.
    void networkManagerProfilesOnOurPorts_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("interfaceName");
        QTest::addColumn<bool>("consent");
        QTest::addColumn<bool>("planned");
        QTest::addColumn<int>("setAside");
        QTest::newRow("DHCP auto-profile, no consent needed") << "auto"
                                                              << "enp1s0f0np0" << false << true << 1;
        QTest::newRow("user's static profile without consent") << "manual"
                                                               << "enP2p1s0f0np0" << false << false << 0;
        QTest::newRow("user's static profile with consent") << "manual"
                                                            << "enP2p1s0f0np0" << true << true << 1;
        QTest::newRow("profile on a port not in the plan") << "manual"
                                                           << "enp1s0f1np1" << false << true << 0;
    }

    void networkManagerProfilesOnOurPorts()
    {
        QFETCH(QString, method);
        QFETCH(QString, interfaceName);
        QFETCH(bool, consent);
        QFETCH(bool, planned);
        QFETCH(int, setAside);
        const auto addresses = AddressPlanner::plan(
            *CablingPlanner::plan(ClusterLayout::Direct2, {QStringLiteral("a"), QStringLiteral("b")}), {});
        NmProfile profile;
        profile.id = method == QLatin1String("auto") ? QStringLiteral("Wired connection 1") : QStringLiteral("my-cx7-static");
        profile.interfaceName = interfaceName;
        profile.ipv4Method = method;
        if (method == QLatin1String("manual"))
            profile.ipv4Addresses = {QStringLiteral("10.99.1.13/24")};
        NmProfile ours = profile;
        ours.id = QStringLiteral("netplan-enp1s0f0np0");
        ours.interfaceName = QStringLiteral("enp1s0f0np0");
        const auto plan = ApplyPlanner::plan(QStringLiteral("lab"), QStringLiteral("a"), *addresses, {}, options(consent),
                                             {profile, ours});
        QCOMPARE(plan.hasValue(), planned);
        if (!planned) {
            QVERIFY(plan.error().message.contains(QLatin1String("my-cx7-static")));
            QVERIFY(plan.error().message.contains(QLatin1String("10.99.1.13/24")));
            return;
        }
        QCOMPARE(plan->setAside.size(), setAside);
        for (const NmProfile &aside : plan->setAside)
            QVERIFY(!aside.isFromNetplan());
        QVERIFY(plan->netplan.contains(QLatin1String("connection.autoconnect-priority: \"999\"")));
        // Nothing of theirs is edited: NetworkManager is only read, told to
        // reload netplan's files and to bring up netplan's profiles of our ports.
        static const QRegularExpression nmcli(QStringLiteral("nmcli(?: -[a-z](?: [A-Z0-9,]+)?)* ([a-z]+(?: [a-z]+)?)"));
        const QStringList allowed{QStringLiteral("general"), QStringLiteral("connection show"),
                                  QStringLiteral("connection reload"), QStringLiteral("connection up")};
        qsizetype uses = 0;
        qsizetype mentions = 0;
        for (const ApplyStep &step : plan->steps) {
            mentions += step.command.count(QLatin1String("nmcli "));
            for (auto it = nmcli.globalMatch(step.command); it.hasNext(); ++uses) {
                const QString verb = it.next().captured(1);
                QVERIFY2(allowed.contains(verb), qPrintable(verb + QStringLiteral(": ") + step.command));
            }
        }
        QVERIFY(uses > 0);
        QCOMPARE(uses, mentions); // every use was read
    }

    void conflictsNeedConsent()
    {
        const auto addresses = AddressPlanner::plan(
            *CablingPlanner::plan(ClusterLayout::Direct2, {QStringLiteral("a"), QStringLiteral("b")}), {});
        const QList<NetplanFile> files{file(QStringLiteral("/etc/netplan/99-nvidia-sync-cluster.yaml"), {QStringLiteral("enP2p1s0f0np0")})};
        const auto refused = ApplyPlanner::plan(QStringLiteral("lab"), QStringLiteral("a"), *addresses, files, options(false));
        QVERIFY(!refused.hasValue());
        QVERIFY(refused.error().message.contains(QStringLiteral("/etc/netplan/99-nvidia-sync-cluster.yaml")));
        QVERIFY(ApplyPlanner::plan(QStringLiteral("lab"), QStringLiteral("a"), *addresses, files, options(true)).hasValue());
    }

    // A device name full of shell syntax never reaches a command: commands are
    // made of fixed text and validated tokens only. Unvalidated input is refused.
    void userTextNeverUnquoted_data()
    {
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<QString>("stamp");
        QTest::addColumn<QString>("conflictPath");
        QTest::addColumn<bool>("accepted");
        const QString evil = QStringLiteral("spark'; rm -rf / #$(reboot)`id`\n");
        QTest::newRow("evil device name") << evil << QStringLiteral("lab") << QStringLiteral("20261202T160000Z") << QString() << true;
        QTest::newRow("evil cluster name") << QStringLiteral("a") << QStringLiteral("lab; reboot") << QStringLiteral("20261202T160000Z") << QString() << false;
        QTest::newRow("evil stamp") << QStringLiteral("a") << QStringLiteral("lab") << QStringLiteral("x$(reboot)") << QString() << false;
        QTest::newRow("evil conflict path") << QStringLiteral("a") << QStringLiteral("lab") << QStringLiteral("20261202T160000Z")
                                            << QStringLiteral("/etc/netplan/x;reboot.yaml") << false;
        QTest::newRow("conflict outside /etc") << QStringLiteral("a") << QStringLiteral("lab") << QStringLiteral("20261202T160000Z")
                                               << QStringLiteral("/lib/netplan/40-cx7.yaml") << false;
    }

    void userTextNeverUnquoted()
    {
        QFETCH(QString, node);
        QFETCH(QString, cluster);
        QFETCH(QString, stamp);
        QFETCH(QString, conflictPath);
        QFETCH(bool, accepted);
        const auto addresses = AddressPlanner::plan(*CablingPlanner::plan(ClusterLayout::Direct2, {node, QStringLiteral("b")}), {});
        QVERIFY(addresses.hasValue());
        ApplyOptions opts = options();
        opts.backupStamp = stamp;
        QList<NetplanFile> files;
        if (!conflictPath.isEmpty())
            files.append(file(conflictPath, {QStringLiteral("enp1s0f0np0")}));
        const auto plan = ApplyPlanner::plan(cluster, node, *addresses, files, opts);
        QCOMPARE(plan.hasValue(), accepted);
        if (!accepted) {
            QVERIFY(!plan.error().message.isEmpty());
            return;
        }
        for (const ApplyStep &step : plan->steps) {
            QVERIFY(!step.command.contains(node));
            QVERIFY(!step.command.contains(QStringLiteral("reboot")));
            QVERIFY(validShell(step.command));
            QVERIFY(step.description.contains(node)); // shown to the user, never run
        }
    }

    void shellQuoteSurvivesTheShell_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("plain") << QStringLiteral("enp1s0f0np0");
        QTest::newRow("quote") << QStringLiteral("it's");
        QTest::newRow("metacharacters") << QStringLiteral("a; rm -rf / # $(reboot) `id` | & > < * ? ~ \\ \" $HOME");
        QTest::newRow("newline") << QStringLiteral("one\ntwo");
        QTest::newRow("empty") << QString();
        QTest::newRow("only quotes") << QStringLiteral("'''");
    }

    void shellQuoteSurvivesTheShell()
    {
        QFETCH(QString, text);
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("printf '%s' ") + shellQuote(text)});
        QVERIFY(shell.waitForFinished());
        QCOMPARE(QString::fromUtf8(shell.readAllStandardOutput()), text);
        QCOMPARE(shellJoin({text, text}), shellQuote(text) + QLatin1Char(' ') + shellQuote(text));
    }
};

QTEST_GUILESS_MAIN(TestApplyPlanner)
#include "tst_applyplanner.moc"
