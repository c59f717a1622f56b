// SPDX-License-Identifier: MIT
#include "app/sparkctl/commands.h"

#include "app/sparkctl/commandtable.h"

namespace sparkctl {

void registerAllCommands(CommandTable &table)
{
    Q_UNUSED(table);
}

} // namespace sparkctl
