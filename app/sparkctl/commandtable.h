// SPDX-License-Identifier: MIT
#pragma once

#include "app/sparkctl/exitcode.h"
#include "app/sparkctl/output.h"

#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace sparkctl {

// Where the words a shell completes for an argument or an option's value come from.
enum class Completion {
    Nothing,     // free text: nothing to offer
    Devices,     // the registered devices' names
    Clusters,    // the planned clusters' names
    Files,
    Words        // the fixed `words`
};

struct OptionSpec
{
    QString name;          // the long name, without its dashes
    QString description;
    QString valueName = {}; // empty: a flag without a value
    QString defaultValue = {};
    Completion completion = Completion::Nothing;
    QStringList words = {};
};

struct ArgumentSpec
{
    enum Count { One, Optional, Any, Some };
    QString name;
    QString description;
    Count count = One;
    Completion completion = Completion::Nothing;
    QStringList words = {};
    QString whenMissing = {}; // the usage error's sentence when it is not given (default: "give NAME.")

    // As the usage line writes it: NAME, [NAME], [NAME…], NAME….
    QString syntax() const;
};

// One command, declared once: its help, its manual page and its shell
// completions are all made from this declaration. A group (`device`,
// `cluster`) has subcommands instead of `run`.
struct Command
{
    QString name;
    QString summary;          // one line, in the command list
    QString description = {}; // a paragraph for --help and the manual (default: the summary)
    QList<ArgumentSpec> arguments = {};
    QList<OptionSpec> options = {};
    // Gets the parsed command line (the arguments' number already checked
    // where the declaration fixes it) and returns the exit code; may block on
    // core futures (the CLI has no window to keep responsive).
    std::function<int(QCommandLineParser &parser)> run = {};
    QList<Command> subcommands = {};
    bool hidden = false; // left out of the help, the manual and the completions
    bool streams = false; // with --json: JSON lines (progress, samples…), the last of type "result"
    bool json = true;     // has --json (every command that prints a result)

    const Command *subcommand(const QString &word) const;
};

// The same command, marked as streaming its --json output as JSON lines.
inline Command streaming(Command command)
{
    command.streams = true;
    return command;
}

class CommandTable
{
public:
    void add(Command command);
    const QList<Command> &commands() const { return m_commands; }
    const Command *find(const QString &name) const;
    QString usage() const;
    QString groupUsage(const Command &group) const;

    // Runs `sparkctl ARGUMENTS…` (without the program's name): finds the
    // command, parses its options, answers --help, checks the arguments'
    // number, then runs it. Returns the exit code.
    int dispatch(const QStringList &arguments) const;

private:
    int runLeaf(const Command &command, const QString &path, const QStringList &arguments) const;

    QList<Command> m_commands;
};

// A command's options and arguments given to a parser, as --help shows them,
// with the options every command has: --help, and --json, --quiet, --verbose.
void describe(QCommandLineParser &parser, const Command &command);
// The options every command has besides --help: --json (where it prints a
// result), --quiet, --verbose.
QList<OptionSpec> commonOptions(const Command &command);
// The command's own options and then the common ones it does not declare itself.
QList<OptionSpec> allOptions(const Command &command);

// The one-line-plus-usage error, for checks the declaration cannot say.
int usageError(const QCommandLineParser &parser, const QString &commandPath, const QString &message);

// The parser's help with its usage line naming the program "sparkctl COMMAND",
// whatever path it was started from (Qt writes argv[0] there).
QString helpText(const QCommandLineParser &parser, const QString &commandPath);

} // namespace sparkctl
