// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/health/healthnotices.h"
#include "core/health/healthsession.h"
#include "core/cluster/clusterstore.h"

#include <QCoreApplication>
#include <QHash>
#include <QMap>
#include <QObject>

#include <functional>
#include <memory>

namespace spark {

class DeviceRegistry;

// How a window shows a cluster's health.
enum class ClusterView { Closed, Hidden, Shown };

// Poll intervals: while a window shows the cluster, and otherwise (a hidden
// or minimised window, or the background watch).
struct WatchRates
{
    int shownMs = 1000;
    int hiddenMs = 10000;
};

// The one HealthSession per configured cluster, shared by the background
// watch and the link-health window: a window takes the session that already
// polls its cluster (never a second poll of the same Sparks), and the poll
// rate follows what is shown. Each session's alerts become notices
// (HealthNotices) for the desktop's notification area.
class ClusterWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterWatch)

public:
    using Opener = std::function<Expected<std::unique_ptr<HealthSession>>(const ClusterDefinition &cluster)>;

    struct Demand
    {
        QString viewed;                  // the cluster a window is open on, if any
        ClusterView view = ClusterView::Closed;
        bool background = false;         // watch every configured cluster without a window
    };

    // Pure: the clusters to poll and how often (name → interval in ms). The
    // viewed cluster first; then, in the background, the default cluster and
    // the others, each only if it shares no Spark with one already polled (a
    // Spark is cabled for one cluster: an older definition of the same
    // Sparks would poll them twice).
    static QMap<QString, int> plan(const QList<ClusterDefinition> &clusters, const QString &defaultCluster,
                                   const Demand &demand, WatchRates rates = {});

    explicit ClusterWatch(const DeviceRegistry &registry, QString clusterFile = ClusterStore::defaultFilePath(),
                          QObject *parent = nullptr);
    ~ClusterWatch() override;

    // How sessions are made (tests); HealthSession::open over the registry otherwise.
    void setOpener(Opener opener) { m_opener = std::move(opener); }
    void setRates(WatchRates rates);
    WatchRates rates() const { return m_rates; }

    bool background() const { return m_demand.background; }
    void setBackground(bool background);

    // Reads the cluster list again (a cluster was set up, changed or removed).
    Expected<void> reload();

    // The session of `cluster` for a window (empty: the default cluster),
    // opened now unless it runs already; the window then reports what it
    // shows with setView(). Fails with the sentence to show.
    Expected<HealthSession *> openForView(const QString &cluster);
    void setView(const QString &cluster, ClusterView view);

    HealthSession *session(const QString &cluster) const;
    QStringList watched() const; // the clusters polled now, sorted
    int intervalMs(const QString &cluster) const; // 0 when not polled

Q_SIGNALS:
    // New or ended alerts of a polled cluster.
    void notice(const spark::HealthNotice &notice);

private:
    struct Entry
    {
        std::unique_ptr<HealthSession> session;
        std::unique_ptr<HealthNotices> notices;
    };

    // Opens, re-rates and closes sessions to match plan(); returns the
    // sentence of the viewed cluster's failure, if any.
    Expected<void> reconcile();
    void close(const QString &cluster);

    const DeviceRegistry &m_registry;
    ClusterStore m_store;
    Opener m_opener;
    WatchRates m_rates;
    Demand m_demand;
    QHash<QString, std::shared_ptr<Entry>> m_entries;
    QHash<QString, QString> m_failed; // background clusters that could not be opened: their sentence, logged once
};

} // namespace spark

Q_DECLARE_METATYPE(spark::HealthNotice)
