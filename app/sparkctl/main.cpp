// SPDX-License-Identifier: MIT
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "core/common/appinfo.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    spark::setApplicationIdentity(app);
    spark::installTranslations(app);

    sparkctl::CommandTable table;
    sparkctl::registerAllCommands(table);
    return table.dispatch(app.arguments().mid(1));
}
