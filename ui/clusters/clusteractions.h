// SPDX-License-Identifier: MIT
#pragma once

#include "core/cluster/clusterexport.h"
#include "core/cluster/clusterremoval.h"
#include "core/common/expected.h"
#include "core/topology/clusterdefinition.h"

#include <QObject>

#include <functional>

class QWidget;

namespace spark {
class DeviceRegistry;
}

namespace spark::ui {

class ClusterBackend;

// What the main window's cluster panel does besides opening the test and
// health windows: verify the cabling, roll back, export and delete. Each
// asks or shows in a dialog of its own; what reaches a Spark runs off the
// GUI thread (the set-up's backend, core's exports).
class ClusterActions final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterActions)

public:
    // The backend a verify or rollback dialog takes (and owns); the live one unless replaced (tests).
    using BackendFactory = std::function<ClusterBackend *()>;

    ClusterActions(const DeviceRegistry &registry, ClusterRemoval::Files files, QWidget *window);

    void setBackendFactory(BackendFactory factory) { m_backends = std::move(factory); }

    void verify(const QString &cluster);
    void rollback(const QString &cluster);
    // Asks where to save, then exportTo().
    void exportFile(ClusterExport::Format format, const QString &cluster);
    // Builds the file (reading the nodes when the format needs them) and writes it; says how it went.
    void exportTo(ClusterExport::Format format, const QString &cluster, const QString &path);
    // Asks first, saying what deleting does and does not change.
    void remove(const QString &cluster);

Q_SIGNALS:
    // A sentence for the status bar.
    void said(const QString &sentence);
    // A cluster was deleted.
    void clustersChanged();

private:
    Expected<ClusterDefinition> find(const QString &cluster) const;
    // The cluster and its registered devices, or a warning shown.
    bool withDevices(const QString &cluster, const QString &title,
                     const std::function<void(const ClusterDefinition &, const QList<Device> &)> &then);

    const DeviceRegistry &m_registry;
    ClusterRemoval::Files m_files;
    QWidget *m_window;
    BackendFactory m_backends;
};

} // namespace spark::ui
