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
    if (const QString why = writeWhole(path, text); !why.isEmpty())
        return refused(why);
    return {};
}

QString writeWhole(const QString &path, const QByteArray &bytes, bool ownerOnly)
{
    const QFileInfo target(path);
    if (target.exists() && !target.isFile()) {
        QFile device(path);
        if (!device.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || device.write(bytes) != bytes.size())
            return device.errorString();
        return {};
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return file.errorString();
    if (ownerOnly)
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return {};
}

} // namespace spark
