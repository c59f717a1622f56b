// SPDX-License-Identifier: MIT
#include "core/common/runfile.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace spark {

Expected<void> saveRunFile(const QString &path, const QString &csv, const QJsonObject &json)
{
    const bool asCsv = QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
    return saveTextFile(path, asCsv ? csv.toUtf8() : QJsonDocument(json).toJson());
}

Expected<void> saveTextFile(const QString &path, const QByteArray &text)
{
    const auto refused = [&path](const QString &why) {
        return Error(QCoreApplication::translate("spark::RunFile", "%1 could not be written: %2. Choose another folder.")
                         .arg(path, why));
    };
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return refused(file.errorString());
    file.write(text);
    if (!file.commit())
        return refused(file.errorString());
    return {};
}

} // namespace spark
