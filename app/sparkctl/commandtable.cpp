// SPDX-License-Identifier: MIT
#include "app/sparkctl/commandtable.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

namespace sparkctl {

void CommandTable::add(Command command)
{
    m_commands.append(std::move(command));
}

const Command *CommandTable::find(const QString &name) const
{
    const auto it = std::find_if(m_commands.cbegin(), m_commands.cend(),
                                 [&](const Command &command) { return command.name == name; });
    return it == m_commands.cend() ? nullptr : &*it;
}

QString CommandTable::usage() const
{
    QString text = QStringLiteral("Usage: sparkctl [--help] [--version] COMMAND [ARGS…]\n\n"
                                  "Set up and watch NVIDIA DGX Spark clusters from the command line.\n");
    if (!m_commands.isEmpty()) {
        text += QStringLiteral("\nCommands:\n");
        for (const Command &command : m_commands)
            text += QStringLiteral("  %1%2\n").arg(command.name.leftJustified(12), command.summary);
    }
    text += QStringLiteral("\nRun 'sparkctl COMMAND --help' for a command's options.\n");
    text += QStringLiteral("\nExit codes:\n"
                           "  0    success (check: ready)\n"
                           "  1    failure: something could not be done; the message says what\n"
                           "  10   check: ready with warnings\n"
                           "  20   check: not ready, blockers found\n"
                           "  64   usage error: wrong command, option or argument; nothing was run\n"
                           "  130  interrupted by Ctrl-C or SIGTERM; every node was left whole\n");
    return text;
}

std::optional<int> parseArguments(QCommandLineParser &parser, const QString &commandPath, const QStringList &arguments)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(QStringList{QStringLiteral("sparkctl")} + arguments))
        return usageError(parser, commandPath, parser.errorText());
    if (parser.isSet(help)) {
        printOut(helpText(parser, commandPath));
        return Success;
    }
    return std::nullopt;
}

int usageError(const QCommandLineParser &parser, const QString &commandPath, const QString &message)
{
    printErr(QStringLiteral("sparkctl %1: %2\n").arg(commandPath, message));
    printErr(helpText(parser, commandPath));
    return UsageError;
}

QString helpText(const QCommandLineParser &parser, const QString &commandPath)
{
    QString text = parser.helpText();
    const QString program = QCoreApplication::arguments().value(0);
    const QString usage = QStringLiteral("Usage: ");
    if (text.startsWith(usage + program))
        text.replace(0, usage.size() + program.size(), usage + QStringLiteral("sparkctl ") + commandPath);
    return text;
}

void printOut(const QString &text)
{
    const QByteArray bytes = text.toLocal8Bit();
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray bytes = text.toLocal8Bit();
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    fflush(stderr);
}

} // namespace sparkctl
