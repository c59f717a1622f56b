// SPDX-License-Identifier: MIT
// sparkctl probe [NAME…] [--json] and sparkctl check [NAME…] [--json]
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/nameddevices.h"
#include "app/sparkctl/output.h"
#include "app/sparkctl/passwordinput.h"
#include "core/devices/secretstore.h"
#include "core/hardware/cx7.h"
#include "core/devices/nodeprober.h"
#include "core/facts/readiness.h"
#include "core/facts/updateguide.h"
#include "core/report/supportreport.h"

#include <QCoreApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace spark;

namespace sparkctl {

namespace {
struct FactsText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::FactsCommands)
};
} // namespace

namespace {

struct Probed
{
    Device device;
    Expected<NodeFacts> facts;
};

Device namedDevice(const QString &name)
{
    Device device;
    device.name = name;
    return device;
}

// The nodes of a support report (those named, or all), replayed through the parsers.
std::optional<int> replayReport(const QString &file, const QStringList &names, QList<Probed> &probed)
{
    QFile input(file);
    if (!input.open(QIODevice::ReadOnly)) {
        return Output::failure(FactsText::tr("cannot read %1: %2").arg(file, input.errorString()));
    }
    const auto policy = VersionPolicy::load();
    if (!policy) {
        return Output::failure(policy.error().message, policy.error().detail);
    }
    const auto replay = SupportReport::replay(input.readAll(), *policy);
    if (!replay) {
        return Output::failure(QStringLiteral("%1: %2").arg(file, replay.error().message), replay.error().detail);
    }
    for (const NodeFacts &facts : replay->facts) {
        if (names.isEmpty() || names.contains(facts.node))
            probed.append(Probed{namedDevice(facts.node), facts});
    }
    for (const QString &line : replay->unanswered) {
        const QString name = line.section(QStringLiteral(": "), 0, 0);
        if (names.isEmpty() || names.contains(name))
            probed.append(Probed{namedDevice(name), Error(line.section(QStringLiteral(": "), 1))});
    }
    if (probed.isEmpty()) {
        return Output::failure(FactsText::tr("the report holds none of the nodes asked for."));
    }
    return std::nullopt;
}

// Parses NAME… [--json] [--sudo-password-stdin] [--from-report FILE], loads the
// devices and probes them in parallel (or reads them from the report).
std::optional<int> probeDevices(const QString &path, QCommandLineParser &parser, bool &json, QList<Probed> &probed)
{
    const QString jsonOption = QStringLiteral("json");
    const QString passwordStdin = QStringLiteral("sudo-password-stdin");
    const QString fromReport = QStringLiteral("from-report");
    json = parser.isSet(jsonOption);
    if (parser.isSet(fromReport))
        return replayReport(parser.value(fromReport), parser.positionalArguments(), probed);

    const NamedDevices named = namedDevices(parser, path, true);
    if (named.exit)
        return *named.exit;
    const QList<Device> &devices = named.devices;
    const bool fromStdin = parser.isSet(passwordStdin);
    const QString password = fromStdin ? readPasswordLine() : QString();

    SecretStore secrets; // outlives the futures: every one is waited for below
    QList<QFuture<Expected<NodeFacts>>> futures;
    for (const Device &device : std::as_const(devices)) // all run at once
        futures.append(fromStdin ? NodeProber::probe(device, password) : NodeProber::probe(device, secrets));
    for (qsizetype i = 0; i < devices.size(); ++i)
        probed.append(Probed{devices.at(i), futures[i].result()});
    return std::nullopt;
}

QString portLine(const NodeFacts &facts, int port)
{
    QStringList twins;
    for (const Cx7InterfaceFacts &interface : facts.cx7) {
        if (interface.port != port)
            continue;
        if (!interface.present) {
            twins.append(interface.netdev + QStringLiteral(" absent"));
            continue;
        }
        QStringList parts{interface.netdev, interface.hasLink() ? QStringLiteral("up") : QStringLiteral("down")};
        if (interface.hasLink() && interface.speedMbps())
            parts.append(QStringLiteral("%1G").arg(*interface.speedMbps() / 1000));
        parts.append(QStringLiteral("mtu %1").arg(interface.mtu));
        for (const IpAddress &address : interface.ipv4Addresses())
            parts.append(address.cidr());
        if (interface.roceV2Ipv4GidIndex)
            parts.append(QStringLiteral("gid %1").arg(*interface.roceV2Ipv4GidIndex));
        twins.append(parts.join(QLatin1Char(' ')));
    }
    return QStringLiteral("  port %1 (%2): %3\n").arg(port).arg(cx7::sideKey(port), twins.join(QStringLiteral(" | ")));
}

void printFacts(const NodeFacts &facts)
{
    printOut(FactsText::tr("%1 (%2): %3, DGX OS %4, kernel %5\n")
                 .arg(facts.node, facts.hostname, facts.release.platformDisplayName(),
                      facts.release.version().isEmpty() ? QStringLiteral("-") : facts.release.version(), facts.kernel));
    printOut(FactsText::tr("  GPU %1, driver %2, CUDA %3; CX-7 firmware %4\n")
                 .arg(facts.gpu.gpuName.isEmpty() ? QStringLiteral("-") : facts.gpu.gpuName,
                      facts.gpu.ok() ? facts.gpu.driverVersion : facts.gpu.problem,
                      facts.gpu.cudaVersion.isEmpty() ? QStringLiteral("-") : facts.gpu.cudaVersion,
                      facts.cx7Firmware().isEmpty() ? QStringLiteral("-") : facts.cx7Firmware()));
    for (int port = 0; port < cx7::portCount; ++port)
        printOut(portLine(facts, port));
    QStringList pcie;
    for (const PcieFunctionFacts &function : facts.pcie) {
        if (!function.present || function.currentLinkText().isEmpty())
            continue;
        QString text = function.address + QLatin1Char(' ') + function.currentLinkText();
        if (function.aer.fatal.value_or(0) + function.aer.nonFatal.value_or(0) + function.aer.correctable.value_or(0) > 0)
            text += FactsText::tr(" (AER fatal %1, non-fatal %2, corrected %3)")
                        .arg(function.aer.fatal.value_or(0))
                        .arg(function.aer.nonFatal.value_or(0))
                        .arg(function.aer.correctable.value_or(0));
        pcie.append(text);
    }
    if (!pcie.isEmpty())
        printOut(QStringLiteral("  PCIe: %1\n").arg(pcie.join(QStringLiteral(", "))));
    printOut(FactsText::tr("  user %1 (uid %2, gid %3), sudo: %4\n")
                 .arg(facts.user.name)
                 .arg(facts.user.uid)
                 .arg(facts.user.gid)
                 .arg(sudoAccessKey(facts.sudo)));
    QStringList config;
    for (const NetplanFile &file : facts.networkConfig.netplanFiles)
        config.append(file.path);
    for (const NmProfile &profile : facts.networkConfig.nmProfiles)
        config.append(FactsText::tr("NetworkManager \"%1\" on %2").arg(profile.id, profile.interfaceName));
    if (!config.isEmpty())
        printOut(FactsText::tr("  CX-7 settings already there: %1\n").arg(config.join(QStringLiteral(", "))));
    const NetworkConfigScan &scan = facts.networkConfig;
    if (scan.nmcliPresent) {
        QStringList devices;
        for (const NmDeviceState &device : scan.nmDevices)
            devices.append(QStringLiteral("%1 %2%3").arg(device.device, device.state,
                                                         device.connection.isEmpty() ? QString()
                                                                                     : QStringLiteral(" (%1)").arg(device.connection)));
        printOut(QStringLiteral("  NetworkManager: %1%2%3\n")
                     .arg(scan.nmRunning ? QStringLiteral("running") : QStringLiteral("not running"),
                          scan.renderer.isEmpty() ? QString() : FactsText::tr(", netplan renders for %1").arg(scan.renderer),
                          devices.isEmpty() ? QString() : QStringLiteral("; ") + devices.join(QStringLiteral(", "))));
    }
    printOut(FactsText::tr("  subnets in use: %1\n").arg(facts.occupiedSubnets().join(QStringLiteral(", "))));
}

int runProbe(QCommandLineParser &parser)
{
    bool json = false;
    QList<Probed> probed;
    if (const auto exit = probeDevices(QStringLiteral("probe"), parser, json, probed))
        return *exit;
    int code = Success;
    QJsonArray array;
    for (const Probed &node : std::as_const(probed)) {
        if (!node.facts) {
            code = Failure;
            array.append(QJsonObject{{QStringLiteral("node"), node.device.name},
                                     {QStringLiteral("error"), node.facts.error().message}});
            Output::failure(QStringLiteral("%1: %2").arg(node.device.name, node.facts.error().message),
                            node.facts.error().detail);
            continue;
        }
        array.append(node.facts->toJson());
        if (!json)
            printFacts(*node.facts);
    }
    Output::result(code == Success, {{QStringLiteral("nodes"), array}});
    return code;
}

// check's verdict as its exit code: 0 ready, 10 warnings, 20 blockers.
int verdictExitCode(Readiness verdict)
{
    switch (verdict) {
    case Readiness::Ready:
        return Success;
    case Readiness::Warnings:
        return CheckWarnings;
    case Readiness::Blockers:
        return CheckBlockers;
    }
    return Failure;
}

// The documented update for the nodes it would fix, and the command that runs it.
void printUpdateGuide(const QList<Finding> &findings, const QList<Probed> &probed, const VersionPolicy &policy)
{
    QStringList names;
    for (const Probed &node : probed)
        names.append(node.device.name);
    const QStringList toUpdate = UpdateGuide::nodesToUpdate(findings, names);
    for (const Probed &node : probed) {
        if (!toUpdate.contains(node.device.name))
            continue;
        const UpdateGuide guide = UpdateGuide::forNode(policy, node.device.user + QLatin1Char('@') + node.device.host);
        printOut(FactsText::tr("To update %1:\n    %2\n")
                     .arg(node.device.name, guide.text().replace(QLatin1Char('\n'), QStringLiteral("\n    "))));
    }
    if (!toUpdate.isEmpty())
        printOut(FactsText::tr("Or let sparkctl run the update, through the restart: sparkctl update %1\n")
                     .arg(toUpdate.join(QLatin1Char(' '))));
}

int runCheck(QCommandLineParser &parser)
{
    bool json = false;
    QList<Probed> probed;
    if (const auto exit = probeDevices(QStringLiteral("check"), parser, json, probed))
        return *exit;
    const auto policy = VersionPolicy::load();
    if (!policy)
        return Output::failure(policy.error().message, policy.error().detail);
    QList<NodeFacts> nodes;
    QList<Finding> findings;
    for (const Probed &node : std::as_const(probed)) {
        if (node.facts) {
            nodes.append(*node.facts);
            continue;
        }
        findings.append(Finding{Finding::Severity::Blocker, node.device.name, QStringLiteral("unreachable"),
                                node.facts.error().message,
                                FactsText::tr("Check that %1 is on and reachable, then check again.").arg(node.device.name)});
    }
    findings.append(assessCluster(nodes, *policy));
    const Readiness verdict = readinessOf(findings);
    const int code = verdictExitCode(verdict);
    if (json) {
        QJsonArray array;
        for (const Finding &finding : std::as_const(findings))
            array.append(finding.toJson());
        // ok: the check ran; its verdict is in "verdict" (and the exit code).
        Output::result(true, {{QStringLiteral("verdict"), readinessKey(verdict)},
                              {QStringLiteral("policy"), policy->source},
                              {QStringLiteral("findings"), array}});
        return code;
    }
    for (const Finding &finding : std::as_const(findings)) {
        const QString where = finding.node.isEmpty() ? QStringLiteral("cluster") : finding.node;
        printOut(QStringLiteral("%1 %2: %3\n    fix: %4\n")
                     .arg(severityKey(finding.severity).toUpper(), where, finding.sentence, finding.fix));
    }
    printUpdateGuide(findings, probed, *policy);
    printOut(policy->builtIn() ? FactsText::tr("Version policy: the built-in one.\n")
                               : FactsText::tr("Version policy: %1 (overrides the built-in one).\n").arg(policy->source));
    switch (verdict) {
    case Readiness::Ready:
        printOut(FactsText::tr("Ready: %1 node(s) can be clustered.\n").arg(nodes.size()));
        break;
    case Readiness::Warnings:
        printOut(FactsText::tr("Ready with warnings: the cluster works, but read the warnings above.\n"));
        break;
    case Readiness::Blockers:
        printOut(FactsText::tr("Not ready: fix the blockers above first.\n"));
        break;
    }
    return code;
}

// probe and check read the same: NAME… [--json] [--sudo-password-stdin] [--from-report FILE].
Command probingCommand(const QString &name, const QString &summary, const QString &description,
                       std::function<int(QCommandLineParser &)> run)
{
    return {name, summary, description,
            {deviceArgument(ArgumentSpec::Any, FactsText::tr("Devices to probe (default: all)."))},
            {{QStringLiteral("json"), FactsText::tr("Print JSON.")},
             {QStringLiteral("sudo-password-stdin"),
              FactsText::tr("Read the sudo password (the same on every node) from the first line of stdin, to read "
                             "root-only settings. Without it, each node's password remembered in the keychain is used.")},
             {QStringLiteral("from-report"),
              FactsText::tr("Read the nodes' answers from a support report (sparkctl report) instead of asking them: "
                             "the same parsers and rules run on what a Spark said then."),
              QStringLiteral("FILE"), {}, Completion::Files}},
            std::move(run)};
}

} // namespace

void registerFactsCommands(CommandTable &table)
{
    table.add(probingCommand(QStringLiteral("probe"),
                             FactsText::tr("Show each device's hardware, CX-7 ports and software versions"),
                             FactsText::tr("Read each device's hardware, ConnectX-7 ports, network settings and software "
                                            "versions, all devices at once, and print what was found."),
                             &runProbe));
    table.add(probingCommand(QStringLiteral("check"),
                             FactsText::tr("Cluster readiness: exit 0 ready, 10 warnings, 20 blockers"),
                             FactsText::tr("Probe the devices and judge whether they can be clustered: each finding with "
                                            "what to do. Exit code 0 ready, 10 ready with warnings, 20 blockers found."),
                             &runCheck));
}

} // namespace sparkctl
