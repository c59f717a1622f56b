// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthalert.h"

#include <QDateTime>
#include <QList>
#include <QMap>

#include <optional>

namespace spark {

// The alerts over time, fed once per tick with what the rules found. An
// alert is raised the first tick its key appears and cleared once it has
// been absent for its clearAfterTicks. Pure and bounded: at most `capacity`
// events are kept (the oldest cleared ones go first).
class AlertHistory
{
public:
    struct Event
    {
        HealthAlert alert;
        QDateTime raised;
        std::optional<QDateTime> cleared;
    };
    struct Changes
    {
        QList<HealthAlert> raised;
        QList<HealthAlert> cleared;
    };

    explicit AlertHistory(int capacity = 200);

    Changes update(const QList<HealthAlert> &current, const QDateTime &now);

    QList<HealthAlert> active() const;
    const QList<Event> &events() const { return m_events; } // oldest first
    int capacity() const { return m_capacity; }

private:
    int m_capacity;
    QList<Event> m_events;
    QMap<QString, int> m_quietTicks; // active keys → ticks absent so far
};

} // namespace spark
