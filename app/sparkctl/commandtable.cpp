// SPDX-License-Identifier: MIT
#include "app/sparkctl/commandtable.h"

#include "app/sparkctl/output.h"
#include "core/common/appinfo.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>

namespace sparkctl {

namespace {

struct TableText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::CommandTable)
};

template<typename List>
auto findByName(const List &commands, const QString &name) -> decltype(&commands.first())
{
    const auto it = std::find_if(commands.cbegin(), commands.cend(),
                                 [&](const Command &command) { return command.name == name && !command.hidden; });
    return it == commands.cend() ? nullptr : &*it;
}

bool isHelp(const QString &argument)
{
    return argument == QLatin1String("--help") || argument == QLatin1String("-h") || argument == QLatin1String("help");
}

QString commandList(const QList<Command> &commands)
{
    int width = 0;
    for (const Command &command : commands)
        width = std::max(width, int(command.name.size()));
    QString text;
    for (const Command &command : commands) {
        if (!command.hidden)
            text += QStringLiteral("  %1  %2\n").arg(command.name.leftJustified(width), command.summary);
    }
    return text;
}

// The arguments' number against the declaration; a sentence when it is wrong.
QString wrongArgumentCount(const Command &command, const QStringList &given)
{
    int required = 0;
    int optional = 0;
    bool unlimited = false;
    QStringList requiredNames;
    QString whenMissing;
    for (const ArgumentSpec &argument : command.arguments) {
        if (whenMissing.isEmpty() && (argument.count == ArgumentSpec::One || argument.count == ArgumentSpec::Some))
            whenMissing = argument.whenMissing;
        switch (argument.count) {
        case ArgumentSpec::One:
            ++required;
            requiredNames.append(argument.name);
            break;
        case ArgumentSpec::Optional:
            ++optional;
            break;
        case ArgumentSpec::Some:
            ++required;
            unlimited = true;
            requiredNames.append(argument.name);
            break;
        case ArgumentSpec::Any:
            unlimited = true;
            break;
        }
    }
    if (given.size() < required) {
        if (!whenMissing.isEmpty())
            return whenMissing;
        if (required == 1 && unlimited)
            return TableText::tr("give at least one %1.").arg(requiredNames.constFirst());
        if (required == 1)
            return TableText::tr("give exactly one %1.").arg(requiredNames.constFirst());
        return TableText::tr("give %1.").arg(requiredNames.join(TableText::tr(" and ")));
    }
    if (!unlimited && given.size() > required + optional)
        return TableText::tr("unexpected argument '%1'.").arg(given.at(required + optional));
    return {};
}

} // namespace

QList<ExitCodeMeaning> exitCodeMeanings()
{
    return {{Success, TableText::tr("success (check: ready)")},
            {Failure, TableText::tr("failure: something could not be done; the message says what")},
            {CheckWarnings, TableText::tr("check: ready with warnings")},
            {CheckBlockers, TableText::tr("check: not ready, blockers found")},
            {UsageError, TableText::tr("usage error: wrong command, option or argument; nothing was run")},
            {Interrupted, TableText::tr("interrupted by Ctrl-C or SIGTERM; every node was left whole")}};
}

QString ArgumentSpec::syntax() const
{
    switch (count) {
    case One:
        return name;
    case Optional:
        return QLatin1Char('[') + name + QLatin1Char(']');
    case Any:
        return QLatin1Char('[') + name + QStringLiteral("…]");
    case Some:
        return name + QStringLiteral("…");
    }
    return name;
}

const Command *Command::subcommand(const QString &word) const
{
    return findByName(subcommands, word);
}

void CommandTable::add(Command command)
{
    m_commands.append(std::move(command));
}

const Command *CommandTable::find(const QString &name) const
{
    return findByName(m_commands, name);
}

QString CommandTable::usage() const
{
    QString text = TableText::tr("Usage: sparkctl [--help] [--version] COMMAND [ARGS…]\n\n"
                                 "Set up and watch NVIDIA DGX Spark clusters from the command line.\n");
    text += TableText::tr("\nCommands:\n") + commandList(m_commands);
    text += TableText::tr("\nRun 'sparkctl COMMAND --help' for a command's options.\n");
    text += TableText::tr("\nExit codes:\n");
    for (const ExitCodeMeaning &exit : exitCodeMeanings())
        text += QStringLiteral("  %1 %2\n").arg(QString::number(exit.code).leftJustified(4), exit.meaning);
    return text;
}

QString CommandTable::groupUsage(const Command &group) const
{
    return TableText::tr("Usage: sparkctl %1 COMMAND [options]\n\n%2\n\nCommands:\n").arg(group.name, group.summary)
        + commandList(group.subcommands)
        + TableText::tr("\nRun 'sparkctl %1 COMMAND --help' for a command's options.\n").arg(group.name);
}

