// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/shellquote.h"

#include <QString>
#include <QStringList>

namespace spark {

// A remote command line built from a program name and arguments quoted with
// shellQuote(), so
// user text can never become shell syntax. The program name itself must be a
// plain word (letters, digits, '_', '-', '.', '/'); an invalid one makes the
// whole command invalid (toString() returns an empty string).
class ShellCommand
{
public:
    explicit ShellCommand(const QString &program);

    ShellCommand &arg(const QString &argument);
    ShellCommand &args(const QStringList &arguments);

    bool isValid() const { return m_valid; }
    QString toString() const;

    // "a && b && c" from valid commands; empty if any part is invalid.
    static QString all(const QList<ShellCommand> &commands);

    // True for a word that is safe as a program name.
    static bool isPlainWord(const QString &word);

private:
    QStringList m_words;
    bool m_valid = true;
};

} // namespace spark
