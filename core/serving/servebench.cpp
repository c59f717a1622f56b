// SPDX-License-Identifier: MIT
#include "core/serving/servebench.h"

#include "core/common/apppaths.h"
#include "core/common/jsonfile.h"
#include "core/common/logcategories.h"
#include "core/common/runonthread.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QThread>

#include <thread>

namespace spark {

namespace {
const QString prompt = QStringLiteral("Explain in a few sentences why a cluster of two computers needs a fast cable.");

QJsonObject measureJson(const StreamMeasure &m)
{
    return {{QStringLiteral("first_token_ms"), double(m.firstTokenMs)},
            {QStringLiteral("total_ms"), double(m.totalMs)},
            {QStringLiteral("tokens"), m.tokens},
            {QStringLiteral("decode_tokens_per_second"), m.decodeTokensPerSecond()},
            {QStringLiteral("error"), m.error.isEmpty() ? QJsonValue() : QJsonValue(m.error)}};
}

StreamMeasure measureFromJson(const QJsonObject &o)
{
    StreamMeasure m;
    m.firstTokenMs = qint64(o.value(QStringLiteral("first_token_ms")).toDouble());
    m.totalMs = qint64(o.value(QStringLiteral("total_ms")).toDouble());
    m.tokens = o.value(QStringLiteral("tokens")).toInt();
    // The rate is kept as measured; first and last token give it back.
    const double rate = o.value(QStringLiteral("decode_tokens_per_second")).toDouble();
    m.lastTokenMs = rate > 0 ? m.firstTokenMs + qint64(double(m.tokens - 1) * 1000.0 / rate) : m.firstTokenMs;
    m.error = o.value(QStringLiteral("error")).toString();
    return m;
}
} // namespace

double ServeBenchResult::meanFirstTokenMs() const
{
    if (concurrent.isEmpty())
        return 0;
    double sum = 0;
    for (const StreamMeasure &m : concurrent)
        sum += double(m.firstTokenMs);
    return sum / double(concurrent.size());
}

QJsonObject ServeBenchResult::toJson() const
{
    QJsonArray streams;
    for (const StreamMeasure &m : concurrent)
        streams.append(measureJson(m));
    return {{QStringLiteral("cluster"), cluster},
            {QStringLiteral("model"), model},
            {QStringLiteral("when"), when.toUTC().toString(Qt::ISODate)},
            {QStringLiteral("max_tokens"), maxTokens},
            {QStringLiteral("single"), measureJson(single)},
            {QStringLiteral("concurrent"), streams},
            {QStringLiteral("aggregate_tokens_per_second"), aggregateTokensPerSecond},
            {QStringLiteral("error"), error ? QJsonValue(error->message) : QJsonValue()}};
}

ServeBenchResult ServeBenchResult::fromJson(const QJsonObject &o)
{
    ServeBenchResult r;
    r.cluster = o.value(QStringLiteral("cluster")).toString();
    r.model = o.value(QStringLiteral("model")).toString();
    r.when = QDateTime::fromString(o.value(QStringLiteral("when")).toString(), Qt::ISODate);
    r.maxTokens = o.value(QStringLiteral("max_tokens")).toInt();
    r.single = measureFromJson(o.value(QStringLiteral("single")).toObject());
    for (const QJsonValue &m : o.value(QStringLiteral("concurrent")).toArray())
        r.concurrent.append(measureFromJson(m.toObject()));
    r.aggregateTokensPerSecond = o.value(QStringLiteral("aggregate_tokens_per_second")).toDouble();
    return r;
}

ServeBenchJob::ServeBenchJob(QObject *parent)
    : Job(lcServing, parent)
{
}

QFuture<ServeBenchResult> ServeBenchJob::run(const QUrl &base, const QString &cluster, const QString &model, int streams,
                                             int maxTokens)
{
    m_cancelled = false;
    return runOnThread([this, base, cluster, model, streams, maxTokens] {
        ServeBenchResult result{cluster, model, QDateTime::currentDateTimeUtc(), maxTokens, {}, {}, 0, std::nullopt};
        reportProgress(0, tr("One stream of %1 tokens…").arg(maxTokens));
        result.single = OpenAiClient::chat(base, model, prompt, maxTokens, {}, &m_cancelled);
        if (!result.single.error.isEmpty()) {
            result.error = Error(tr("The API did not answer the benchmark: %1").arg(result.single.error));
            return result;
        }
        reportProgress(0.5, tr("%1 streams at once…").arg(streams));
        QList<StreamMeasure> measures(streams);
        QElapsedTimer clock;
        clock.start();
        std::vector<std::thread> threads;
        for (int i = 0; i < streams; ++i)
            threads.emplace_back([&, i] {
                measures[i] = OpenAiClient::chat(base, model, prompt + QStringLiteral(" (%1)").arg(i), maxTokens, {}, &m_cancelled);
            });
        for (std::thread &thread : threads)
            thread.join();
        const qint64 wall = clock.elapsed();
        int tokens = 0;
        for (const StreamMeasure &m : std::as_const(measures)) {
            tokens += m.tokens;
            if (!m.error.isEmpty() && !result.error)
                result.error = Error(tr("A stream of the benchmark failed: %1").arg(m.error));
        }
        result.concurrent = measures;
        result.aggregateTokensPerSecond = wall > 0 ? double(tokens) * 1000.0 / double(wall) : 0;
        if (isCancelled() && !result.error)
            result.error = Error(tr("The benchmark was cancelled."));
        reportProgress(1, tr("Done."));
        return result;
    });
}

QString ServeBenchHistory::path()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("serving-benchmarks.json"));
}

