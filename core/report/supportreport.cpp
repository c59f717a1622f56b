// SPDX-License-Identifier: MIT
#include "core/report/supportreport.h"

#include "core/facts/probeparser.h"
#include "core/facts/probescript.h"
#include "core/facts/readiness.h"
#include "core/facts/versionpolicy.h"
#include "core/report/redactor.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace spark {

namespace {

const QString nodesFolder = QStringLiteral("nodes/");

// What each probe section ran, where its name alone does not say it.
QString commandOfSection(const QString &section, const QString &argument)
{
    if (section == QLatin1String("dgx-release"))
        return QStringLiteral("cat /etc/dgx-release");
    if (section == QLatin1String("os-release"))
        return QStringLiteral("cat /etc/os-release");
    if (section == QLatin1String("kernel"))
        return QStringLiteral("uname -r");
    if (section == QLatin1String("hostname"))
        return QStringLiteral("uname -n");
    if (section == QLatin1String("sysfs"))
        return QStringLiteral("sysfs /sys/class/net/") + argument;
    if (section == QLatin1String("pcie"))
        return QStringLiteral("sysfs /sys/bus/pci/devices/") + argument;
    if (section == QLatin1String("rdma") || section == QLatin1String("gids"))
        return QStringLiteral("sysfs /sys/class/infiniband/%1 %2").arg(argument, section);
    if (section == QLatin1String("ethtool-i"))
        return QStringLiteral("ethtool -i ") + argument;
    if (section == QLatin1String("ip-addr"))
        return QStringLiteral("ip -j addr show");
    if (section == QLatin1String("ip-route"))
        return QStringLiteral("ip -j route show table all");
    if (section == QLatin1String("netplan-list"))
        return QStringLiteral("ls -1 /etc/netplan");
    if (section == QLatin1String("nm-devices"))
        return QStringLiteral("nmcli device");
    if (section == QLatin1String("nmcli"))
        return QStringLiteral("nmcli connection show");
    if (section == QLatin1String("kernel-log"))
        return QStringLiteral("journalctl -k -b (PCIe and mlx5 errors)");
    if (section == QLatin1String("root-files"))
        return QStringLiteral("sudo cat /etc/netplan (secrets left out)");
    if (section == QLatin1String("sudo"))
        return QStringLiteral("sudo -n true");
    if (section == QLatin1String("id"))
        return QStringLiteral("id");
    return argument.isEmpty() ? section : section + QLatin1Char(' ') + argument;
}

QByteArray jsonBytes(const QJsonValue &value)
{
    return value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)
                           : QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented);
}

QString findingsText(const QList<Finding> &findings)
{
    if (findings.isEmpty())
        return SupportReport::tr("No findings: every node is ready.") + QLatin1Char('\n');
    QString text;
    for (const Finding &finding : findings) {
        text += QStringLiteral("[%1] %2%3\n    %4\n")
                    .arg(severityKey(finding.severity),
                         finding.node.isEmpty() ? QString() : finding.node + QStringLiteral(": "), finding.sentence,
                         finding.fix);
    }
    return text;
}

QString readme(const SupportReportInput &input)
{
    return SupportReport::tr(
               "Spark Companion support report, made %1 by Spark Companion %2.\n\n"
               "nodes/NAME/ holds what each Spark printed, exactly as received (each file is named after the "
               "command that made it); findings.txt and findings.json what Spark Companion concluded; program/ "
               "its own settings and logs.\n\n"
               "Removed before saving: passwords, private keys, tokens and the serial number%3.\n"
               "Replay it: sparkctl probe --from-report THIS-FILE\n")
        .arg(input.created.toString(Qt::ISODate), input.programVersion,
             input.keepMacs ? QString() : SupportReport::tr("; MAC addresses are replaced by a stable hash"));
}

QString safeFileName(QString name)
{
    static const QRegularExpression unsafe(QStringLiteral("[/\\\\:*?\"<>|\\x00-\\x1f]"));
    return name.replace(unsafe, QStringLiteral("_"));
}

} // namespace

QString SupportReport::sectionFileName(int index, const QString &section, const QString &argument)
{
    return QStringLiteral("probe/%1 %2.txt")
        .arg(index, 2, 10, QLatin1Char('0'))
        .arg(safeFileName(commandOfSection(section, argument)));
}

