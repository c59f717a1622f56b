// SPDX-License-Identifier: MIT
#include "core/models/modelcopyjob.h"

#include "core/models/downloadonnode.h"

#include "core/common/logcategories.h"
#include "core/common/shellquote.h"
#include "core/linktest/taggedtools.h"
#include "core/models/modelcopyscript.h"
#include "core/models/modelinventoryjob.h"
#include "core/models/ondevices.h"
#include "core/ssh/sshsession.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QMutex>
#include <QMutexLocker>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <numeric>
#include <thread>
#include <vector>

namespace spark {

namespace {

struct CopyText
{
    Q_DECLARE_TR_FUNCTIONS(spark::ModelCopyJob)
};

constexpr int ReportEveryMs = 250;

QString stateKey(NodeCopy::State state)
{
    switch (state) {
    case NodeCopy::State::AlreadyComplete:
        return QStringLiteral("already-complete");
    case NodeCopy::State::Copied:
        return QStringLiteral("copied");
    case NodeCopy::State::Failed:
        return QStringLiteral("failed");
    case NodeCopy::State::Cancelled:
        return QStringLiteral("cancelled");
    case NodeCopy::State::NotStarted:
        break;
    }
    return QStringLiteral("not-started");
}

QString timeLeftText(double seconds)
{
    if (seconds < 90)
        return CopyText::tr("about %n s left", nullptr, std::max(1, int(seconds + 0.5)));
    return CopyText::tr("about %n min left", nullptr, int(seconds / 60 + 0.5));
}

const Device *deviceNamed(const QList<Device> &devices, const QString &name)
{
    for (const Device &device : devices) {
        if (device.name == name)
            return &device;
    }
    return nullptr;
}

// The hops that depend on `hop` reaching its node: its node's own hops, and theirs.
QList<qsizetype> downstreamOf(const QList<CopyHop> &hops, qsizetype hop)
{
    QList<qsizetype> found;
    QStringList reached{hops.at(hop).to};
    for (qsizetype i = hop + 1; i < hops.size(); ++i) {
        if (reached.contains(hops.at(i).from)) {
            found << i;
            reached << hops.at(i).to;
        }
    }
    return found;
}

} // namespace

bool NodeCopy::passed() const
{
    return state == State::AlreadyComplete || (state == State::Copied && verification && verification->passed());
}

QString NodeCopy::sentence() const
{
    const QString size = ModelInventory::sizeText(bytesToSend);
    switch (state) {
    case State::AlreadyComplete:
        return CopyText::tr("%1 already holds this revision complete; nothing was sent.").arg(node);
    case State::Cancelled:
        return CopyText::tr("The copy to %1 was cancelled; what arrived whole stays, and the next copy goes on from there.")
            .arg(node);
    case State::NotStarted:
        return error ? error->message : CopyText::tr("Nothing was sent to %1.").arg(node);
    case State::Failed:
        return error ? error->message : CopyText::tr("The copy to %1 failed.").arg(node);
    case State::Copied:
        break;
    }
    if (!verification || !verification->passed())
        return CopyText::tr("%1 received %2 from %3, but the check after the copy failed: %4")
            .arg(node, size, from, verification ? verification->sentence() : CopyText::tr("it was not checked"));
    const double rate = seconds > 0 ? double(bytesArrived) / seconds : 0;
    return CopyText::tr("%1 received %2 from %3 in %4 s (%5/s) and checked every file against its hash.")
        .arg(node, size, from, QString::number(seconds, 'f', 1), ModelInventory::sizeText(qint64(rate)));
}

QJsonObject NodeCopy::toJson() const
{
    return QJsonObject{
        {QStringLiteral("node"), node},
        {QStringLiteral("state"), stateKey(state)},
        {QStringLiteral("passed"), passed()},
        {QStringLiteral("sentence"), sentence()},
        {QStringLiteral("from"), from.isEmpty() ? QJsonValue() : QJsonValue(from)},
        {QStringLiteral("via"), QJsonArray::fromStringList(via)},
        {QStringLiteral("bytes_to_send"), double(bytesToSend)},
        {QStringLiteral("bytes_arrived"), double(bytesArrived)},
        {QStringLiteral("bytes_on_cable"), double(bytesOnCable)},
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("verification"), verification ? QJsonValue(verification->toJson()) : QJsonValue()},
    };
}

