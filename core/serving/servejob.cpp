// SPDX-License-Identifier: MIT
#include "core/serving/servejob.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/models/ondevices.h"
#include "core/serving/servelaunches.h"
#include "core/serving/servescripts.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QThread>

namespace spark {

int ServeLaunchOptions::readyTimeoutFor(qint64 weightBytesPerNode)
{
    constexpr qint64 diskBytesPerSecond = 200LL * 1000 * 1000;
    constexpr qint64 compileMs = 10 * 60 * 1000;
    const qint64 loadMs = weightBytesPerNode > 0 ? weightBytesPerNode * 1000 / diskBytesPerSecond : 0;
    return int(std::min<qint64>(compileMs + loadMs, std::numeric_limits<int>::max()));
}

QJsonObject ServeOutcome::toJson() const
{
    return {{QStringLiteral("running"), running},
            {QStringLiteral("error"), error ? QJsonValue(error->message) : QJsonValue()},
            {QStringLiteral("failed_node"), failedNode.isEmpty() ? QJsonValue() : QJsonValue(failedNode)},
            {QStringLiteral("last_lines"), QJsonArray::fromStringList(lastLines)},
            {QStringLiteral("left_behind"), QJsonArray::fromStringList(leftBehind)},
            {QStringLiteral("ready_ms"), double(readyMs)}};
}

bool ServeStopOutcome::ok() const
{
    return std::none_of(nodes.cbegin(), nodes.cend(), [](const Node &node) { return bool(node.error); });
}

QJsonObject ServeStopOutcome::toJson() const
{
    QJsonArray array;
    for (const Node &node : nodes)
        array.append(QJsonObject{{QStringLiteral("node"), node.node},
                                 {QStringLiteral("removed"), QJsonArray::fromStringList(node.removed)},
                                 {QStringLiteral("error"), node.error ? QJsonValue(node.error->message) : QJsonValue()}});
    return {{QStringLiteral("nodes"), array}, {QStringLiteral("elapsed_ms"), double(elapsedMs)}};
}

ServeJob::ServeJob(QObject *parent)
    : Job(lcServing, parent)
{
}

namespace {
constexpr int commandTimeoutMs = 60000;
constexpr int logLines = 20;

QStringList lines(const QByteArray &output)
{
    QStringList out;
    for (const QString &line : QString::fromUtf8(output).split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty())
            out.append(line);
    }
    return out;
}

QString said(const Expected<ExecResult> &result)
{
    if (!result)
        return result.error().message;
    const QStringList err = lines(result->standardError);
    return err.isEmpty() ? lines(result->standardOutput).value(0) : err.constLast();
}
} // namespace

struct ServeJob::Run
{
    ServeJob &job;
    const ServePlan &plan;
    const ServeLaunchOptions &options;
    QList<Device> devices; // in the plan's order
    std::vector<std::unique_ptr<SshSession>> sessions;
    ServeOutcome outcome;
    QList<QStringList> seen; // the engine lines already passed on, per node

    QFuture<Expected<ExecResult>> exec(qsizetype node, const QString &command, int timeoutMs = commandTimeoutMs)
    {
        return sessions.at(size_t(node))->exec(command, {}, timeoutMs);
    }
    const QString &name(qsizetype node) const { return plan.nodes.at(node).node; }

    bool openSessions();
    bool startContainers();
    bool waitForRay();
    bool startServe();
    bool waitForApi();
    bool checkContainers();
    bool pause(qint64 waitedMs);
    void passOn(qsizetype node, const QStringList &tail);
    bool fail(qsizetype node, const Error &error, const QStringList &last = {});
    void removeEverywhere();
};

bool ServeJob::Run::fail(qsizetype node, const Error &error, const QStringList &last)
{
    outcome.error = error;
    outcome.failedNode = node >= 0 ? name(node) : QString();
    outcome.lastLines = last.mid(std::max<qsizetype>(0, last.size() - logLines));
    removeEverywhere();
    return false;
}

