// SPDX-License-Identifier: MIT
#include "app/sparkctl/commands.h"
#include "app/sparkctl/commandtable.h"
#include "core/common/appinfo.h"

#include <QCoreApplication>

using namespace sparkctl;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    spark::setApplicationIdentity(app);
    spark::installTranslations(app);

    CommandTable table;
    registerAllCommands(table);

    const QStringList arguments = app.arguments().mid(1);
    if (arguments.isEmpty()) {
        printErr(QStringLiteral("sparkctl: a command is needed.\n") + table.usage());
        return UsageError;
    }
    const QString &first = arguments.first();
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
        printOut(table.usage());
        return Success;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        printOut(QStringLiteral("sparkctl %1\n").arg(spark::applicationVersion()));
        return Success;
    }
    if (first.startsWith(QLatin1Char('-'))) {
        printErr(QStringLiteral("sparkctl: unknown option '%1'.\n").arg(first) + table.usage());
        return UsageError;
    }
    const Command *command = table.find(first);
    if (!command) {
        printErr(QStringLiteral("sparkctl: unknown command '%1'.\n").arg(first) + table.usage());
        return UsageError;
    }
    return command->run(arguments.mid(1));
}