bool ModelCopyResult::passed() const
{
    return !error && std::all_of(nodes.cbegin(), nodes.cend(), [](const NodeCopy &node) { return node.passed(); });
}

QJsonObject ModelCopyResult::toJson() const
{
    QJsonArray all;
    for (const NodeCopy &node : nodes)
        all.append(node.toJson());
    return QJsonObject{
        {QStringLiteral("repo_id"), repoId},
        {QStringLiteral("revision"), commit.isEmpty() ? QJsonValue() : QJsonValue(commit)},
        {QStringLiteral("source"), source.isEmpty() ? QJsonValue() : QJsonValue(source)},
        {QStringLiteral("download"), download ? QJsonValue(download->toJson()) : QJsonValue()},
        {QStringLiteral("passed"), passed()},
        {QStringLiteral("nodes"), all},
    };
}

ModelCopyJob::ModelCopyJob(QObject *parent)
    : Job(lcModels, parent)
{
}

namespace {

using Report = std::function<void(const QString &node, double fraction, const QString &sentence)>;

// A node's default cache as the planner takes it; an error when it could not be read.
Expected<CopyNode> copyNodeOf(const NodeModels &node, const QString &user)
{
    if (node.error || node.listing.roots.isEmpty())
        return Error(CopyText::tr("%1 could not be read (%2); nothing was copied. Check that it is on and try again.")
                         .arg(node.node, node.error ? node.error->message : CopyText::tr("no cache folder")));
    return CopyNode{node.node, user, node.listing.roots.constFirst()};
}

// Every node's default cache, read at once; an error names the first node that could not be read.
Expected<QList<CopyNode>> readNodes(const ModelCopyRequest &request)
{
    const QList<NodeModels> listed = onEveryDevice<NodeModels>(
        request.devices, [](const Device &device, SshSession &session) { return ModelInventoryJob::readNode(session, device.name, {}); },
        [](const Device &device, const Error &error) { return NodeModels{device.name, error, {}, {}}; },
        [](const Device &, const NodeModels &, int) {});
    QList<CopyNode> nodes;
    for (qsizetype i = 0; i < listed.size(); ++i) {
        const Expected<CopyNode> node = copyNodeOf(listed.at(i), request.devices.at(i).user);
        if (!node)
            return node.error();
        nodes.append(*node);
    }
    return nodes;
}

// One line per node but the source: already whole, or to receive from whom.
QList<NodeCopy> nodeCopies(const ModelCopyPlan &plan, const QList<CopyNode> &nodes)
{
    QList<NodeCopy> copies;
    for (const CopyNode &node : nodes) {
        if (node.name == plan.source)
            continue;
        NodeCopy copy;
        copy.node = node.name;
        if (plan.alreadyComplete.contains(node.name))
            copy.state = NodeCopy::State::AlreadyComplete;
        for (const CopyHop &hop : plan.hops) {
            if (hop.to == node.name) {
                copy.from = hop.from;
                copy.via = hop.toAddresses;
                copy.bytesToSend = hop.bytesToSend;
            }
        }
        if (copy.state == NodeCopy::State::AlreadyComplete || !copy.from.isEmpty())
            copies.append(copy);
    }
    return copies;
}

// Every blob of the model hashed on the node, over a session of its own.
NodeVerification verifiedOn(const Device &device, const QString &repoId)
{
    std::optional<Error> error;
    const auto session = openVerifiedSession(device, &error);
    return session ? ModelVerifyJob::verifyNode(*session, device.name, repoId, {})
                   : NodeVerification{device.name, error, false, {}, {}};
}

// The source's own copy proven before it is spread.
std::optional<Error> checkSource(const ModelCopyPlan &plan, const QList<Device> &devices)
{
    const NodeVerification checked = verifiedOn(*deviceNamed(devices, plan.source), plan.repoId);
    if (checked.passed())
        return std::nullopt;
    return Error(CopyText::tr("The copy of %1 on %2 fails its own check, so it is not spread: %3")
                     .arg(plan.repoId, plan.source, checked.sentence()));
}

// Every destination can receive: rsync there, and the space.
std::optional<Error> checkDestinations(const ModelCopyPlan &plan, const QList<Device> &devices)
{
    for (const CopyHop &hop : plan.hops) {
        std::optional<Error> error;
        const auto session = openVerifiedSession(*deviceNamed(devices, hop.to), &error);
        const auto answer = session ? session->exec(ModelCopyScript::destinationCommand(hop.toFolder)).result()
                                    : Expected<ExecResult>(*error);
        QString problem;
        if (!answer) {
            problem = answer.error().message;
        } else {
            const CopyDestination destination = ModelCopyScript::parseDestination(QString::fromUtf8(answer->standardOutput));
            if (!destination.ready)
                problem = CopyText::tr("%1 could not be asked for its free space (%2).").arg(hop.to, destination.said);
            else if (!destination.hasRsync)
                problem = CopyText::tr("rsync is not installed on %1: install it there (sudo apt install rsync) and "
                                       "copy again.")
                              .arg(hop.to);
            else
                problem = ModelCopyPlanner::spaceProblem(hop.to, hop.toFolder, destination.freeBytes, hop.bytesToSend);
        }
        if (!problem.isEmpty())
            return Error(problem + QLatin1Char(' ') + CopyText::tr("Nothing was copied."));
    }
    return std::nullopt;
}

// One hop's transfer as its script reports it: per stream the bytes of the
// files reported whole, where its running rsync started and what that rsync
// counts so far; progress said at most every ReportEveryMs.
class HopTransfer
{
public:
    HopTransfer(const ModelCopyPlan &plan, const CopyHop &hop, Report report)
        : m_hop(hop)
        , m_report(std::move(report))
        , m_done(plan.streams.size(), 0)
        , m_batchStart(plan.streams.size(), 0)
        , m_batch(plan.streams.size(), 0)
        , m_saidOf(plan.streams.size())
    {
        for (const auto &stream : plan.streams) {
            for (const CopyFile &file : stream)
                m_sizes.insert(file.blob, file.bytes);
        }
        m_clock.start();
    }

