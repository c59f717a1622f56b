// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/whenready.h"

#include <QCoreApplication>
#include <QFuture>
#include <QObject>

namespace spark {

// A worker (a runner, a builder) whose owner goes while it works (its window
// closed, its wizard gone): already told to stop, it is cut loose from
// `receiver` and lives, with `keep` (the job source holding the cluster's
// sessions it uses), until its thread is done with them.
template <typename T, typename Keep>
void releaseWhenDone(QObject *worker, const QFuture<T> &future, QObject *receiver, const Keep &keep)
{
    QObject::disconnect(worker, nullptr, receiver, nullptr);
    worker->setParent(nullptr);
    const auto release = [worker, keep] { delete worker; };
    whenReady(future, QCoreApplication::instance(), [release](const T &) { release(); }, release);
}

} // namespace spark
