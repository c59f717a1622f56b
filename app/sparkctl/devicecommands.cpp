// SPDX-License-Identifier: MIT
// sparkctl device add|import|list|show|remove|check
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/passwordinput.h"
#include "core/devices/deviceenroller.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/secretstore.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>
#include <memory>
#include <termios.h>
#include <unistd.h>

using namespace spark;

namespace sparkctl {

namespace {

const QString group = QStringLiteral("device");

QString deviceUsage()
{
    return QStringLiteral(
        "Usage: sparkctl device COMMAND …\n\n"
        "  add NAME --host HOST [--port N] --user USER --password-stdin [--accept-host-key SHA256:…] [--remember-sudo]\n"
        "  import ALIAS [--name NAME] [--accept-host-key SHA256:…]\n"
        "  list [--json]\n"
        "  show NAME [--json]\n"
        "  remove NAME\n"
        "  check NAME [--json]\n");
}

int fail(const QString &command, const Error &error)
{
    printErr(QStringLiteral("sparkctl device %1: %2\n").arg(command, error.message));
    if (!error.detail.isEmpty() && qEnvironmentVariableIsSet("SPARKCTL_VERBOSE"))
        printErr(QStringLiteral("  detail: %1\n").arg(error.detail));
    return Failure;
}

void printJson(const QJsonValue &value)
{
    const QJsonDocument document = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    printOut(QString::fromUtf8(document.toJson(QJsonDocument::Indented)));
}

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
            QStringLiteral("First connection to this device. Its %1 host key fingerprint is\n  %2\n"
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

// An enroller that prints every progress sentence as it happens, in order
// (from the enrolment's thread; each line is written whole).
DeviceEnroller printingEnroller()
{
    DeviceEnroller enroller;
    enroller.setProgressListener([](int, const QString &text) { printErr(text + QLatin1Char('\n')); });
    return enroller;
}

int reportEnrolment(const QString &command, const Expected<EnrolmentResult> &result, const QString &accepted,
                    const QString &seenFingerprint)
{
    if (!result) {
        const int code = fail(command, result.error());
        if (accepted.isEmpty() && !seenFingerprint.isEmpty())
            printErr(QStringLiteral("If the fingerprint is right, run the command again with --accept-host-key %1\n")
                         .arg(seenFingerprint));
        return code;
    }
    for (const QString &warning : result->warnings)
        printErr(QStringLiteral("warning: %1\n").arg(warning));
    const Device &device = result->device;
    printOut(QStringLiteral("Added %1 (%2@%3, port %4). Log in with: ssh %5\n")
                 .arg(device.name, device.user, device.host)
                 .arg(device.port)
                 .arg(device.sshAlias));
    return Success;
}

int deviceAdd(const QStringList &arguments)
{
    const QString path = QStringLiteral("device add");
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("A name for the device, e.g. spark-1."));
    const QCommandLineOption host(QStringLiteral("host"), QStringLiteral("Host name or address."), QStringLiteral("HOST"));
    const QCommandLineOption port(QStringLiteral("port"), QStringLiteral("SSH port (22)."), QStringLiteral("N"),
                                  QStringLiteral("22"));
    const QCommandLineOption user(QStringLiteral("user"), QStringLiteral("Login user."), QStringLiteral("USER"));
    const QCommandLineOption passwordStdin(QStringLiteral("password-stdin"),
                                           QStringLiteral("Read the password from the first line of stdin."));
    const QCommandLineOption acceptKey(QStringLiteral("accept-host-key"),
                                       QStringLiteral("Accept this host key fingerprint on first contact."),
                                       QStringLiteral("SHA256:…"));
    const QCommandLineOption rememberSudo(QStringLiteral("remember-sudo"),
                                          QStringLiteral("Remember the password for sudo in the system keychain."));
    parser.addOptions({host, port, user, passwordStdin, acceptKey, rememberSudo});
    if (const auto exit = parseArguments(parser, path, arguments))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, path, QStringLiteral("give exactly one NAME."));
    if (!parser.isSet(host) || !parser.isSet(user))
        return usageError(parser, path, QStringLiteral("--host and --user are needed."));
    if (!parser.isSet(passwordStdin))
        return usageError(parser, path,
                          QStringLiteral("--password-stdin is needed (a password is never taken from the command line)."));
    bool portOk = false;
    const uint portNumber = parser.value(port).toUInt(&portOk);
    if (!portOk || portNumber == 0 || portNumber > 65535)
        return usageError(parser, path, QStringLiteral("--port must be a number from 1 to 65535."));

