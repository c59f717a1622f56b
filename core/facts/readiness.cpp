// SPDX-License-Identifier: MIT
#include "core/facts/readiness.h"

#include "core/hardware/cx7.h"

#include <QCoreApplication>
#include <QMap>

#include <algorithm>
#include <functional>

namespace spark {

namespace {

using Severity = Finding::Severity;

// The findings' translation context; lupdate files a bare ReadinessText::tr() in a namespace under the namespace.
struct ReadinessText
{
    Q_DECLARE_TR_FUNCTIONS(spark::Readiness)
};

QString portName(int port)
{
    return port == 0 ? ReadinessText::tr("port 0 (left)") : ReadinessText::tr("port 1 (right)");
}

QString nodeName(const NodeFacts &facts)
{
    return facts.node.isEmpty() ? (facts.hostname.isEmpty() ? ReadinessText::tr("this node") : facts.hostname) : facts.node;
}

Finding finding(Severity severity, const NodeFacts &facts, const char *code, QString sentence, QString fix)
{
    return Finding{severity, facts.node, QString::fromLatin1(code), std::move(sentence), std::move(fix)};
}

QString updateFix(const QString &node, const VersionPolicy &policy)
{
    return ReadinessText::tr("Update %1 to the newest release: in DGX Dashboard (Settings → Updates), or in a terminal on it run `%2`.")
        .arg(node, policy.updateCommandLine());
}

void assessRelease(const NodeFacts &facts, const VersionPolicy &policy, QList<Finding> &findings)
{
    const QString node = nodeName(facts);
    if (!facts.release.present) {
        findings.append(finding(Severity::Warning, facts, "not-dgx-os",
                                ReadinessText::tr("%1 has no /etc/dgx-release, so it does not run DGX OS and its release cannot be checked.").arg(node),
                                ReadinessText::tr("Clustering is supported between DGX Sparks (or OEM GB10 systems) running DGX OS; go on only if you know this system is set up like one.")));
        return;
    }
    const QString version = facts.release.version();
    const VersionPolicy::ReleaseDating dating = policy.dateOf(facts.release);
    if (!dating.date.isValid()) {
        findings.append(finding(Severity::Warning, facts, "release-unknown",
                                ReadinessText::tr("Spark Companion cannot tell whether DGX OS %1 on %2 is the %3 release or later, which clustering needs.")
                                    .arg(version.isEmpty() ? ReadinessText::tr("(no version)") : version, node, policy.minimumReleaseName),
                                updateFix(node, policy)));
    } else if (dating.date < policy.minimumReleaseDate) {
        findings.append(finding(Severity::Blocker, facts, "release-too-old",
                                ReadinessText::tr("%1 runs DGX OS %2, which is older than the %3 release that clustering needs.")
                                    .arg(node, version, policy.minimumReleaseName),
                                updateFix(node, policy)));
    }
}

void assessGpu(const NodeFacts &facts, const VersionPolicy &policy, QList<Finding> &findings)
{
    const QString node = nodeName(facts);
    switch (facts.gpu.status) {
    case NvidiaSmiInfo::Status::Ok:
        if (!policy.minimumDriver.isEmpty() && compareVersions(facts.gpu.driverVersion, policy.minimumDriver) < 0) {
            findings.append(finding(Severity::Warning, facts, "driver-old",
                                    ReadinessText::tr("%1 has NVIDIA driver %2, older than %3, the oldest one known to work.")
                                        .arg(node, facts.gpu.driverVersion, policy.minimumDriver),
                                    updateFix(node, policy)));
        }
        return;
    case NvidiaSmiInfo::Status::Missing:
        findings.append(finding(Severity::Warning, facts, "no-nvidia-smi",
                                ReadinessText::tr("nvidia-smi is not installed on %1, so its NVIDIA driver cannot be checked.").arg(node),
                                updateFix(node, policy)));
        return;
    case NvidiaSmiInfo::Status::VersionMismatch:
        findings.append(finding(Severity::Blocker, facts, "driver-needs-reboot",
                                ReadinessText::tr("The NVIDIA driver on %1 was updated but the node has not been restarted since, so the GPU cannot be used.").arg(node),
                                ReadinessText::tr("Restart %1 (sudo reboot); if the GPU is still unusable, run the full update: `%2`.")
                                    .arg(node, policy.updateCommandLine())));
        return;
    case NvidiaSmiInfo::Status::DriverNotLoaded:
        findings.append(finding(Severity::Blocker, facts, "driver-not-loaded",
                                ReadinessText::tr("The NVIDIA driver is not running on %1, so the GPU cannot be used.").arg(node),
                                ReadinessText::tr("Restart %1; if that does not help, run the full update: `%2`.").arg(node, policy.updateCommandLine())));
        return;
    case NvidiaSmiInfo::Status::Failed:
        findings.append(finding(Severity::Warning, facts, "nvidia-smi-failed",
                                ReadinessText::tr("nvidia-smi failed on %1, so its NVIDIA driver cannot be checked.").arg(node),
                                ReadinessText::tr("Run nvidia-smi on %1 to see the error; a restart often helps.").arg(node)));
        return;
    }
}

void assessFirmware(const NodeFacts &facts, const VersionPolicy &policy, QList<Finding> &findings)
{
    const QString firmware = facts.cx7Firmware().section(QLatin1Char(' '), 0, 0);
    if (firmware.isEmpty() || policy.minimumFirmware.isEmpty())
        return;
    if (compareVersions(firmware, policy.minimumFirmware) < 0) {
        const QString node = nodeName(facts);
        findings.append(finding(Severity::Warning, facts, "firmware-old",
                                ReadinessText::tr("The ConnectX-7 firmware on %1 is %2, older than %3, the oldest one known to work.")
                                    .arg(node, firmware, policy.minimumFirmware),
                                updateFix(node, policy)));
    }
}

void assessPorts(const NodeFacts &facts, const VersionPolicy &policy, QList<Finding> &findings)
{
    const QString node = nodeName(facts);
    bool anyPresent = false;
    for (const Cx7InterfaceFacts &interface : facts.cx7)
        anyPresent = anyPresent || interface.present;
    if (anyPresent && facts.cabledPorts().isEmpty()) {
        // CX-7 hot-plug: the netdevs stay once a cable was in; none has a link now.
        findings.append(finding(Severity::Warning, facts, "no-link",
                                ReadinessText::tr("No ConnectX-7 port of %1 has a link: its cables are out, or the Sparks at their other ends are off.").arg(node),
                                ReadinessText::tr("Plug the cables in (pull tab up) as the cabling plan shows and switch every Spark on, then check again.")));
        return;
    }
    if (!anyPresent) {
        findings.append(finding(Severity::Warning, facts, "no-cable",
                                ReadinessText::tr("No QSFP cable is plugged into %1: its ConnectX-7 ports show no network interfaces.").arg(node),
                                ReadinessText::tr("Plug the cables in (pull tab up) as the cabling plan shows, then check again.")));
        return;
    }
    for (int port : facts.cabledPorts()) {
        QStringList down;
        int slowest = 0;
        for (const Cx7InterfaceFacts &interface : facts.cx7) {
            if (interface.port != port)
                continue;
            if (!interface.hasLink()) {
                down.append(interface.netdev);
                continue;
            }
            const int speed = interface.speedMbps().value_or(0);
            if (speed > 0 && (slowest == 0 || speed < slowest))
                slowest = speed;
        }
        if (!down.isEmpty()) {
            findings.append(finding(Severity::Blocker, facts, "twin-down",
                                    ReadinessText::tr("Only one of the two interfaces of %1 on %2 is up (%3 is down), which halves the link's speed.")
                                        .arg(portName(port), node, down.join(QLatin1String(", "))),
                                    ReadinessText::tr("Reseat the cable (pull tab up) or use an approved 200G cable; if the interface was switched off, switch it on; a restart with the cables in also helps.")));
        }
        if (slowest > 0 && slowest < policy.linkSpeedMbps) {
            findings.append(finding(Severity::Warning, facts, "port-slow",
                                    ReadinessText::tr("%1 of %2 negotiated %3 Gb/s instead of %4 Gb/s.")
                                        .arg(portName(port), node, QString::number(slowest / 1000),
                                             QString::number(policy.linkSpeedMbps / 1000)),
                                    ReadinessText::tr("Through a switch: set the switch port to 200G (for example 200G-baseCR4) with auto-negotiation off. Direct: use an approved 200G cable, or restart both nodes with the cables in.")));
        }
    }
}

void assessPcieLinks(const NodeFacts &facts, QList<Finding> &findings)
{
    QStringList narrow;
    for (const Cx7Function &function : cx7::functions) {
        const PcieFunctionFacts *pcie = facts.pcieFunction(function.pciAddressString());
        if (!pcie || !pcie->belowCx7Link().value_or(false))
            continue; // unknown, or at Gen5 x4
        narrow.append(ReadinessText::tr("%1 (%2) at %3").arg(function.netdevName(), pcie->address, pcie->currentLinkText()));
    }
    if (narrow.isEmpty())
        return;
    const QString node = nodeName(facts);
    findings.append(finding(Severity::Blocker, facts, "pcie-link-narrow",
                            ReadinessText::tr("The ConnectX-7 of %1 reaches the system over a narrower PCIe link than it should "
                                              "(%2, instead of Gen5 x4), so its ports cannot carry 200 Gb/s.")
                                .arg(node, narrow.join(QLatin1String("; "))),
                            ReadinessText::tr("Update the firmware and BIOS of %1 through the guided update, then reboot it.").arg(node)));
}

struct AerTotals
{
    qint64 fatal = 0;
    qint64 nonFatal = 0;
    qint64 corrected = 0;
};

// A root port counts what its link partner reported too: the larger view of
// the functions', the root ports' and the kernel log's counts is the one to
// believe, never their sum.
AerTotals aerTotals(const NodeFacts &facts)
{
    AerTotals functions, rootPorts;
    for (const PcieFunctionFacts &pcie : facts.pcie) {
        const bool rootPort = std::any_of(cx7::rootPorts.begin(), cx7::rootPorts.end(),
                                          [&](const char *address) { return pcie.address == QLatin1String(address); });
        AerTotals &into = rootPort ? rootPorts : functions;
        into.fatal += pcie.aer.fatal.value_or(0);
        into.nonFatal += pcie.aer.nonFatal.value_or(0);
        into.corrected += pcie.aer.correctable.value_or(0);
    }
    const KernelLogFacts &log = facts.kernelLog;
    return AerTotals{std::max({functions.fatal, rootPorts.fatal, qint64(log.fatalErrors)}),
                     std::max({functions.nonFatal, rootPorts.nonFatal, qint64(log.nonFatalErrors)}),
                     std::max({functions.corrected, rootPorts.corrected, qint64(log.correctedErrors)})};
}

void assessPcieErrors(const NodeFacts &facts, QList<Finding> &findings)
{
    const AerTotals totals = aerTotals(facts);
    const QString node = nodeName(facts);
    if (totals.fatal > 0) {
        findings.append(finding(Severity::Blocker, facts, "pcie-fatal-errors",
                                ReadinessText::tr("The ConnectX-7 links of %1 had %2 fatal PCIe error(s) since it started; "
                                                  "the network card may stop answering at any moment.")
                                    .arg(node).arg(totals.fatal),
                                ReadinessText::tr("Reboot %1; if it happens again, contact support with a report "
                                                  "(Save a report for support…, or sparkctl report).").arg(node)));
    }
    if (totals.nonFatal > 0) {
        findings.append(finding(Severity::Warning, facts, "pcie-uncorrected-errors",
                                ReadinessText::tr("The ConnectX-7 links of %1 had %2 uncorrectable PCIe error(s) since it started.")
                                    .arg(node).arg(totals.nonFatal),
                                ReadinessText::tr("Reboot %1 when convenient; if the count grows again, contact support with a report.").arg(node)));
    }
    if (totals.corrected > 0) {
        findings.append(finding(Severity::Warning, facts, "pcie-corrected-errors",
                                ReadinessText::tr("The ConnectX-7 links of %1 corrected %2 PCIe error(s) since it started; "
                                                  "many of them can slow the links down.")
                                    .arg(node).arg(totals.corrected),
                                ReadinessText::tr("Check again later: a count that keeps growing means a reboot of %1, and a report to support if it persists.").arg(node)));
    }
}

void assessSudo(const NodeFacts &facts, QList<Finding> &findings)
{
    const QString node = nodeName(facts);
    const QString user = facts.user.name.isEmpty() ? ReadinessText::tr("the user") : facts.user.name;
    if (facts.sudo == SudoAccess::Unavailable) {
        findings.append(finding(Severity::Blocker, facts, "no-sudo",
                                ReadinessText::tr("%1 cannot use sudo on %2, and setting up the network needs it.").arg(user, node),
                                ReadinessText::tr("Connect as a user in the sudo group, or have an administrator run `sudo usermod -aG sudo %1` on %2.").arg(user, node)));
    } else if (facts.sudoPasswordRejected) {
        findings.append(finding(Severity::Warning, facts, "sudo-password-wrong",
                                ReadinessText::tr("sudo on %1 did not accept the password given for %2.").arg(node, user),
                                ReadinessText::tr("Enter the password %1 logs in with on %2 (the one for sudo).").arg(user, node)));
    } else if (facts.sudo == SudoAccess::Unknown) {
        findings.append(finding(Severity::Info, facts, "sudo-unverified",
                                ReadinessText::tr("sudo asks %1 for a password on %2, so whether it is allowed is only known once the password is entered.").arg(user, node),
                                ReadinessText::tr("Enter the sudo password when asked; if sudo is refused, connect as a user in the sudo group.")));
    }
}

QString originName(NetplanFile::Origin origin)
{
    switch (origin) {
    case NetplanFile::Origin::NvidiaPlaybook: return ReadinessText::tr("from NVIDIA's playbooks");
    case NetplanFile::Origin::NvidiaSync: return ReadinessText::tr("from NVIDIA Sync");
    case NetplanFile::Origin::SparkCompanion: return ReadinessText::tr("from Spark Companion");
    case NetplanFile::Origin::Other: break;
    }
    return ReadinessText::tr("of unknown origin");
}

void assessNetworkConfig(const NodeFacts &facts, QList<Finding> &findings)
{
    const QString node = nodeName(facts);
    const NetworkConfigScan &scan = facts.networkConfig;
    for (const NetplanFile &file : scan.netplanFiles) {
        if (file.origin == NetplanFile::Origin::SparkCompanion)
            continue;
        findings.append(finding(Severity::Warning, facts, "conflicting-netplan",
                                ReadinessText::tr("%1 has earlier settings for its ConnectX-7 ports in %2 (%3) that would fight the new ones.")
                                    .arg(node, file.path, originName(file.origin)),
                                ReadinessText::tr("Let the network set-up move %1 aside (it keeps a copy), or move it yourself: `sudo mv %1 ~/ && sudo netplan apply`.")
                                    .arg(file.path)));
    }
    if (!scan.netplanReadable) {
        // Root-only files: their names still tell NVIDIA's tools apart.
        for (const QString &name : scan.netplanFileNames) {
            const NetplanFile::Origin origin = netplanOrigin(name);
            if (origin == NetplanFile::Origin::NvidiaPlaybook || origin == NetplanFile::Origin::NvidiaSync) {
                const QString path = QStringLiteral("/etc/netplan/") + name;
                findings.append(finding(Severity::Warning, facts, "conflicting-netplan",
                                        ReadinessText::tr("%1 has earlier settings for its ConnectX-7 ports in %2 (%3) that would fight the new ones.")
                                            .arg(node, path, originName(origin)),
                                        ReadinessText::tr("Let the network set-up move %1 aside (it keeps a copy), or move it yourself: `sudo mv %1 ~/ && sudo netplan apply`.")
                                            .arg(path)));
            }
        }
        if (!scan.netplanFileNames.isEmpty()) {
            findings.append(finding(Severity::Info, facts, "netplan-unread",
                                    ReadinessText::tr("The network settings in /etc/netplan on %1 can only be read with sudo, which needs the password.").arg(node),
                                    ReadinessText::tr("Enter the sudo password when asked, and they are checked too.")));
        }
    }
    if (scan.nmcliPresent && !scan.nmRunning && scan.renderer.compare(QLatin1String("networkd"), Qt::CaseInsensitive) != 0) {
        findings.append(finding(Severity::Blocker, facts, "networkmanager-stopped",
                                ReadinessText::tr("NetworkManager is not running on %1, and DGX OS hands its network ports to it "
                                                  "(netplan's renderer): no network setting can take effect.").arg(node),
                                ReadinessText::tr("Start it on %1: `sudo systemctl start NetworkManager`, then check again.").arg(node)));
    }
    // DHCP auto-profiles ("Wired connection N") are DGX OS's default and step back
    // for ours by themselves (NetworkManagerHandover): no finding. A profile the
    // user made is only set aside with consent.
    for (const NmProfile &profile : scan.nmProfiles) {
        if (profile.isFromNetplan() || profile.usesDhcp())
            continue;
        const QString settings = profile.ipv4Addresses.isEmpty() ? profile.ipv4Method
                                                                 : profile.ipv4Addresses.join(QLatin1String(", "));
        findings.append(finding(Severity::Warning, facts, "conflicting-networkmanager",
                                ReadinessText::tr("Your NetworkManager profile \"%1\" on %2 gives %3 its own settings (%4); "
                                                  "setting the cluster up sets it aside, without changing it, once you agree.")
                                    .arg(profile.id, node, profile.interfaceName, settings),
                                ReadinessText::tr("Agree when the set-up asks (sparkctl: --disable-conflicting); a rollback gives the port back to it.")));
    }
}

// The nodes that report each value, when they do not all report the same one.
QMap<QString, QStringList> nodesByValue(const QList<NodeFacts> &nodes, const std::function<QString(const NodeFacts &)> &value)
{
    QMap<QString, QStringList> byValue;
    for (const NodeFacts &node : nodes) {
        const QString v = value(node);
        if (!v.isEmpty())
            byValue[v].append(nodeName(node));
    }
    return byValue;
}

// A finding for the whole cluster when `value` differs between nodes; %1 in
// `sentence` becomes the list "VALUE on NODES; VALUE on NODES".
void assessSame(const QList<NodeFacts> &nodes, const std::function<QString(const NodeFacts &)> &value,
                Severity severity, const char *code, const QString &sentence, const QString &fix,
                QList<Finding> &findings)
{
    const QMap<QString, QStringList> byValue = nodesByValue(nodes, value);
    if (byValue.size() < 2)
        return;
    QStringList parts;
    for (auto it = byValue.cbegin(); it != byValue.cend(); ++it)
        parts.append(ReadinessText::tr("%1 on %2").arg(it.key(), it.value().join(QLatin1String(", "))));
    Finding result{severity, QString(), QString::fromLatin1(code),
                   sentence.arg(parts.join(QLatin1String("; "))), fix};
    findings.append(result);
}

// The same for a version: the fix names the nodes behind and the newest
// version to reach (the nodes already on it need nothing).
void assessSameVersion(const QList<NodeFacts> &nodes, const std::function<QString(const NodeFacts &)> &value,
                       Severity severity, const char *code, const QString &sentence, const QString &what,
                       const VersionPolicy &policy, QList<Finding> &findings)
{
    const QMap<QString, QStringList> byValue = nodesByValue(nodes, value);
    if (byValue.size() < 2)
        return;
    QString newest;
    for (auto it = byValue.cbegin(); it != byValue.cend(); ++it) {
        if (newest.isEmpty() || compareVersions(it.key(), newest) > 0)
            newest = it.key();
    }
    QStringList behind;
    for (auto it = byValue.cbegin(); it != byValue.cend(); ++it) {
        if (it.key() != newest)
            behind.append(ReadinessText::tr("%1 (%2)").arg(it.value().join(QLatin1String(", ")), it.key()));
    }
    const QString fix = ReadinessText::tr("Update %1 to %2 %3, which %4 already run: `%5`.")
                            .arg(behind.join(QLatin1String(", ")), what, newest,
                                 byValue.value(newest).join(QLatin1String(", ")), policy.updateCommandLine());
    assessSame(nodes, value, severity, code, sentence, fix, findings);
}

} // namespace

QList<Finding> assessNode(const NodeFacts &facts, const VersionPolicy &policy)
{
    QList<Finding> findings;
    if (!facts.complete) {
        findings.append(finding(Severity::Blocker, facts, "probe-incomplete",
                                ReadinessText::tr("The check of %1 stopped before it finished.").arg(nodeName(facts)),
                                ReadinessText::tr("Make sure %1 is on and reachable over SSH, then check again.").arg(nodeName(facts))));
    }
    assessRelease(facts, policy, findings);
    assessGpu(facts, policy, findings);
    assessFirmware(facts, policy, findings);
    assessPorts(facts, policy, findings);
    assessPcieLinks(facts, findings);
    assessPcieErrors(facts, findings);
    assessSudo(facts, findings);
    assessNetworkConfig(facts, findings);
    return findings;
}

QList<Finding> assessCluster(const QList<NodeFacts> &nodes, const VersionPolicy &policy)
{
    QList<Finding> findings;
    for (const NodeFacts &node : nodes)
        findings.append(assessNode(node, policy));
    if (nodes.size() < 2)
        return findings;

    assessSameVersion(nodes, [](const NodeFacts &n) { return n.release.version(); }, Severity::Blocker, "release-differs",
                      ReadinessText::tr("The nodes run different DGX OS releases (%1), and NCCL fails between mixed versions."),
                      ReadinessText::tr("DGX OS"), policy, findings);
    assessSameVersion(nodes, [](const NodeFacts &n) { return n.gpu.driverVersion; }, Severity::Blocker, "driver-differs",
                      ReadinessText::tr("The nodes have different NVIDIA drivers (%1), and NCCL fails between mixed versions."),
                      ReadinessText::tr("NVIDIA driver"), policy, findings);
    assessSameVersion(nodes, [](const NodeFacts &n) { return n.gpu.cudaVersion; }, Severity::Blocker, "cuda-differs",
                      ReadinessText::tr("The nodes have different CUDA versions (%1), and NCCL fails between mixed versions."),
                      ReadinessText::tr("CUDA"), policy, findings);
    assessSameVersion(nodes, [](const NodeFacts &n) { return n.cx7Firmware().section(QLatin1Char(' '), 0, 0); },
                      Severity::Warning, "firmware-differs",
                      ReadinessText::tr("The nodes have different ConnectX-7 firmware (%1)."),
                      ReadinessText::tr("ConnectX-7 firmware"), policy, findings);
    assessSameVersion(nodes, [](const NodeFacts &n) { return n.kernel; }, Severity::Warning, "kernel-differs",
                      ReadinessText::tr("The nodes run different Linux kernels (%1)."), ReadinessText::tr("Linux kernel"),
                      policy, findings);
    assessSame(nodes, [](const NodeFacts &n) { return n.user.name; }, Severity::Warning, "user-differs",
               ReadinessText::tr("The nodes have different user names (%1), so MPI and NCCL jobs, which log in as the "
                                 "same user everywhere, need extra set-up."),
               ReadinessText::tr("Use the same user name on every node (the one chosen at first boot, for example)."), findings);
    assessSame(nodes, [](const NodeFacts &n) { return n.user.uid < 0 ? QString() : QString::number(n.user.uid); },
               Severity::Warning, "uid-differs",
               ReadinessText::tr("The nodes have different user ids (%1), so files on shared storage will belong to "
                                 "the wrong user on some nodes."),
               ReadinessText::tr("Give the user the same uid and gid on every node."), findings);
    assessSame(nodes, [](const NodeFacts &n) { return n.user.gid < 0 ? QString() : QString::number(n.user.gid); },
               Severity::Warning, "gid-differs",
               ReadinessText::tr("The nodes have different group ids (%1), so files on shared storage will belong to "
                                 "the wrong group on some nodes."),
               ReadinessText::tr("Give the user the same uid and gid on every node."), findings);
    return findings;
}

} // namespace spark
