// SPDX-License-Identifier: MIT
#include "core/health/alerthistory.h"

#include <QSet>

namespace spark {

AlertHistory::AlertHistory(int capacity)
    : m_capacity(qMax(1, capacity))
{
}

AlertHistory::Changes AlertHistory::update(const QList<HealthAlert> &current, const QDateTime &now)
{
    Changes changes;
    QSet<QString> seen;
    for (const HealthAlert &alert : current) {
        if (seen.contains(alert.key))
            continue;
        seen.insert(alert.key);
        if (m_quietTicks.contains(alert.key)) {
            m_quietTicks[alert.key] = 0;
            // Same condition: keep it raised, refresh its figures.
            for (auto it = m_events.rbegin(); it != m_events.rend(); ++it) {
                if (it->alert.key == alert.key && !it->cleared) {
                    it->alert = alert;
                    break;
                }
            }
            continue;
        }
        m_quietTicks.insert(alert.key, 0);
        m_events.append({alert, now, std::nullopt});
        changes.raised.append(alert);
    }
    for (auto it = m_events.begin(); it != m_events.end(); ++it) {
        if (it->cleared || seen.contains(it->alert.key))
            continue;
        int &quiet = m_quietTicks[it->alert.key];
        if (++quiet >= qMax(1, it->alert.clearAfterTicks)) {
            it->cleared = now;
            m_quietTicks.remove(it->alert.key);
            changes.cleared.append(it->alert);
        }
    }
    // Bound the history: drop the oldest cleared events first, then the oldest.
    while (m_events.size() > m_capacity) {
        auto oldestCleared = std::find_if(m_events.begin(), m_events.end(), [](const Event &e) { return e.cleared.has_value(); });
        if (oldestCleared == m_events.end()) {
            m_quietTicks.remove(m_events.first().alert.key);
            m_events.removeFirst();
        } else {
            m_events.erase(oldestCleared);
        }
    }
    return changes;
}

QList<HealthAlert> AlertHistory::active() const
{
    QList<HealthAlert> result;
    for (const Event &event : m_events) {
        if (!event.cleared)
            result.append(event.alert);
    }
    return result;
}

} // namespace spark