    void take(const QString &line)
    {
        if (line == QLatin1String("@@finished")) {
            m_finished = true;
            return;
        }
        const CopyLine parsed = ModelCopyScript::parseLine(line);
        const qsizetype stream = parsed.stream >= 0 && parsed.stream < m_done.size() ? parsed.stream : 0;
        switch (parsed.kind) {
        case CopyLine::Kind::Batch:
            m_batchStart[stream] = m_done[stream];
            m_batch[stream] = 0;
            break;
        case CopyLine::Kind::Progress:
            m_batch[stream] = parsed.bytes;
            break;
        case CopyLine::Kind::FileDone:
            m_done[stream] += m_sizes.value(parsed.text);
            break;
        case CopyLine::Kind::Literal:
            m_literal += parsed.bytes;
            break;
        case CopyLine::Kind::Failed:
            // The first stream to fail is the one the sentence is about: its
            // exit code with its own words (streams fail in any order).
            if (m_failKey.isEmpty()) {
                m_failKey = parsed.text;
                m_failCode = parsed.exitCode;
                m_failSaid = m_saidOf.value(stream);
            }
            break;
        case CopyLine::Kind::Said:
            m_saidOf[stream] = parsed.text;
            m_lastSaid = parsed.text;
            qCDebug(lcModels) << m_hop.from << "->" << m_hop.to << parsed.text;
            break;
        case CopyLine::Kind::Other:
            break;
        }
        report(false);
    }

