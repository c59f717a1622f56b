// SPDX-License-Identifier: MIT
#include "core/ssh/shellcommand.h"

#include <QRegularExpression>

namespace spark {

ShellCommand::ShellCommand(const QString &program)
    : m_valid(isPlainWord(program))
{
    m_words.append(program);
}

ShellCommand &ShellCommand::arg(const QString &argument)
{
    if (argument.contains(QChar(0)))
        m_valid = false;
    m_words.append(shellQuote(argument));
    return *this;
}

ShellCommand &ShellCommand::args(const QStringList &arguments)
{
    for (const QString &argument : arguments)
        arg(argument);
    return *this;
}

QString ShellCommand::toString() const
{
    return m_valid ? m_words.join(QLatin1Char(' ')) : QString();
}

QString ShellCommand::all(const QList<ShellCommand> &commands)
{
    QStringList parts;
    for (const ShellCommand &command : commands) {
        if (!command.isValid())
            return {};
        parts.append(command.toString());
    }
    return parts.join(QStringLiteral(" && "));
}

bool ShellCommand::isPlainWord(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./-]+$"));
    return plain.match(word).hasMatch();
}

} // namespace spark
