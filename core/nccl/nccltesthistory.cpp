// SPDX-License-Identifier: MIT
#include "core/nccl/nccltesthistory.h"

#include "core/common/apppaths.h"

#include <QCoreApplication>
#include <QDir>

namespace spark {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("spark::NcclTestHistory", text);
}
} // namespace

NcclTestHistory::NcclTestHistory(QString filePath)
    : RunHistory(std::move(filePath),
                 {tr("Could not read the earlier NCCL test results %1: %2. Check the file's permissions."),
                  tr("The earlier NCCL test results in %1 are damaged (%2); move the file aside to start a new history."),
                  tr("Could not save the NCCL test results to %1: %2.")})
{
}

QString NcclTestHistory::defaultFilePath()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("nccltests.json"));
}

} // namespace spark
