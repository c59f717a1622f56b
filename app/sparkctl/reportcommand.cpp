// SPDX-License-Identifier: MIT
// sparkctl report NAME… [--output FILE] [--keep-macs] [--sudo-password-stdin]
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/nameddevices.h"
#include "app/sparkctl/output.h"
#include "app/sparkctl/passwordinput.h"
#include "core/report/reportcollector.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QJsonArray>

using namespace spark;

namespace sparkctl {

namespace {

struct ReportText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::Report)
};

int runReport(QCommandLineParser &parser)
{
    const QString path = QStringLiteral("report");
    const QString output = QStringLiteral("output");
    const QString keepMacs = QStringLiteral("keep-macs");
    const QString passwordStdin = QStringLiteral("sudo-password-stdin");
    const NamedDevices named = namedDevices(parser, path, true);
    if (named.exit)
        return *named.exit;
    const QList<Device> &devices = named.devices;

    ReportOptions options;
    options.keepMacs = parser.isSet(keepMacs);
    options.outputPath = parser.isSet(output) ? parser.value(output)
                                              : QDir::current().filePath(ReportCollector::defaultFileName(QDateTime::currentDateTime()));
    const QList<SudoTarget> targets = sudoTargets(devices, parser.isSet(passwordStdin), WhenNotRemembered::NoPassword);

    ReportCollector collector;
    OnInterrupt onInterrupt;
    onInterrupt.onlyReads = true; // it only reads the nodes: Ctrl-C ends it at once
    const Expected<ReportSummary> summary = awaitJob(collector, [&] { return collector.collect(targets, options); }, nullptr, onInterrupt);
    if (!summary)
        return Output::failure(summary.error().message, summary.error().detail);
    if (!summary->unanswered.isEmpty())
        Output::warning(ReportText::tr("Not in the report (no answer): %1").arg(summary->unanswered.join(QStringLiteral("; "))));
    Output::text(ReportText::tr("Report saved: %1 (%2 KiB). Attach it to your support request; it holds no password, key "
                                "or serial number.\n")
                     .arg(summary->path)
                     .arg((summary->bytes + 1023) / 1024));
    const bool ok = !summary->answered.isEmpty();
    Output::result(ok, {{QStringLiteral("path"), summary->path},
                        {QStringLiteral("bytes"), summary->bytes},
                        {QStringLiteral("answered"), QJsonArray::fromStringList(summary->answered)},
                        {QStringLiteral("unanswered"), QJsonArray::fromStringList(summary->unanswered)}});
    return ok ? Success : Failure;
}

} // namespace

void registerReportCommand(CommandTable &table)
{
    table.add(streaming({QStringLiteral("report"),
               ReportText::tr("Save a support report: what each node says, redacted, in one archive"),
               ReportText::tr("Save a support report: every raw output the probe, the neighbour discovery and a health "
                              "poll read on each node, the findings drawn from them and the program's logs, in one "
                              "archive; passwords, keys and serial numbers are left out."),
               {deviceArgument(ArgumentSpec::Any, ReportText::tr("Devices to report on (default: all)."))},
               {{QStringLiteral("output"), ReportText::tr("Where to save the report (default: a dated file in this folder)."),
                 QStringLiteral("FILE"), {}, Completion::Files},
                {QStringLiteral("keep-macs"),
                 ReportText::tr("Keep MAC addresses as they are (default: a stable hash of each).")},
                {QStringLiteral("sudo-password-stdin"),
                 ReportText::tr("Read the sudo password (the same on every node) from stdin's first line, to include the "
                                "root-only network settings. Without it, each node's password remembered in the keychain "
                                "is used. The password never appears in the report.")}},
               &runReport}));
}

} // namespace sparkctl
