// SPDX-License-Identifier: MIT
#pragma once

#include "core/nccl/nccltestrun.h"

#include <QString>

namespace spark::ui {

// A kept NCCL run in one short line: the collective, pass or fail, and the
// bus bandwidth at its largest size ("all_gather, pass, 22.1 GB/s"), for the
// NCCL window's earlier runs and the main window's cluster panel.
QString ncclRunSummary(const NcclTestRun &run);
// "22.1 GB/s", three digits in the person's locale.
QString gigabytesPerSecond(double value);

} // namespace spark::ui
