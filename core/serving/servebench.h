// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/serving/openaiclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFuture>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrl>

namespace spark {

// Time to first token and decode rate of one stream, then of N at once
// (aggregate: every stream's tokens over the time from the first send to the
// last end), against the served model's API.
struct ServeBenchResult
{
    QString cluster;
    QString model;
    QDateTime when;
    int maxTokens = 0;
    StreamMeasure single;
    QList<StreamMeasure> concurrent;
    double aggregateTokensPerSecond = 0;
    std::optional<Error> error;

    double meanFirstTokenMs() const; // of the concurrent streams
    QJsonObject toJson() const;
    static ServeBenchResult fromJson(const QJsonObject &object);
};

class ServeBenchJob final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServeBenchJob)

public:
    explicit ServeBenchJob(QObject *parent = nullptr);
    QFuture<ServeBenchResult> run(const QUrl &base, const QString &cluster, const QString &model, int streams, int maxTokens);
};

// Each cluster's and model's runs, in serving-benchmarks.json beside clusters.json.
class ServeBenchHistory
{
    Q_DECLARE_TR_FUNCTIONS(spark::ServeBenchHistory)

public:
    static constexpr int kept = 50; // per cluster and model
    static QString path();
    static Expected<QList<ServeBenchResult>> of(const QString &cluster, const QString &model);
    static Expected<void> add(const ServeBenchResult &result);
    // "Decode 48.1 tokens/s (+2.3 % on the last run), 4 streams 160.2 tokens/s (−1.0 %)"
    static QString comparison(const ServeBenchResult &now, const std::optional<ServeBenchResult> &before);
};

} // namespace spark
