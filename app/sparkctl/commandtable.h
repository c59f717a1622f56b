// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace sparkctl {

// Exit codes shared by every subcommand, none meaning two things:
// - UsageError: the command line was wrong (sysexits.h's EX_USAGE); nothing ran.
// - CheckWarnings, CheckBlockers: `sparkctl check`'s verdicts (ready is Success),
//   apart from Failure so that a script can tell "not ready" from "could not check".
// - Interrupted: stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it),
//   with every node left whole.
enum ExitCode {
    Success = 0,
    Failure = 1,
    CheckWarnings = 10,
    CheckBlockers = 20,
    UsageError = 64,
    Interrupted = 130
};

// One subcommand: `sparkctl NAME ARGS…`. `run` gets the arguments after NAME
// and returns the process's exit code; it may block on core futures (the CLI
// has no window to keep responsive).
struct Command
{
    QString name;
    QString summary;
    std::function<int(const QStringList &arguments)> run;
};

class CommandTable
{
public:
    void add(Command command);
    const Command *find(const QString &name) const;
    QString usage() const;

private:
    QList<Command> m_commands;
};

// Parses `arguments` (without the program and subcommand names) for `commandPath`
// such as "device add". On a wrong flag or argument prints one line saying what
// was wrong and the usage, and returns UsageError; on --help prints the usage and
// returns Success; otherwise returns nothing and the caller goes on.
std::optional<int> parseArguments(QCommandLineParser &parser, const QString &commandPath, const QStringList &arguments);

// The same one-line-plus-usage error, for checks the parser cannot do.
int usageError(const QCommandLineParser &parser, const QString &commandPath, const QString &message);

// The parser's help with its usage line naming the program "sparkctl COMMAND",
// whatever path it was started from (Qt writes argv[0] there).
QString helpText(const QCommandLineParser &parser, const QString &commandPath);

// Prints to stdout / stderr in the locale's encoding.
void printOut(const QString &text);
void printErr(const QString &text);

} // namespace sparkctl
