// SPDX-License-Identifier: MIT
#pragma once

#include <QFuture>
#include <QObject>
#include <QPromise>
#include <QThread>

#include <memory>
#include <type_traits>

namespace spark {

// Runs a blocking job on a thread of its own and hands its result back as a
// future (the project links no Qt Concurrent). The thread deletes itself.
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
    thread->start();
    return future;
}

} // namespace spark
