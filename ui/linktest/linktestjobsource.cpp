// SPDX-License-Identifier: MIT
#include "ui/linktest/linktestjobsource.h"

#include "core/cluster/clustersessions.h"
#include "core/cluster/linktestjobs.h"

#include <memory>

namespace spark::ui {

Expected<LinkTestJobSource> linkTestJobSource(const ClusterDefinition &cluster, const DeviceRegistry &registry)
{
    auto opened = ClusterSessions::open(cluster, registry);
    if (!opened)
        return opened.error();
    // Shared, not owned by one caller: every copy of the source keeps the sessions.
    std::shared_ptr<ClusterSessions> sessions(std::move(*opened));
    return LinkTestJobSource(
        [sessions](const LinkTestOptions &options) { return planLinkTestJob(*sessions, options); });
}

} // namespace spark::ui
