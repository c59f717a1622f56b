// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QTemporaryDir>
#include <QtGlobal>

namespace spark::testsupport {

// A history file (`History`: LinkTestHistory, NcclTestHistory) named `file` in
// `dir` holding `runs`; its path. None written when there are no runs.
template<typename History, typename Run>
QString historyIn(const QTemporaryDir &dir, const QString &file, const QList<Run> &runs)
{
    const QString path = dir.filePath(file);
    History history(path);
    for (const Run &run : runs)
        history.add(run);
    if (!runs.isEmpty() && !history.save())
        qFatal("cannot write the history");
    return path;
}

} // namespace spark::testsupport
