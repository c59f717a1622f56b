// SPDX-License-Identifier: MIT
#include "ui/wizard/setupstate.h"

#include "core/topology/cablingplanner.h"

namespace spark::ui {

SetupState::SetupState(ClusterBackend *backend, QObject *parent)
    : QObject(parent)
    , m_backend(backend)
    , m_clusterName(QStringLiteral("spark-cluster"))
{
}

void SetupState::setLayout(std::optional<ClusterLayout> layout, int nodeCount)
{
    if (layout == m_layout && nodeCount == m_nodeCount)
        return;
    m_layout = layout;
    m_nodeCount = nodeCount;
    Q_EMIT planChanged();
}

QStringList SetupState::deviceNames() const
{
    QStringList names;
    for (const Device &device : m_devices)
        names.append(device.name);
    return names;
}

void SetupState::setDevices(const QList<Device> &devices)
{
    if (devices == m_devices)
        return;
    m_devices = devices;
    // Facts and a prepared apply belong to the devices they were read from.
    m_facts.clear();
    m_prepared.reset();
    Q_EMIT planChanged();
}

void SetupState::setClusterName(const QString &name)
{
    m_clusterName = name;
}

bool SetupState::takesPortChoice() const
{
    return m_layout && *m_layout != ClusterLayout::Ring3;
}

void SetupState::setPort(int port)
{
    if (port == m_port || port < 0 || port > 1)
        return;
    m_port = port;
    m_prepared.reset();
    Q_EMIT planChanged();
}

Expected<CablingPlan> SetupState::cablingPlan() const
{
    if (!m_layout)
        return Error(tr("Choose a layout first."));
    return CablingPlanner::plan(*m_layout, deviceNames(), takesPortChoice() ? std::optional<int>(m_port) : std::nullopt);
}

ClusterDefinition SetupState::definition() const
{
    ClusterDefinition cluster;
    cluster.name = m_clusterName;
    cluster.layout = m_layout.value_or(ClusterLayout::Direct2);
    cluster.devices = deviceNames();
    if (takesPortChoice())
        cluster.port = m_port;
    return cluster;
}

} // namespace spark::ui
