// SPDX-License-Identifier: MIT
// sparkctl device add|import|list|show|remove|check
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/awaitjob.h"
#include "app/sparkctl/nameddevices.h"
#include "app/sparkctl/output.h"
#include "app/sparkctl/passwordinput.h"
#include "core/devices/deviceenroller.h"
#include "core/devices/enrolmentjob.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/deviceremoval.h"
#include "core/devices/secretstore.h"

#include <QCoreApplication>
#include <QCommandLineParser>
#include <QJsonArray>

#include <cstdio>
#include <memory>
#include <termios.h>
#include <unistd.h>

using namespace spark;

namespace sparkctl {

namespace {
struct DeviceText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::DeviceCommands)
};
} // namespace

namespace {

const QString group = QStringLiteral("device");

// The host-key question: --accept-host-key, or a yes/no on the terminal when there is one.
// `seen` receives the fingerprint of a first-contact key, for the hint after a refusal.
HostKeyApprover makeApprover(const QString &accepted, std::shared_ptr<QString> seen)
{
    return [accepted, seen](const HostKey &key) {
        *seen = key.fingerprint;
        if (!accepted.isEmpty())
            return key.fingerprint == accepted;
        FILE *tty = fopen("/dev/tty", "r+");
        if (!tty || !isatty(fileno(tty))) {
            if (tty)
                fclose(tty);
            return false;
        }
        const QByteArray question =
            DeviceText::tr("First connection to this device. Its %1 host key fingerprint is\n  %2\n"
                           "Does it match the one the device shows (for example with 'ssh-keygen -lf "
                           "/etc/ssh/ssh_host_ed25519_key.pub' on it)? [y/N] ")
                .arg(key.typeName, key.fingerprint)
                .toLocal8Bit();
        fwrite(question.constData(), 1, size_t(question.size()), tty);
        fflush(tty);
        char answer[16] = {};
        const bool yes = fgets(answer, sizeof answer, tty) && (answer[0] == 'y' || answer[0] == 'Y');
        fclose(tty);
        return yes;
    };
}

// Waits for an enrolment, printing each step's sentence on stderr as it
// happens (stdout holds only the result): Ctrl-C or SIGTERM cancels it, and
// the enroller takes back what it did (key, ~/.ssh/config block, registry
// entry). Nothing when it was cancelled.
std::optional<Expected<EnrolmentResult>> awaitEnrolment(EnrolmentJob &job,
                                                        const std::function<QFuture<Expected<EnrolmentResult>>()> &start)
{
    QObject::connect(&job, &Job::progress, &job, [](const JobProgress &progress) {
        if (!Output::quiet())
            printErr(progress.sentence + QLatin1Char('\n'));
    }, Qt::DirectConnection);
    OnInterrupt onInterrupt;
    onInterrupt.cancel = [&job] { job.cancel(); };
    QFuture<Expected<EnrolmentResult>> future;
    const bool interrupted = waitInterruptibly(
        [&] {
            future = start();
            return QFuture<void>(future);
        },
        onInterrupt);
    if (interrupted && !future.result())
        return std::nullopt;
    return future.result();
}

int cancelled(const QString &name)
{
    return Output::failure(DeviceText::tr("adding %1 was cancelled; nothing was changed on it or here.").arg(name), {},
                           Interrupted);
}

// The enrolment's outcome in words (and its warnings); the JSON result comes
// from the caller, which may have more to add.
int reportEnrolment(const Expected<EnrolmentResult> &result, const QString &accepted, const QString &seenFingerprint)
{
    if (!result) {
        const int code = Output::failure(result.error());
        if (accepted.isEmpty() && !seenFingerprint.isEmpty())
            printErr(DeviceText::tr("If the fingerprint is right, run the command again with --accept-host-key %1\n")
                         .arg(seenFingerprint));
        return code;
    }
    for (const QString &warning : result->warnings)
        Output::warning(warning);
    const Device &device = result->device;
    Output::text(DeviceText::tr("Added %1 (%2@%3, port %4). Log in with: ssh %5\n")
                     .arg(device.name, device.user, device.host)
                     .arg(device.port)
                     .arg(device.sshAlias));
    return Success;
}

int deviceAdd(QCommandLineParser &parser)
{
    const QString path = QStringLiteral("device add");
    const QString host = QStringLiteral("host");
    const QString port = QStringLiteral("port");
    const QString user = QStringLiteral("user");
    const QString passwordStdin = QStringLiteral("password-stdin");
    const QString acceptKey = QStringLiteral("accept-host-key");
    const QString rememberSudo = QStringLiteral("remember-sudo");
    if (!parser.isSet(host) || !parser.isSet(user))
        return usageError(parser, path, DeviceText::tr("--host and --user are needed."));
    if (!parser.isSet(passwordStdin))
        return usageError(parser, path,
                          DeviceText::tr("--password-stdin is needed (a password is never taken from the command line)."));
    bool portOk = false;
    const uint portNumber = parser.value(port).toUInt(&portOk);
    if (!portOk || portNumber == 0 || portNumber > 65535)
        return usageError(parser, path, DeviceText::tr("--port must be a number from 1 to 65535."));

    EnrolmentRequest request;
    request.name = parser.positionalArguments().constFirst();
    request.host = parser.value(host);
    request.port = quint16(portNumber);
    request.user = parser.value(user);
    request.password = readPasswordLine();
    const auto seen = std::make_shared<QString>();
    request.approveHostKey = makeApprover(parser.value(acceptKey), seen);
    const QString password = parser.isSet(rememberSudo) ? request.password : QString();

    const QString name = request.name;
    EnrolmentJob job;
    const auto outcome = awaitEnrolment(job, [&] { return job.enrol(std::move(request)); });
    if (!outcome)
        return cancelled(name);
    const Expected<EnrolmentResult> &result = *outcome;
    const int code = reportEnrolment(result, parser.value(acceptKey), *seen);
    if (code != Success)
        return code;
    bool remembered = false;
    if (parser.isSet(rememberSudo)) {
        SecretStore secrets;
        const auto stored = secrets.storeSudoPassword(result->device.name, password).result();
        remembered = bool(stored);
        if (!stored)
            Output::warning(stored.error().message);
        else if (!Output::quiet())
            printErr(DeviceText::tr("The sudo password of %1 is remembered in the system keychain.\n").arg(result->device.name));
    }
    Output::result(true, {{QStringLiteral("device"), result->device.toJson()},
                          {QStringLiteral("sudoPasswordRemembered"), remembered}});
    return Success;
}

int deviceImport(QCommandLineParser &parser)
{
    const QString name = QStringLiteral("name");
    const QString acceptKey = QStringLiteral("accept-host-key");
    const QString alias = parser.positionalArguments().constFirst();
    const auto seen = std::make_shared<QString>();
    const QString deviceName = parser.isSet(name) ? parser.value(name) : alias;
    EnrolmentJob job;
    const auto outcome =
        awaitEnrolment(job, [&] { return job.importAlias(alias, deviceName, makeApprover(parser.value(acceptKey), seen)); });
    if (!outcome)
        return cancelled(deviceName);
    const Expected<EnrolmentResult> &result = *outcome;
    const int code = reportEnrolment(result, parser.value(acceptKey), *seen);
    if (code == Success)
        Output::result(true, {{QStringLiteral("device"), result->device.toJson()}});
    return code;
}

int deviceList(QCommandLineParser &parser, const QString &command)
{
    const QString json = QStringLiteral("json");
    DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded)
        return Output::failure(loaded.error());