void ServeJob::Run::removeEverywhere()
{
    job.reportProgress(-1, ServeJob::tr("Removing what the launch started, on every node…"));
    const QString command = ServeScripts::removeContainers(plan.cluster, plan.launchId);
    QList<QPair<qsizetype, QFuture<Expected<ExecResult>>>> pending;
    for (qsizetype i = 0; i < plan.nodes.size(); ++i) {
        if (sessions.size() > size_t(i) && sessions.at(size_t(i)))
            pending.append({i, exec(i, command)});
        else
            outcome.leftBehind.append(name(i));
    }
    for (auto &[node, future] : pending) {
        const auto result = future.result();
        if (!result || !result->succeeded())
            outcome.leftBehind.append(name(node));
    }
    if (outcome.leftBehind.isEmpty())
        ServeLaunches::remove(plan.launchId);
}

bool ServeJob::Run::openSessions()
{
    sessions.resize(size_t(plan.nodes.size()));
    std::vector<std::optional<Error>> errors(sessions.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < sessions.size(); ++i)
        threads.emplace_back([&, i] { sessions[i] = openVerifiedSession(devices.at(qsizetype(i)), &errors[i]); });
    for (std::thread &thread : threads)
        thread.join();
    for (size_t i = 0; i < errors.size(); ++i) {
        if (errors[i]) {
            // Nothing was started: nothing to remove, and no record to keep.
            outcome.error = *errors[i];
            outcome.failedNode = name(qsizetype(i));
            return false;
        }
    }
    return true;
}

bool ServeJob::Run::startContainers()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (const auto recorded = ServeLaunches::add(ServeLaunch::of(plan, now)); !recorded)
        return fail(-1, recorded.error());
    // The head first: the workers connect to it.
    for (const bool head : {true, false}) {
        QList<QPair<qsizetype, QFuture<Expected<ExecResult>>>> pending;
        for (qsizetype i = head ? 0 : 1; i < (head ? 1 : plan.nodes.size()); ++i) {
            job.reportProgress(name(i), 0.1, ServeJob::tr("Starting the container %1…").arg(plan.nodes.at(i).container));
            pending.append({i, exec(i, ServeScripts::dockerRun(plan.nodes.at(i)))});
        }
        // Every answer first: a container still being started elsewhere must
        // exist before the clean-up looks for it.
        std::optional<qsizetype> refused;
        QString refusal;
        for (auto &[node, future] : pending) {
            const auto result = future.result();
            if (result && result->succeeded()) {
                job.reportProgress(name(node), 0.3, ServeJob::tr("The container runs."));
            } else if (!refused) {
                refused = node;
                refusal = said(result);
            }
        }
        if (refused)
            return fail(*refused, Error(ServeJob::tr("%1 could not start its container: %2").arg(name(*refused), refusal)));
        if (job.isCancelled())
            return fail(-1, Error(ServeJob::tr("The launch was cancelled.")));
    }
    return true;
}

void ServeJob::Run::passOn(qsizetype node, const QStringList &tail)
{
    QStringList &before = seen[node];
    qsizetype from = 0;
    if (!before.isEmpty()) {
        const qsizetype at = tail.lastIndexOf(before.constLast());
        from = at < 0 ? 0 : at + 1;
    }
    for (qsizetype i = from; i < tail.size(); ++i)
        Q_EMIT job.engineLine(name(node), tail.at(i));
    if (!tail.isEmpty())
        before = tail;
}

