// SPDX-License-Identifier: MIT
// The safe apply over real SSH on private sparklab labs (10.132.x.0/24 and
// one on 10.200.0.0/24, inside the default cluster range): direct 2, ring 3
// and switch 4 end to end with rollback; the same plan twice changes nothing;
// a wrong sudo password changes nothing; a node lost right after its apply
// reverts by itself while the others are rolled back; a stale 40-cx7.yaml is
// disabled only with consent. On DGX OS's stack (NetworkManager under netplan,
// in every sparklab node): the DHCP auto-profiles step back and return on
// revert and rollback while the management link never blinks,
// a 90-NM-*.yaml that netplan rejects blocks the apply before any change, and a
// user's static NetworkManager profile is set aside only with consent, unchanged.
#include "core/netconfig/clusterapplier.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/netconfig/nodeapplier.h"
#include "core/netconfig/peertrustrunner.h"
#include "core/topology/discoveryrunner.h"
#include "support/clusterlab.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>

#include <csignal>
#include <memory>
#include <vector>

using namespace spark;
using namespace spark::testsupport;

namespace {
constexpr int kRevertSeconds = 10;

ClusterDefinition definition(const QString &name, ClusterLayout layout, const QStringList &nodes)
{
    ClusterDefinition cluster;
    cluster.name = name;
    cluster.layout = layout;
    cluster.devices = nodes;
    if (layout != ClusterLayout::Ring3)
        cluster.port = 0;
    return cluster;
}
} // namespace

