// SPDX-License-Identifier: MIT
#include "core/cluster/clusterremoval.h"

#include "core/linktest/linktesthistory.h"
#include "core/nccl/nccltesthistory.h"
#include "core/cluster/clusterstore.h"

namespace spark {

namespace {

template<typename History>
Expected<void> forgetRuns(const QString &file, const QString &cluster)
{
    History history(file);
    if (auto loaded = history.load(); !loaded)
        return loaded.error();
    if (history.runs(cluster).isEmpty())
        return {};
    history.forget(cluster);
    return history.save();
}

} // namespace

ClusterRemoval::Files ClusterRemoval::Files::defaults()
{
    return {ClusterStore::defaultFilePath(), LinkTestHistory::defaultFilePath(), NcclTestHistory::defaultFilePath()};
}

Expected<void> ClusterRemoval::remove(const QString &name, const Files &files)
{
    ClusterStore store(files.clusters);
    if (auto loaded = store.load(); !loaded)
        return loaded.error();
    const ClusterDefinition *found = store.find(name);
    if (!found) {
        QStringList names;
        for (const ClusterDefinition &cluster : store.clusters())
            names.append(cluster.name);
        return Error(names.isEmpty() ? tr("There is no cluster named \"%1\": no cluster is configured on this computer.").arg(name)
                                     : tr("There is no cluster named \"%1\"; the configured ones are %2.")
                                           .arg(name, names.join(QStringLiteral(", "))),
                     QStringLiteral("no cluster %1").arg(name));
    }
    const QString exact = found->name; // the runs keep the name as it was planned
    if (auto forgotten = forgetRuns<LinkTestHistory>(files.linkTests, exact); !forgotten)
        return forgotten.error();
    if (auto forgotten = forgetRuns<NcclTestHistory>(files.ncclTests, exact); !forgotten)
        return forgotten.error();
    store.remove(exact);
    return store.save();
}

} // namespace spark
