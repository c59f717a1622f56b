// SPDX-License-Identifier: MIT
#include "core/linktest/linktesthistory.h"

#include "core/common/apppaths.h"

#include <QCoreApplication>
#include <QDir>

namespace spark {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("spark::LinkTestHistory", text);
}
} // namespace

LinkTestHistory::LinkTestHistory(QString filePath)
    : RunHistory(std::move(filePath),
                 {tr("Could not read the earlier link test results %1: %2. Check the file's permissions."),
                  tr("The earlier link test results in %1 are damaged (%2); move the file aside to start a new history."),
                  tr("Could not save the link test results to %1: %2.")})
{
}

QString LinkTestHistory::defaultFilePath()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("linktests.json"));
}

} // namespace spark