    if (command == QLatin1String("list")) {
        if (parser.isSet(json)) {
            QJsonArray array;
            for (const Device &device : registry.devices())
                array.append(device.toJson());
            Output::result(true, {{QStringLiteral("devices"), array}});
            return Success;
        }
        if (registry.devices().isEmpty()) {
            printOut(DeviceText::tr("No devices yet. Add one with: sparkctl device add NAME --host HOST --user USER --password-stdin\n"));
            return Success;
        }
        printOut(QStringLiteral("%1 %2 %3 %4 %5\n").arg(QStringLiteral("NAME").leftJustified(16), QStringLiteral("ADDRESS").leftJustified(24),
                                                     QStringLiteral("USER").leftJustified(10), QStringLiteral("ALIAS").leftJustified(16),
                                                     QStringLiteral("KIND")));
        for (const Device &device : registry.devices())
            printOut(QStringLiteral("%1 %2 %3 %4 %5\n")
                         .arg(device.name.leftJustified(16),
                              (device.port == 22 ? device.host : device.host + QLatin1Char(':') + QString::number(device.port))
                                  .leftJustified(24),
                              device.user.leftJustified(10), device.sshAlias.leftJustified(16),
                              device.isDgxSpark ? DeviceText::tr("DGX Spark") : DeviceText::tr("Linux host")));
        return Success;
    }

    const QString name = parser.positionalArguments().constFirst();
    const Device *device = registry.find(name);
    if (!device)
        return Output::failure(Error(DeviceText::tr("No device is named \"%1\"; \"sparkctl device list\" shows the names.").arg(name)));

    if (command == QLatin1String("show")) {
        if (parser.isSet(json)) {
            Output::result(true, {{QStringLiteral("device"), device->toJson()}});
            return Success;
        }
        printOut(DeviceText::tr("name:        %1\naddress:     %2 port %3\nuser:        %4\nssh alias:   %5%6\n"
                                "host key:    %7\nkind:        %8\nCX-7 MACs:   %9\n")
                     .arg(device->name, device->host)
                     .arg(device->port)
                     .arg(device->user, device->sshAlias,
                          device->managesSshConfig ? DeviceText::tr(" (managed block in ~/.ssh/config)") : QStringLiteral(" (yours)"),
                          device->hostKeyFingerprint,
                          device->isDgxSpark ? DeviceText::tr("DGX Spark") : DeviceText::tr("generic Linux host"),
                          device->cx7Macs.isEmpty() ? QStringLiteral("-") : device->cx7Macs.join(QStringLiteral(", "))));
        return Success;
    }

