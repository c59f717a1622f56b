// SPDX-License-Identifier: MIT
// sparkctl connect NAME | tunnel NAME --local L --remote R | open NAME dashboard|terminal|code|cursor
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/interruptguard.h"
#include "app/sparkctl/nameddevices.h"
#include "app/sparkctl/output.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/launch/launcher.h"
#include "core/launch/launchplanner.h"
#include "core/ssh/sshsession.h"
#include "core/tunnels/localports.h"
#include "core/tunnels/tunnelplanner.h"

#include <QCoreApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonArray>

using namespace spark;

namespace sparkctl {

namespace {
struct DailyText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::DailyCommands)
};
} // namespace

namespace {

template<typename T>
T await(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

QStringList openableThings()
{
    return {QStringLiteral("dashboard"), QStringLiteral("terminal"), QStringLiteral("code"), QStringLiteral("cursor")};
}

Expected<Device> findDevice(const QString &name)
{
    DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded)
        return loaded.error();
    const Device *device = registry.find(name);
    if (!device)
        return Error(DailyText::tr("No device is named \"%1\"; \"sparkctl device list\" shows the names.").arg(name));
    return *device;
}

// Opens `spec` to `device` and keeps it open until Ctrl-C / SIGTERM or until the
// connection is lost. Opens the browser at the tunnel's page when asked.
int runTunnel(const Device &device, const TunnelSpec &requested, bool openBrowser,
              bool anyFreePort = false)
{
    const auto planned = anyFreePort ? TunnelPlanner::planOnFreePort(requested, &isLocalPortFree)
                                     : TunnelPlanner::plan(requested, &isLocalPortFree);
    if (!planned)
        return Output::failure(planned.error());
    const TunnelSpec spec = *planned;

    const std::unique_ptr<SshSession> owned = DeviceProbe::openSession(device);
    SshSession &session = *owned;
    QElapsedTimer timer;
    timer.start();
    PortForward forward;
    forward.localPort = spec.localPort;
    forward.remotePort = spec.remotePort;
    if (const auto started = await(session.startForwarding(forward)); !started)
        return Output::failure(started.error());
    const qint64 connectedMs = timer.elapsed();
    // Ready for Ctrl-C before saying "Stop with Ctrl+C".
    bool interrupted = false;
    const InterruptGuard guard([&interrupted](int) {
        interrupted = true;
        QCoreApplication::quit();
    });
    Output::line(QStringLiteral("forwarding"),
                 {{QStringLiteral("device"), device.name},
                  {QStringLiteral("localPort"), int(spec.localPort)},
                  {QStringLiteral("remotePort"), int(spec.remotePort)},
                  {QStringLiteral("connectedMs"), connectedMs},
                  {QStringLiteral("url"), spec.path.isEmpty() ? QJsonValue() : QJsonValue(TunnelPlanner::browserUrl(spec).toString())}});
    if (!Output::json()) {
        printOut(DailyText::tr("Forwarding localhost:%1 to port %2 on %3 (connected in %4 ms). Stop with Ctrl+C.\n")
                     .arg(spec.localPort)
                     .arg(spec.remotePort)
                     .arg(device.name)
                     .arg(connectedMs));
        if (!spec.path.isEmpty())
            printOut(QStringLiteral("%1 of %2: %3\n").arg(spec.name, device.name, TunnelPlanner::browserUrl(spec).toString()));
    }
    if (openBrowser) {
        const QUrl url = TunnelPlanner::browserUrl(spec);
        const auto browser = LaunchPlanner::browser(url, Launcher::pathLookup());
        const auto opened = browser ? Launcher::start(*browser) : Expected<void>(browser.error());
        if (!opened)
            Output::warning(opened.error().message);
        else
            Output::progress(DailyText::tr("Opened %1 in the browser.").arg(url.toString()));
    }

    int status = Success;
    QObject::connect(&session, &SshSession::forwardStopped, &session, [&status](quint16, const QString &reason) {
        status = Output::failure(reason);
        QCoreApplication::quit();
    });
    if (!interrupted)
        QCoreApplication::exec();
    await(session.disconnectFromHost());
    if (status == Success)
        Output::progress(DailyText::tr("The tunnel to %1 is closed.").arg(device.name));
    Output::result(status == Success, {{QStringLiteral("device"), device.name},
                                       {QStringLiteral("localPort"), int(spec.localPort)},
                                       {QStringLiteral("remotePort"), int(spec.remotePort)}});
    return status;
}

int runConnect(QCommandLineParser &parser)
{
    const auto device = findDevice(parser.positionalArguments().constFirst());
    if (!device)
        return Output::failure(device.error());
    const std::unique_ptr<SshSession> owned = DeviceProbe::openSession(*device);
    SshSession &session = *owned;
    QElapsedTimer timer;
    timer.start();
    const auto connected = await(session.connectToHost());
    if (!connected)
        return Output::failure(connected.error());
    const qint64 elapsed = timer.elapsed();
    const auto echo = await(session.exec(QStringLiteral("true"), {}, 10000));
    const bool commandsRun = echo && echo->succeeded();
    Output::text(DailyText::tr("Connected to %1 (%2) in %3 ms; host key %4; %5.\n")
                     .arg(device->name, session.target().displayName())
                     .arg(elapsed)
                     .arg(session.hostKey().fingerprint,
                          commandsRun ? DailyText::tr("commands run") : DailyText::tr("commands do not run")));
    Output::result(commandsRun, {{QStringLiteral("device"), device->name},
                                 {QStringLiteral("target"), session.target().displayName()},
                                 {QStringLiteral("connectedMs"), elapsed},
                                 {QStringLiteral("hostKeyFingerprint"), session.hostKey().fingerprint},
                                 {QStringLiteral("commandsRun"), commandsRun}});
    await(session.disconnectFromHost());
    return commandsRun ? Success : Failure;
}

int runTunnelCommand(QCommandLineParser &parser)
{
    const QString path = QStringLiteral("tunnel");
    const QString local = QStringLiteral("local");
    const QString remote = QStringLiteral("remote");
    const QString open = QStringLiteral("open");
    if (!parser.isSet(remote))
        return usageError(parser, path, DailyText::tr("--remote is needed."));
    const auto remotePort = TunnelPlanner::parsePort(parser.value(remote));
    const auto localPort = TunnelPlanner::parsePort(parser.isSet(local) ? parser.value(local) : parser.value(remote));
    if (!remotePort)
        return usageError(parser, path, DailyText::tr("--remote must be a port number from 1 to 65535."));
    if (!localPort)
        return usageError(parser, path, DailyText::tr("--local must be a port number from 1024 to 65535."));
    const auto device = findDevice(parser.positionalArguments().constFirst());
    if (!device)
        return Output::failure(device.error());
    TunnelSpec spec{QStringLiteral("port %1").arg(*remotePort), *localPort, *remotePort,
                    parser.isSet(open) ? QStringLiteral("/") : QString()};
    return runTunnel(*device, spec, parser.isSet(open));
}

int runOpen(QCommandLineParser &parser)
{
    const QString path = QStringLiteral("open");
    const QString folder = QStringLiteral("folder");
    const QString local = QStringLiteral("local");
    const QString noBrowser = QStringLiteral("no-browser");
    const QString terminal = QStringLiteral("terminal");
    const QString what = parser.positionalArguments().at(1);
    if (!openableThings().contains(what))
        return usageError(parser, path, DailyText::tr("'%1' cannot be opened; use dashboard, terminal, code or cursor.").arg(what));
    const auto device = findDevice(parser.positionalArguments().constFirst());
    if (!device)
        return Output::failure(device.error());

    if (what == QLatin1String("dashboard")) {
        TunnelSpec spec = TunnelPlanner::dashboard();
        if (parser.isSet(local)) {
            const auto port = TunnelPlanner::parsePort(parser.value(local));
            if (!port)
                return usageError(parser, path, DailyText::tr("--local must be a port number from 1024 to 65535."));
            spec.localPort = *port;
        }
        return runTunnel(*device, spec, !parser.isSet(noBrowser), !parser.isSet(local));
    }

    const LaunchPlanner::ProgramLookup find = Launcher::pathLookup();
    Expected<LaunchCommand> planned = what == QLatin1String("terminal")
        ? LaunchPlanner::terminal(device->sshAlias, find, parser.value(terminal))
        : LaunchPlanner::editor(what == QLatin1String("code") ? Editor::VsCode : Editor::Cursor, device->sshAlias,
                                parser.isSet(folder) ? parser.value(folder) : LaunchPlanner::defaultFolder(device->user),
                                find);
    if (!planned)
        return Output::failure(planned.error());
    if (const auto started = Launcher::start(*planned); !started)
        return Output::failure(started.error());
    Output::text(DailyText::tr("Started %1 %2\n").arg(planned->program, planned->arguments.join(QLatin1Char(' '))));
    Output::result(true, {{QStringLiteral("device"), device->name},
                          {QStringLiteral("program"), planned->program},
                          {QStringLiteral("arguments"), QJsonArray::fromStringList(planned->arguments)}});
    return Success;
}

} // namespace