class TestClusterApply final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;

    static QList<PrepareTarget> targets(ClusterLab &lab, const QString &password = {})
    {
        QList<PrepareTarget> result;
        for (int i = 0; i < lab.size(); ++i)
            result.append(PrepareTarget{lab.nodeNames().at(i), lab.session(i),
                                        password.isEmpty() ? lab.lab().node(i).password : password});
        return result;
    }

    // A short undo timer only where the test waits for it: elsewhere a slow
    // (loaded) machine must not see the timer undo an apply before it is kept.
    static ApplyOptions options(bool disableConflicts = false, int revertSeconds = 120)
    {
        ApplyOptions result;
        result.backupStamp = ClusterPreparer::backupStampNow();
        result.revertSeconds = revertSeconds;
        result.disableConflicts = disableConflicts;
        return result;
    }

    // What a node's network looks like: netplan and sysctl.d files, CX-7 IPv4
    // addresses and MTUs, the running ARP settings of the CX-7 netdevs, and
    // NetworkManager's profiles (with their settings and autoconnect flags) and
    // which one each CX-7 netdev runs.
    static QString state(ClusterLab &lab, int node)
    {
        const ProcessResult result = lab.lab().sh(
            node, QStringLiteral("for f in /etc/netplan/*.yaml /etc/sysctl.d/*.conf; do [ -e \"$f\" ] && echo \"$f $(sha256sum < \"$f\")\"; "
                                 "done; ip -4 -o addr show | grep -v ' lo \\| enP7s7 ' | awk '{print $2, $4}' | sort; "
                                 "for d in /sys/class/net/en[pP][12]*; do echo \"${d##*/} mtu $(cat $d/mtu)\"; done; "
                                 "grep -H . /proc/sys/net/ipv4/conf/en[pP][12]*/arp_ignore /proc/sys/net/ipv4/conf/en[pP][12]*/arp_announce; "
                                 "nmcli -t -f NAME,UUID,TYPE,AUTOCONNECT,AUTOCONNECT-PRIORITY connection show | grep -v \"^lo:\" | sort | "
                                 "while IFS= read -r c; do echo \"nm $c $(nmcli -t -g ipv4.method,ipv4.addresses,802-3-ethernet.mtu "
                                 "connection show \"$(echo \"$c\" | cut -d: -f2)\" </dev/null | tr '\\n' ' ')\"; done; "
                                 "nmcli -t -f DEVICE,CONNECTION device | grep '^en[pP][12]' | sort; "
                                 "ls /run/spark-companion-netplan-revert.pid 2>/dev/null; true"));
        return QString::fromUtf8(result.out);
    }
    // netplan apply returns before NetworkManager has activated the profiles:
    // a state is compared once it has settled (bounded).
    // The lines that differ, node by node ("-" before, "+" now): short enough for a failure message.
    static QString difference(const QStringList &before, const QStringList &now)
    {
        QStringList lines;
        for (qsizetype i = 0; i < std::max(before.size(), now.size()); ++i) {
            const QStringList a = before.value(i).split(QLatin1Char('\n'));
            const QStringList b = now.value(i).split(QLatin1Char('\n'));
            for (const QString &line : a) {
                if (!b.contains(line))
                    lines.append(QStringLiteral("node %1 - %2").arg(i).arg(line));
            }
            for (const QString &line : b) {
                if (!a.contains(line))
                    lines.append(QStringLiteral("node %1 + %2").arg(i).arg(line));
            }
        }
        return lines.join(QLatin1Char('\n'));
    }

    static bool settlesTo(ClusterLab &lab, const QStringList &expected, QStringList *last)
    {
        QElapsedTimer waited;
        waited.start();
        do {
            *last = states(lab);
            if (*last == expected)
                return true;
            QThread::msleep(250);
        } while (waited.elapsed() < 30000);
        return false;
    }
    // Reads `node`'s state until it is `expected` or `ms` have passed on the
    // clock; returns the last read. (Qt 6.4's QTRY counts its 50 ms steps, not
    // time: with a state that takes seconds to read, a 30 s QTRY ran for most
    // of an hour, the "hang" this test was seen in.)
    static QString settledState(ClusterLab &lab, int node, const QString &expected, int ms)
    {
        QElapsedTimer clock;
        clock.start();
        QString now = state(lab, node);
        while (now != expected && clock.elapsed() < ms) {
            QTest::qWait(250);
            now = state(lab, node);
        }
        return now;
    }

    static QStringList states(ClusterLab &lab)
    {
        QStringList result;
        for (int i = 0; i < lab.size(); ++i)
            result.append(state(lab, i));
        return result;
    }

    static QString describe(const ClusterApplyReport &report)
    {
        QStringList lines{report.error.message, report.error.detail};
        for (const NodeApplyOutcome &node : report.nodes)
            lines.append(node.node + QLatin1Char(' ') + nodeApplyStateKey(node.state) + QLatin1Char(' ')
                         + node.problems.join(QLatin1Char(' ')));
        return lines.join(QLatin1Char('\n'));
    }

    static ClusterApplyReport apply(ClusterLab &lab, const ClusterDefinition &cluster, const QList<PrepareTarget> &nodes,
                                    const ApplyOptions &applyOptions, PreparedCluster *out = nullptr)
    {
        const auto prepared = ClusterPreparer::prepare(cluster, nodes, applyOptions);
        if (!prepared) {
            ClusterApplyReport failed;
            failed.error = prepared.error();
            return failed;
        }
        if (out)
            *out = *prepared;
        Q_UNUSED(lab);
        ClusterApplier applier;
        return applier.runBlocking(prepared->jobs(nodes));
    }

    // Per node, the D-Bus path of the active connection on the management
    // port: a restart of NetworkManager or a re-activation gives a new one.
    static QStringList managementConnections(ClusterLab &lab)
    {
        QStringList result;
        for (int i = 0; i < lab.size(); ++i)
            result.append(QString::fromUtf8(lab.lab().sh(i, QStringLiteral("nmcli -g GENERAL.CON-PATH device show enP7s7")).out).trimmed());
        return result;
    }

    static ProcessResult rollback(ClusterLab &lab, int node)
    {
        // As the CLI does it: the rollback command through sudo over SSH.
        const NodeApplier applier(lab.nodeNames().at(node), lab.session(node), lab.lab().node(node).password);
        NodeApplier::Pending pending = applier.start(NodeApplier::rollbackCommand(), true, QStringLiteral("rollback"), 60000);
        const auto result = NodeApplier::wait(pending);
        return ProcessResult{result ? 0 : 1, {}, result ? QByteArray() : result.error().detail.toUtf8()};
    }

