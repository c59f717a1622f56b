// SPDX-License-Identifier: MIT
// sparkctl update NAME… [--yes] [--sudo-password-stdin]: NVIDIA's documented
// update on the chosen nodes, with live output, through the restart, then a
// fresh check.
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/nameddevices.h"
#include "app/sparkctl/output.h"
#include "app/sparkctl/passwordinput.h"
#include "core/common/runonthread.h"
#include "core/devices/updaterunner.h"
#include "core/facts/readiness.h"

#include <QCoreApplication>
#include <QFuture>
#include <QJsonArray>
#include <QJsonObject>
#include <QMutex>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <memory>
#include <unistd.h>

using namespace spark;

namespace sparkctl {

namespace {
struct UpdateText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::Update)
};
} // namespace

namespace {

QString eventKind(UpdateEvent::Kind kind)
{
    switch (kind) {
    case UpdateEvent::Kind::Step:
        return QStringLiteral("step");
    case UpdateEvent::Kind::Output:
        return QStringLiteral("output");
    case UpdateEvent::Kind::Waiting:
        return QStringLiteral("waiting");
    case UpdateEvent::Kind::Probing:
        return QStringLiteral("probing");
    }
    return QStringLiteral("step");
}

// Each node's steps as they happen: "[spark-1] == step" and the commands'
// own lines; none with --quiet; JSON lines with --json.
void printEvent(const UpdateEvent &event)
{
    static QMutex mutex;
    QMutexLocker locker(&mutex);
    if (Output::json()) {
        Output::line(QStringLiteral("event"), {{QStringLiteral("node"), event.node},
                                               {QStringLiteral("kind"), eventKind(event.kind)},
                                               {QStringLiteral("text"), event.text}});
        return;
    }
    if (Output::quiet())
        return;
    const QString prefix = QStringLiteral("[%1] ").arg(event.node);
    printOut(prefix + (event.kind == UpdateEvent::Kind::Output ? QStringLiteral("  ") : QStringLiteral("== ")) + event.text
             + QLatin1Char('\n'));
}

QFuture<Expected<NodeFacts>> updateOnThread(const SudoTarget &node, const std::atomic_bool *stop)
{
    return runOnThread([node, stop] { return UpdateRunner::run(node.device, node.sudo, &printEvent, {}, stop); });
}

// Waits for every node's update on this thread's event loop. The first Ctrl-C
// (or SIGTERM) stops each node after the step it is in; a second leaves at
// once, the nodes' running steps going on by themselves.
// The updates start inside the wait, once Ctrl-C is taken.
bool waitStoppable(const QList<SudoTarget> &nodes, QList<QFuture<Expected<NodeFacts>>> &futures, std::atomic_bool &stop)
{
    OnInterrupt onInterrupt;
    onInterrupt.cancel = [&stop] { stop = true; };
    onInterrupt.first = UpdateText::tr("Stopping after the step each node is in: a package manager or firmware tool "
                                       "stopped halfway could leave a Spark half-updated. Press Ctrl-C again to leave "
                                       "at once (the steps already running go on by themselves).\n");
    onInterrupt.secondLeaves = true;
    waitInterruptibly(
        [&] {
            for (const SudoTarget &node : nodes)
                futures.append(updateOnThread(node, &stop));
            // One future for all of them, so that the one wait serves (a thread that only waits).
            return QFuture<void>(runOnThread([futures] {
                for (QFuture<Expected<NodeFacts>> future : futures) // a copy: waitForFinished is not const
                    future.waitForFinished();
                return true;
            }));
        },
        onInterrupt);
    return stop.load();
}

int runUpdate(QCommandLineParser &parser)
{
    const QString path = QStringLiteral("update");
    const QString yes = QStringLiteral("yes");
    const QString passwordStdin = QStringLiteral("sudo-password-stdin");
    const QStringList names = parser.positionalArguments();
    const NamedDevices named = namedDevices(parser, path, false);
    if (named.exit)
        return *named.exit;
    const QList<Device> &devices = named.devices;

    const QList<SudoTarget> nodes = sudoTargets(devices, parser.isSet(passwordStdin), WhenNotRemembered::NoPassword);
    QTextStream in(stdin);

    if (Output::json() && !parser.isSet(yes))
        return usageError(parser, path, UpdateText::tr("--json needs --yes: the question would not be JSON."));
    if (!parser.isSet(yes)) {
        printOut(UpdateText::tr("This updates %1 and restarts them; anything running on them stops. Go on? [y/N] ")
                     .arg(names.join(QStringLiteral(", "))));
        const QString answer = in.readLine().trimmed().toLower();
        if (answer != QLatin1String("y") && answer != QLatin1String("yes")) {
            printOut(UpdateText::tr("Nothing was changed.\n"));
            return Failure;
        }
    }

    std::atomic_bool stop = false;
    QList<QFuture<Expected<NodeFacts>>> futures;
    const bool stopped = waitStoppable(nodes, futures, stop);

    const auto policy = VersionPolicy::load();
    int code = Success;
    QJsonArray results;
    for (qsizetype i = 0; i < devices.size(); ++i) {
        const Expected<NodeFacts> facts = futures[i].result();
        if (!facts) {
            code = Output::failure(QStringLiteral("%1: %2").arg(devices.at(i).name, facts.error().message),
                                   facts.error().detail);
            results.append(QJsonObject{{QStringLiteral("node"), devices.at(i).name},
                                       {QStringLiteral("ok"), false},
                                       {QStringLiteral("error"), facts.error().message}});
            continue;
        }
        Output::text(UpdateText::tr("%1 is back: DGX OS %2, driver %3, CX-7 firmware %4.\n")
                         .arg(facts->node, facts->release.version(), facts->gpu.driverVersion, facts->cx7Firmware()));
        QJsonArray findings;
        for (const Finding &finding : policy ? assessNode(*facts, *policy) : QList<Finding>()) {
            if (finding.severity == Finding::Severity::Info)
                continue;
            findings.append(QJsonObject{{QStringLiteral("severity"), severityKey(finding.severity)},
                                        {QStringLiteral("sentence"), finding.sentence},
                                        {QStringLiteral("fix"), finding.fix}});
            Output::text(QStringLiteral("  %1: %2\n    fix: %3\n")
                             .arg(severityKey(finding.severity).toUpper(), finding.sentence, finding.fix));
        }
        results.append(QJsonObject{{QStringLiteral("node"), facts->node},
                                   {QStringLiteral("ok"), true},
                                   {QStringLiteral("release"), facts->release.version()},
                                   {QStringLiteral("driver"), facts->gpu.driverVersion},
                                   {QStringLiteral("cx7Firmware"), facts->cx7Firmware()},
                                   {QStringLiteral("findings"), findings}});
    }
    Output::result(code == Success, {{QStringLiteral("nodes"), results}});
    if (stopped)
        return Interrupted;
    return code;
}

} // namespace

void registerUpdateCommand(CommandTable &table)
{
    table.add(streaming({QStringLiteral("update"),
               UpdateText::tr("Run NVIDIA's documented update on devices, through the restart, then check them again"),
               UpdateText::tr("Runs NVIDIA's documented update (apt-get update, apt-get dist-upgrade, fwupdmgr refresh, "
                              "fwupdmgr upgrade, reboot) on the named devices at once, waits until they are back and "
                              "checks them again."),
               {{QStringLiteral("NAME"), UpdateText::tr("Devices to update."), ArgumentSpec::Some, Completion::Devices, {},
                 UpdateText::tr("name the devices to update; \"sparkctl check\" says which need it.")}},
               {{QStringLiteral("yes"), UpdateText::tr("Do not ask for confirmation.")},
                {QStringLiteral("sudo-password-stdin"),
                 UpdateText::tr("Read the sudo password (the same on every node) from the first line of stdin; without "
                                "it, each node's password remembered in the keychain is used.")}},
               &runUpdate}));
}

} // namespace sparkctl
