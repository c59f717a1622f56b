// SPDX-License-Identifier: MIT
#include "core/netconfig/applyplanner.h"

#include "core/common/shellquote.h"
#include "core/hardware/cx7.h"
#include "core/netconfig/arpsysctl.h"
#include "core/netconfig/liveactivation.h"
#include "core/netconfig/netplancheck.h"
#include "core/netconfig/networkmanagerhandover.h"

#include <QRegularExpression>

namespace spark {

QString applyStepKindKey(ApplyStep::Kind kind)
{
    using Kind = ApplyStep::Kind;
    switch (kind) {
    case Kind::Precheck: return QStringLiteral("precheck");
    case Kind::Backup: return QStringLiteral("backup");
    case Kind::Install: return QStringLiteral("install");
    case Kind::DisableOld: return QStringLiteral("disable-old");
    case Kind::ArmRevert: return QStringLiteral("arm-revert");
    case Kind::Apply: return QStringLiteral("apply");
    case Kind::Verify: return QStringLiteral("verify");
    case Kind::Disarm: return QStringLiteral("disarm");
    }
    return {};
}

QString ApplyPlanner::backupRoot()
{
    return QStringLiteral("/etc/spark-companion/backups");
}

QString ApplyPlanner::revertPidFile()
{
    return QStringLiteral("/run/spark-companion-netplan-revert.pid");
}

QString ApplyPlanner::undoFilesCommand(const QString &backupDir)
{
    // Only what that apply changed goes back: our file (its earlier version,
    // or none) and the files it moved aside, unless one of that name was made
    // since. A file made after the set-up (NetworkManager's 90-NM-<uuid>.yaml
    // for a new Wi-Fi network, a VPN) stays.
    const QString sysctl = shellQuote(ArpSysctl::path());
    return QStringLiteral("if [ -f %1/netplan/%2 ]; then cp -a %1/netplan/%2 %3; else rm -f %3; fi; "
                          "for f in %1/disabled/*.yaml; do [ -f \"$f\" ] || continue; "
                          "[ -e \"/etc/netplan/${f##*/}\" ] || cp -a \"$f\" /etc/netplan/; done; "
                          "rm -f %4; if [ -f %1/sysctl.conf ]; then cp -a %1/sysctl.conf %4; fi")
        .arg(backupDir, NetplanDocument::fileName(), shellQuote(NetplanDocument::path()), sysctl);
}

QString ApplyPlanner::restoreRuntimeCommand(const QString &backupDir)
{
    // A connection with MTU "auto" leaves whatever MTU the port has, so the
    // MTU our profile set would stay: the recorded ones are put back.
    return QStringLiteral("if [ -f %1/arp-runtime.conf ]; then sysctl -q -p %1/arp-runtime.conf; fi; %2; "
                          "if [ -f %1/mtu-runtime ]; then while read -r d m; do ip link set dev \"$d\" mtu \"$m\" 2>/dev/null; "
                          "done < %1/mtu-runtime; fi")
        .arg(backupDir, LiveActivation::restore(backupDir));
}

QString ApplyPlanner::restoreCommand(const QString &backupDir)
{
    return undoFilesCommand(backupDir) + QStringLiteral("; ") + restoreRuntimeCommand(backupDir);
}

QString ApplyPlanner::currentMtusCommand()
{
    // The names are fixed words of the CX-7 table: nothing to quote.
    return QStringLiteral("for d in %1; do [ -f /sys/class/net/$d/mtu ] && echo \"$d $(cat /sys/class/net/$d/mtu)\"; done; true")
        .arg(cx7::netdevNames().join(QLatin1Char(' ')));
}

namespace {

// What the node gets and what steps aside, before any step is written: the
// file, the ARP settings, the netplan files and NetworkManager profiles in the
// way, refused without the person's consent where they are the user's.
Expected<NodeApplyPlan> decide(const QString &clusterName, const QString &node, const AddressPlan &addresses,
                               const QList<NetplanFile> &existingFiles, const ApplyOptions &options,
                               const QList<NmProfile> &profiles)
{
    static const QRegularExpression stampPattern(QStringLiteral("^\\d{8}T\\d{6}Z$"));
    static const QRegularExpression netplanPath(QStringLiteral("^/etc/netplan/[A-Za-z0-9][A-Za-z0-9._-]*\\.yaml$"));
    if (!stampPattern.match(options.backupStamp).hasMatch())
        return Error(ApplyPlanner::tr("The backup needs a time stamp like 20261202T160000Z."),
                     QStringLiteral("bad backup stamp: %1").arg(options.backupStamp));
    if (options.revertSeconds < 5 || options.revertSeconds > 3600)
        return Error(ApplyPlanner::tr("The automatic undo must wait between 5 seconds and an hour."));

    NodeApplyPlan plan;
    plan.node = node;
    const QList<InterfaceAddress> ours = addresses.interfacesOf(node);
    const auto netplan = NetplanDocument::render(clusterName, ours);
    if (!netplan)
        return netplan.error();
    plan.netplan = *netplan;
    plan.arpSysctl = ArpSysctl::render(clusterName, ours);
    plan.conflicts = NetplanDocument::conflicts(existingFiles, ours);
    for (const NetplanConflict &conflict : plan.conflicts) {
        if (!netplanPath.match(conflict.path).hasMatch())
            return Error(ApplyPlanner::tr("%1 on %2 also configures its ConnectX-7 ports and cannot be disabled safely; "
                                          "remove it by hand and check again.")
                             .arg(conflict.path, node));
    }
    if (!plan.conflicts.isEmpty() && !options.disableConflicts)
        return Error(NetplanDocument::describeConflicts(node, plan.conflicts).join(QLatin1Char(' ')));
    plan.setAside = NetworkManagerHandover::setAside(profiles, ours);
    const QList<NmProfile> usersOwn = NetworkManagerHandover::needingConsent(plan.setAside);
    if (!usersOwn.isEmpty() && !options.disableConflicts)
        return Error(NetworkManagerHandover::describe(node, usersOwn).join(QLatin1Char(' ')));
    return plan;
}

} // namespace

Expected<NodeApplyPlan> ApplyPlanner::plan(const QString &clusterName, const QString &node, const AddressPlan &addresses,
                                           const QList<NetplanFile> &existingFiles, const ApplyOptions &options,
                                           const QList<NmProfile> &profiles)
{
    using Kind = ApplyStep::Kind;
    Expected<NodeApplyPlan> decided = decide(clusterName, node, addresses, existingFiles, options, profiles);
    if (!decided)
        return decided.error();
    NodeApplyPlan &plan = *decided;

    const QString backup = backupRoot() + QStringLiteral("/netplan-") + options.backupStamp;
    const QString saved = backup + QStringLiteral("/netplan");
    const QString target = NetplanDocument::path();
    const QString staging = NetplanDocument::directory() + QStringLiteral("/.") + NetplanDocument::fileName()
                          + QStringLiteral(".new");
    const QString pidFile = revertPidFile();
    const QString restore = restoreCommand(shellQuote(backup));
    const QString sysctl = shellQuote(ArpSysctl::path());
    const QString sysctlStaging = shellQuote(ArpSysctl::directory() + QStringLiteral("/.") + ArpSysctl::fileName()
                                             + QStringLiteral(".new"));
    const QString disarm = QStringLiteral("if [ -f %1 ]; then kill \"$(cat %1)\" 2>/dev/null; rm -f %1; fi")
                               .arg(shellQuote(pidFile));

    auto step = [](Kind kind, QString description, QString command, bool asRoot) {
        ApplyStep result;
        result.kind = kind;
        result.description = std::move(description);
        result.command = std::move(command);
        result.asRoot = asRoot;
        return result;
    };
    QStringList disabledPaths;
    for (const NetplanConflict &conflict : plan.conflicts)
        disabledPaths.append(conflict.path);
    plan.steps.append(step(Kind::Precheck, tr("Check that netplan accepts every network file of %1 with the new one.").arg(node),
                           NetplanCheck::command(plan.netplan, disabledPaths), true));
    plan.steps.append(step(Kind::Backup, tr("Back up the network settings of %1.").arg(node),
                           QStringLiteral("mkdir -p -m 700 %1 && cp -a /etc/netplan/. %1/ && { [ ! -f %3 ] || cp -a %3 %2/sysctl.conf; } "
                                          "&& { %4; } > %2/arp-runtime.conf && { %5; } > %2/mtu-runtime && { %6; } > %2/%7")
                               .arg(shellQuote(saved), shellQuote(backup), sysctl, ArpSysctl::currentValuesCommand(),
                                    currentMtusCommand(), LiveActivation::recordActive(), LiveActivation::activeFileName()),
                           true));
    // The file is written in the root step itself (staged, then renamed), as
    // the precheck writes its copy: no separate upload and no second round
    // trip. It holds addresses only, no secret.
    plan.steps.append(step(Kind::Install, tr("Put the new settings in place on %1.").arg(node),
                           QStringLiteral("umask 077 && printf '%s' %1 > %2 && chown root:root %2 && chmod 600 %2 && mv -f %2 %3 && "
                                          "mkdir -p %4 && printf '%s' %5 > %6 && chmod 644 %6 && mv -f %6 %7")
                               .arg(shellQuote(plan.netplan), shellQuote(staging), shellQuote(target),
                                    shellQuote(ArpSysctl::directory()), shellQuote(plan.arpSysctl), sysctlStaging, sysctl),
                           true));
    for (const NetplanConflict &conflict : plan.conflicts)
        plan.steps.append(step(Kind::DisableOld, tr("Disable %1 on %2 (it stays in the backup).").arg(conflict.path, node),
                               QStringLiteral("mkdir -p -m 700 %1 && mv -f %2 %1/")
                                   .arg(shellQuote(backup + QStringLiteral("/disabled")), shellQuote(conflict.path)),
                               true));
    // Detached from our SSH session: if the new settings cut us off, the node
    // restores the backup by itself when the time is up. The timer and the
    // disarm each claim the pid file by renaming it (atomic): only one of them
    // wins, so a disarm that comes too late fails instead of "keeping"
    // settings the timer is already undoing.
    const QString timer = QStringLiteral("echo $$ > %1; sleep %2; mv -f %1 %1.fired 2>/dev/null || exit 0; %3; rm -f %1.fired")
                              .arg(shellQuote(pidFile), QString::number(options.revertSeconds), restore);
    const QString keep = QStringLiteral("mv -f %1 %1.kept 2>/dev/null || { echo 'the automatic undo has already run' >&2; "
                                        "exit 4; }; kill \"$(cat %1.kept)\" 2>/dev/null; rm -f %1.kept")
                             .arg(shellQuote(pidFile));
    plan.steps.append(step(Kind::ArmRevert,
                           tr("Arm the automatic undo on %1 (%2 seconds).").arg(node, QString::number(options.revertSeconds)),
                           disarm + QStringLiteral("; setsid sh -c %1 </dev/null >/dev/null 2>&1 &").arg(shellQuote(timer)),
                           true));
    // Only the CX-7 profiles are (re)activated, each waited for: the
    // management connection is never touched, and the link check starts on
    // ports that are up (LiveActivation says why not `netplan apply`).
    QStringList netdevs;
    for (const InterfaceAddress &interface : addresses.interfacesOf(node))
        netdevs.append(interface.netdev);
    plan.steps.append(step(Kind::Apply, tr("Apply the settings on %1.").arg(node),
                           QStringLiteral("sysctl -q -p %1 && { %2; }").arg(sysctl, LiveActivation::activate(netdevs)), true));
    plan.checks = PingMesh::checksFrom(addresses, node);
    const auto pings = PingMesh::batchCommand(plan.checks);
    if (!pings)
        return pings.error();
    plan.steps.append(step(Kind::Verify, tr("Check every link from %1 with full-size packets.").arg(node), *pings, false));
    plan.steps.append(step(Kind::Disarm, tr("Keep the new settings on %1 (stop the automatic undo).").arg(node), keep, true));
    plan.revertCommand = disarm + QStringLiteral("; ") + restore;
    return decided;
}

} // namespace spark