private Q_SLOTS:
    void initTestCase() { m_home = std::make_unique<ScratchHome>(); }

    void layoutsApplyVerifyAndRollBack_data()
    {
        QTest::addColumn<QStringList>("topology");
        QTest::addColumn<int>("layout");
        QTest::addColumn<QString>("subnet");
        QTest::newRow("direct2") << QStringList{QStringLiteral("direct2")} << int(ClusterLayout::Direct2)
                                 << QStringLiteral("10.132.12.0/24");
        QTest::newRow("ring3") << QStringList{QStringLiteral("ring3")} << int(ClusterLayout::Ring3)
                               << QStringLiteral("10.132.13.0/24");
        QTest::newRow("switch4") << QStringList{QStringLiteral("switch"), QStringLiteral("--nodes"), QStringLiteral("4")}
                                 << int(ClusterLayout::Switch) << QStringLiteral("10.132.14.0/24");
        // The management LAN lies inside the default cluster range: the plan must avoid it.
        QTest::newRow("switch4-overlap") << QStringList{QStringLiteral("switch"), QStringLiteral("--nodes"), QStringLiteral("4")}
                                         << int(ClusterLayout::Switch) << QStringLiteral("10.200.0.0/24");
    }

    void layoutsApplyVerifyAndRollBack()
    {
        QFETCH(QStringList, topology);
        QFETCH(int, layout);
        QFETCH(QString, subnet);
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-") + QLatin1String(QTest::currentDataTag()).left(8), subnet, topology));
        const QStringList before = states(lab);
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout(layout), lab.nodeNames());

        // As a user does: the cabling is checked first (sparkctl cluster verify).
        QList<DiscoveryNode> discoveryNodes;
        for (int i = 0; i < lab.size(); ++i)
            discoveryNodes.append(DiscoveryNode{lab.nodeNames().at(i), lab.session(i), {}});
        DiscoveryRunner discovery;
        QVERIFY(discovery.runBlocking(discoveryNodes).complete());

        PreparedCluster prepared;
        ClusterApplyReport report = apply(lab, cluster, targets(lab), options(), &prepared);
        QVERIFY2(!prepared.addresses.subnets.isEmpty(), qPrintable(report.error.message + QStringLiteral(" / ") + report.error.detail));
        for (const Ipv4Subnet &used : prepared.addresses.subnets)
            QVERIFY2(!used.overlaps(*Ipv4Subnet::parse(subnet)), qPrintable(used.toString()));
        QVERIFY2(report.succeeded, qPrintable(describe(report)));
        QVERIFY(report.changed);
        const QStringList applied = states(lab);
        for (int i = 0; i < lab.size(); ++i) {
            QVERIFY2(applied.at(i).contains(QLatin1String("60-spark-companion.yaml")), qPrintable(applied.at(i)));
            QVERIFY2(!applied.at(i).contains(QLatin1String("revert.pid")), qPrintable(applied.at(i))); // disarmed
            QVERIFY2(applied.at(i).contains(QLatin1String("/etc/sysctl.d/60-spark-companion.conf")), qPrintable(applied.at(i)));
            for (const InterfaceAddress &address : prepared.addresses.interfacesOf(lab.nodeNames().at(i))) {
                QVERIFY2(applied.at(i).contains(address.netdev + QLatin1Char(' ') + address.cidr()), qPrintable(applied.at(i)));
                // Each twin answers ARP only for its own address (on a switch both twins share the wire).
                QVERIFY2(applied.at(i).contains(QStringLiteral("/proc/sys/net/ipv4/conf/%1/arp_ignore:1").arg(address.netdev)),
                         qPrintable(applied.at(i)));
            }
        }

        // The same plan again changes nothing.
        report = apply(lab, cluster, targets(lab), options(), &prepared);
        QVERIFY2(report.succeeded, qPrintable(describe(report)));
        QVERIFY(prepared.alreadyApplied());
        QVERIFY(!report.changed);
        QCOMPARE(states(lab), applied);

        // Node-to-node SSH over the CX-7 addresses, without a prompt.
        QList<PeerTrustTarget> trust;
        for (int i = 0; i < lab.size(); ++i) {
            PeerNode node{lab.nodeNames().at(i), lab.lab().node(i).address, 22, {}};
            for (const InterfaceAddress &address : prepared.addresses.interfacesOf(node.name))
                node.cx7Addresses.append(address.addressText());
            trust.append(PeerTrustTarget{node, lab.session(i)});
        }
        const auto trusted = PeerTrustRunner::runBlocking(trust);
        QVERIFY2(trusted, qPrintable(trusted ? QString() : trusted.error().message + trusted.error().detail));
        QVERIFY(PeerTrustRunner::runBlocking(trust)); // again: nothing twice
        // To a peer on a subnet the first node shares with it (a ring has no routing between subnets).
        const InterfaceAddress first = prepared.addresses.interfacesOf(lab.nodeNames().at(0)).value(0);
        const InterfaceAddress peer = prepared.addresses.peersOf(first).value(0);
        const auto hop = lab.session(0)
                             ->exec(QStringLiteral("ssh -o BatchMode=yes -o ConnectTimeout=5 %1 hostname").arg(peer.addressText()))
                             .result();
        QVERIFY(hop);
        QVERIFY2(hop->succeeded(), hop->standardError.constData());
        QCOMPARE(QString::fromUtf8(hop->standardOutput).trimmed(), peer.node);
        const auto keys = lab.session(1)->exec(QStringLiteral("grep -c 'spark-companion cluster key' ~/.ssh/authorized_keys")).result();
        QVERIFY(keys);
        QCOMPARE(QString::fromUtf8(keys->standardOutput).trimmed().toInt(), lab.size() - 1);

        // Rollback restores the state from before the first apply, exactly.
        for (int i = 0; i < lab.size(); ++i) {
            const ProcessResult rolledBack = rollback(lab, i);
            QVERIFY2(rolledBack.exitCode == 0, qPrintable(lab.nodeNames().at(i) + QLatin1Char(' ') + QString::fromUtf8(rolledBack.err)));
        }
        QStringList after;
        QVERIFY2(settlesTo(lab, before, &after), qPrintable(difference(before, after)));
    }

    void wrongSudoPasswordChangesNothing()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-sudo"), QStringLiteral("10.132.15.0/24"), {QStringLiteral("direct2")}));
        const QStringList before = states(lab);
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout::Direct2, lab.nodeNames());
        QList<PrepareTarget> nodes = targets(lab);
        nodes[1].sudo = QStringLiteral("not-the-password");
        const ClusterApplyReport report = apply(lab, cluster, nodes, options());
        QVERIFY(!report.succeeded);
        QVERIFY2(report.error.message.contains(lab.nodeNames().at(1)), qPrintable(report.error.message));
        QVERIFY2(states(lab) == before, qPrintable(difference(before, states(lab))));
        // Refused on both: both are named, not only the first.
        nodes[0].sudo = QStringLiteral("not-the-password-either");
        const ClusterApplyReport both = apply(lab, cluster, nodes, options());
        QVERIFY(!both.succeeded);
        QVERIFY2(both.error.message.contains(lab.nodeNames().at(0)) && both.error.message.contains(lab.nodeNames().at(1)),
                 qPrintable(both.error.message));
        QVERIFY2(states(lab) == before, qPrintable(difference(before, states(lab))));
        const ProcessResult backups = lab.lab().sh(0, QStringLiteral("ls /etc/spark-companion/backups 2>/dev/null | wc -l"));
        QCOMPARE(backups.out.trimmed(), QByteArray("0"));
    }

    void lostNodeRevertsByItselfAndTheOthersAreRolledBack()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-lost"), QStringLiteral("10.132.16.0/24"), {QStringLiteral("ring3")}));
        const QStringList before = states(lab);
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout::Ring3, lab.nodeNames());
        const auto prepared = ClusterPreparer::prepare(cluster, targets(lab), options(false, kRevertSeconds));
        QVERIFY(prepared);
        const QString lost = lab.nodeNames().at(1);
        ClusterApplier applier;
        bool killed = false;
        // Right after `netplan apply` on the second node: its sshd stops and our session to it dies.
        connect(
            &applier, &ClusterApplier::stepFinished, &applier,
            [&](const QString &node, const QString &step, bool) {
                if (node != lost || step != QLatin1String("apply") || killed)
                    return;
                killed = true;
                lab.fault({QStringLiteral("sshd-stop"), QStringLiteral("2")});
                const ProcessResult sockets = lab.lab().sh(1, QStringLiteral("ss -tnpH state established '( sport = :22 )'"));
                static const QRegularExpression pid(QStringLiteral("pid=(\\d+)"));
                for (auto it = pid.globalMatch(QString::fromUtf8(sockets.out)); it.hasNext();)
                    lab.lab().sh(1, QStringLiteral("kill ") + it.next().captured(1));
            },
            Qt::DirectConnection);
        QElapsedTimer timer;
        timer.start();
        const ClusterApplyReport report = applier.runBlocking(prepared->jobs(targets(lab)));
        QVERIFY(killed);
        QVERIFY(!report.succeeded);
        for (const NodeApplyOutcome &node : report.nodes) {
            const auto expected = node.node == lost ? NodeApplyOutcome::State::RevertsByItself : NodeApplyOutcome::State::Reverted;
            QVERIFY2(node.state == expected, qPrintable(describe(report)));
        }
        QVERIFY2(report.error.message.contains(lost), qPrintable(report.error.message));
        for (const int node : {0, 2}) {
            const QString now = settledState(lab, node, before.at(node), 30000);
            QVERIFY2(now == before.at(node), qPrintable(difference({before.at(node)}, {now})));
        }
        // The lost node restores itself within the bound, with nobody connected.
        // (It may be back already: the desktop gave up on it only after its timeouts.)
        const QString lostNow = settledState(lab, 1, before.at(1), (kRevertSeconds + 30) * 1000);
        QVERIFY2(lostNow == before.at(1), qPrintable(difference({before.at(1)}, {lostNow})));
        qInfo("the lost node was back on its old settings %lld ms after the apply began", timer.elapsed());
        lab.fault({QStringLiteral("sshd-start"), QStringLiteral("2")});
    }

    // The backup, the revert timer and the new file go in one command; when
    // a later part of it fails on a node (here the file cannot be staged),
    // the parts already done there still count: that node is restored from
    // its backup and its timer stopped, like the others, not left "unchanged"
    // with a timer running.
    void aStepFailingAfterTheBackupRestoresThatNode()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-half"), QStringLiteral("10.132.21.0/24"), {QStringLiteral("direct2")}));
        const QString staging = QStringLiteral("/etc/netplan/.60-spark-companion.yaml.new");
        QCOMPARE(lab.lab().sh(1, QStringLiteral("mkdir ") + staging).exitCode, 0);
        const QStringList before = states(lab);
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout::Direct2, lab.nodeNames());
        const ClusterApplyReport report = apply(lab, cluster, targets(lab), options(false, kRevertSeconds));
        QVERIFY(!report.succeeded);
        QVERIFY2(report.error.message.contains(lab.nodeNames().at(1)), qPrintable(describe(report)));
        for (const NodeApplyOutcome &node : report.nodes)
            QVERIFY2(node.state == NodeApplyOutcome::State::Reverted, qPrintable(describe(report)));
        // No timer is left to fire later on either node (its pid file goes with the disarm).
        for (int i = 0; i < lab.size(); ++i)
            QCOMPARE(lab.lab().sh(i, QStringLiteral("test -e ") + ApplyPlanner::revertPidFile()).exitCode, 1);
        QStringList now;
        QVERIFY2(settlesTo(lab, before, &now), qPrintable(difference(before, now)));
        lab.lab().sh(1, QStringLiteral("rmdir ") + staging);
    }

    void staleNetplanIsDisabledOnlyWithConsent()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-stale"), QStringLiteral("10.132.17.0/24"), {QStringLiteral("direct2")}));
        QCOMPARE(lab.fault({QStringLiteral("stale-netplan"), QStringLiteral("1")}).exitCode, 0);
        const QStringList before = states(lab);
        QVERIFY(before.at(0).contains(QLatin1String("40-cx7.yaml")));
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout::Direct2, lab.nodeNames());

        ClusterApplyReport report = apply(lab, cluster, targets(lab), options(false));
        QVERIFY(!report.succeeded);
        QVERIFY2(report.error.message.contains(QLatin1String("40-cx7.yaml")), qPrintable(report.error.message));
        QVERIFY2(states(lab) == before, qPrintable(difference(before, states(lab))));

        report = apply(lab, cluster, targets(lab), options(true));
        QVERIFY2(report.succeeded, qPrintable(describe(report)));
        QVERIFY(!state(lab, 0).contains(QLatin1String("40-cx7.yaml")));
        QVERIFY(state(lab, 0).contains(QLatin1String("60-spark-companion.yaml")));
        // After the set-up the user connects to a Wi-Fi network: NetworkManager
        // writes it to /etc/netplan. The rollback gives back the file it moved
        // aside and takes ours away, and leaves theirs exactly as it is.
        const QString usersFile = QStringLiteral("/etc/netplan/90-NM-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0.yaml");
        QCOMPARE(lab.lab().sh(0, QStringLiteral("umask 077; printf 'network:\\n  version: 2\\n  ethernets:\\n    enx0a1b2c3d4e5f:\\n"
                                                "      optional: true\\n      dhcp4: true\\n' > ")
                                     + usersFile)
                     .exitCode,
                 0);
        const QByteArray usersHash = lab.lab().sh(0, QStringLiteral("sha256sum ") + usersFile).out;
        for (int i = 0; i < lab.size(); ++i) {
            const ProcessResult rolledBack = rollback(lab, i);
            QVERIFY2(rolledBack.exitCode == 0, rolledBack.err.constData());
        }
        QCOMPARE(lab.lab().sh(0, QStringLiteral("sha256sum ") + usersFile).out, usersHash);
        QCOMPARE(lab.lab().sh(0, QStringLiteral("rm ") + usersFile + QStringLiteral(" && netplan generate && nmcli connection reload")).exitCode, 0);
        QStringList after;
        QVERIFY2(settlesTo(lab, before, &after), qPrintable(difference(before, after)));
    }

    // DGX OS out of the box: every CX-7 netdev under a DHCP auto-profile, the
    // management port under netplan's NetworkManager profile. An apply that
    // fails its link check and is reverted, an apply that holds, and a
    // rollback touch only the CX-7 connections: every node's management
    // address answers 20 pings a second from the desktop throughout, never
    // leaves its port, and its NetworkManager connection stays the same
    // object (no restart, no re-activation). Our profiles run the ports; the
    // auto-profiles stay as they were and run the ports again afterwards.
    void networkManagerDefaultsAndNoManagementBlip()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-nm"), QStringLiteral("10.132.18.0/24"), {QStringLiteral("direct2")}));
        const QStringList before = states(lab);
        for (const QString &node : before)
            QVERIFY2(node.contains(QRegularExpression(QStringLiteral("^enp1s0f0np0:Wired connection \\d+$"),
                                                      QRegularExpression::MultilineOption)),
                     qPrintable(node));
        const QStringList management = managementConnections(lab);
        std::vector<std::unique_ptr<QProcess>> pings;
        for (int i = 0; i < lab.size(); ++i) {
            lab.lab().sh(i, QStringLiteral("touch /tmp/watching; (while [ -e /tmp/watching ]; do "
                                           "ip -4 -o addr show dev enP7s7 | grep -q inet || echo gone; sleep 0.05; done) "
                                           ">/tmp/blip 2>&1 </dev/null &"));
            pings.push_back(std::make_unique<QProcess>());
            pings.back()->start(QStringLiteral("ping"), {QStringLiteral("-n"), QStringLiteral("-q"), QStringLiteral("-i"),
                                                         QStringLiteral("0.05"), lab.target(i).host});
            QVERIFY(pings.back()->waitForStarted());
        }
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout::Direct2, lab.nodeNames());

        // The cable drops every packet: the link check fails and both nodes go back.
        QCOMPARE(lab.fault({QStringLiteral("netem"), QStringLiteral("1:0"), QStringLiteral("--loss"), QStringLiteral("100")}).exitCode, 0);
        ClusterApplyReport report = apply(lab, cluster, targets(lab), options());
        QVERIFY(!report.succeeded);
        for (const NodeApplyOutcome &node : report.nodes)
            QVERIFY2(node.state == NodeApplyOutcome::State::Reverted, qPrintable(describe(report)));
        QStringList now;
        QVERIFY2(settlesTo(lab, before, &now), qPrintable(difference(before, now)));
        QCOMPARE(lab.fault({QStringLiteral("netem"), QStringLiteral("1:0"), QStringLiteral("--clear")}).exitCode, 0);

        PreparedCluster prepared;
        report = apply(lab, cluster, targets(lab), options(), &prepared);
        QVERIFY2(report.succeeded, qPrintable(describe(report)));
        for (int i = 0; i < lab.size(); ++i) {
            QCOMPARE(prepared.nodes.at(i).plan.setAside.size(), 2); // both twins' auto-profiles
            const QString applied = state(lab, i);
            QVERIFY2(applied.contains(QLatin1String("enp1s0f0np0:netplan-enp1s0f0np0")), qPrintable(applied));
            QVERIFY2(applied.contains(QLatin1String("enp1s0f0np0 mtu 9000")), qPrintable(applied));
            QVERIFY2(!applied.contains(QLatin1String("revert.pid")), qPrintable(applied));
            for (const QString &line : before.at(i).split(QLatin1Char('\n'))) {
                if (line.startsWith(QLatin1String("nm Wired connection"))) // untouched
                    QVERIFY2(applied.contains(line), qPrintable(line));
            }
            QVERIFY(applied.contains(QLatin1String("60-spark-companion.yaml")));
            QCOMPARE(rollback(lab, i).exitCode, 0);
        }
        QVERIFY2(settlesTo(lab, before, &now), qPrintable(difference(before, now)));

        QCOMPARE(managementConnections(lab), management);
        for (int i = 0; i < lab.size(); ++i) {
            lab.lab().sh(i, QStringLiteral("rm -f /tmp/watching"));
            ::kill(pings.at(i)->processId(), SIGINT);
            QVERIFY(pings.at(i)->waitForFinished(5000));
            const QString summary = QString::fromUtf8(pings.at(i)->readAllStandardOutput());
            static const QRegularExpression counts(QStringLiteral("(\\d+) packets transmitted, (\\d+) received"));
            const QRegularExpressionMatch match = counts.match(summary);
            QVERIFY2(match.hasMatch(), qPrintable(summary));
            // The one sent as ping was stopped may still be on its way.
            QVERIFY2(match.captured(1).toInt() > 100 && match.captured(1).toInt() - match.captured(2).toInt() <= 1,
                     qPrintable(lab.nodeNames().at(i) + QLatin1Char(' ') + summary));
            const QString blip = QString::fromUtf8(lab.lab().sh(i, QStringLiteral("cat /tmp/blip")).out);
            QVERIFY2(!blip.contains(QLatin1String("gone")), "the management address left its port");
        }
    }

    // One file netplan rejects (Ubuntu's 90-NM-<uuid>.yaml mirror, broken) stops
    // the apply before anything changes on any node, and the sentence names it.
    void rejectedNetplanFileBlocksBeforeAnyChange()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-90nm"), QStringLiteral("10.132.19.0/24"), {QStringLiteral("direct2")}));
        QCOMPARE(lab.fault({QStringLiteral("nm-mirror"), QStringLiteral("2"), QStringLiteral("enp1s0f1np1"),
                            QStringLiteral("--broken")})
                     .exitCode,
                 0);
        const QStringList before = states(lab);
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout::Direct2, lab.nodeNames());
        const ClusterApplyReport report = apply(lab, cluster, targets(lab), options());
        QVERIFY(!report.succeeded);
        QVERIFY2(report.error.message.contains(QRegularExpression(QStringLiteral("spark-2.*/etc/netplan/90-NM-[0-9a-f-]+\\.yaml"))),
                 qPrintable(report.error.message));
        QVERIFY2(report.error.message.contains(QLatin1String("Nothing was changed")), qPrintable(report.error.message));
        QVERIFY2(states(lab) == before, qPrintable(difference(before, states(lab))));
        for (int i = 0; i < lab.size(); ++i)
            QVERIFY(lab.lab().sh(i, QStringLiteral("ls /etc/spark-companion/backups 2>/dev/null | wc -l")).out.trimmed() == "0");
    }

    // A NetworkManager profile the user made on a CX-7 port: the apply asks
    // first; with consent it is set aside (inactive, not edited) and a rollback
    // gives the port back to it.
    void usersOwnProfileIsSetAsideOnlyWithConsent()
    {
        ClusterLab lab;
        QVERIFY(lab.up(QStringLiteral("itapply-nmuser"), QStringLiteral("10.132.20.0/24"), {QStringLiteral("direct2")}));
        QCOMPARE(lab.fault({QStringLiteral("nm-static"), QStringLiteral("1"), QStringLiteral("enP2p1s0f0np0"),
                            QStringLiteral("--address"), QStringLiteral("10.99.1.11/24")})
                     .exitCode,
                 0);
        QStringList before;
        QElapsedTimer active;
        active.start();
        do { // the fault activates it; wait until it runs
            before = states(lab);
        } while (!before.at(0).contains(QLatin1String("enP2p1s0f0np0 10.99.1.11/24")) && active.elapsed() < 20000);
        QVERIFY2(before.at(0).contains(QLatin1String("enP2p1s0f0np0:my-cx7-static")), qPrintable(before.at(0)));
        const ClusterDefinition cluster = definition(QStringLiteral("lab"), ClusterLayout::Direct2, lab.nodeNames());

        ClusterApplyReport report = apply(lab, cluster, targets(lab), options(false));
        QVERIFY(!report.succeeded);
        QVERIFY2(report.error.message.contains(QLatin1String("my-cx7-static")), qPrintable(report.error.message));
        QVERIFY2(states(lab) == before, qPrintable(difference(before, states(lab))));

        report = apply(lab, cluster, targets(lab), options(true));
        QVERIFY2(report.succeeded, qPrintable(describe(report)));
        const QString applied = state(lab, 0);
        QVERIFY2(applied.contains(QLatin1String("enP2p1s0f0np0:netplan-enP2p1s0f0np0")), qPrintable(applied));
        QVERIFY2(!applied.contains(QLatin1String("enP2p1s0f0np0 10.99.1.11/24")), qPrintable(applied)); // set aside
        const QString profileBefore = before.at(0).split(QLatin1Char('\n')).filter(QLatin1String("nm my-cx7-static")).value(0);
        QVERIFY(!profileBefore.isEmpty());
        QVERIFY2(applied.contains(profileBefore), qPrintable(applied)); // not edited
        for (int i = 0; i < lab.size(); ++i)
            QCOMPARE(rollback(lab, i).exitCode, 0);
        QStringList after;
        QVERIFY2(settlesTo(lab, before, &after), qPrintable(difference(before, after)));
    }
};

SPARKLAB_MAIN(TestClusterApply)
#include "tst_clusterapply.moc"
