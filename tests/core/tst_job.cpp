// SPDX-License-Identifier: MIT
// The one contract of long work: progress reported from a job's own threads
// reaches a receiver on another thread whole and in order, cancel() may come
// from any thread while the job runs and stops it at its next step, and the
// result (or the error) comes back through the future.
#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/common/logcategories.h"
#include "core/common/runonthread.h"

#include <QSignalSpy>
#include <QTest>

#include <atomic>

using namespace spark;

namespace {

// A job of `steps` steps on a thread of its own: each step reports itself,
// and a cancelled run stops before its next step with the error saying so.
class CountingJob final : public Job
{
public:
    CountingJob()
        : Job(lcCommon)
    {
    }

    std::atomic<int> stepsDone{0};
    std::atomic<bool> release{true}; // a step waits while false (a test holds the job mid-run)

    QFuture<Expected<int>> run(int steps)
    {
        return runOnThread([this, steps]() -> Expected<int> {
            for (int step = 0; step < steps; ++step) {
                if (isCancelled())
                    return Error(QStringLiteral("cancelled after %1 steps").arg(step));
                while (!release)
                    QThread::msleep(1);
                reportProgress(QStringLiteral("spark-%1").arg(step % 2 + 1), double(step + 1) / steps,
                               QStringLiteral("step %1").arg(step + 1));
                ++stepsDone;
            }
            reportProgress(1, QStringLiteral("done"));
            return steps;
        });
    }
};

} // namespace

class TestJob final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void progressArrivesInOrderOnTheReceiversThread_data()
    {
        QTest::addColumn<int>("steps");
        QTest::newRow("one step") << 1;
        QTest::newRow("many steps") << 200;
    }

    void progressArrivesInOrderOnTheReceiversThread()
    {
        QFETCH(int, steps);
        CountingJob job;
        QList<JobProgress> seen;
        QObject receiver; // on this thread: the job's threads reach it queued
        bool onThisThread = true;
        connect(&job, &Job::progress, &receiver, [&](const JobProgress &progress) {
            onThisThread = onThisThread && QThread::currentThread() == receiver.thread();
            seen.append(progress);
        });
        const QFuture<Expected<int>> future = job.run(steps);
        QTRY_COMPARE_WITH_TIMEOUT(seen.size(), steps + 1, 10000);
        QVERIFY(onThisThread);
        QCOMPARE(future.result().value(), steps);
        for (int step = 0; step < steps; ++step) {
            const JobProgress expected{QStringLiteral("spark-%1").arg(step % 2 + 1), double(step + 1) / steps,
                                       QStringLiteral("step %1").arg(step + 1)};
            QCOMPARE(seen.at(step), expected);
        }
        QCOMPARE(seen.last(), (JobProgress{QString(), 1, QStringLiteral("done")})); // about the job as a whole
    }

    void cancelFromAnotherThreadStopsAtTheNextStep()
    {
        CountingJob job;
        job.release = false;
        const QFuture<Expected<int>> future = job.run(1000);
        QTRY_VERIFY(job.stepsDone.load() == 0 && future.isRunning());
        // The cancel comes from a thread that is neither the job's nor this one (a signal's, a window's).
        QThread *canceller = QThread::create([&job] { job.cancel(); });
        canceller->start();
        QVERIFY(canceller->wait(5000));
        delete canceller;
        QVERIFY(job.isCancelled());
        job.release = true;
        const Expected<int> result = future.result();
        QVERIFY(!result);
        QVERIFY2(job.stepsDone.load() <= 1, qPrintable(QString::number(job.stepsDone.load())));
        QVERIFY(result.error().message.startsWith(QLatin1String("cancelled after")));
    }

    void aJobNotCancelledIsNotCancelled()
    {
        CountingJob job;
        QVERIFY(!job.isCancelled());
        QVERIFY(job.run(3).result());
        QVERIFY(!job.isCancelled());
    }
};

QTEST_GUILESS_MAIN(TestJob)
#include "tst_job.moc"