    void report(bool force)
    {
        const qint64 now = m_clock.elapsed();
        if (!force && now - m_lastReport < ReportEveryMs)
            return;
        m_lastReport = now;
        const qint64 arrived = arrivedBytes();
        const double rate = now > 0 ? double(arrived) * 1000.0 / double(now) : 0;
        const double fraction = m_hop.bytesToSend > 0 ? double(arrived) / double(m_hop.bytesToSend) : 1.0;
        QString sentence = CopyText::tr("%1: %2 of %3 from %4, %5/s")
                               .arg(m_hop.to, ModelInventory::sizeText(arrived), ModelInventory::sizeText(m_hop.bytesToSend),
                                    m_hop.from, ModelInventory::sizeText(qint64(rate)));
        if (rate > 0 && arrived < m_hop.bytesToSend)
            sentence += QStringLiteral(", ") + timeLeftText(double(m_hop.bytesToSend - arrived) / rate);
        m_report(m_hop.to, 0.9 * fraction, sentence);
    }

    // What the transfer did, once its script ended (or could not run: `error`).
    NodeCopy outcome(const std::optional<Error> &error, const std::optional<TaggedToolEnd> &ended, bool cancelledByUser) const
    {
        NodeCopy copy;
        copy.bytesArrived = std::min(m_hop.bytesToSend, std::accumulate(m_done.cbegin(), m_done.cend(), qint64(0)));
        copy.bytesOnCable = m_literal;
        copy.seconds = double(m_clock.elapsed()) / 1000.0;
        if (error) {
            copy.state = NodeCopy::State::Failed;
            copy.error = error;
        } else if (ended->cancelled) {
            copy.state = cancelledByUser ? NodeCopy::State::Cancelled : NodeCopy::State::Failed;
            if (!cancelledByUser)
                copy.error = Error(CopyText::tr("%1 did not receive the model whole, so it could not pass it on to %2.")
                                       .arg(m_hop.from, m_hop.to));
        } else if (!m_finished || ended->exitCode.value_or(-1) != 0) {
            copy.state = NodeCopy::State::Failed;
            // Without a @@fail line (the script itself stopped): its code and the last words said.
            const int code = m_failKey.isEmpty() ? ended->exitCode.value_or(-1) : m_failCode;
            const QString said = m_failKey.isEmpty() ? m_lastSaid : m_failSaid;
            copy.error = Error(ModelCopyScript::failureSentence(m_hop, m_failKey, code, said));
        } else {
            copy.state = NodeCopy::State::Copied;
            copy.bytesArrived = m_hop.bytesToSend;
        }
        return copy;
    }

private:
    qint64 arrivedBytes() const
    {
        qint64 sum = 0;
        for (qsizetype stream = 0; stream < m_done.size(); ++stream)
            sum += std::max(m_done[stream], m_batchStart[stream] + m_batch[stream]);
        return std::min(m_hop.bytesToSend, sum);
    }

