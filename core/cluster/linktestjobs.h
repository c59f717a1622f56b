// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linktestrunner.h"

namespace spark {

class ClusterSessions;

// The link test's job for a configured cluster, planned as the wizard plans
// it: every node read over its session (ClusterPreparer::probe), the
// addresses planned from the cabling and what was read, then the links
// (ClusterOperations::linkTestJob), run with `options`. The one planning for
// sparkctl's linktest and the link-test window. It reads every node over SSH:
// never call it on the GUI thread. The job points at the sessions, which must
// outlive its run.
Expected<LinkTestJob> planLinkTestJob(ClusterSessions &sessions, const LinkTestOptions &options);

} // namespace spark
