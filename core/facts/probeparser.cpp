// SPDX-License-Identifier: MIT
#include "core/facts/probeparser.h"

#include "core/common/sudocredential.h"
#include "core/hardware/cx7.h"
#include "core/facts/probescript.h"

#include <QHash>

#include <algorithm>

namespace spark {

namespace {

QString osPrettyName(const QString &text)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("PRETTY_NAME="))) {
            QString value = line.mid(12).trimmed();
            if (value.size() >= 2 && value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
                value = value.mid(1, value.size() - 2);
            return value;
        }
    }
    return {};
}

QHash<QString, QString> keyValues(const QString &text)
{
    QHash<QString, QString> values;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (equals > 0)
            values.insert(line.left(equals).trimmed(), line.mid(equals + 1).trimmed());
    }
    return values;
}

void applySysfs(Cx7InterfaceFacts &interface, const ProbeSection &section)
{
    if (section.exitCode != 0 || section.body.trimmed() == QLatin1String("absent"))
        return;
    interface.present = true;
    const QHash<QString, QString> values = keyValues(section.body);
    interface.mac = values.value(QStringLiteral("address"));
    if (values.contains(QStringLiteral("carrier")))
        interface.carrier = values.value(QStringLiteral("carrier")) == QLatin1String("1");
    bool ok = false;
    const int speed = values.value(QStringLiteral("speed")).toInt(&ok);
    if (ok && speed > 0)
        interface.sysfsSpeedMbps = speed;
    interface.mtu = values.value(QStringLiteral("mtu")).toInt();
    interface.operstate = values.value(QStringLiteral("operstate"));
    interface.physPortName = values.value(QStringLiteral("phys_port_name"));
    interface.pciAddress = values.value(QStringLiteral("device"));
}

void applyRdma(Cx7InterfaceFacts &interface, const ProbeSection &section)
{
    interface.rdmaPresent = true;
    const QStringList lines = section.body.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            continue;
        const QString file = line.left(colon);
        const QString value = line.mid(colon + 1).trimmed();
        if (file == QLatin1String("fw_ver"))
            interface.rdmaFirmware = value;
        else if (file == QLatin1String("ports/1/state"))
            interface.rdmaState = value;
    }
    if (!interface.rdmaUp && !interface.rdmaState.isEmpty())
        interface.rdmaUp = interface.rdmaState.contains(QLatin1String("ACTIVE"));
}

// `sudo -n true` says whether sudo works without a password; with the password
// on stdin (ProbeScript::SudoMode::PasswordOnStdin) the root-files section
// tells whether it works at all.
void applySudo(NodeFacts &facts, const ProbeSection &sudo, const ProbeSection &rootFiles)
{
    facts.sudoDetail = sudo.body.trimmed();
    static const QStringList sudoGroups = {QStringLiteral("sudo"), QStringLiteral("admin"), QStringLiteral("wheel")};
    const bool inSudoGroup = std::any_of(sudoGroups.cbegin(), sudoGroups.cend(),
                                         [&](const QString &group) { return facts.user.groups.contains(group); });
    const auto refused = [](const QString &text) {
        return text.contains(QLatin1String("not in the sudoers")) || text.contains(QLatin1String("is not allowed"))
            || text.contains(QLatin1String("may not run sudo"));
    };
    if (sudo.exitCode == 0 || facts.user.uid == 0)
        facts.sudo = SudoAccess::NoPassword;
    else if (sudo.exitCode == 127 || sudo.body.contains(QLatin1String("not found")) || refused(sudo.body))
        facts.sudo = SudoAccess::Unavailable;
    else if (rootFiles.exitCode == 0)
        facts.sudo = SudoAccess::WithPassword; // the password on stdin was accepted
    else if (refused(rootFiles.body))
        facts.sudo = SudoAccess::Unavailable;
    else if (SudoCredential::refusedPassword(rootFiles.body)) {
        facts.sudoPasswordRejected = true;
        facts.sudo = SudoAccess::Unknown;
    }
    else if (inSudoGroup)
        facts.sudo = SudoAccess::WithPassword;
    else
        facts.sudo = SudoAccess::Unknown; // sudo asks for a password; only trying it tells
    if (facts.sudo != SudoAccess::NoPassword && !rootFiles.body.trimmed().isEmpty() && rootFiles.exitCode != 0)
        facts.sudoDetail += QLatin1Char('\n') + rootFiles.body.trimmed();
}

