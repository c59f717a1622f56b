// SPDX-License-Identifier: MIT
#pragma once

#include <QDeadlineTimer>
#include <QFuture>
#include <QThread>

#include <atomic>
#include <functional>

namespace spark::linktest {

// Polls until the future is done, `until` holds, the deadline passes (never
// with a negative timeout) or the run is cancelled; true unless the last two.
// The link-test runner's threads block on this, never the GUI thread.
template<typename T>
bool waitFor(const QFuture<T> &future, int timeoutMs, const std::atomic<bool> &cancelled,
             const std::function<bool()> &until = {})
{
    constexpr int pollMs = 20;
    const QDeadlineTimer deadline(timeoutMs < 0 ? QDeadlineTimer::Forever : QDeadlineTimer(timeoutMs));
    while (!future.isFinished()) {
        if (until && until())
            return true;
        if (cancelled || deadline.hasExpired())
            return false;
        QThread::msleep(pollMs);
    }
    return true;
}

} // namespace spark::linktest
