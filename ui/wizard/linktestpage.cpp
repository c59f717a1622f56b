// SPDX-License-Identifier: MIT
#include "ui/wizard/linktestpage.h"

#include "ui/linktest/linktestview.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace spark::ui {

LinkTestPage::LinkTestPage(QWidget *parent)
    : QWizardPage(parent)
    , m_runner(new LinkTestRunner(this))
    , m_view(new LinkTestView(this))
    , m_message(new QLabel(this))
    , m_start(new QPushButton(tr("Start the test"), this))
    , m_cancel(new QPushButton(tr("Cancel the test"), this))
{
    setObjectName(QStringLiteral("linkTestPage"));
    setTitle(tr("Link test"));
    setSubTitle(tr("Measure every cable's throughput and latency."));
    m_start->setObjectName(QStringLiteral("startLinkTest"));
    m_cancel->setObjectName(QStringLiteral("cancelLinkTest"));
    m_message->setObjectName(QStringLiteral("linkTestMessage"));
    m_message->setWordWrap(true);
    m_message->hide();

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_message);
    layout->addWidget(m_view, 1);

    m_view->attach(m_runner);
    connect(m_start, &QPushButton::clicked, this, &LinkTestPage::startTest);
    connect(m_cancel, &QPushButton::clicked, this, &LinkTestPage::cancelTest);
    connect(&m_watcher, &QFutureWatcher<Expected<LinkTestRun>>::finished, this, &LinkTestPage::onFinished);
    updateButtons();
}

LinkTestPage::~LinkTestPage()
{
    // The runner's thread uses it until the run ends; the run cleans up the nodes.
    if (m_watcher.isRunning()) {
        m_runner->cancel();
        m_watcher.waitForFinished();
    }
}

void LinkTestPage::setJob(const LinkTestJob &job)
{
    m_job = job;
    updateButtons();
}

bool LinkTestPage::isComplete() const
{
    return m_lastRun.has_value() && !m_watcher.isRunning();
}

void LinkTestPage::startTest()
{
    if (!m_job || m_watcher.isRunning())
        return;
    m_message->hide();
    m_watcher.setFuture(m_runner->run(*m_job));
    updateButtons();
    Q_EMIT completeChanged();
}

void LinkTestPage::cancelTest()
{
    if (!m_watcher.isRunning())
        return;
    m_runner->cancel();
    m_cancel->setEnabled(false);
    m_view->setProgress(0, tr("Stopping the test and cleaning up the nodes…"));
}

void LinkTestPage::onFinished()
{
    const Expected<LinkTestRun> run = m_watcher.result();
    if (run) {
        m_lastRun = *run;
        Q_EMIT runFinished(*run);
    } else {
        m_message->setText(run.error().message);
        m_message->show();
    }
    updateButtons();
    Q_EMIT completeChanged();
}

void LinkTestPage::updateButtons()
{
    const bool running = m_watcher.isRunning();
    m_start->setEnabled(m_job.has_value() && !running);
    m_start->setText(m_lastRun ? tr("Test again") : tr("Start the test"));
    m_cancel->setEnabled(running);
}

} // namespace spark::ui
