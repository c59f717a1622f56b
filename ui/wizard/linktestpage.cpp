// SPDX-License-Identifier: MIT
#include "ui/wizard/linktestpage.h"

#include "core/linktest/runcomparison.h"
#include "ui/linktest/linktestview.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/wizard/setupstate.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTabWidget>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace spark::ui {

LinkTestPage::LinkTestPage(QWidget *parent)
    : QWizardPage(parent)
    , m_runner(new LinkTestRunner(this))
    , m_view(new LinkTestView(this))
    , m_message(new QLabel(this))
    , m_start(new QPushButton(tr("Start the test"), this))
    , m_cancel(new QPushButton(tr("Cancel the test"), this))
    , m_export(new QPushButton(tr("Export…"), this))
    , m_seconds(new QSpinBox(this))
    , m_skipHint(new QLabel(this))
    , m_comparison(new QLabel(this))
{
    setObjectName(QStringLiteral("linkTestPage"));
    setTitle(tr("Link test"));
    setSubTitle(tr("Measure every cable's throughput and latency."));
    m_start->setObjectName(QStringLiteral("startLinkTest"));
    m_cancel->setObjectName(QStringLiteral("cancelLinkTest"));
    m_export->setObjectName(QStringLiteral("exportLinkTest"));
    m_export->setToolTip(tr("Save the results as CSV or JSON, or the chart on show as PNG."));
    m_message->setObjectName(QStringLiteral("linkTestMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    m_seconds->setObjectName(QStringLiteral("linkTestSeconds"));
    m_seconds->setRange(2, 120);
    m_seconds->setValue(LinkTestOptions().seconds);
    m_seconds->setSuffix(tr(" s per direction"));
    m_seconds->setToolTip(tr("How long each direction is measured: A to B, B to A, then both at once."));
    m_skipHint->setObjectName(QStringLiteral("linkTestSkipHint"));
    m_skipHint->setWordWrap(true);
    m_skipHint->hide();
    m_comparison->setObjectName(QStringLiteral("linkTestComparison"));
    m_comparison->setWordWrap(true);
    m_comparison->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_comparison->hide();

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_seconds);
    buttons->addStretch();
    buttons->addWidget(m_export);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_message);
    layout->addWidget(m_skipHint);
    layout->addWidget(m_comparison);
    layout->addWidget(m_view, 1);

    m_view->attach(m_runner);
    connect(m_start, &QPushButton::clicked, this, &LinkTestPage::startTest);
    connect(m_cancel, &QPushButton::clicked, this, &LinkTestPage::cancelTest);
    connect(m_export, &QPushButton::clicked, this, &LinkTestPage::exportAs);
    connect(&m_watcher, &QFutureWatcher<Expected<LinkTestRun>>::finished, this, &LinkTestPage::onFinished);
    updateButtons();
}

LinkTestPage::LinkTestPage(SetupState *state, QWidget *parent)
    : LinkTestPage(parent)
{
    m_state = state;
}

LinkTestPage::~LinkTestPage()
{
    stopAndWait();
}

