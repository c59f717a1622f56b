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
        printOut(parser.helpText().replace(QStringLiteral("sparkctl [options]"),
                                           QStringLiteral("sparkctl %1 [options]").arg(commandPath)));
        return Success;
    }
    return std::nullopt;
}

int usageError(const QCommandLineParser &parser, const QString &commandPath, const QString &message)
{
    printErr(QStringLiteral("sparkctl %1: %2\n").arg(commandPath, message));
    printErr(parser.helpText().replace(QStringLiteral("sparkctl [options]"),
                                       QStringLiteral("sparkctl %1 [options]").arg(commandPath)));
    return UsageError;
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
