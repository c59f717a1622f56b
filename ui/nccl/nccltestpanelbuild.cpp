// SPDX-License-Identifier: MIT
// NcclTestPanel's build of what the NCCL test needs: asked for, run on the
// nodes the job source gives, shown as it goes, and followed by the test.
#include "ui/nccl/nccltestpanel.h"

#include "core/common/whenready.h"
#include "ui/nccl/ncclbuilddialog.h"
#include "ui/nccl/ncclbuildview.h"

#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>

namespace spark::ui {

void NcclTestPanel::askToBuild()
{
    if (isRunning())
        return;
    // Not exec(): no nested event loop; the answer comes back as a signal.
    auto *dialog = new NcclBuildDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { startBuild(dialog->credential()); });
    dialog->open();
}

void NcclTestPanel::startBuild(const SudoCredential &sudo)
{
    if (isRunning())
        return;
    const Expected<QList<NcclBuildNode>> nodes = m_jobs.buildNodes
        ? m_jobs.buildNodes(sudo)
        : Expected<QList<NcclBuildNode>>(Error(tr("There is no cluster to build on here.")));
    if (!nodes) {
        showVerdict(false, nodes.error().message);
        return;
    }
    m_builder = new NcclBuilder(this);
    // The builder's signals come from the nodes' threads.
    connect(m_builder, &Job::progress, this, &NcclTestPanel::showBuildStep, Qt::QueuedConnection);
    connect(m_builder, &NcclBuilder::outputLine, this, &NcclTestPanel::addBuildOutput, Qt::QueuedConnection);
    connect(m_builder, &NcclBuilder::nodeFinished, this, &NcclTestPanel::finishBuildNode, Qt::QueuedConnection);
    QStringList names;
    for (const NcclBuildNode &node : *nodes)
        names << node.name;
    beginBuild(names);
    m_buildFuture = m_builder->run(*nodes);
    NcclBuilder *builder = m_builder;
    const auto done = [this, builder](const NcclBuildReport &report) {
        if (m_builder == builder)
            m_builder = nullptr;
        builder->deleteLater();
        finishBuild(report);
    };
    whenReady(m_buildFuture, this, done, [done] {
        done(NcclBuildReport{{NcclBuildNodeResult{{}, {}, tr("The build ended without a result.")}}});
    });
}

void NcclTestPanel::beginBuild(const QStringList &nodes)
{
    m_building = true;
    m_buildStopped = false;
    m_buildView->begin(nodes);
    m_views->setCurrentWidget(m_buildView);
    m_build->hide();
    m_verdict->clear();
    m_verdict->hide();
    setProgress(tr("Building what the NCCL test needs on the Sparks that lack it…"));
    updateButtons();
    reportRunning();
}

void NcclTestPanel::showBuildStep(const JobProgress &progress)
{
    m_buildView->showStep(progress.node, progress.sentence, progress.fraction);
}

void NcclTestPanel::addBuildOutput(const QString &node, const QString &line)
{
    m_buildView->addOutput(node, line);
}

void NcclTestPanel::finishBuildNode(const NcclBuildNodeResult &result)
{
    m_buildView->finishNode(result);
}

void NcclTestPanel::finishBuild(const NcclBuildReport &report)
{
    m_building = false;
    if (report.ready() && !m_buildStopped) {
        setProgress(tr("Every Spark has what the NCCL test needs now."));
        updateButtons();
        startRun(m_lastRequest); // keeps running() true when the run starts
        reportRunning();
        return;
    }
    const QString stopped = tr("The build was stopped. What was built stays, and the next build goes on from there.");
    setProgress(m_buildStopped ? stopped : tr("The build did not finish on every Spark."));
    const QStringList problems = report.problems();
    showVerdict(false, problems.isEmpty() ? stopped : problems.join(QLatin1Char('\n')));
    m_build->show(); // to try again
    updateButtons();
    reportRunning();
}

} // namespace spark::ui
