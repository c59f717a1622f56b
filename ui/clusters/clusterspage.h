// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clusterremoval.h"
#include "ui/clusters/clusterpanel.h"

#include <QPointer>
#include <QWidget>

class QListWidget;
class QStackedWidget;

namespace spark {
class ClusterWatch;
class HealthSession;
}

namespace spark::ui {

// The main window's clusters: every configured cluster in a list and the
// selected one's panel beside it, or what to do when there is none yet.
class ClustersPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClustersPage)

public:
    explicit ClustersPage(ClusterRemoval::Files files = ClusterRemoval::Files::defaults(), QWidget *parent = nullptr);

    // Where health comes from: the session that polls a cluster, if any (it must outlive the page).
    void setWatch(ClusterWatch *watch);
    const ClusterRemoval::Files &files() const { return m_files; }

    // Reads the cluster list and the kept runs again, keeping the selection.
    void reload();
    QStringList clusters() const;
    QString selectedCluster() const;
    void selectCluster(const QString &name);
    ClusterPanel *panel() const { return m_panel; }

Q_SIGNALS:
    void requested(spark::ui::ClusterPanel::Action action, const QString &cluster);
    void exportRequested(spark::ClusterExport::Format format, const QString &cluster);
    void setUpRequested();

private:
    void showSelected();
    void followHealth(const QString &cluster);

    ClusterRemoval::Files m_files;
    QList<ClusterDefinition> m_clusters;
    ClusterWatch *m_watch = nullptr;
    QPointer<HealthSession> m_followed;
    QMetaObject::Connection m_tick;
    QStackedWidget *m_stack;
    QListWidget *m_list;
    ClusterPanel *m_panel;
};

} // namespace spark::ui
