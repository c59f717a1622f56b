// SPDX-License-Identifier: MIT
#include "core/common/jsonfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

namespace spark::JsonFile {

Expected<QJsonObject> read(const QString &path, const QString &cannotRead, const QString &damaged)
{
    QFile file(path);
    if (!file.exists())
        return QJsonObject();
    if (!file.open(QIODevice::ReadOnly))
        return Error(QString(cannotRead).arg(path, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return Error(QString(damaged).arg(path, parseError.errorString()));
    return document.object();
}

Expected<void> write(const QString &path, QJsonObject object, const QString &cannotWrite)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    object.insert(QStringLiteral("version"), 1);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error(QString(cannotWrite).arg(path, file.errorString()));
    file.write(QJsonDocument(object).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return Error(QString(cannotWrite).arg(path, file.errorString()));
    return {};
}

} // namespace spark::JsonFile
