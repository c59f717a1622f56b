// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linktestrunner.h"
#include "core/topology/clusterdefinition.h"

#include <functional>

namespace spark {
class DeviceRegistry;
}

namespace spark::ui {

// What the link-test window runs on a cluster: the job for the options, or
// why there is none (a node unreachable, no plan). Planning reads every node,
// so the window calls it off the GUI thread.
using LinkTestJobSource = std::function<Expected<LinkTestJob>(const LinkTestOptions &)>;

// The link test's jobs for one configured cluster (planLinkTestJob), over
// sessions opened now. The sessions belong to the source (a job only points
// at them): whoever holds a copy, such as a window whose run is still
// stopping, keeps them alive. Fails, with what to do, when a device of the
// cluster is no longer registered.
Expected<LinkTestJobSource> linkTestJobSource(const ClusterDefinition &cluster, const DeviceRegistry &registry);

} // namespace spark::ui