// Every container of the launch still runs; else the launch fails on the first that does not.
bool ServeJob::Run::checkContainers()
{
    QList<QFuture<Expected<ExecResult>>> states;
    for (qsizetype i = 0; i < plan.nodes.size(); ++i)
        states.append(exec(i, ServeScripts::containerStates(plan.launchId)));
    for (qsizetype i = 0; i < plan.nodes.size(); ++i) {
        const auto result = states[i].result();
        if (!result)
            return fail(i, Error(ServeJob::tr("%1 stopped answering during the launch: %2").arg(name(i), result.error().message)));
        const auto all = ServeScripts::parseStates(QString::fromUtf8(result->standardOutput));
        const auto own = std::find_if(all.cbegin(), all.cend(), [&](const auto &s) { return s.first == plan.nodes.at(i).container; });
        if (own == all.cend() || own->second != QLatin1String("running")) {
            const auto logs = exec(i, ServeScripts::lastLines(plan.nodes.at(i).container, logLines)).result();
            return fail(i,
                        Error(ServeJob::tr("The container on %1 stopped (%2) during the launch.")
                                  .arg(name(i), own == all.cend() ? ServeJob::tr("gone") : own->second)),
                        logs ? lines(logs->standardOutput + logs->standardError) : QStringList());
        }
    }
    return true;
}

bool ServeJob::Run::pause(qint64 waitedMs)
{
    // Quick polls while a small model or a warm cache may be ready at once, then calmer ones.
    const int interval = waitedMs < 10000 ? std::min(options.pollMs, 200) : options.pollMs;
    for (int waited = 0; waited < interval; waited += 50) {
        if (job.isCancelled())
            return fail(-1, Error(ServeJob::tr("The launch was cancelled.")));
        QThread::msleep(50);
    }
    return true;
}

bool ServeJob::Run::waitForRay()
{
    const int count = int(plan.nodes.size());
    QElapsedTimer waited;
    waited.start();
    int active = 0;
    while (true) {
        job.reportProgress(name(0), 0.4, ServeJob::tr("Ray sees %1 of %2 Sparks…").arg(active).arg(count));
        const auto status = exec(0, ServeScripts::rayStatus(plan.nodes.constFirst().container));
        if (!checkContainers())
            return false;
        const auto result = status.result();
        if (result && result->succeeded())
            active = ServeScripts::activeRayNodes(QString::fromUtf8(result->standardOutput)).value_or(0);
        if (active >= count) {
            job.reportProgress(name(0), 0.5, ServeJob::tr("Ray sees every Spark."));
            return true;
        }
        if (waited.elapsed() > options.joinTimeoutMs)
            return fail(0, Error(ServeJob::tr("After %1 s Ray on %2 sees %3 of %4 Sparks: a worker cannot reach %2 at "
                                              "%5:%6. Check that cable (sparkctl check) and the nodes' firewalls.")
                                     .arg(options.joinTimeoutMs / 1000)
                                     .arg(name(0))
                                     .arg(active)
                                     .arg(count)
                                     .arg(plan.nodes.constFirst().address)
                                     .arg(6379)));
        if (!pause(waited.elapsed()))
            return false;
    }
}

bool ServeJob::Run::startServe()
{
    if (plan.nodes.constFirst().role == ServeNodePlan::Role::Solo)
        return true;
    job.reportProgress(name(0), 0.6, ServeJob::tr("Starting vLLM on %1…").arg(name(0)));
    const auto result = exec(0, ServeScripts::startServe(plan)).result();
    if (!result || !result->succeeded())
        return fail(0, Error(ServeJob::tr("%1 could not start vLLM in its container: %2").arg(name(0), said(result))));
    return true;
}

bool ServeJob::Run::waitForApi()
{
    QElapsedTimer waited;
    waited.start();
    while (true) {
        const auto polled = exec(0, ServeScripts::headPoll(plan));
        if (!checkContainers())
            return false;
        const auto result = polled.result();
        if (!result)
            return fail(0, Error(ServeJob::tr("%1 stopped answering during the launch: %2").arg(name(0), result.error().message)));
        const auto poll = ServeScripts::parseHeadPoll(QString::fromUtf8(result->standardOutput));
        passOn(0, poll.serveLog);
        if (poll.exitCode)
            return fail(0, Error(ServeJob::tr("vLLM on %1 ended with status %2 before it was ready.").arg(name(0)).arg(*poll.exitCode)),
                        poll.serveLog);
        if (poll.healthStatus == 200 && !poll.models.isEmpty()) {
            job.reportProgress(name(0), 1, ServeJob::tr("The API answers on port %1 with %2.").arg(plan.port).arg(poll.models.join(QStringLiteral(", "))));
            return true;
        }
        job.reportProgress(name(0), 0.7, ServeJob::tr("Waiting for vLLM to load %1 (%2 s)…").arg(plan.model).arg(waited.elapsed() / 1000));
        if (waited.elapsed() > options.readyTimeoutMs)
            return fail(0, Error(ServeJob::tr("vLLM on %1 did not answer on port %2 within %3 minutes.").arg(name(0)).arg(plan.port).arg(options.readyTimeoutMs / 60000.0, 0, 'f', 1)),
                        poll.serveLog);
        if (!pause(waited.elapsed()))
            return false;
    }
}

