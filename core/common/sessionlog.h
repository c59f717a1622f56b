// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace spark::SessionLog {

// Starts this run's log for `program` ("spark-companion", "sparkctl"): the
// last run's log is kept beside it as the previous one, and every Qt message
// (qInfo, qWarning, …) is appended to the new one as well as printed as
// before. The core modules' debug traces (logcategories.h: each step of each
// long job) are turned on and go to the log only, not to the terminal. A
// support report carries these logs; nothing secret is ever logged.
void start(const QString &program);

QString directory();                      // <config>/spark-companion/logs
QString path(const QString &program);     // this run's log
QString previousPath(const QString &program);

// Every log file there is (both programs, this run and the previous one).
QStringList existingLogs();

} // namespace spark::SessionLog
