// SPDX-License-Identifier: MIT
#include "core/common/threadreaper.h"

#include <QCoreApplication>
#include <QList>
#include <QMutex>
#include <QMutexLocker>
#include <QPointer>
#include <QThread>

namespace spark {

namespace {

QMutex reaperMutex;
QList<QPointer<QThread>> *pending = nullptr;

void reapAll()
{
    QList<QPointer<QThread>> threads;
    {
        const QMutexLocker locker(&reaperMutex);
        if (!pending)
            return;
        threads = std::move(*pending);
        delete pending;
        pending = nullptr;
    }
    for (const QPointer<QThread> &thread : std::as_const(threads)) {
        if (!thread)
            continue; // its deleteLater came first
        thread->wait();
        delete thread.data();
    }
}

} // namespace

void reapAtExit(QThread *thread)
{
    const QMutexLocker locker(&reaperMutex);
    if (!pending) {
        pending = new QList<QPointer<QThread>>;
        qAddPostRoutine(reapAll);
    }
    // Drop the ones already deleted, so a long-running window does not grow the list.
    pending->removeIf([](const QPointer<QThread> &reaped) { return reaped.isNull(); });
    pending->append(thread);
}

} // namespace spark