void applyRootFiles(NodeFacts &facts, const ProbeSection &section)
{
    NetworkConfigScan &scan = facts.networkConfig;
    scan.netplanReadable = section.exitCode == 0;
    if (!scan.netplanReadable)
        return;
    const QList<ProbeFile> files = ProbeScript::files(section.body);
    for (const ProbeFile &file : files) {
        if (file.path.startsWith(QLatin1String("/etc/netplan/"))) {
            NetplanFile netplan = parseNetplan(file.path, file.content);
            if (!netplan.renderer.isEmpty()) // files come in netplan's order: the last one sets it
                scan.renderer = netplan.renderer;
            if (!netplan.cx7Interfaces.isEmpty())
                scan.netplanFiles.append(netplan);
        } else {
            const NmProfile profile = parseNmKeyfile(file.path, file.content);
            scan.nmProfilesKnown = true;
            if (cx7::isCx7Netdev(profile.interfaceName))
                scan.nmProfiles.append(profile);
        }
    }
}

Cx7InterfaceFacts *interfaceFor(NodeFacts &facts, const QString &netdevOrRdma)
{
    for (Cx7InterfaceFacts &interface : facts.cx7) {
        if (interface.netdev == netdevOrRdma || interface.rdmaDevice == netdevOrRdma)
            return &interface;
    }
    return nullptr;
}

void applyUser(NodeFacts &facts, const ProbeSection &section)
{
    const QStringList lines = section.body.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() >= 3) {
        facts.user.name = lines.at(0).trimmed();
        facts.user.uid = lines.at(1).trimmed().toInt();
        facts.user.gid = lines.at(2).trimmed().toInt();
    }
    if (lines.size() >= 4)
        facts.user.groups = lines.at(3).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

// A section about the node as a whole; false when `section` is not one.
bool applyNodeSection(NodeFacts &facts, const ProbeSection &section)
{
    const QString &name = section.name;
    if (name == QLatin1String("probe")) {
        facts.probeFormat = section.body.section(QLatin1Char(' '), 1).trimmed().toInt();
    } else if (name == QLatin1String("done")) {
        facts.complete = true;
    } else if (name == QLatin1String("hostname")) {
        facts.hostname = section.body.trimmed();
    } else if (name == QLatin1String("dgx-release")) {
        if (section.exitCode == 0)
            facts.release = parseDgxRelease(section.body);
    } else if (name == QLatin1String("os-release")) {
        facts.osPrettyName = osPrettyName(section.body);
    } else if (name == QLatin1String("kernel")) {
        facts.kernel = section.body.trimmed();
    } else if (name == QLatin1String("nvidia-smi")) {
        facts.gpu = parseNvidiaSmi(section.body, section.exitCode);
    } else if (name == QLatin1String("id")) {
        applyUser(facts, section);
    } else if (name == QLatin1String("ip-addr")) {
        if (const auto parsed = parseIpAddrJson(section.body))
            facts.interfaces = *parsed;
        else
            facts.problems.append(QStringLiteral("ip -j addr show: ") + section.body.left(200));
    } else if (name == QLatin1String("ip-route")) {
        if (const auto parsed = parseIpRouteJson(section.body))
            facts.routes = *parsed;
        else
            facts.problems.append(QStringLiteral("ip -j route show table all: ") + section.body.left(200));
    } else if (name == QLatin1String("ibdev2netdev")) {
        if (section.exitCode == 0)
            facts.rdmaLinks = parseIbdev2netdev(section.body);
    } else if (name == QLatin1String("pcie")) {
        PcieFunctionFacts function = parsePcieSysfs(section.argument, section.body, section.exitCode);
        for (const QString &text : std::as_const(function.unrecognised))
            facts.problems.append(QStringLiteral("pcie %1: not recognised: %2").arg(section.argument, text.left(200)));
        facts.pcie.append(std::move(function));
    } else if (name == QLatin1String("kernel-log")) {
        facts.kernelLog = parseKernelLog(section.body, section.exitCode);
    } else {
        return false;
    }
    return true;
}

// A section about one CX-7 netdev or RoCE device; false when `section` is not one.
bool applyInterfaceSection(NodeFacts &facts, const ProbeSection &section)
{
    const QString &name = section.name;
    const bool perInterface = name == QLatin1String("sysfs") || name == QLatin1String("rdma") || name == QLatin1String("gids")
        || name == QLatin1String("ethtool") || name == QLatin1String("ethtool-i");
    if (!perInterface)
        return false;
    Cx7InterfaceFacts *interface = interfaceFor(facts, section.argument);
    if (!interface)
        return true; // not a CX-7 name: nothing of ours
    if (name == QLatin1String("sysfs"))
        applySysfs(*interface, section);
    else if (name == QLatin1String("rdma"))
        applyRdma(*interface, section);
    else if (name == QLatin1String("gids"))
        interface->gids = parseGidTable(section.body);
    else if (name == QLatin1String("ethtool"))
        interface->link = parseEthtool(section.body);
    else
        interface->driverInfo = parseEthtoolDriverInfo(section.body);
    return true;
}