    const CopyHop &m_hop;
    Report m_report;
    QList<qint64> m_done;
    QList<qint64> m_batchStart;
    QList<qint64> m_batch;
    QList<QString> m_saidOf; // each stream's last words
    QHash<QString, qint64> m_sizes;
    QElapsedTimer m_clock;
    qint64 m_literal = 0;
    qint64 m_lastReport = -ReportEveryMs;
    QString m_lastSaid;
    QString m_failKey;
    int m_failCode = -1;
    QString m_failSaid;
    bool m_finished = false;
};

// The blobs over the cable: the hop's script on its sending node, on a session of its own.
NodeCopy transfer(const ModelCopyPlan &plan, const CopyHop &hop, const QList<Device> &devices, const std::atomic<bool> &stop,
                  const std::function<bool()> &cancelledByUser, const Report &report)
{
    HopTransfer counted(plan, hop, report);
    const Expected<QString> script = ModelCopyScript::hopScript(plan, hop);
    std::optional<Error> error = script ? std::nullopt : std::optional<Error>(script.error());
    std::unique_ptr<SshSession> session;
    if (!error)
        session = openVerifiedSession(*deviceNamed(devices, hop.from), &error);
    std::optional<TaggedToolEnd> ended;
    if (!error) {
        const auto run = runTaggedTool(
            session.get(), {QStringLiteral("setsid"), QStringLiteral("bash"), QStringLiteral("-c"), *script, QStringLiteral("model-copy")},
            [&](const QString &line) { counted.take(line); }, stop);
        if (run)
            ended = *run;
        else
            error = run.error();
    }
    NodeCopy copy = counted.outcome(error, ended, cancelledByUser());
    if (copy.state == NodeCopy::State::Copied)
        counted.report(true);
    return copy;
}

// On the destination once every blob is there: the snapshot's links and the refs.
void makeSnapshot(const ModelCopyPlan &plan, const CopyHop &hop, const QList<Device> &devices, NodeCopy &copy)
{
    std::optional<Error> failed;
    const auto target = openVerifiedSession(*deviceNamed(devices, hop.to), &failed);
    const Expected<QString> command = ModelCopyScript::snapshotCommand(plan, hop.toFolder);
    if (target && command) {
        const auto made = target->exec(QStringLiteral("sh -c %1").arg(shellQuote(*command))).result();
        if (!made || !made->succeeded())
            failed = Error(CopyText::tr("The snapshot of %1 could not be made on %2 (%3); copy again.")
                               .arg(plan.repoId, hop.to,
                                    made ? QString::fromUtf8(made->standardError).trimmed() : made.error().message));
    } else if (!command) {
        failed = command.error();
    }
    if (failed) {
        copy.state = NodeCopy::State::Failed;
        copy.error = failed;
    }
}

// Every blob hashed on each node that received the model, all at once, once
// every transfer ended (a node passing the model on hashes after it has sent).
void verifyCopies(const ModelCopyPlan &plan, const QList<Device> &devices, QList<NodeCopy> &copies, const Report &report)
{
    std::vector<std::thread> threads;
    for (NodeCopy &copy : copies) {
        if (copy.state != NodeCopy::State::Copied)
            continue;
        report(copy.node, 0.95, CopyText::tr("%1: all files arrived; checking each against its hash.").arg(copy.node));
        threads.emplace_back(
            [&plan, &devices, &copy] { copy.verification = verifiedOn(*deviceNamed(devices, copy.node), plan.repoId); });
    }
    for (std::thread &thread : threads)
        thread.join();
}

} // namespace

// The model on one node from Hugging Face, when no node holds the revision
// whole: with the node's own client, then the plan is made again from there.
bool ModelCopyJob::downloadFirst(const ModelCopyRequest &request, QList<CopyNode> &nodes, ModelCopyResult &result)
{
    const ModelCopyRequest::Download &asked = *request.download;
    const QString node = asked.node.isEmpty() ? request.devices.constFirst().name : asked.node;
    const Device *device = deviceNamed(request.devices, node);
    if (!device) {
        result.error = Error(CopyText::tr("%1 is not a Spark of this cluster.").arg(node));
        return false;
    }
    reportProgress(node, -1, CopyText::tr("%1: downloading %2 from Hugging Face.").arg(node, request.repoId));
    std::optional<Error> failed;
    const auto session = openVerifiedSession(*device, &failed);
    if (!session) {
        result.error = failed;
        return false;
    }
    result.download = downloadOnNode(*session, node, request.repoId, asked.revision, asked.token, m_cancelled,
                                     [&](qint64 bytes, double seconds) {
                                         const double rate = seconds > 0 ? double(bytes) / seconds : 0;
                                         reportProgress(node, -1, CopyText::tr("%1: %2 downloaded from Hugging Face, %3/s").arg(node, ModelInventory::sizeText(bytes), ModelInventory::sizeText(qint64(rate))));
                                     });
    if (result.download->cancelled) {
        result.error = Error(CopyText::tr("The download was cancelled: what arrived whole on %1 stays, and the next "
                                          "download goes on from there.")
                                 .arg(node));
        return false;
    }
    if (!result.download->passed()) {
        result.error = result.download->error;
        return false;
    }
    reportProgress(node, -1, CopyText::tr("%1: downloaded %2 (%3).").arg(node, request.repoId, ModelInventory::sizeText(result.download->bytes)));
    // Only this node changed: it alone is read again, over the session it downloaded on.
    const Expected<CopyNode> again = copyNodeOf(ModelInventoryJob::readNode(*session, node, {}), device->user);
    if (!again) {
        result.error = again.error();
        return false;
    }
    for (CopyNode &listed : nodes) {
        if (listed.name == node)
            listed = *again;
    }
    return true;
}

