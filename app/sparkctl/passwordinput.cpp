// SPDX-License-Identifier: MIT
#include "app/sparkctl/passwordinput.h"

#include "core/devices/secretstore.h"

#include <QCoreApplication>

#include <cstdio>
#include <termios.h>

namespace sparkctl {

using namespace spark;

namespace {

// One line from `in`, a character at a time so that nothing after it is consumed.
QByteArray readLineFrom(FILE *in)
{
    QByteArray line;
    for (int c = fgetc(in); c != EOF && c != '\n'; c = fgetc(in))
        line.append(char(c));
    while (line.endsWith('\r'))
        line.chop(1);
    return line;
}

} // namespace

QString readPasswordLine()
{
    QByteArray line = readLineFrom(stdin);
    const QString password = QString::fromUtf8(line);
    line.fill('\0');
    return password;
}

QString readHiddenLine(const QString &prompt)
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
    QByteArray line = readLineFrom(in);
    if (terminal)
        tcsetattr(fileno(in), TCSAFLUSH, &old);
    fputs("\n", out);
    if (tty)
        fclose(tty);
    const QString password = QString::fromLocal8Bit(line);
    line.fill('\0');
    return password;
}

QList<SudoTarget> sudoTargets(const QList<Device> &devices, bool fromStdin, WhenNotRemembered missing)
{
    if (fromStdin)
        return SudoTarget::all(devices, readPasswordLine());
    // Remembered ones from the keychain first; the others as `missing` says.
    QList<SudoTarget> targets;
    SecretStore secrets;
    QString previous;
    for (const Device &device : devices) {
        const Expected<QString> remembered = secrets.sudoPassword(device.name).result();
        if ((remembered && !remembered->isEmpty()) || missing == WhenNotRemembered::NoPassword) {
            targets.append(SudoTarget{device, remembered ? *remembered : QString()});
            continue;
        }
        QString password = readHiddenLine(
            previous.isEmpty()
                ? QCoreApplication::translate("spark::ClusterCommands", "sudo password of %1 on %2: ").arg(device.user, device.name)
                : QCoreApplication::translate("spark::ClusterCommands", "sudo password of %1 on %2 (Enter: the same as before): ")
                      .arg(device.user, device.name));
        if (password.isEmpty())
            password = previous;
        targets.append(SudoTarget{device, password});
        previous = password;
    }
    return targets;
}

} // namespace sparkctl
