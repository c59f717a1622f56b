// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/launch/launchplanner.h"

namespace spark {

// The real side of LaunchPlanner: programs found on PATH, and a planned
// command started detached (it outlives us).
class Launcher
{
    Q_DECLARE_TR_FUNCTIONS(spark::Launcher)

public:
    static LaunchPlanner::ProgramLookup pathLookup();
    static Expected<void> start(const LaunchCommand &command);
};

} // namespace spark
