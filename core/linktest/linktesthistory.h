// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linktestrun.h"
#include "core/linktest/runhistory.h"

namespace spark {

// Earlier link test runs, per cluster, in linktests.json.
class LinkTestHistory : public RunHistory<LinkTestRun>
{
public:
    explicit LinkTestHistory(QString filePath = defaultFilePath());
    static QString defaultFilePath();
};

} // namespace spark
