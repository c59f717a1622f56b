// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>

namespace spark {

// What a long job says while it runs, the one shape every runner reports in:
// which node it is about (empty: the job as a whole), how far that part is
// (0..1; negative when it cannot be known, such as a tool's own steps), and
// a sentence for the person watching.
struct JobProgress
{
    QString node;
    double fraction = -1;
    QString sentence;

    bool operator==(const JobProgress &other) const = default;
};

// The contract of every long-running job in the program (enrolment,
// discovery, apply, peer trust, the link test, the NCCL test and build, the
// support report, and what comes after the network): one progress signal
// carrying a JobProgress, a start that returns a future of a result or an
// error, and a cancel that may be called from any thread, and from a signal
// handler. A runner derives from Job, emits progress through reportProgress() from
// whatever thread it works on (a receiver on another thread gets it queued),
// and checks isCancelled() between its steps. Every progress is also a debug
// message of the runner's module's category (logcategories.h): the trace a
// session's log and a support report carry. Callers bind to this class
// only: the window shows progress in a NodeProgressList, sparkctl prints it
// and turns Ctrl-C into cancel() (awaitJob), and neither writes an adapter.
class Job : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Job)

public:
    // `category`: the runner's module's (lcNetconfig, lcLinktest, …).
    using LogCategory = const QLoggingCategory &(*)();
    explicit Job(LogCategory category, QObject *parent = nullptr);
    ~Job() override;

    // Thread-safe and async-signal-safe (a lock-free atomic store): the run
    // stops after the step it is in and undoes what its contract says it undoes.
    void cancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return m_cancelled.load(std::memory_order_relaxed); }

Q_SIGNALS:
    void progress(const spark::JobProgress &progress);

protected:
    void reportProgress(const QString &node, double fraction, const QString &sentence);
    // About the job as a whole.
    void reportProgress(double fraction, const QString &sentence) { reportProgress(QString(), fraction, sentence); }

    // The flag cancel() sets, for the waits a runner hands it to (and a run
    // that starts afresh clears it).
    std::atomic<bool> m_cancelled{false};

private:
    LogCategory m_category;
    static_assert(std::atomic<bool>::is_always_lock_free, "cancel() must be safe in a signal handler");
};

} // namespace spark

Q_DECLARE_METATYPE(spark::JobProgress)
