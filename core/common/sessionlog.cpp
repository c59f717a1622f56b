// SPDX-License-Identifier: MIT
#include "core/common/sessionlog.h"

#include "core/common/apppaths.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLoggingCategory>
#include <QMutex>
#include <QMutexLocker>

#include <memory>

namespace spark::SessionLog {

namespace {

struct LogState
{
    QMutex mutex;
    std::unique_ptr<QFile> file;
    QtMessageHandler previous = nullptr;
};

LogState &state()
{
    static LogState instance;
    return instance;
}

const char *levelName(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg: return "debug";
    case QtInfoMsg: return "info";
    case QtWarningMsg: return "warning";
    case QtCriticalMsg: return "critical";
    case QtFatalMsg: return "fatal";
    }
    return "message";
}

// A core module's trace (a debug message of a "spark." category) goes to the
// log only; every other message is also printed as before.
bool isTrace(QtMsgType type, const QMessageLogContext &context)
{
    return type == QtDebugMsg && context.category && qstrncmp(context.category, "spark.", 6) == 0;
}

void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    LogState &log = state();
    {
        QMutexLocker lock(&log.mutex);
        if (log.file && log.file->isOpen()) {
            const QString category = context.category && qstrcmp(context.category, "default") != 0
                ? QLatin1String(context.category) + QLatin1Char(' ')
                : QString();
            const QString line = QStringLiteral("%1 %2 %3%4\n")
                                     .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs),
                                          QLatin1String(levelName(type)), category, message);
            log.file->write(line.toUtf8());
            log.file->flush();
        }
    }
    if (log.previous && !isTrace(type, context))
        log.previous(type, context, message);
}

} // namespace

QString directory()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("logs"));
}

QString path(const QString &program)
{
    return QDir(directory()).filePath(program + QStringLiteral(".log"));
}

QString previousPath(const QString &program)
{
    return QDir(directory()).filePath(program + QStringLiteral(".previous.log"));
}

QStringList existingLogs()
{
    QStringList result;
    const QFileInfoList entries = QDir(directory()).entryInfoList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
    for (const QFileInfo &entry : entries)
        result.append(entry.absoluteFilePath());
    return result;
}

void start(const QString &program)
{
    LogState &log = state();
    QMutexLocker lock(&log.mutex);
    if (log.file)
        return;
    QDir().mkpath(directory());
    QFile::remove(previousPath(program));
    QFile::rename(path(program), previousPath(program));
    auto file = std::make_unique<QFile>(path(program));
    if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return; // no log is better than no program
    file->setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // Passwords never come on the command line (stdin or the keychain only), so the arguments may be logged.
    const QStringList arguments = QCoreApplication::instance() ? QCoreApplication::arguments().mid(1) : QStringList();
    file->write(QStringLiteral("%1 info %2 %3 started: %4\n")
                    .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs), program,
                         QCoreApplication::applicationVersion(), arguments.join(QLatin1Char(' ')))
                    .toUtf8());
    file->flush();
    log.file = std::move(file);
    log.previous = qInstallMessageHandler(handler);
    // The core modules' traces (logcategories.h), for this log only.
    QLoggingCategory::setFilterRules(QStringLiteral("spark.*.debug=true"));
}

} // namespace spark::SessionLog
