// SPDX-License-Identifier: MIT
#include "ui/nccl/ncclrunsummary.h"

#include "core/nccl/nccltestplan.h"
#include <QCoreApplication>
#include <QLocale>

namespace spark::ui {

namespace {
// The panel's words, in its translation context (the summary is shown in it).
struct NcclTestPanel
{
    Q_DECLARE_TR_FUNCTIONS(spark::ui::NcclTestPanel)
};
} // namespace

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