ServeOutcome ServeJob::launchNow(const ServePlan &plan, const QList<Device> &devices, const ServeLaunchOptions &options)
{
    Run run{*this, plan, options, {}, {}, {}, QList<QStringList>(plan.nodes.size())};
    if (!plan.canStart()) {
        run.outcome.error = Error(plan.refusals.value(0, tr("The plan has no node.")));
        return run.outcome;
    }
    for (const ServeNodePlan &node : plan.nodes) {
        const auto device = std::find_if(devices.cbegin(), devices.cend(), [&](const Device &d) { return d.name == node.node; });
        if (device == devices.cend()) {
            run.outcome.error = Error(tr("%1 is not registered.").arg(node.node));
            return run.outcome;
        }
        run.devices.append(*device);
    }
    QElapsedTimer clock;
    clock.start();
    const bool started = run.openSessions() && run.startContainers()
                      && (plan.nodes.constFirst().role == ServeNodePlan::Role::Solo || run.waitForRay()) && run.startServe()
                      && run.waitForApi();
    run.outcome.running = started;
    run.outcome.readyMs = clock.elapsed();
    return run.outcome;
}

QFuture<ServeOutcome> ServeJob::launch(const ServePlan &plan, const QList<Device> &devices, const ServeLaunchOptions &options)
{
    m_cancelled = false;
    return runOnThread([this, plan, devices, options] { return launchNow(plan, devices, options); });
}

ServeStopOutcome ServeJob::stopNow(const QString &cluster, const QString &launchId, const QList<Device> &devices)
{
    QElapsedTimer clock;
    clock.start();
    ServeStopOutcome outcome;
    const QString command = ServeScripts::removeContainers(cluster, launchId);
    outcome.nodes = onEveryDevice<ServeStopOutcome::Node>(
        devices,
        [&](const Device &device, SshSession &session) {
            const auto result = session.exec(command, {}, commandTimeoutMs).result();
            if (!result || !result->succeeded())
                return ServeStopOutcome::Node{device.name, {}, Error(tr("%1 could not remove the containers: %2").arg(device.name, said(result)))};
            return ServeStopOutcome::Node{device.name, lines(result->standardOutput), std::nullopt};
        },
        [](const Device &device, const Error &error) { return ServeStopOutcome::Node{device.name, {}, error}; },
        [this, &devices](const Device &device, const ServeStopOutcome::Node &node, int answered) {
            reportProgress(device.name, double(answered) / double(devices.size()),
                           node.error ? node.error->message
                                      : tr("%n container(s) removed.", nullptr, int(node.removed.size())));
        });
    if (outcome.ok()) {
        if (!launchId.isEmpty()) {
            ServeLaunches::remove(launchId);
        } else {
            for (const ServeLaunch &launch : ServeLaunches::ofCluster(cluster).valueOr({}))
                ServeLaunches::remove(launch.launchId);
        }
    }
    outcome.elapsedMs = clock.elapsed();
    return outcome;
}

QFuture<ServeStopOutcome> ServeJob::stop(const QString &cluster, const QString &launchId, const QList<Device> &devices)
{
    m_cancelled = false;
    return runOnThread([this, cluster, launchId, devices] { return stopNow(cluster, launchId, devices); });
}

} // namespace spark