int CommandTable::dispatch(const QStringList &arguments) const
{
    if (arguments.isEmpty()) {
        printErr(TableText::tr("sparkctl: a command is needed.\n") + usage());
        return UsageError;
    }
    const QString &first = arguments.first();
    if (isHelp(first)) {
        printOut(usage());
        return Success;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        printOut(QStringLiteral("sparkctl %1\n").arg(spark::applicationVersion()));
        return Success;
    }
    // Hidden commands (the completions' helpers) are found by their exact name.
    const auto hidden = std::find_if(m_commands.cbegin(), m_commands.cend(),
                                     [&](const Command &command) { return command.hidden && command.name == first; });
    if (hidden != m_commands.cend())
        return runLeaf(*hidden, hidden->name, arguments.mid(1));
    if (first.startsWith(QLatin1Char('-'))) {
        printErr(TableText::tr("sparkctl: unknown option '%1'.\n").arg(first) + usage());
        return UsageError;
    }
    const Command *command = find(first);
    if (!command) {
        printErr(TableText::tr("sparkctl: unknown command '%1'.\n").arg(first) + usage());
        return UsageError;
    }
    if (command->subcommands.isEmpty())
        return runLeaf(*command, command->name, arguments.mid(1));

    const QString sub = arguments.value(1);
    if (isHelp(sub)) {
        printOut(groupUsage(*command));
        return Success;
    }
    const Command *leaf = command->subcommand(sub);
    if (!leaf) {
        printErr(QStringLiteral("sparkctl %1: %2\n")
                     .arg(command->name, sub.isEmpty() ? TableText::tr("a subcommand is needed.")
                                                       : TableText::tr("unknown subcommand '%1'.").arg(sub))
                 + groupUsage(*command));
        return UsageError;
    }
    return runLeaf(*leaf, command->name + QLatin1Char(' ') + leaf->name, arguments.mid(2));
}

int CommandTable::runLeaf(const Command &command, const QString &path, const QStringList &arguments) const
{
    // Until the parser has read them, the raw words say how to answer a usage error.
    const auto given = [&](const char *option) { return arguments.contains(QLatin1String(option)); };
    Output::begin(path, {command.json && given("--json"), given("--quiet"), given("--verbose"), command.streams});
    const int code = [&] {
        QCommandLineParser parser;
        describe(parser, command);
        if (!parser.parse(QStringList{QStringLiteral("sparkctl")} + arguments))
            return usageError(parser, path, parser.errorText());
        if (parser.isSet(QStringLiteral("help"))) {
            printOut(helpText(parser, path));
            return int(Success);
        }
        if (const QString wrong = wrongArgumentCount(command, parser.positionalArguments()); !wrong.isEmpty())
            return usageError(parser, path, wrong);
        const auto isSet = [&](const QString &option) { return parser.optionNames().contains(option); };
        Output::begin(path, {command.json && isSet(QStringLiteral("json")), isSet(QStringLiteral("quiet")),
                             isSet(QStringLiteral("verbose")), command.streams});
        return command.run(parser);
    }();
    Output::finish(code);
    return code;
}

void describe(QCommandLineParser &parser, const Command &command)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.setApplicationDescription(command.description.isEmpty() ? command.summary : command.description);
    for (const ArgumentSpec &argument : command.arguments)
        parser.addPositionalArgument(argument.name, argument.description, argument.syntax());
    parser.addOption(QCommandLineOption(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                        TableText::tr("Show this help.")));
    for (const OptionSpec &option : allOptions(command))
        parser.addOption(QCommandLineOption(option.name, option.description, option.valueName, option.defaultValue));
}

QList<OptionSpec> allOptions(const Command &command)
{
    QList<OptionSpec> options = command.options;
    for (const OptionSpec &common : commonOptions(command)) {
        if (std::none_of(options.cbegin(), options.cend(), [&](const OptionSpec &own) { return own.name == common.name; }))
            options.append(common);
    }
    return options;
}

QList<OptionSpec> commonOptions(const Command &command)
{
    QList<OptionSpec> options;
    if (command.json)
        options.append({QStringLiteral("json"),
                        command.streams ? TableText::tr("JSON lines as it goes, the last one the result (docs/sparkctl-json.md).")
                                        : TableText::tr("Print the result as JSON (docs/sparkctl-json.md).")});
    options.append({QStringLiteral("quiet"), TableText::tr("Print only the result, no progress.")});
    options.append({QStringLiteral("verbose"), TableText::tr("Also print each error's detail (what a node said on stderr).")});
    return options;
}

int usageError(const QCommandLineParser &parser, const QString &commandPath, const QString &message)
{
    Output::failure(message, {}, UsageError);
    printErr(helpText(parser, commandPath));
    return UsageError;
}

QString helpText(const QCommandLineParser &parser, const QString &commandPath)
{
    // Qt's first line is "Usage: ARGV0 [options] …", translated in other languages.
    QString text = parser.helpText();
    const QString program = QCoreApplication::arguments().value(0);
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    const qsizetype at = text.indexOf(program);
    if (!program.isEmpty() && at >= 0 && (lineEnd < 0 || at < lineEnd))
        text.replace(at, program.size(), QStringLiteral("sparkctl ") + commandPath);
    return text;
}

} // namespace sparkctl