void LinkTestPage::stopAndWait()
{
    // The runner's thread uses the page's runner and the job's sessions until
    // the run ends; the run cleans up the nodes.
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

void LinkTestPage::showRun(const LinkTestRun &run)
{
    if (m_running)
        return;
    m_view->showRun(run);
    m_lastRun = run;
    updateButtons();
    Q_EMIT completeChanged();
}

void LinkTestPage::initializePage()
{
    if (!m_state || m_running)
        return;
    m_skipHint->setText(tr("Next skips the test if you would rather run it later: "
                           "“sparkctl linktest --cluster %1” measures the same links.")
                            .arg(m_state->clusterName()));
    m_skipHint->show();
    m_job.reset();
    if (!m_state->prepared()) {
        m_message->setText(tr("The cluster has not been configured in this set-up, so there is nothing to test yet: "
                              "go back to Configure first."));
        m_message->show();
    } else {
        const Expected<LinkTestJob> job = m_state->backend()->linkTestJob(m_state->clusterName(), *m_state->prepared(),
                                                                          m_state->facts(), m_state->devices());
        if (job) {
            m_job = *job;
            m_message->hide();
        } else {
            m_message->setText(job.error().message);
            m_message->show();
        }
    }
    updateButtons();
    Q_EMIT completeChanged();
}

bool LinkTestPage::isComplete() const
{
    // In the wizard the test may be skipped; on its own the page is done once a run has ended.
    return !m_running && (m_lastRun.has_value() || m_state);
}

void LinkTestPage::setSecondsPerDirection(int seconds)
{
    m_seconds->setValue(seconds);
}

void LinkTestPage::startTest()
{
    if (!m_job || m_running)
        return;
    m_running = true;
    m_message->hide();
    m_comparison->hide();
    m_job->options.seconds = m_seconds->value();
    m_watcher.setFuture(m_runner->run(*m_job));
    updateButtons();
    Q_EMIT completeChanged();
}

void LinkTestPage::cancelTest()
{
    if (!m_running)
        return;
    m_runner->cancel();
    m_cancel->setEnabled(false);
    m_view->setProgress(0, tr("Stopping the test and cleaning up the nodes…"));
}

void LinkTestPage::onFinished()
{
    m_running = false;
    const Expected<LinkTestRun> run = m_watcher.result();
    if (run) {
        m_lastRun = *run;
        if (m_state) {
            m_state->setLinkTestRun(*run);
            // Today's run against the cluster's last one, before it joins them.
            if (const QList<LinkTestRun> earlier = m_state->backend()->earlierLinkTestRuns(run->cluster); !earlier.isEmpty()) {
                m_comparison->setText(RunComparison::between(earlier.constFirst(), *run).text());
                m_comparison->show();
            }
            if (const Expected<void> kept = m_state->backend()->saveLinkTestRun(*run); !kept) {
                m_message->setText(kept.error().message);
                m_message->show();
            }
        }
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
    const bool running = m_running;
    m_start->setEnabled(m_job.has_value() && !running);
    m_start->setText(m_lastRun ? tr("Test again") : tr("Start the test"));
    m_cancel->setEnabled(running);
    m_seconds->setEnabled(!running);
    m_export->setEnabled(m_lastRun.has_value() && !running);
}

Expected<void> LinkTestPage::exportResults(const QString &path) const
{
    if (!m_lastRun)
        return Error(tr("There is nothing to export yet: run the link test first."));
    const bool csv = QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return Error(tr("%1 could not be written: %2. Choose another folder.").arg(path, file.errorString()));
    }
    file.write(csv ? m_lastRun->toCsv().toUtf8() : QJsonDocument(m_lastRun->toJson()).toJson());
    if (!file.commit())
        return Error(tr("%1 could not be written: %2. Choose another folder.").arg(path, file.errorString()));
    return {};
}

Expected<void> LinkTestPage::saveChart(const QString &path) const
{
    const auto *tabs = m_view->findChild<QTabWidget *>(QStringLiteral("linkTestTabs"));
    QWidget *shown = tabs ? tabs->currentWidget() : nullptr;
    if (!shown)
        return Error(tr("There is no chart to save yet: run the link test first."));
    if (!shown->grab().save(path, "PNG"))
        return Error(tr("%1 could not be written. Choose another folder.").arg(path));
    return {};
}

void LinkTestPage::exportAs()
{
    const QString csv = tr("Results as CSV (*.csv)");
    const QString json = tr("Results as JSON (*.json)");
    const QString png = tr("Chart as PNG (*.png)");
    QString filter = csv;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the link test"), QStringLiteral("linktest.csv"),
                                                      QStringList{csv, json, png}.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    const Expected<void> saved = filter == png ? saveChart(path) : exportResults(path);
    m_message->setText(saved ? tr("Saved %1.").arg(QFileInfo(path).fileName()) : saved.error().message);
    m_message->show();
}

} // namespace spark::ui
