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

// The one wait of every sparkctl command on a long job: takes the signals
// first, then calls `start` and runs this thread's event loop until the future
// it returned has finished, turning each Ctrl-C or SIGTERM into `onInterrupt`
// (InterruptGuard: the signal handler only writes a byte). The work is started
// inside the wait because a signal between a start and the guard would end the
// process at once, with the work half-done and nothing said. True when a
// signal came.
bool waitInterruptibly(const std::function<QFuture<void>()> &start, const OnInterrupt &onInterrupt);

// Prints every progress of `job` from whatever thread reports it.
QMetaObject::Connection printProgressOf(spark::Job &job);

// The same for a runner on the Job contract: `start` starts it (returning its
// future), its progress is printed as it comes (Output::jobProgress, from the
// runner's threads), Ctrl-C is its cancel(), and its result returned.
// `interrupted`, when given, says whether a signal came.
template<typename Start>
auto awaitJob(spark::Job &job, Start &&start, bool *interrupted = nullptr, OnInterrupt onInterrupt = {})
{
    const QMetaObject::Connection printing = printProgressOf(job);
    if (!onInterrupt.cancel)
        onInterrupt.cancel = [&job] { job.cancel(); };
    decltype(start()) future;
    const bool signalled = waitInterruptibly(
        [&] {
            future = start();
            return QFuture<void>(future);
        },
        onInterrupt);
    QObject::disconnect(printing);
    if (interrupted)
        *interrupted = signalled;
    return future.result();
}

} // namespace sparkctl
