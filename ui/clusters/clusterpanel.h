// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clusterexport.h"
#include "core/health/clusterhealth.h"
#include "core/linktest/linktestrun.h"
#include "core/nccl/nccltestrun.h"
#include "core/topology/clusterdefinition.h"

#include <QDateTime>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

namespace spark::ui {

class TopologyView;

// One configured cluster at a glance: its layout drawing, its health (when
// a watch polls it), its last link test and NCCL test, and what can be done
// with it. It shows what it is given and forwards the buttons.
class ClusterPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterPanel)

public:
    enum class Action { Health, LinkTest, NcclTest, Verify, Rollback, Delete };
    Q_ENUM(Action)

    explicit ClusterPanel(QWidget *parent = nullptr);

    // The cluster and its cabling plan (an error: the sentence instead of the drawing).
    void setCluster(const ClusterDefinition &cluster, const Expected<CablingPlan> &plan);
    QString cluster() const { return m_cluster.name; }
    // One tick of the watch that polls it (nothing yet: waiting for the first answer).
    void showHealth(const QList<NodeHealth> &nodes, const QList<HealthAlert> &active, const QDateTime &time);
    void showWaitingForHealth();
    void showNotWatched();
    void showLastRuns(const std::optional<LinkTestRun> &linkTest, const std::optional<NcclTestRun> &ncclTest);

Q_SIGNALS:
    void requested(spark::ui::ClusterPanel::Action action, const QString &cluster);
    void exportRequested(spark::ClusterExport::Format format, const QString &cluster);

private:
    QPushButton *addButton(const QString &text, const QString &objectName, Action action);
    void drawPlan(const QList<NodeHealth> &nodes, const QList<CableHealth> &cables);

    ClusterDefinition m_cluster;
    std::optional<CablingPlan> m_plan;
    QLabel *m_title;
    QLabel *m_layout;
    TopologyView *m_drawing;
    QLabel *m_health;
    QLabel *m_linkTest;
    QLabel *m_ncclTest;
    QList<QPushButton *> m_buttons;
};

} // namespace spark::ui
