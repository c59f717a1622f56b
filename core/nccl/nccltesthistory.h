// SPDX-License-Identifier: MIT
#pragma once

#include "core/nccl/nccltestrun.h"
#include "core/linktest/runhistory.h"

namespace spark {

// Earlier NCCL test runs, per cluster, in nccltests.json beside the link tests'.
class NcclTestHistory : public RunHistory<NcclTestRun>
{
public:
    explicit NcclTestHistory(QString filePath = defaultFilePath());
    static QString defaultFilePath();
};

} // namespace spark
