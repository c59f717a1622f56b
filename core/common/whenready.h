// SPDX-License-Identifier: MIT
#pragma once

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>

#include <utility>

namespace spark {

// Calls handler(result) on `context`'s thread when `future` has a result, and
// never once `context` is gone. Qt 6.4's QFuture::then(context, …) asserts when
// the context dies first (a window closed while a check is still running).
// `withoutResult` runs instead when the future ends without one (cancelled).
template <typename T, typename Handler, typename NoResult>
void whenReady(QFuture<T> future, QObject *context, Handler handler, NoResult withoutResult)
{
    auto *watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context,
                     [watcher, handler = std::move(handler), withoutResult = std::move(withoutResult)]() mutable {
                         watcher->deleteLater();
                         if (watcher->future().resultCount() > 0)
                             handler(watcher->future().result());
                         else
                             withoutResult();
                     });
    watcher->setFuture(std::move(future));
}

template <typename T, typename Handler>
void whenReady(QFuture<T> future, QObject *context, Handler handler)
{
    whenReady(std::move(future), context, std::move(handler), [] {});
}

} // namespace spark
