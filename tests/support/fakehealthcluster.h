// SPDX-License-Identifier: MIT
#pragma once

// Health sessions over recorded polls instead of SSH, for ClusterWatch and the
// windows that use it: each node answers with a fixture from
// tests/fixtures/health (or not at all), and every poll is counted.

#include "core/health/clusterwatch.h"
#include "core/health/healthsession.h"
#include "tests/support/fixtures.h"

#include <QHash>
#include <QPromise>

namespace spark::test {

struct FakeHealthCluster
{
    // node → fixture under health/ ("a.txt|b.txt": in turn); missing or empty: no answer
    QHash<QString, QString> answers;
    QHash<QString, int> polls;       // node → polls so far
    int sessionsOpened = 0;

    static QFuture<Expected<ExecResult>> ready(Expected<ExecResult> value)
    {
        QPromise<Expected<ExecResult>> promise;
        promise.start();
        promise.addResult(std::move(value));
        promise.finish();
        return promise.future();
    }

    QFuture<Expected<ExecResult>> poll(const QString &node)
    {
        ++polls[node];
        const QString fixture = answers.value(node);
        if (fixture.isEmpty())
            return ready(Error(QStringLiteral("%1 does not answer.").arg(node), QStringLiteral("connect: timeout")));
        const QStringList turns = fixture.split(QLatin1Char('|'));
        ExecResult result;
        result.exitCode = 0;
        result.standardOutput = readFixture(QStringLiteral("health/") + turns.at((polls[node] - 1) % turns.size())).toUtf8();
        return ready(result);
    }

    int totalPolls() const
    {
        int total = 0;
        for (const int count : polls)
            total += count;
        return total;
    }

    ClusterWatch::Opener opener()
    {
        return [this](const ClusterDefinition &cluster) {
            ++sessionsOpened;
            return HealthSession::open(
                cluster, [this](const QString &node, const QByteArray &) { return poll(node); }, {});
        };
    }
};

// A two-Spark cluster (spark-1, spark-2, port 0) in a cluster file of its own.
inline ClusterDefinition pairCluster(const QString &name = QStringLiteral("pair"))
{
    ClusterDefinition cluster;
    cluster.name = name;
    cluster.layout = ClusterLayout::Direct2;
    cluster.devices = {QStringLiteral("spark-1"), QStringLiteral("spark-2")};
    cluster.port = 0;
    return cluster;
}

inline bool saveClusters(const QString &file, const QList<ClusterDefinition> &clusters)
{
    ClusterStore store(file);
    for (const ClusterDefinition &cluster : clusters) {
        if (!store.put(cluster))
            return false;
    }
    return store.save().hasValue();
}

} // namespace spark::test
