// SPDX-License-Identifier: MIT
#include "core/launch/launcher.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace spark {

LaunchPlanner::ProgramLookup Launcher::pathLookup()
{
    return [](const QString &name) { return QStandardPaths::findExecutable(name); };
}

Expected<void> Launcher::start(const LaunchCommand &command)
{
    QProcess process;
    process.setProgram(command.program);
    process.setArguments(command.arguments);
    process.setStandardInputFile(QProcess::nullDevice());
    if (!process.startDetached())
        return Error(tr("Could not start %1. Check that it is installed and works from a terminal.")
                         .arg(QFileInfo(command.program).fileName()),
                     command.program + QLatin1Char(' ') + command.arguments.join(QLatin1Char(' ')));
    return {};
}

} // namespace spark
