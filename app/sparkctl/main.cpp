// SPDX-License-Identifier: MIT
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "core/common/appinfo.h"

#include <QCoreApplication>

#include <csignal>
#include <unistd.h>

namespace {

// A command that has nothing to undo (it only reads) ends at Ctrl-C or SIGTERM
// with 130, as the exit codes say; one that changes a node installs its own
// InterruptGuard while it does, to end whole.
extern "C" void exitInterrupted(int)
{
    _exit(sparkctl::Interrupted);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    spark::setApplicationIdentity(app);
    spark::installTranslations(app);

    std::signal(SIGINT, exitInterrupted);
    std::signal(SIGTERM, exitInterrupted);

    sparkctl::CommandTable table;
    sparkctl::registerAllCommands(table);
    return table.dispatch(app.arguments().mid(1));
}
