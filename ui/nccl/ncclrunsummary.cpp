// SPDX-License-Identifier: MIT
#include "ui/nccl/ncclrunsummary.h"

#include "core/linktest/nccltestplan.h"
#include "ui/nccl/nccltestpanel.h"

#include <QLocale>

namespace spark::ui {

QString ncclRunSummary(const NcclTestRun &run)
{
    const QString collective = NcclTestPlan::collectiveKey(run.request.collective);
    const QString verdict = run.verdict.pass ? NcclTestPanel::tr("pass") : NcclTestPanel::tr("fail");
    if (run.rows.isEmpty())
        return NcclTestPanel::tr("%1, %2").arg(collective, verdict);
    return NcclTestPanel::tr("%1, %2, %3")
        .arg(collective, verdict,
             gigabytesPerSecond(run.rows.constLast().busbwGBps()));
}

QString gigabytesPerSecond(double value)
{
    return NcclTestPanel::tr("%1 GB/s").arg(QLocale().toString(value, 'g', 3));
}

} // namespace spark::ui