QList<ArchiveFile> SupportReport::files(const SupportReportInput &input, const VersionPolicy &policy)
{
    Redactor redactor({input.secrets, input.keepMacs});
    for (const ReportedNode &node : input.nodes) {
        for (const auto &output : {node.probeOutput, node.discoveryOutput, node.healthOutput}) {
            if (output)
                redactor.learn(*output);
        }
    }

    QList<ArchiveFile> files;
    auto add = [&](const QString &path, const QString &text) { files.append({path, redactor.apply(text).toUtf8()}); };

    QList<NodeFacts> facts;
    QJsonArray nodesJson;
    for (const ReportedNode &node : input.nodes) {
        const QString folder = nodesFolder + safeFileName(node.name) + QLatin1Char('/');
        QJsonObject entry{{QStringLiteral("name"), node.name}, {QStringLiteral("host"), node.host},
                          {QStringLiteral("answered"), node.error.isEmpty()}};
        if (!node.error.isEmpty()) {
            entry.insert(QStringLiteral("error"), node.error);
            add(folder + QStringLiteral("error.txt"), node.error + QLatin1Char('\n'));
        }
        if (node.probeOutput) {
            add(folder + QStringLiteral("probe.txt"), *node.probeOutput);
            const QList<ProbeSection> sections = ProbeScript::sections(*node.probeOutput);
            for (qsizetype i = 0; i < sections.size(); ++i) {
                const ProbeSection &section = sections.at(i);
                add(folder + sectionFileName(int(i + 1), section.name, section.argument),
                    section.body + QStringLiteral("\n[exit %1]\n").arg(section.exitCode));
            }
            facts.append(parseProbeOutput(*node.probeOutput, node.name));
        }
        if (node.discoveryOutput)
            add(folder + QStringLiteral("neighbour discovery (ping ff02__1).txt"), *node.discoveryOutput);
        if (node.healthOutput)
            add(folder + QStringLiteral("health poll (counters).txt"), *node.healthOutput);
        nodesJson.append(entry);
    }

    const QList<Finding> findings = assessCluster(facts, policy);
    QJsonArray findingsJson, factsJson;
    for (const Finding &finding : findings)
        findingsJson.append(finding.toJson());
    for (const NodeFacts &node : std::as_const(facts))
        factsJson.append(node.toJson());

    const QJsonObject report{{QStringLiteral("schema"), schemaVersion},
                             {QStringLiteral("created"), input.created.toString(Qt::ISODate)},
                             {QStringLiteral("programVersion"), input.programVersion},
                             {QStringLiteral("desktop"), input.desktopOs},
                             {QStringLiteral("probeFormat"), ProbeScript::formatVersion},
                             {QStringLiteral("macsKept"), input.keepMacs},
                             {QStringLiteral("nodes"), nodesJson}};
    files.prepend({QStringLiteral("README.txt"), readme(input).toUtf8()});
    files.insert(1, {QStringLiteral("report.json"), redactor.apply(QString::fromUtf8(jsonBytes(report))).toUtf8()});
    add(QStringLiteral("findings.txt"), findingsText(findings));
    add(QStringLiteral("findings.json"), QString::fromUtf8(jsonBytes(QJsonObject{
                                             {QStringLiteral("readiness"), readinessKey(readinessOf(findings))},
                                             {QStringLiteral("findings"), findingsJson},
                                             {QStringLiteral("facts"), factsJson}})));
    for (const ArchiveFile &file : input.programFiles)
        add(QStringLiteral("program/") + file.path, QString::fromUtf8(file.content));
    return files;
}

QByteArray SupportReport::archive(const SupportReportInput &input, const VersionPolicy &policy)
{
    return tarArchive::write(files(input, policy), input.created);
}

Expected<SupportReport::Replay> SupportReport::replay(const QByteArray &archive, const VersionPolicy &policy)
{
    const auto files = tarArchive::read(archive);
    if (!files)
        return files.error();
    auto fileAt = [&](const QString &path) -> const ArchiveFile * {
        for (const ArchiveFile &file : *files) {
            if (file.path == path)
                return &file;
        }
        return nullptr;
    };
    const ArchiveFile *reportFile = fileAt(QStringLiteral("report.json"));
    const QJsonObject report = reportFile ? QJsonDocument::fromJson(reportFile->content).object() : QJsonObject();
    if (report.value(QStringLiteral("schema")).toInt() < 1)
        return Error(tr("The file is not a Spark Companion support report (it has no report.json)."),
                     QStringLiteral("no report.json with a schema"));
    if (report.value(QStringLiteral("schema")).toInt() > schemaVersion)
        return Error(tr("The report was made by a newer Spark Companion; update this one to read it."),
                     QStringLiteral("report schema %1").arg(report.value(QStringLiteral("schema")).toInt()));

    Replay replay;
    const QJsonArray nodes = report.value(QStringLiteral("nodes")).toArray();
    for (const QJsonValue &value : nodes) {
        const QString name = value.toObject().value(QStringLiteral("name")).toString();
        const QString folder = nodesFolder + safeFileName(name) + QLatin1Char('/');
        if (const ArchiveFile *probe = fileAt(folder + QStringLiteral("probe.txt")))
            replay.facts.append(parseProbeOutput(QString::fromUtf8(probe->content), name));
        else
            replay.unanswered.append(QStringLiteral("%1: %2").arg(name, value.toObject().value(QStringLiteral("error")).toString()));
    }
    replay.findings = assessCluster(replay.facts, policy);
    if (const ArchiveFile *findingsFile = fileAt(QStringLiteral("findings.json"))) {
        const QJsonArray recorded = QJsonDocument::fromJson(findingsFile->content).object().value(QStringLiteral("findings")).toArray();
        for (const QJsonValue &finding : recorded)
            replay.recorded.append(Finding::fromJson(finding.toObject()));
    }
    return replay;
}

} // namespace spark
