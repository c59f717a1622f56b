// SPDX-License-Identifier: MIT
#include "core/report/reportcollector.h"

#include "core/common/logcategories.h"
#include "core/common/runfile.h"
#include "core/common/appinfo.h"
#include "core/common/apppaths.h"
#include "core/common/runonthread.h"
#include "core/common/sessionlog.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/nodeprober.h"
#include "core/facts/versionpolicy.h"
#include "core/health/healthpoll.h"
#include "core/report/supportreport.h"
#include "core/ssh/sshsession.h"
#include "core/topology/neighbourdiscovery.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSysInfo>

#include <memory>
#include <thread>
#include <vector>

namespace spark {

namespace {

// The program's stores that say what it planned and measured; never its key.
const QStringList programStateFiles{QStringLiteral("devices.json"), QStringLiteral("clusters.json"),
                                    QStringLiteral("linktests.json"), QStringLiteral("setup-progress.json"),
                                    QStringLiteral("daily.json")};

std::optional<QString> execText(SshSession &session, const QString &command, QString &error)
{
    auto result = session.exec(command, {}, ReportCollector::CommandTimeoutMs).result();
    if (!result) {
        error = result.error().message;
        return std::nullopt;
    }
    QString text = QString::fromUtf8(result->standardOutput);
    if (!result->standardError.isEmpty())
        text += QStringLiteral("\n[stderr]\n") + QString::fromUtf8(result->standardError);
    return text + QStringLiteral("\n[exit %1]\n").arg(result->exitCode);
}

ReportedNode collectNode(const SudoTarget &target)
{
    ReportedNode node;
    node.name = target.device.name;
    node.host = target.device.host;
    std::unique_ptr<SshSession> session = DeviceProbe::openSession(target.device);
    const Expected<QString> probe = NodeProber::rawOutput(*session, node.name, target.sudo);
    if (!probe) {
        node.error = probe.error().message;
        return node;
    }
    node.probeOutput = *probe;
    QString error;
    node.discoveryOutput = execText(*session, NeighbourDiscovery::command(), error);
    node.healthOutput = execText(*session, HealthPoll::script(), error);
    if (!error.isEmpty())
        node.error = error;
    return node;
}

QList<ArchiveFile> programFiles()
{
    QList<ArchiveFile> files;
    for (const QString &name : programStateFiles) {
        QFile file(QDir(AppPaths::configDir()).filePath(name));
        if (file.open(QIODevice::ReadOnly))
            files.append({QStringLiteral("state/") + name, file.readAll()});
    }
    for (const QString &path : SessionLog::existingLogs()) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            files.append({QStringLiteral("logs/") + QFileInfo(path).fileName(), file.readAll().right(2 * 1024 * 1024)});
    }
    return files;
}

} // namespace

QString ReportCollector::defaultFileName(const QDateTime &when)
{
    return QStringLiteral("spark-companion-report-%1.tar").arg(when.toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

namespace {

using Progress = std::function<void(int percent, const QString &sentence)>;

Expected<ReportSummary> collectBlocking(const QList<SudoTarget> &targets, const ReportOptions &options,
                                        const Progress &progress)
{
    const auto policy = VersionPolicy::load();
    if (!policy)
        return policy.error();
    progress(5, ReportCollector::tr("Asking %n node(s) what they see…", nullptr, int(targets.size())));

    // Every node at once, each on its own thread and session. Plain threads,
    // joined here: this runs on a worker thread without an event loop, where a
    // QThread's deleteLater would never run.
    std::vector<ReportedNode> collected(size_t(targets.size()));
    std::vector<std::thread> threads;
    for (qsizetype i = 0; i < targets.size(); ++i)
        threads.emplace_back([&collected, &targets, i] { collected[size_t(i)] = collectNode(targets.at(i)); });
    SupportReportInput input;
    input.created = QDateTime::currentDateTime();
    input.programVersion = applicationVersion();
    input.desktopOs = QSysInfo::prettyProductName();
    input.keepMacs = options.keepMacs;
    ReportSummary summary;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        threads[size_t(i)].join();
        ReportedNode node = std::move(collected[size_t(i)]);
        const int percent = 10 + int(80 * (i + 1) / targets.size());
        if (node.probeOutput) {
            summary.answered.append(node.name);
            progress(percent, ReportCollector::tr("%1 answered.").arg(node.name));
        } else {
            summary.unanswered.append(QStringLiteral("%1: %2").arg(node.name, node.error));
            progress(percent, ReportCollector::tr("%1 did not answer (%2); the report says so.").arg(node.name, node.error));
        }
        if (targets.at(i).sudo.hasPassword())
            input.secrets.append(targets.at(i).sudo.password());
        input.nodes.append(std::move(node));
    }
    input.programFiles = programFiles();

    progress(95, ReportCollector::tr("Writing the report…"));
    const QByteArray archive = SupportReport::archive(input, *policy);
    if (const QString why = writeWhole(options.outputPath, archive, true); !why.isEmpty())
        return Error(ReportCollector::tr("The report could not be saved to %1: %2").arg(options.outputPath, why));
    summary.path = options.outputPath;
    summary.bytes = archive.size();
    progress(100, ReportCollector::tr("The report is saved: %1").arg(options.outputPath));
    return summary;
}

} // namespace

ReportCollector::ReportCollector(QObject *parent)
    : Job(lcReport, parent)
{
}

QFuture<Expected<ReportSummary>> ReportCollector::collect(const QList<SudoTarget> &targets, const ReportOptions &options)
{
    return runOnThread([this, targets, options] {
        return collectBlocking(targets, options,
                               [this](int percent, const QString &sentence) { reportProgress(percent / 100.0, sentence); });
    });
}

} // namespace spark
