// SPDX-License-Identifier: MIT
#pragma once

#include <QSocketNotifier>

#include <functional>
#include <memory>

namespace sparkctl {

// sparkctl's one way of handling SIGINT and SIGTERM. By default (installed
// once at start) they end the process with 130 at once: a command that only
// reads has nothing to undo. A command that waits on a long job holds an
// InterruptGuard while it does (awaitJob, waitInterruptibly), so that the job
// is cancelled and ends whole.
void exitOnInterrupt();

// While alive, SIGINT and SIGTERM do not end the process: each one calls
// `onInterrupt` on the thread that made the guard, from its event loop (the
// handler only writes a byte to a socket pair; Qt's usual pattern). The
// earlier handlers come back when the guard goes.
class InterruptGuard
{
public:
    explicit InterruptGuard(std::function<void(int signal)> onInterrupt);
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    std::function<void(int)> m_onInterrupt;
};

} // namespace sparkctl