namespace {
Expected<QJsonArray> readRuns()
{
    const auto object = JsonFile::read(ServeBenchHistory::path(), ServeBenchHistory::tr("Could not read the benchmarks %1: %2"),
                                       ServeBenchHistory::tr("The benchmarks file %1 is damaged (%2); move it away to start a new one."));
    if (!object)
        return object.error();
    return object->value(QStringLiteral("runs")).toArray();
}
} // namespace

Expected<QList<ServeBenchResult>> ServeBenchHistory::of(const QString &cluster, const QString &model)
{
    const auto runs = readRuns();
    if (!runs)
        return runs.error();
    QList<ServeBenchResult> out;
    for (const QJsonValue &run : *runs) {
        const ServeBenchResult r = ServeBenchResult::fromJson(run.toObject());
        if (r.cluster == cluster && r.model == model)
            out.append(r);
    }
    return out;
}

Expected<void> ServeBenchHistory::add(const ServeBenchResult &result)
{
    auto runs = readRuns();
    if (!runs)
        return runs.error();
    runs->append(result.toJson());
    QJsonArray trimmed;
    int same = 0;
    for (qsizetype i = runs->size() - 1; i >= 0; --i) {
        const QJsonObject run = runs->at(i).toObject();
        const bool mine = run.value(QStringLiteral("cluster")).toString() == result.cluster
                       && run.value(QStringLiteral("model")).toString() == result.model;
        if (mine && ++same > kept)
            continue;
        trimmed.prepend(run);
    }
    return JsonFile::write(path(), {{QStringLiteral("runs"), trimmed}}, tr("Could not keep the benchmark in %1: %2"));
}

QString ServeBenchHistory::comparison(const ServeBenchResult &now, const std::optional<ServeBenchResult> &before)
{
    const auto change = [](double a, double b) {
        return b > 0 ? tr(" (%1%2 % on the last run)").arg(a >= b ? QStringLiteral("+") : QStringLiteral("−")).arg(std::abs(a - b) * 100.0 / b, 0, 'f', 1)
                     : QString();
    };
    QString text = tr("One stream: first token after %1 ms, decode %2 tokens/s%3. %4 streams at once: %5 tokens/s in all%6, "
                      "first token after %7 ms on average.")
                       .arg(now.single.firstTokenMs)
                       .arg(now.single.decodeTokensPerSecond(), 0, 'f', 1)
                       .arg(before ? change(now.single.decodeTokensPerSecond(), before->single.decodeTokensPerSecond()) : QString())
                       .arg(now.concurrent.size())
                       .arg(now.aggregateTokensPerSecond, 0, 'f', 1)
                       .arg(before ? change(now.aggregateTokensPerSecond, before->aggregateTokensPerSecond) : QString())
                       .arg(now.meanFirstTokenMs(), 0, 'f', 0);
    return text;
}

} // namespace spark
