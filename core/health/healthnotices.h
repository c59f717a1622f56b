// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthalert.h"
#include "core/health/healthrules.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

#include <optional>

namespace spark {

// One desktop notification about a cluster's health: new alerts, or alerts
// that ended. Says where to look: the cable (its index in the plan's cables)
// or, for a node-wide alert, the Spark.
struct HealthNotice
{
    enum class Kind { Raised, Cleared };

    Kind kind = Kind::Raised;
    HealthAlert::Severity severity = HealthAlert::Severity::Warning; // the most severe alert's
    QString cluster;
    QString title;
    QString message;
    QList<HealthAlert> alerts; // what it is about, the one the message names first
    std::optional<int> cable;
    QString node;
};

// Which alerts of a cluster are worth a notification, fed with the active
// alerts once per tick. Pure. An alert is announced the tick it appears and
// not again while it stays active; when it ends, one "cleared" notice says
// so (once). The alerts that appear (or end) in the same tick share one notice, the
// most severe first, so a Spark going off does not bring a notice per port.
// A Spark that has not answered once since the watch began is not announced
// as unreachable (at login the desktop's network may not be up yet); a
// Spark that stops answering later is.
class HealthNotices
{
    Q_DECLARE_TR_FUNCTIONS(spark::HealthNotices)

public:
    HealthNotices(QString cluster, CablingPlan plan);

    // One tick: the active alerts and each node's health. At most two
    // notices: the new alerts, then the ended ones.
    QList<HealthNotice> update(const QList<HealthAlert> &active, const QList<NodeHealth> &nodes);
    // The alerts announced and still active, by key.
    QStringList announced() const { return m_announced.keys(); }

private:
    HealthNotice notice(HealthNotice::Kind kind, QList<HealthAlert> alerts) const;

    QString m_cluster;
    CablingPlan m_plan;
    QMap<QString, HealthAlert> m_announced;
    QSet<QString> m_answered; // nodes that answered at least once
};

} // namespace spark
