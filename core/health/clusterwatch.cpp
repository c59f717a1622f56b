// SPDX-License-Identifier: MIT
#include "core/health/clusterwatch.h"

#include "core/common/logcategories.h"
#include "core/devices/deviceregistry.h"

#include <QSet>

namespace spark {

QMap<QString, int> ClusterWatch::plan(const QList<ClusterDefinition> &clusters, const QString &defaultCluster,
                                      const Demand &demand, WatchRates rates)
{
    QMap<QString, int> result;
    QSet<QString> polled; // Sparks already polled
    const auto take = [&](const ClusterDefinition &cluster, int intervalMs) {
        for (const QString &device : cluster.devices) {
            if (polled.contains(device))
                return;
        }
        for (const QString &device : cluster.devices)
            polled.insert(device);
        result.insert(cluster.name, intervalMs);
    };
    const auto named = [&](const QString &name) -> const ClusterDefinition * {
        for (const ClusterDefinition &cluster : clusters) {
            if (!name.isEmpty() && cluster.name.compare(name, Qt::CaseInsensitive) == 0)
                return &cluster;
        }
        return nullptr;
    };
    if (const ClusterDefinition *viewed = named(demand.viewed); viewed && demand.view != ClusterView::Closed)
        take(*viewed, demand.view == ClusterView::Shown ? rates.shownMs : rates.hiddenMs);
    if (!demand.background)
        return result;
    if (const ClusterDefinition *first = named(defaultCluster))
        take(*first, rates.hiddenMs);
    for (const ClusterDefinition &cluster : clusters) {
        if (!result.contains(cluster.name))
            take(cluster, rates.hiddenMs);
    }
    return result;
}

ClusterWatch::ClusterWatch(const DeviceRegistry &registry, QString clusterFile, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_store(std::move(clusterFile))
    , m_opener([this](const ClusterDefinition &cluster) { return HealthSession::open(cluster, m_registry); })
{
    qRegisterMetaType<HealthNotice>();
}

ClusterWatch::~ClusterWatch()
{
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries))
        entry->session->monitor().disconnect(this);
    m_entries.clear(); // the sessions go now: no event loop may follow
}

void ClusterWatch::setRates(WatchRates rates)
{
    m_rates = rates;
    reconcile();
}

void ClusterWatch::setBackground(bool background)
{
    if (background == m_demand.background)
        return;
    m_demand.background = background;
    if (background)
        reload(); // the latest list
    else
        reconcile();
}

Expected<void> ClusterWatch::reload()
{
    if (auto loaded = m_store.load(); !loaded) {
        qCWarning(lcHealth) << "cluster list:" << loaded.error().message;
        reconcile();
        return loaded.error();
    }
    m_failed.clear(); // a changed list or registry may open now
    // A changed definition (other Sparks, layout or port) gets a new session.
    for (const QString &name : m_entries.keys()) {
        const ClusterDefinition *now = m_store.find(name);
        if (!now || !(*now == m_entries.value(name)->session->cluster()))
            close(name);
    }
    reconcile();
    return {};
}

Expected<HealthSession *> ClusterWatch::openForView(const QString &cluster)
{
    if (auto loaded = m_store.load(); !loaded)
        return loaded.error();
    const Expected<ClusterDefinition> definition = m_store.resolve(cluster);
    if (!definition)
        return definition.error();
    if (const auto running = m_entries.constFind(definition->name);
        running != m_entries.cend() && !((*running)->session->cluster() == *definition))
        close(definition->name); // planned again since: watch the new plan
    const Demand before = m_demand;
    m_demand.viewed = definition->name;
    if (m_demand.view == ClusterView::Closed || before.viewed != definition->name)
        m_demand.view = ClusterView::Hidden; // until the window says it shows
    m_failed.remove(definition->name);
    if (auto reconciled = reconcile(); !reconciled) {
        m_demand = before;
        reconcile();
        return reconciled.error();
    }
    return session(definition->name);
}

void ClusterWatch::setView(const QString &cluster, ClusterView view)
{
    if (view == ClusterView::Closed && cluster.compare(m_demand.viewed, Qt::CaseInsensitive) != 0)
        return; // an older window closing after another one opened
    if (cluster.compare(m_demand.viewed, Qt::CaseInsensitive) == 0 && view == m_demand.view)
        return;
    if (view != ClusterView::Closed)
        m_demand.viewed = cluster;
    m_demand.view = view;
    reconcile();
}

HealthSession *ClusterWatch::session(const QString &cluster) const
{
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (it.key().compare(cluster, Qt::CaseInsensitive) == 0)
            return it.value()->session.get();
    }
    return nullptr;
}

QStringList ClusterWatch::watched() const
{
    QStringList names = m_entries.keys();
    names.sort();
    return names;
}

int ClusterWatch::intervalMs(const QString &cluster) const
{
    HealthSession *running = session(cluster);
    return running && running->monitor().isRunning() ? running->monitor().intervalMs() : 0;
}

Expected<void> ClusterWatch::reconcile()
{
    const QMap<QString, int> wanted = plan(m_store.clusters(), m_store.defaultCluster(), m_demand, m_rates);
    for (const QString &name : m_entries.keys()) {
        if (!wanted.contains(name))
            close(name);
    }
    Expected<void> viewed;
    for (auto it = wanted.cbegin(); it != wanted.cend(); ++it) {
        const QString &name = it.key();
        if (const auto running = m_entries.constFind(name); running != m_entries.cend()) {
            (*running)->session->monitor().setIntervalMs(it.value());
            continue;
        }
        if (m_failed.contains(name))
            continue;
        const ClusterDefinition *definition = m_store.find(name);
        Expected<std::unique_ptr<HealthSession>> opened = m_opener(*definition);
        if (!opened) {
            if (name == m_demand.viewed)
                viewed = opened.error();
            else
                qCWarning(lcHealth) << "cannot watch" << name << "in the background:" << opened.error().message;
            m_failed.insert(name, opened.error().message);
            continue;
        }
        auto entry = std::make_shared<Entry>();
        entry->session = std::move(*opened);
        entry->notices = std::make_unique<HealthNotices>(name, entry->session->plan());
        HealthMonitor &monitor = entry->session->monitor();
        connect(&monitor, &HealthMonitor::tick, this,
                [this, notices = entry->notices.get()](const QDateTime &, const QList<NodeHealth> &nodes,
                                                       const QList<HealthAlert> &active) {
                    for (const HealthNotice &news : notices->update(active, nodes))
                        Q_EMIT notice(news);
                });
        m_entries.insert(name, entry);
        qCInfo(lcHealth) << "watching" << name << "every" << it.value() << "ms";
        monitor.start(it.value());
    }
    return viewed;
}

void ClusterWatch::close(const QString &cluster)
{
    const std::shared_ptr<Entry> entry = m_entries.take(cluster);
    if (!entry)
        return;
    qCInfo(lcHealth) << "no longer watching" << cluster;
    // Later: the window that showed it may be closing right now, inside a signal.
    HealthSession *session = entry->session.release();
    session->setParent(this); // gone with the watch at the latest
    session->monitor().stop();
    session->disconnect(this);
    session->monitor().disconnect(this);
    session->deleteLater();
}

} // namespace spark
