// SPDX-License-Identifier: MIT
#include "app/sparkctl/commands.h"

#include "app/sparkctl/commandtable.h"

namespace sparkctl {

void registerDeviceCommands(CommandTable &table);
void registerMonitorCommands(CommandTable &table);
void registerFactsCommands(CommandTable &table);
void registerUpdateCommand(CommandTable &table);
void registerClusterApplyCommands(CommandTable &table);
void registerLinkTestCommands(CommandTable &table);
void registerNcclTestCommand(CommandTable &table);
void registerDailyCommands(CommandTable &table);
void registerReportCommand(CommandTable &table);
void registerModelCommands(CommandTable &table);
void registerServeCommands(CommandTable &table);
void registerCompletionCommands(CommandTable &table);

void registerAllCommands(CommandTable &table)
{
    registerDeviceCommands(table);
    registerMonitorCommands(table);
    registerFactsCommands(table);
    registerUpdateCommand(table);
    registerClusterApplyCommands(table);
    registerLinkTestCommands(table);
    registerNcclTestCommand(table);
    registerDailyCommands(table);
    registerReportCommand(table);
    registerModelCommands(table);
    registerServeCommands(table);
    registerCompletionCommands(table); // last: it describes the whole table
}

} // namespace sparkctl
