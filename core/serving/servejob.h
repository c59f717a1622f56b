// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/devices/device.h"
#include "core/serving/serveplan.h"

#include <QFuture>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace spark {

class SshSession;

struct ServeLaunchOptions
{
    int joinTimeoutMs = 120000;  // every worker in Ray (seconds on a Spark; a worker that cannot reach the head never joins)
    int readyTimeoutMs = 600000; // the API's /health after `vllm serve` started (see readyTimeoutFor)
    int pollMs = 1000;
    // Loading the weights from the node's disk at 200 MB/s (far below a
    // Spark's NVMe), plus ten minutes for vLLM's compilation and CUDA graphs.
    static int readyTimeoutFor(qint64 weightBytesPerNode);
};

struct ServeOutcome
{
    bool running = false;       // the API answered with the model, and the launch is recorded
    std::optional<Error> error; // why it stopped; the node is named
    QString failedNode;
    QStringList lastLines;  // what that node's engine printed last
    QStringList leftBehind; // nodes that did not answer the clean-up: their containers may still be there
    qint64 readyMs = 0;     // from the first docker run to a ready API
    QJsonObject toJson() const;
};

struct ServeStopOutcome
{
    struct Node
    {
        QString node;
        QStringList removed;        // container ids docker rm printed
        std::optional<Error> error; // it did not answer, or docker failed
    };
    QList<Node> nodes;
    qint64 elapsedMs = 0;
    bool ok() const;
    QJsonObject toJson() const;
};

// Starts a planned launch and stops launches, on every node of the plan. The
// start: Ray's head, then every worker at once, then Ray is asked until it
// sees every node, then `vllm serve` in the head's container, then the API is
// asked until /health answers and /v1/models names the model. A container
// that exits, a wait that runs out, a node that stops answering or cancel()
// stops the launch: every container it started is removed on every node that
// answers, and the outcome names the node and its engine's last lines.
class ServeJob final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServeJob)

public:
    explicit ServeJob(QObject *parent = nullptr);

    // `devices`: the plan's nodes (by name), registered.
    QFuture<ServeOutcome> launch(const ServePlan &plan, const QList<Device> &devices, const ServeLaunchOptions &options);
    // Removes the launch's containers (launchId empty: every launch of the
    // cluster) on every device, at once, and forgets the record.
    QFuture<ServeStopOutcome> stop(const QString &cluster, const QString &launchId, const QList<Device> &devices);

Q_SIGNALS:
    // A line the engine printed (Ray or vLLM), for a log pane or --verbose.
    void engineLine(const QString &node, const QString &line);

private:
    struct Run;
    ServeOutcome launchNow(const ServePlan &plan, const QList<Device> &devices, const ServeLaunchOptions &options);
    ServeStopOutcome stopNow(const QString &cluster, const QString &launchId, const QList<Device> &devices);
};

} // namespace spark