    // check
    const DeviceCheck check = DeviceProbe::check(*device).result();
    if (parser.isSet(json)) {
        Output::result(check.online,
                       {{QStringLiteral("name"), device->name},
                        {QStringLiteral("online"), check.online},
                        {QStringLiteral("hostKeyFingerprint"), check.hostKeyFingerprint},
                        {QStringLiteral("isDgxSpark"), check.identity.isDgxSpark},
                        {QStringLiteral("cx7Macs"), QJsonArray::fromStringList(check.identity.cx7Macs)},
                        {QStringLiteral("problem"), check.online ? QJsonValue() : QJsonValue(check.problem.message)}});
    } else if (check.online) {
        printOut(DeviceText::tr("%1 is online (%2, key login works).\n")
                     .arg(device->name, check.identity.isDgxSpark ? check.identity.release : DeviceText::tr("generic Linux host")));
    } else {
        printOut(DeviceText::tr("%1 is offline: %2\n").arg(device->name, check.problem.message));
    }
    return check.online ? Success : Failure;
}

int deviceRemove(QCommandLineParser &parser)
{
    SecretStore secrets;
    const auto removal = DeviceRemoval::remove(parser.positionalArguments().constFirst(), secrets).result();
    if (!removal)
        return Output::failure(removal.error());
    const Device &removed = removal->device;
    if (!removal->keychainProblem.isEmpty())
        Output::warning(removal->keychainProblem);
    Output::result(true, {{QStringLiteral("removed"), removed.name},
                          {QStringLiteral("sshConfigBlockRemoved"), removed.managesSshConfig}});
    Output::text(DeviceText::tr("Removed %1.%2\n")
                 .arg(removed.name, removed.managesSshConfig ? DeviceText::tr(" Its ~/.ssh/config entry was removed too.")
                                                             : QString()));
    return Success;
}

} // namespace

void registerDeviceCommands(CommandTable &table)
{
    const OptionSpec acceptKey{QStringLiteral("accept-host-key"),
                               DeviceText::tr("Accept this host key fingerprint on first contact."),
                               QStringLiteral("SHA256:…")};
    const OptionSpec json{QStringLiteral("json"), DeviceText::tr("Print JSON.")};
    Command device{group, DeviceText::tr("Add, import, list, show, remove or check devices")};
    device.subcommands = {
        {QStringLiteral("add"), DeviceText::tr("Register a device: log in once with its password, install a key"),
         DeviceText::tr("Register a device: log in once with its password (read from stdin), confirm its host key, "
                        "install a key of its own and a Host block in ~/.ssh/config; the password is not kept."),
         {deviceArgument(ArgumentSpec::One, DeviceText::tr("A name for the device, e.g. spark-1."))},
         {{QStringLiteral("host"), DeviceText::tr("Host name or address."), QStringLiteral("HOST")},
          {QStringLiteral("port"), DeviceText::tr("SSH port (22)."), QStringLiteral("N"), QStringLiteral("22")},
          {QStringLiteral("user"), DeviceText::tr("Login user."), QStringLiteral("USER")},
          {QStringLiteral("password-stdin"), DeviceText::tr("Read the password from the first line of stdin.")},
          acceptKey,
          {QStringLiteral("remember-sudo"), DeviceText::tr("Remember the password for sudo in the system keychain.")}},
         &deviceAdd},
        {QStringLiteral("import"), DeviceText::tr("Register a device from a Host alias of ~/.ssh/config"),
         DeviceText::tr("Register a device that a Host alias of ~/.ssh/config already reaches with a key; the file "
                        "is not changed."),
         {{QStringLiteral("ALIAS"), DeviceText::tr("A Host alias from ~/.ssh/config.")}},
         {{QStringLiteral("name"), DeviceText::tr("Device name (default: the alias)."), QStringLiteral("NAME")}, acceptKey},
         &deviceImport},
        {QStringLiteral("list"), DeviceText::tr("List the registered devices"), {}, {}, {json},
         [](QCommandLineParser &parser) { return deviceList(parser, QStringLiteral("list")); }},
        {QStringLiteral("show"), DeviceText::tr("Show what is registered about a device"), {}, {deviceArgument()}, {json},
         [](QCommandLineParser &parser) { return deviceList(parser, QStringLiteral("show")); }},
        {QStringLiteral("remove"), DeviceText::tr("Forget a device, its key login and its ~/.ssh/config block"),
         DeviceText::tr("Forget a device: its registry entry, its remembered sudo password and the block the program "
                        "wrote in ~/.ssh/config (nothing else of the file)."),
         {deviceArgument()}, {}, &deviceRemove},
        {QStringLiteral("check"), DeviceText::tr("Say whether a device answers and its key login works"), {},
         {deviceArgument()}, {json}, [](QCommandLineParser &parser) { return deviceList(parser, QStringLiteral("check")); }},
    };
    table.add(std::move(device));
}

} // namespace sparkctl
