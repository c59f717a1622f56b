// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/job.h"

#include <QFuture>
#include <QString>

#include <functional>

namespace sparkctl {

// What Ctrl-C (or SIGTERM) does to a command that waits on a long job.
struct OnInterrupt
{
    std::function<void()> cancel; // called at every signal; thread of the wait
    QString first;                // said on stderr at the first signal (empty: nothing)
    QString again;                // at every later one (empty: nothing)
    bool secondLeaves = false;    // a second signal ends the process at once (130)
    bool onlyReads = false;       // nothing to undo: the first signal ends the process at once (130)
};

// The one wait of every sparkctl command on a long job: runs this thread's
// event loop until `done` has finished, turning each Ctrl-C or SIGTERM into
// `onInterrupt` (InterruptGuard: the signal handler only writes a byte).
// True when a signal came.
bool waitInterruptibly(const QFuture<void> &done, const OnInterrupt &onInterrupt);

// Prints every progress of `job` from whatever thread reports it.
QMetaObject::Connection printProgressOf(spark::Job &job);

// The same for a runner on the Job contract: its progress printed as it comes
// (Output::jobProgress, from the runner's threads), Ctrl-C its cancel(), and
// its result. `interrupted`, when given, says whether a signal came.
template<typename T>
T awaitJob(spark::Job &job, const QFuture<T> &future, bool *interrupted = nullptr, OnInterrupt onInterrupt = {})
{
    const QMetaObject::Connection printing = printProgressOf(job);
    if (!onInterrupt.cancel)
        onInterrupt.cancel = [&job] { job.cancel(); };
    const bool signalled = waitInterruptibly(QFuture<void>(future), onInterrupt);
    QObject::disconnect(printing);
    if (interrupted)
        *interrupted = signalled;
    return future.result();
}

} // namespace sparkctl