void registerDailyCommands(CommandTable &table)
{
    table.add({QStringLiteral("connect"), DailyText::tr("Open an SSH session to a device and report it"),
               DailyText::tr("Open an SSH session to a registered device and report how it went."),
               {deviceArgument()}, {}, &runConnect});
    table.add(streaming({QStringLiteral("tunnel"), DailyText::tr("Forward a local port to a port on a device until stopped"),
               DailyText::tr("Forward a port of this computer to a port on a device's own loopback until stopped "
                              "(Ctrl+C)."),
               {deviceArgument()},
               {{QStringLiteral("local"), DailyText::tr("Port on this computer (1024-65535)."), QStringLiteral("L")},
                {QStringLiteral("remote"), DailyText::tr("Port on the device's localhost."), QStringLiteral("R")},
                {QStringLiteral("open"), DailyText::tr("Open http://localhost:L/ in the browser.")}},
               &runTunnelCommand}));
    table.add(streaming({QStringLiteral("open"), DailyText::tr("Open a device's DGX Dashboard, a terminal, VS Code or Cursor"),
               DailyText::tr("Open a device's DGX Dashboard (through a tunnel, until Ctrl+C), a terminal logged in to "
                              "it, or VS Code / Cursor with Remote-SSH."),
               {deviceArgument(),
                {QStringLiteral("WHAT"), DailyText::tr("dashboard, terminal, code or cursor."), ArgumentSpec::One,
                 Completion::Words, openableThings()}},
               {{QStringLiteral("folder"), DailyText::tr("Folder on the device for code/cursor (default: the user's home)."),
                 QStringLiteral("PATH")},
                {QStringLiteral("local"), DailyText::tr("Local port for the dashboard (11000)."), QStringLiteral("L")},
                {QStringLiteral("no-browser"), DailyText::tr("Only open the dashboard's tunnel; print its address.")},
                {QStringLiteral("terminal"), DailyText::tr("The terminal program to prefer (e.g. konsole)."),
                 QStringLiteral("PROGRAM")}},
               &runOpen}));
}

} // namespace sparkctl