// netplan's file list and NetworkManager's devices and profiles.
void applyNetworkSection(NodeFacts &facts, const ProbeSection &section)
{
    NetworkConfigScan &scan = facts.networkConfig;
    const QString &name = section.name;
    if (name == QLatin1String("netplan-list")) {
        if (section.exitCode != 0)
            return;
        const QStringList names = section.body.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const QString &file : names) {
            if (file.endsWith(QLatin1String(".yaml")) || file.endsWith(QLatin1String(".yml")))
                scan.netplanFileNames.append(file.trimmed());
        }
    } else if (name == QLatin1String("nm-devices")) {
        scan.nmcliPresent = true;
        scan.nmRunning = section.exitCode == 0;
        for (const NmDeviceState &device : parseNmcliDevices(section.body)) {
            if (cx7::isCx7Netdev(device.device))
                scan.nmDevices.append(device);
        }
    } else if (name == QLatin1String("nmcli")) {
        scan.nmProfilesKnown = !scan.nmcliPresent || scan.nmRunning;
        const QList<NmProfile> profiles = parseNmcliProfiles(section.body);
        for (const NmProfile &profile : profiles) {
            if (cx7::isCx7Netdev(profile.interfaceName))
                scan.nmProfiles.append(profile);
        }
    }
}

// Addresses from ip, RDMA state from ibdev2netdev, the GID index of the first IPv4 address.
void joinInterfaceFacts(NodeFacts &facts)
{
    for (Cx7InterfaceFacts &interface : facts.cx7) {
        for (const IpInterface &ip : std::as_const(facts.interfaces)) {
            if (ip.name != interface.netdev)
                continue;
            interface.addresses = ip.addresses;
            if (interface.mac.isEmpty())
                interface.mac = ip.mac;
            if (interface.mtu == 0)
                interface.mtu = ip.mtu;
            if (!interface.present)
                interface.present = true;
        }
        for (const RdmaNetdevLink &link : std::as_const(facts.rdmaLinks)) {
            if (link.netdev == interface.netdev)
                interface.rdmaUp = link.up;
        }
        const QList<IpAddress> ipv4 = interface.ipv4Addresses();
        interface.roceV2Ipv4GidIndex = roceV2Ipv4GidIndex(interface.gids, ipv4.isEmpty() ? QString() : ipv4.first().local);
    }
}

} // namespace

NodeFacts parseProbeOutput(const QString &output, const QString &node)
{
    NodeFacts facts;
    facts.node = node;
    for (const Cx7Function &function : cx7::functions) {
        Cx7InterfaceFacts interface;
        interface.netdev = function.netdevName();
        interface.rdmaDevice = function.rdmaDeviceName();
        interface.port = function.port;
        interface.twin = function.twin;
        facts.cx7.append(interface);
    }

    ProbeSection sudoSection;
    ProbeSection rootFilesSection;
    bool sawSudo = false;
    for (const ProbeSection &section : ProbeScript::sections(output)) {
        // Only the last section can lack its exit marker: the output was cut
        // inside it, and a half-read value would be a wrong one. Unknown instead.
        if (section.exitCode == -1) {
            facts.problems.append(QStringLiteral("cut short in the section %1 %2").arg(section.name, section.argument).trimmed());
            continue;
        }
        if (section.name == QLatin1String("sudo")) {
            sudoSection = section;
            sawSudo = true;
        } else if (section.name == QLatin1String("root-files")) {
            rootFilesSection = section;
            applyRootFiles(facts, section);
        } else if (!applyNodeSection(facts, section) && !applyInterfaceSection(facts, section)) {
            applyNetworkSection(facts, section);
        }
    }
    if (sawSudo)
        applySudo(facts, sudoSection, rootFilesSection); // needs the groups from the id section
    else
        facts.problems.append(QStringLiteral("the probe did not report on sudo"));
    joinInterfaceFacts(facts);
    if (!facts.complete)
        facts.problems.append(QStringLiteral("the probe's output ended early"));
    return facts;
}

} // namespace spark
