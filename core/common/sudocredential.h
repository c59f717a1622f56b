// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace spark {

// How a command runs as root on a node, and the one place that spells it:
// with a password, `sudo -S -p ''` and the password with a newline on the
// command's standard input (never in argv, a file or the log); without one,
// `sudo -n`, which fails instead of asking. It also recognises sudo's answers
// to a wrong or a missing password.
class SudoCredential
{
public:
    SudoCredential() = default;
    // An empty password: sudo needs none (`sudo -n`). Implicit, so that a
    // password typed or read from the keychain is a credential as it is.
    SudoCredential(QString password) // NOLINT(google-explicit-constructor)
        : m_password(std::move(password))
    {
    }

    bool hasPassword() const { return !m_password.isEmpty(); }
    QString password() const { return m_password; }

    // "sudo -S -p ''" or "sudo -n", and the same as words for ShellCommand.
    QString prefix() const { return prefix(hasPassword()); }
    static QString prefix(bool withPassword);
    static QStringList prefixWords(bool withPassword);
    // `PREFIX sh -c 'COMMAND'`.
    QString rootShell(const QString &command) const { return rootShell(command, hasPassword()); }
    static QString rootShell(const QString &command, bool withPassword);
    // What goes to the command's standard input: the password and a newline, or nothing.
    QByteArray standardInput() const;

    // sudo's own words on stderr for a password it did not accept
    // ("Sorry, try again.", "1 incorrect password attempt").
    static bool refusedPassword(const QString &errors);
    static bool refusedPassword(const QByteArray &errors) { return refusedPassword(QString::fromUtf8(errors)); }
    // … and for a password it needed but did not get (`sudo -n`, or stdin ran dry).
    static bool neededPassword(const QString &errors);
    static bool neededPassword(const QByteArray &errors) { return neededPassword(QString::fromUtf8(errors)); }

    bool operator==(const SudoCredential &other) const = default;

private:
    QString m_password;
};

} // namespace spark
