// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/nccltestrunner.h"
#include "core/topology/clusterstore.h"

#include <functional>

namespace spark {
class DeviceRegistry;
}

namespace spark::ui {

// The job for a request, or why there is none (a device gone, no plan).
using NcclJobSource = std::function<Expected<NcclTestJob>(const NcclTestRequest &)>;

// The NCCL test's jobs for one configured cluster, over sessions opened now.
// The sessions belong to the source (the jobs only point at them): whoever
// holds a copy, such as a panel whose run is still stopping, keeps them alive.
// Fails, with what to do, when a device of the cluster is no longer registered.
Expected<NcclJobSource> ncclJobSource(const ClusterDefinition &cluster, const DeviceRegistry &registry);

} // namespace spark::ui
