// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/serving/servejob.h"
#include "core/serving/servelaunches.h"
#include "core/serving/serveplan.h"

#include <QCoreApplication>
#include <QFuture>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <memory>

namespace spark {

class ClusterSessions;

// What `serve plan` and `serve start` (and the window's Run a model) ask for.
struct ServeAsk
{
    QString cluster; // empty: the cluster planned last
    Recipe recipe;
    QList<QPair<QString, QString>> overrides; // placeholder values
    QString soloNode;                         // serve on this node alone
    QStringList extraFolders;                 // model caches besides the default, on every node
};

struct ServePreparation
{
    ServePlan plan;
    QList<Device> devices;      // the cluster's, registered
    ServeLaunchOptions options; // the ready wait sized for the model's weights
};

// Reads the cluster for a launch, on a thread of its own: its sessions, each
// node's facts (the CX-7 addresses, the management address, the GID table),
// the model in each node's caches, and Docker's images, our containers and
// the listening ports; then plans (ServePlanner). Nothing is written. An error
// when the cluster cannot be opened or read; the plan's refusals otherwise.
QFuture<Expected<ServePreparation>> prepareServing(const ServeAsk &ask);

// The model a recipe serves: its `model`, else the id the command names.
QString servedModelOf(const Recipe &recipe);

// A running launch's API on this computer: a tunnel from a free local port
// to the head's API port over the head's own session (the API listens on
// the Spark; nothing else is opened on the network). Blocking.
struct ServeEndpoint
{
    ServeEndpoint() = default;
    Q_DISABLE_COPY_MOVE(ServeEndpoint)
    ~ServeEndpoint();
    std::unique_ptr<ClusterSessions> sessions; // keeps the tunnel open
    ServeLaunch launch;
    QUrl base; // http://127.0.0.1:PORT/
};
Expected<std::unique_ptr<ServeEndpoint>> openServeEndpoint(const QString &cluster, const QString &launchId = {});

} // namespace spark
