// SPDX-License-Identifier: MIT
#include "app/sparkctl/clustercontext.h"

#include "app/sparkctl/commandtable.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/secretstore.h"

#include <QCoreApplication>
#include <QMutex>
#include <QTextStream>

#include <cstdio>
#include <termios.h>

namespace sparkctl {

using namespace spark;

namespace {
QString readHidden(const QString &prompt)
{
    FILE *tty = fopen("/dev/tty", "r+");
    FILE *in = tty ? tty : stdin;
    FILE *out = tty ? tty : stderr;
    const QByteArray promptBytes = prompt.toLocal8Bit();
    fputs(promptBytes.constData(), out);
    fflush(out);
    termios old{};
    const bool terminal = tcgetattr(fileno(in), &old) == 0;
    if (terminal) {
        termios silent = old;
        silent.c_lflag &= ~tcflag_t(ECHO);
        tcsetattr(fileno(in), TCSAFLUSH, &silent);
    }
    QByteArray line;
    for (int c = fgetc(in); c != EOF && c != '\n'; c = fgetc(in))
        line.append(char(c));
    if (terminal)
        tcsetattr(fileno(in), TCSAFLUSH, &old);
    fputs("\n", out);
    if (tty)
        fclose(tty);
    const QString password = QString::fromLocal8Bit(line);
    line.fill('\0');
    return password;
}
} // namespace

SshTarget clusterTargetFor(const Device &device)
{
    return DeviceProbe::sessionTargetFor(device);
}

Expected<ClusterContext> ClusterContext::open(const QString &name)
{
    ClusterStore store;
    if (auto loaded = store.load(); !loaded)
        return loaded.error();
    auto cluster = store.resolve(name);
    if (!cluster)
        return cluster.error();
    DeviceRegistry registry;
    if (auto loaded = registry.load(); !loaded)
        return loaded.error();
    ClusterContext context;
    context.cluster = *cluster;
    for (const QString &deviceName : cluster->devices) {
        const Device *device = registry.find(deviceName);
        if (!device)
            return Error(QCoreApplication::translate("spark::ClusterCommands",
                                                     "Cluster %1 uses %2, which is no longer registered; add it again or "
                                                     "plan the cluster again.")
                             .arg(cluster->name, deviceName));
        context.devices.append(*device);
        context.sessions.push_back(std::make_unique<SshSession>(clusterTargetFor(*device)));
    }
    return context;
}

void ClusterContext::askPasswords(bool fromStdin)
{
    passwords.clear();
    if (fromStdin) {
        QTextStream in(stdin);
        const QString password = in.readLine();
        for (qsizetype i = 0; i < devices.size(); ++i)
            passwords.append(password);
        return;
    }
    // Remembered ones from the keychain first; a prompt for the others.
    SecretStore secrets;
    QString previous;
    for (const Device &device : std::as_const(devices)) {
        const Expected<QString> remembered = secrets.sudoPassword(device.name).result();
        if (remembered && !remembered->isEmpty()) {
            passwords.append(*remembered);
            continue;
        }
        QString password = readHidden(
            previous.isEmpty()
                ? QCoreApplication::translate("spark::ClusterCommands", "sudo password of %1 on %2: ").arg(device.user, device.name)
                : QCoreApplication::translate("spark::ClusterCommands", "sudo password of %1 on %2 (Enter: the same as before): ")
                      .arg(device.user, device.name));
        if (password.isEmpty())
            password = previous;
        passwords.append(password);
        previous = password;
    }
}

QCommandLineOption clusterOption()
{
    return QCommandLineOption(QStringLiteral("cluster"), QStringLiteral("The cluster (default: the one planned last)."),
                              QStringLiteral("NAME"));
}

QCommandLineOption sudoStdinOption()
{
    return QCommandLineOption(QStringLiteral("sudo-password-stdin"),
                              QStringLiteral("Read one sudo password for every node from the first line of stdin."));
}

void printProgress(const QString &node, double fraction, const QString &sentence)
{
    static QMutex mutex;
    QMutexLocker locker(&mutex);
    printOut(QStringLiteral("[%1 %2%] %3\n").arg(node, -10).arg(int(fraction * 100), 3).arg(sentence));
}

int failWith(const Error &error)
{
    printErr(QStringLiteral("sparkctl cluster: %1\n").arg(error.message));
    if (!error.detail.isEmpty() && qEnvironmentVariableIsSet("SPARKCTL_DEBUG"))
        printErr(error.detail + QLatin1Char('\n'));
    return Failure;
}

} // namespace sparkctl
