// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthalert.h"
#include "core/health/noderates.h"
#include "core/health/nodesnapshot.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace spark::HealthJson {

// One node at one tick for `sparkctl monitor --json`: ports with their
// twins (state, counters, rates), RoCE counters and rates, and the node's
// active alerts. Rates that could not be computed (first tick, reset,
// reboot) are null, never 0.
QJsonObject node(const QString &nodeName, const QDateTime &time, const std::optional<NodeSnapshot> &snapshot,
                 const std::optional<NodeRates> &rates, const QList<HealthAlert> &alerts);

// The same as one compact JSON line ending in '\n' (JSON Lines).
QByteArray line(const QJsonObject &object);

} // namespace spark::HealthJson
