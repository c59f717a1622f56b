// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/serving/servejob.h"
#include "core/serving/serveplan.h"

#include <QCoreApplication>
#include <QFuture>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace spark {

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

} // namespace spark
