// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/serving/servelaunches.h"
#include "core/serving/servenodestate.h"

#include <QFuture>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace spark {

// What runs of ours on a cluster: the recorded launches, every container
// with our labels on each node (also ones no record names), and whether each
// launch's API answers on its head.
struct ServeStatus
{
    struct Node
    {
        QString node;
        std::optional<Error> error;
        QList<ServeContainer> containers; // of this cluster
    };
    struct Launch
    {
        ServeLaunch launch;
        int healthStatus = 0; // the head's /health (0: no answer)
        int running = 0;      // its containers that run, on every node
        int containers = 0;   // its containers, on every node
        bool healthy() const { return healthStatus == 200 && running == containers && containers > 0; }
    };
    QList<Node> nodes;
    QList<Launch> launches; // recorded ones, then ones found only by their labels
    QJsonObject toJson() const;
};

// Reads every device at once, read-only.
QFuture<ServeStatus> readServeStatus(const QString &cluster, const QList<Device> &devices);

} // namespace spark
