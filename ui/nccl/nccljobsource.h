// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/sudocredential.h"
#include "core/nccl/ncclbuilder.h"
#include "core/nccl/nccltestrunner.h"
#include "core/topology/clusterdefinition.h"

#include <QList>

#include <functional>

namespace spark {
class DeviceRegistry;
}

namespace spark::ui {

// What the NCCL test panel runs on a cluster: the test's job for a request,
// and the nodes to build what the test needs on (the build's one sudo
// credential in each), or why there are none (a device gone, no plan). Both
// come from one place so that they share the cluster's sessions.
struct NcclJobSource
{
    std::function<Expected<NcclTestJob>(const NcclTestRequest &)> jobs;
    std::function<Expected<QList<NcclBuildNode>>(const SudoCredential &)> buildNodes;
};

// The NCCL test's jobs and build nodes for one configured cluster, over
// sessions opened now. The sessions belong to the source (the jobs and nodes
// only point at them): whoever holds a copy, such as a panel whose run or
// build is still stopping, keeps them alive. Fails, with what to do, when a
// device of the cluster is no longer registered.
Expected<NcclJobSource> ncclJobSource(const ClusterDefinition &cluster, const DeviceRegistry &registry);

// A source whose jobs and builds all fail with this error: the panel says it
// when Run or Build is pressed, as the runner's own errors are said.
NcclJobSource failingNcclJobSource(const Error &error);

} // namespace spark::ui
