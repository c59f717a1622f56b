// SPDX-License-Identifier: MIT
#pragma once

#include <QFile>
#include <QString>

namespace spark::test {

// The text of tests/fixtures/<relativePath> (SPARK_FIXTURES_DIR); empty if missing.
inline QString readFixture(const QString &relativePath)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/") + relativePath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace spark::test

#include <QStringList>

#include <initializer_list>

namespace spark::test {

// QStringList from Latin-1 literals (QT_NO_CAST_FROM_ASCII forbids QStringList{"a"}).
inline QStringList strings(std::initializer_list<const char *> items)
{
    QStringList list;
    for (const char *item : items)
        list.append(QString::fromLatin1(item));
    return list;
}

} // namespace spark::test

namespace spark::test {

// "spark-1" … "spark-<count>": the names the tests give a cluster's Sparks.
inline QStringList numberedSparks(int count)
{
    QStringList names;
    for (int i = 1; i <= count; ++i)
        names.append(QStringLiteral("spark-%1").arg(i));
    return names;
}

} // namespace spark::test
