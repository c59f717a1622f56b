// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/threadreaper.h"

#include <QFuture>
#include <QObject>
#include <QPromise>
#include <QString>
#include <QThread>

#include <functional>
#include <memory>
#include <type_traits>

namespace spark {

// Runs a blocking job on a thread of its own and hands its result back as a
// future (the project links no Qt Concurrent). The thread deletes itself, or
// is deleted at exit where no event loop turned again (reapAtExit).
template<typename Work>
auto runOnThread(Work work) -> QFuture<std::invoke_result_t<Work>>
{
    using T = std::invoke_result_t<Work>;
    auto promise = std::make_shared<QPromise<T>>();
    promise->start();
    QFuture<T> future = promise->future();
    QThread *thread = QThread::create([promise, work = std::move(work)]() mutable {
        promise->addResult(work());
        promise->finish();
    });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    reapAtExit(thread);
    thread->start();
    return future;
}

// The same for a job that reports progress on the future (0..100 and a
// sentence) and stops when the future is cancelled: `work(progress)`, where
// progress(value, text) returns false once the caller cancelled.
using ThreadProgress = std::function<bool(int value, const QString &text)>;

template<typename Work>
auto runOnThreadWithProgress(Work work) -> QFuture<std::invoke_result_t<Work, const ThreadProgress &>>
{
    using T = std::invoke_result_t<Work, const ThreadProgress &>;
    auto promise = std::make_shared<QPromise<T>>();
    promise->start();
    promise->setProgressRange(0, 100);
    QFuture<T> future = promise->future();
    QThread *thread = QThread::create([promise, work = std::move(work)]() mutable {
        const ThreadProgress progress = [&promise](int value, const QString &text) {
            promise->setProgressValueAndText(value, text);
            return !promise->isCanceled();
        };
        promise->addResult(work(progress));
        promise->finish();
    });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    reapAtExit(thread);
    thread->start();
    return future;
}

} // namespace spark