    EnrolmentRequest request;
    request.name = parser.positionalArguments().constFirst();
    request.host = parser.value(host);
    request.port = quint16(portNumber);
    request.user = parser.value(user);
    request.password = readPasswordLine();
    const auto seen = std::make_shared<QString>();
    request.approveHostKey = makeApprover(parser.value(acceptKey), seen);
    const QString password = parser.isSet(rememberSudo) ? request.password : QString();

    const auto result = printingEnroller().enrol(std::move(request)).result();
    const int code = reportEnrolment(QStringLiteral("add"), result, parser.value(acceptKey), *seen);
    if (code == Success && parser.isSet(rememberSudo)) {
        SecretStore secrets;
        const auto stored = secrets.storeSudoPassword(result->device.name, password).result();
        if (!stored)
            printErr(QStringLiteral("warning: %1\n").arg(stored.error().message));
        else
            printErr(QStringLiteral("The sudo password of %1 is remembered in the system keychain.\n").arg(result->device.name));
    }
    return code;
}

int deviceImport(const QStringList &arguments)
{
    const QString path = QStringLiteral("device import");
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ALIAS"), QStringLiteral("A Host alias from ~/.ssh/config."));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("Device name (default: the alias)."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption acceptKey(QStringLiteral("accept-host-key"),
                                       QStringLiteral("Accept this host key fingerprint on first contact."),
                                       QStringLiteral("SHA256:…"));
    parser.addOptions({name, acceptKey});
    if (const auto exit = parseArguments(parser, path, arguments))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, path, QStringLiteral("give exactly one ALIAS."));
    const QString alias = parser.positionalArguments().constFirst();
    const auto seen = std::make_shared<QString>();
    const auto result = printingEnroller()
                            .importAlias(alias, parser.isSet(name) ? parser.value(name) : alias,
                                         makeApprover(parser.value(acceptKey), seen))
                            .result();
    return reportEnrolment(QStringLiteral("import"), result, parser.value(acceptKey), *seen);
}