// Before anything is sent: what each node holds (downloaded first when asked
// and no node holds it whole), the plan, the source's own check and every
// destination's. Nothing when something stops the copy (result.error says why).
std::optional<ModelCopyPlan> ModelCopyJob::prepare(const ModelCopyRequest &request, ModelCopyResult &result)
{
    reportProgress(0, CopyText::tr("Reading what every Spark holds of %1.").arg(request.repoId));
    auto nodes = readNodes(request);
    if (!nodes) {
        result.error = nodes.error();
        return std::nullopt;
    }
    const QString revision = request.download ? request.download->revision : QString();
    if (request.download && !ModelCopyPlanner::completeSomewhere(*nodes, request.repoId, revision)
        && !downloadFirst(request, *nodes, result))
        return std::nullopt;
    if (isCancelled()) {
        result.error = Error(CopyText::tr("The copy was cancelled before anything was sent."));
        return std::nullopt;
    }
    Expected<ModelCopyPlan> planned = ModelCopyPlanner::plan(request.repoId, *nodes, request.addresses, request.source,
                                                             request.targets, revision);
    if (!planned) {
        result.error = planned.error();
        return std::nullopt;
    }
    result.commit = planned->commit;
    result.source = planned->source;
    result.nodes = nodeCopies(*planned, *nodes);
    // A model just downloaded is proven even when no node needs a copy.
    if (planned->hops.isEmpty() && !result.download)
        return std::nullopt;
    reportProgress(planned->source, -1, CopyText::tr("Checking %1 on %2 before it is copied.").arg(request.repoId, planned->source));
    result.error = checkSource(*planned, request.devices);
    if (!result.error)
        result.error = checkDestinations(*planned, request.devices);
    if (result.error || planned->hops.isEmpty())
        return std::nullopt;
    return *planned;
}

ModelCopyResult ModelCopyJob::copyNow(const ModelCopyRequest &request)
{
    ModelCopyResult result;
    result.repoId = request.repoId;
    const std::optional<ModelCopyPlan> prepared = prepare(request, result);
    if (!prepared)
        return result;
    const ModelCopyPlan &plan = *prepared;

    // Every hop at once; a hop that fails stops those that wait on its node.
    QMutex mutex;
    std::vector<std::unique_ptr<std::atomic<bool>>> stops;
    for (qsizetype i = 0; i < plan.hops.size(); ++i)
        stops.push_back(std::make_unique<std::atomic<bool>>(false));
    std::atomic<bool> watching{true};
    std::thread cancelWatch([&] {
        while (watching.load() && !isCancelled())
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (isCancelled()) {
            for (auto &stop : stops)
                stop->store(true);
        }
    });
    const Report report = [this](const QString &node, double fraction, const QString &sentence) {
        reportProgress(node, fraction, sentence);
    };
    std::vector<std::thread> threads;
    for (qsizetype h = 0; h < plan.hops.size(); ++h) {
        threads.emplace_back([&, h] {
            const CopyHop &hop = plan.hops.at(h);
            NodeCopy copy = transfer(
                plan, hop, request.devices, *stops[size_t(h)], [this] { return isCancelled(); }, report);
            if (copy.state == NodeCopy::State::Copied) {
                makeSnapshot(plan, hop, request.devices, copy);
            } else {
                for (const qsizetype after : downstreamOf(plan.hops, h))
                    stops[size_t(after)]->store(true);
            }
            const QMutexLocker locker(&mutex);
            for (NodeCopy &line : result.nodes) {
                if (line.node != hop.to)
                    continue;
                line.state = copy.state;
                line.error = copy.error;
                line.bytesArrived = copy.bytesArrived;
                line.bytesOnCable = copy.bytesOnCable;
                line.seconds = copy.seconds;
                if (line.state != NodeCopy::State::Copied)
                    reportProgress(hop.to, 1.0, line.sentence());
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    watching = false;
    cancelWatch.join();
    verifyCopies(plan, request.devices, result.nodes, report);
    for (const NodeCopy &copy : std::as_const(result.nodes)) {
        if (copy.state == NodeCopy::State::Copied)
            reportProgress(copy.node, 1.0, copy.sentence());
    }
    return result;
}

} // namespace spark
