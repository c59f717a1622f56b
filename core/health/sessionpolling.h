// SPDX-License-Identifier: MIT
#pragma once

#include "core/health/healthmonitor.h"

namespace spark {

class ClusterSessions;

// How a HealthMonitor reaches its nodes over their long-lived SSH sessions:
// the poll script goes on a session's stdin (nothing is pasted into a command
// line) with PollTimeoutMs, and each session's silence feeds the silence rule
// (a node whose network acknowledges nothing for a second is unreachable at
// once). The one binding of the window's dashboard (HealthSession) and
// `sparkctl monitor`: a rule added to the monitor reaches both.
struct SessionPolling
{
    static constexpr int PollTimeoutMs = 5000;

    HealthMonitor::Poller poller;
    HealthMonitor::Silence silence;

    // `sessions` must outlive the monitor.
    static SessionPolling over(const ClusterSessions &sessions);
};

} // namespace spark