int deviceList(const QStringList &arguments, const QString &command)
{
    const QString path = QStringLiteral("device ") + command;
    QCommandLineParser parser;
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOption(json);
    if (command != QLatin1String("list"))
        parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The device's name."));
    if (const auto exit = parseArguments(parser, path, arguments))
        return *exit;
    DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded)
        return fail(command, loaded.error());

    if (command == QLatin1String("list")) {
        if (!parser.positionalArguments().isEmpty())
            return usageError(parser, path, QStringLiteral("list takes no NAME."));
        if (parser.isSet(json)) {
            QJsonArray array;
            for (const Device &device : registry.devices())
                array.append(device.toJson());
            printJson(array);
            return Success;
        }
        if (registry.devices().isEmpty()) {
            printOut(QStringLiteral("No devices yet. Add one with: sparkctl device add NAME --host HOST --user USER --password-stdin\n"));
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
                              device.isDgxSpark ? QStringLiteral("DGX Spark") : QStringLiteral("Linux host")));
        return Success;
    }

    if (parser.positionalArguments().size() != 1)
        return usageError(parser, path, QStringLiteral("give exactly one NAME."));
    const QString name = parser.positionalArguments().constFirst();
    const Device *device = registry.find(name);
    if (!device)
        return fail(command, Error(QStringLiteral("No device is named \"%1\"; \"sparkctl device list\" shows the names.").arg(name)));

    if (command == QLatin1String("show")) {
        if (parser.isSet(json)) {
            printJson(device->toJson());
            return Success;
        }
        printOut(QStringLiteral("name:        %1\naddress:     %2 port %3\nuser:        %4\nssh alias:   %5%6\n"
                                "host key:    %7\nkind:        %8\nCX-7 MACs:   %9\n")
                     .arg(device->name, device->host)
                     .arg(device->port)
                     .arg(device->user, device->sshAlias,
                          device->managesSshConfig ? QStringLiteral(" (managed block in ~/.ssh/config)") : QStringLiteral(" (yours)"),
                          device->hostKeyFingerprint,
                          device->isDgxSpark ? QStringLiteral("DGX Spark") : QStringLiteral("generic Linux host"),
                          device->cx7Macs.isEmpty() ? QStringLiteral("-") : device->cx7Macs.join(QStringLiteral(", "))));
        return Success;
    }

    // check
    const DeviceCheck check = DeviceProbe::check(*device).result();
    if (parser.isSet(json)) {
        printJson(QJsonObject{{QStringLiteral("name"), device->name},
                              {QStringLiteral("online"), check.online},
                              {QStringLiteral("hostKeyFingerprint"), check.hostKeyFingerprint},
                              {QStringLiteral("isDgxSpark"), check.identity.isDgxSpark},
                              {QStringLiteral("cx7Macs"), QJsonArray::fromStringList(check.identity.cx7Macs)},
                              {QStringLiteral("problem"), check.problem.message}});
    } else if (check.online) {
        printOut(QStringLiteral("%1 is online (%2, key login works).\n")
                     .arg(device->name, check.identity.isDgxSpark ? check.identity.release : QStringLiteral("generic Linux host")));
    } else {
        printOut(QStringLiteral("%1 is offline: %2\n").arg(device->name, check.problem.message));
    }
    return check.online ? Success : Failure;
}

int deviceRemove(const QStringList &arguments)
{
    const QString path = QStringLiteral("device remove");
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The device's name."));
    if (const auto exit = parseArguments(parser, path, arguments))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, path, QStringLiteral("give exactly one NAME."));
    const auto removed = DeviceEnroller().remove(parser.positionalArguments().constFirst());
    if (!removed)
        return fail(QStringLiteral("remove"), removed.error());
    SecretStore secrets;
    if (const auto forgotten = secrets.forgetSudoPassword(removed->name).result(); !forgotten)
        printErr(QStringLiteral("warning: %1\n").arg(forgotten.error().message));
    printOut(QStringLiteral("Removed %1.%2\n")
                 .arg(removed->name, removed->managesSshConfig ? QStringLiteral(" Its ~/.ssh/config entry was removed too.")
                                                               : QString()));
    return Success;
}

int runDevice(const QStringList &arguments)
{
    const QString sub = arguments.value(0);
    const QStringList rest = arguments.mid(1);
    if (sub == QLatin1String("add"))
        return deviceAdd(rest);
    if (sub == QLatin1String("import"))
        return deviceImport(rest);
    if (sub == QLatin1String("list") || sub == QLatin1String("show") || sub == QLatin1String("check"))
        return deviceList(rest, sub);
    if (sub == QLatin1String("remove"))
        return deviceRemove(rest);
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") || sub == QLatin1String("help")) {
        printOut(deviceUsage());
        return Success;
    }
    printErr((sub.isEmpty() ? QStringLiteral("sparkctl device: a command is needed.\n")
                            : QStringLiteral("sparkctl device: unknown command '%1'.\n").arg(sub))
             + deviceUsage());
    return UsageError;
}

} // namespace

void registerDeviceCommands(CommandTable &table)
{
    table.add({group, QStringLiteral("add, import, list, show, remove or check devices"), &runDevice});
}

} // namespace sparkctl
