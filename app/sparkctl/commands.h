// SPDX-License-Identifier: MIT
#pragma once

namespace sparkctl {

class CommandTable;

// Each command group registers its subcommands here; main() calls them all.
void registerAllCommands(CommandTable &table);

} // namespace sparkctl
