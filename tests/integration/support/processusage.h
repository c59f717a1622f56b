// SPDX-License-Identifier: MIT
#pragma once

// What this process costs while a benchmark runs it: CPU time of every
// thread, resident memory, and a wait that keeps the event loop turning.

#include <QEventLoop>
#include <QFile>
#include <QTimer>

#include <sys/resource.h>

namespace spark::testsupport {

// CPU time of this process (every thread: the SSH workers too), in ms.
inline double processCpuMs()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

// Resident memory (VmRSS), in KiB; -1 when unreadable.
inline qint64 rssKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

// Runs the event loop for `seconds`.
inline void runFor(int seconds)
{
    QEventLoop loop;
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace spark::testsupport
