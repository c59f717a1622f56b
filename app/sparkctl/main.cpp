// SPDX-License-Identifier: MIT
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/interruptguard.h"
#include "core/common/appinfo.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    spark::setApplicationIdentity(app);
    spark::installTranslations(app);

    // Ctrl-C ends a command that only reads at once; one that changes a node
    // holds an InterruptGuard while it does, to end whole.
    sparkctl::exitOnInterrupt();

    sparkctl::CommandTable table;
    sparkctl::registerAllCommands(table);
    return table.dispatch(app.arguments().mid(1));
}
