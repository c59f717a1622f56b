// SPDX-License-Identifier: MIT
#include "core/cluster/clusterstore.h"

#include "core/common/apppaths.h"
#include "core/common/jsonfile.h"

#include <QDir>
#include <QJsonArray>

namespace spark {

ClusterStore::ClusterStore(QString filePath)
    : m_filePath(std::move(filePath))
{
}

QString ClusterStore::defaultFilePath()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("clusters.json"));
}

Expected<void> ClusterStore::load()
{
    m_clusters.clear();
    m_default.clear();
    const auto document = JsonFile::read(
        m_filePath, tr("Could not read the cluster list %1: %2. Check the file's permissions."),
        tr("The cluster list %1 is damaged (%2). Move it aside and plan your cluster again."));
    if (!document)
        return document.error();
    for (const QJsonValue &value : document->value(QStringLiteral("clusters")).toArray()) {
        if (auto cluster = ClusterDefinition::fromJson(value.toObject()))
            m_clusters.append(*cluster);
    }
    m_default = document->value(QStringLiteral("default")).toString();
    return {};
}

Expected<void> ClusterStore::save() const
{
    QJsonArray array;
    for (const ClusterDefinition &cluster : m_clusters)
        array.append(cluster.toJson());
    return JsonFile::write(m_filePath, QJsonObject{{QStringLiteral("default"), m_default}, {QStringLiteral("clusters"), array}},
                           tr("Could not write the cluster list %1: %2."));
}

const ClusterDefinition *ClusterStore::find(const QString &name) const
{
    for (const ClusterDefinition &cluster : m_clusters) {
        if (cluster.name.compare(name, Qt::CaseInsensitive) == 0)
            return &cluster;
    }
    return nullptr;
}

Expected<void> ClusterStore::put(const ClusterDefinition &cluster)
{
    if (!ClusterDefinition::isValidName(cluster.name))
        return Error(ClusterDefinition::nameRule());
    m_clusters.removeIf([&](const ClusterDefinition &c) { return c.name.compare(cluster.name, Qt::CaseInsensitive) == 0; });
    m_clusters.append(cluster);
    m_default = cluster.name;
    return {};
}

bool ClusterStore::remove(const QString &name)
{
    const qsizetype removed =
        m_clusters.removeIf([&](const ClusterDefinition &c) { return c.name.compare(name, Qt::CaseInsensitive) == 0; });
    if (removed == 0)
        return false;
    if (m_default.compare(name, Qt::CaseInsensitive) == 0)
        m_default = m_clusters.isEmpty() ? QString() : m_clusters.constLast().name;
    return true;
}

QStringList ClusterStore::clustersWith(const QString &device) const
{
    QStringList names;
    for (const ClusterDefinition &cluster : m_clusters) {
        if (cluster.devices.contains(device, Qt::CaseInsensitive))
            names.append(cluster.name);
    }
    return names;
}

Expected<ClusterDefinition> ClusterStore::resolve(const QString &name) const
{
    const QString wanted = name.isEmpty() ? m_default : name;
    if (wanted.isEmpty())
        return Error(tr("No cluster is planned yet; run 'sparkctl cluster plan' first."));
    if (const ClusterDefinition *cluster = find(wanted))
        return *cluster;
    return Error(tr("There is no cluster named \"%1\"; run 'sparkctl cluster plan' to plan it.").arg(wanted));
}

} // namespace spark
