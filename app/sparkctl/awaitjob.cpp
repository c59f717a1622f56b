// SPDX-License-Identifier: MIT
#include "app/sparkctl/awaitjob.h"

#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/interruptguard.h"
#include "app/sparkctl/output.h"

#include <QEventLoop>
#include <QFutureWatcher>

#include <optional>
#include <unistd.h>

namespace sparkctl {

bool waitInterruptibly(const std::function<QFuture<void>()> &start, const OnInterrupt &onInterrupt)
{
    bool interrupted = false;
    // A job that only reads keeps the default: Ctrl-C ends the process at once (exitOnInterrupt).
    std::optional<InterruptGuard> guard;
    if (!onInterrupt.onlyReads)
        guard.emplace([&interrupted, &onInterrupt](int) {
            if (interrupted && onInterrupt.secondLeaves)
                _exit(Interrupted);
            const QString &say = interrupted ? onInterrupt.again : onInterrupt.first;
            if (!say.isEmpty())
                printErr(say);
            interrupted = true;
            if (onInterrupt.cancel)
                onInterrupt.cancel();
        });
    QFutureWatcher<void> watcher;
    QEventLoop loop;
    QObject::connect(&watcher, &QFutureWatcher<void>::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(start());
    if (!watcher.isFinished())
        loop.exec();
    return interrupted;
}

QMetaObject::Connection printProgressOf(spark::Job &job)
{
    // Direct: printed in the order the runner's threads report it, each line whole.
    return QObject::connect(&job, &spark::Job::progress, &job, &Output::jobProgress, Qt::DirectConnection);
}

} // namespace sparkctl
