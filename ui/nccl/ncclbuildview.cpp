// SPDX-License-Identifier: MIT
#include "ui/nccl/ncclbuildview.h"

#include "ui/progress/nodeprogresslist.h"

#include <QFontDatabase>
#include <QLabel>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

NcclBuildView::NcclBuildView(QWidget *parent)
    : QWidget(parent)
    , m_nodes(new NodeProgressList(this))
    , m_stop(new QPushButton(tr("&Stop the build (what is built stays)"), this))
    , m_log(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("ncclBuildView"));
    m_nodes->setObjectName(QStringLiteral("ncclBuildProgress"));
    // Beside the build rather than in the panel's row of controls, where its
    // words would make a small window wider.
    m_stop->setObjectName(QStringLiteral("ncclBuildStop"));
    m_stop->setToolTip(tr("What is built stays, and the next build goes on from there. A package install under way "
                          "finishes first."));
    connect(m_stop, &QPushButton::clicked, this, &NcclBuildView::stopRequested);
    m_log->setObjectName(QStringLiteral("ncclBuildLog"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap); // compiler lines read as the tools wrote them
    m_log->setMaximumBlockCount(keptLines);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setAccessibleName(tr("Build output"));
    auto *logTitle = new QLabel(tr("&Output"), this);
    logTitle->setBuddy(m_log);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_nodes);
    auto *stopRow = new QHBoxLayout;
    stopRow->addWidget(m_stop);
    stopRow->addStretch(1);
    layout->addLayout(stopRow);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(logTitle);
    layout->addWidget(m_log, 1);
}

void NcclBuildView::begin(const QStringList &nodes)
{
    m_nodes->setNodes(nodes);
    for (const QString &node : nodes)
        m_nodes->setProgress(node, 0, tr("Checking what it lacks…"));
    m_log->clear();
}

void NcclBuildView::showStep(const QString &node, const QString &sentence, double fraction)
{
    m_nodes->setProgress(node, fraction, sentence);
    addOutput(node, QStringLiteral("== ") + sentence); // where each tool's output begins
}

void NcclBuildView::addOutput(const QString &node, const QString &line)
{
    m_log->appendPlainText(QStringLiteral("%1 | %2").arg(node, line));
}

void NcclBuildView::setStoppable(bool stoppable)
{
    m_stop->setEnabled(stoppable);
}

void NcclBuildView::finishNode(const NcclBuildNodeResult &result)
{
    if (!result.problem.isEmpty()) {
        m_nodes->setOutcome(result.node, NodeProgressList::Outcome::Failed, result.problem);
        return;
    }
    m_nodes->setOutcome(result.node, NodeProgressList::Outcome::Succeeded,
                        result.stepsRun.isEmpty() ? tr("It has everything the NCCL test needs.")
                                                  : tr("Built: it has everything the NCCL test needs."));
}

} // namespace spark::ui
