// SPDX-License-Identifier: MIT
#pragma once

#include "app/sparkctl/commandtable.h"

#include <QString>

namespace sparkctl::ShellCompletion {

// The completion script for bash, zsh or fish, made from the command table:
// commands, subcommands, options, fixed values and files; device and cluster
// names are asked of `sparkctl __complete devices|clusters` as the user types
// (so they follow the registry). Empty for another shell.
QString script(const CommandTable &table, const QString &shell);

QStringList shells();

} // namespace sparkctl::ShellCompletion
