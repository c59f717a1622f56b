// SPDX-License-Identifier: MIT
#include "ui/nccl/nccljobsource.h"

#include "core/cluster/clusteroperations.h"
#include "core/cluster/clustersessions.h"

#include <memory>

namespace spark::ui {

Expected<NcclJobSource> ncclJobSource(const ClusterDefinition &cluster, const DeviceRegistry &registry)
{
    auto opened = ClusterSessions::open(cluster, registry);
    if (!opened)
        return opened.error();
    // Shared, not owned by one caller: every copy of the source keeps the sessions.
    std::shared_ptr<ClusterSessions> sessions(std::move(*opened));
    return NcclJobSource{
        [sessions](const NcclTestRequest &request) { return ClusterOperations::ncclTestJob(*sessions, request); },
        [sessions](const SudoCredential &sudo) {
            return Expected<QList<NcclBuildNode>>(ClusterOperations::ncclBuildNodes(*sessions, sudo));
        }};
}

NcclJobSource failingNcclJobSource(const Error &error)
{
    return NcclJobSource{[error](const NcclTestRequest &) { return Expected<NcclTestJob>(error); },
                         [error](const SudoCredential &) { return Expected<QList<NcclBuildNode>>(error); }};
}

} // namespace spark::ui
