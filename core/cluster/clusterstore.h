// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/topology/clusterdefinition.h"

#include <QCoreApplication>
#include <QList>
#include <QString>


namespace spark {

// clusters.json beside devices.json, written atomically. The cluster saved
// last is the default for later commands.
class ClusterStore
{
    Q_DECLARE_TR_FUNCTIONS(spark::ClusterStore)

public:
    explicit ClusterStore(QString filePath = defaultFilePath());

    static QString defaultFilePath();

    Expected<void> load();
    Expected<void> save() const;

    const QList<ClusterDefinition> &clusters() const { return m_clusters; }
    const ClusterDefinition *find(const QString &name) const;
    // Adds or replaces (by name) and makes it the default.
    Expected<void> put(const ClusterDefinition &cluster);
    // Removes the named cluster (false: there is none); when it was the
    // default, the cluster saved before it becomes the default.
    bool remove(const QString &name);
    // The clusters that have this device among theirs, in the list's order.
    QStringList clustersWith(const QString &device) const;
    QString defaultCluster() const { return m_default; }
    // The named cluster, or the default one when `name` is empty; an error says what to do.
    Expected<ClusterDefinition> resolve(const QString &name) const;

    QString filePath() const { return m_filePath; }

private:
    QString m_filePath;
    QList<ClusterDefinition> m_clusters;
    QString m_default;
};

} // namespace spark
