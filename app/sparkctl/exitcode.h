// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

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

struct ExitCodeMeaning
{
    int code;
    QString meaning;
};
// Every exit code with what it means, as --help and the manual page say it.
QList<ExitCodeMeaning> exitCodeMeanings();

} // namespace sparkctl
