// SPDX-License-Identifier: MIT
#include "core/common/apppaths.h"

#include <QDir>
#include <QStandardPaths>

namespace spark::AppPaths {

QString configDir()
{
    // AppConfigLocation would add the organisation name twice on Linux; one
    // folder named after the application is what users expect to find.
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    return QDir(base).filePath(QStringLiteral("spark-companion"));
}

QString sshDir()
{
    return QDir(QDir::homePath()).filePath(QStringLiteral(".ssh"));
}

} // namespace spark::AppPaths
