// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/linktest/linktestrun.h"
#include "core/nccl/nccltestrun.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/topology/cablingplan.h"
#include "core/topology/clusterdefinition.h"

#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace spark::ui {

class ClusterBackend;

// What the wizard's pages hand on to each other: the layout, the chosen
// devices in order, the port choice, the facts each node reported and the
// prepared apply. The cabling plan always comes from core's CablingPlanner.
class SetupState final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SetupState)

public:
    explicit SetupState(ClusterBackend *backend, QObject *parent = nullptr);

    ClusterBackend *backend() const { return m_backend; }

    std::optional<ClusterLayout> layout() const { return m_layout; }
    int nodeCount() const { return m_nodeCount; }
    void setLayout(std::optional<ClusterLayout> layout, int nodeCount);

    const QList<Device> &devices() const { return m_devices; }
    QStringList deviceNames() const;
    void setDevices(const QList<Device> &devices);

    QString clusterName() const { return m_clusterName; }
    void setClusterName(const QString &name);

    // Left (0) or right (1) where the layout lets the user choose.
    bool takesPortChoice() const;
    int port() const { return m_port; }
    void setPort(int port);

    // CablingPlanner's plan for the choices so far, or why there is none.
    Expected<CablingPlan> cablingPlan() const;
    ClusterDefinition definition() const;

    const QList<NodeFacts> &facts() const { return m_facts; }
    void setFacts(const QList<NodeFacts> &facts) { m_facts = facts; }

    const std::optional<PreparedCluster> &prepared() const { return m_prepared; }
    void setPrepared(const std::optional<PreparedCluster> &prepared) { m_prepared = prepared; }
    bool applied() const { return m_applied; }
    void setApplied(bool applied) { m_applied = applied; }

    // The last link test of this set-up, if one ran to the end.
    const std::optional<LinkTestRun> &linkTestRun() const { return m_linkTestRun; }
    void setLinkTestRun(const std::optional<LinkTestRun> &run) { m_linkTestRun = run; }

    // The last NCCL test of this set-up, if one ran to the end.
    const std::optional<NcclTestRun> &ncclTestRun() const { return m_ncclTestRun; }
    void setNcclTestRun(const std::optional<NcclTestRun> &run) { m_ncclTestRun = run; }

Q_SIGNALS:
    // The layout, the devices or the port changed: the cabling plan may differ.
    void planChanged();

private:
    ClusterBackend *m_backend;
    std::optional<ClusterLayout> m_layout;
    int m_nodeCount = 0;
    QList<Device> m_devices;
    QString m_clusterName;
    int m_port = 0;
    QList<NodeFacts> m_facts;
    std::optional<PreparedCluster> m_prepared;
    bool m_applied = false;
    std::optional<LinkTestRun> m_linkTestRun;
    std::optional<NcclTestRun> m_ncclTestRun;
};

} // namespace spark::ui
