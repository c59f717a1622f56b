// SPDX-License-Identifier: MIT
#include "ui/nccl/nccltestpanel.h"
#include "ui/nccl/ncclrunsummary.h"

#include "core/common/whenready.h"
#include "core/nccl/nccltestverdict.h"
#include "core/common/releasewhendone.h"
#include "core/common/runfile.h"
#include "ui/nccl/ncclbuildview.h"
#include "ui/nccl/nccltestchart.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace spark::ui {

namespace {

enum Column { SizeColumn, BusbwColumn, AlgbwColumn, TimeColumn, WrongColumn, ColumnCount };
enum Sizes { QuickSizes, NvidiaSizes, ChosenSizes };

// The link test's pass and fail colours: they read on light and dark palettes.
const QColor passColor(0x22, 0xa5, 0x5a);
const QColor failColor(0xe0, 0x3e, 0x3e);

QString duration(double microseconds)
{
    if (microseconds >= 10000)
        return NcclTestPanel::tr("%1 ms").arg(QLocale().toString(microseconds / 1000, 'f', 1));
    return NcclTestPanel::tr("%1 µs").arg(QLocale().toString(microseconds, 'f', 0));
}

} // namespace

NcclTestPanel::NcclTestPanel(const QString &cluster, NcclJobSource jobs, const QString &historyPath, EarlierRuns earlier,
                             QWidget *parent)
    : QWidget(parent)
    , m_cluster(cluster)
    , m_jobs(std::move(jobs))
    , m_history(historyPath)
    , m_earlier(earlier)
    , m_collective(new QComboBox(this))
    , m_sizes(new QComboBox(this))
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
    , m_export(new QPushButton(tr("&Export…"), this))
    , m_build(new QPushButton(tr("&Build what is missing…"), this))
    , m_progress(new QLabel(this))
    , m_views(new QStackedWidget(this))
    , m_results(new QWidget(this))
    , m_chart(new NcclTestChart(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_buildView(new NcclBuildView(this))
    , m_verdict(new QLabel(this))
    , m_historyList(new QListWidget(this))
{
    setObjectName(QStringLiteral("ncclTestPanel"));

    m_collective->setObjectName(QStringLiteral("ncclCollective"));
    m_collective->addItem(tr("all_gather (NVIDIA's test)"), int(NcclCollective::AllGather));
    m_collective->addItem(tr("all_reduce"), int(NcclCollective::AllReduce));
    m_sizes->setObjectName(QStringLiteral("ncclSizes"));
    m_sizes->addItem(tr("Quick: 8 MiB to 1 GiB"), int(QuickSizes));
    m_sizes->addItem(tr("NVIDIA's run: 16 GiB"), int(NvidiaSizes));
    m_run->setObjectName(QStringLiteral("ncclRun"));
    m_cancel->setObjectName(QStringLiteral("ncclCancel"));
    m_export->setObjectName(QStringLiteral("ncclExport"));
    m_export->setToolTip(tr("Save the run on show as CSV or JSON, or its chart as PNG."));
    connect(m_run, &QPushButton::clicked, this, &NcclTestPanel::start);
    connect(m_cancel, &QPushButton::clicked, this, &NcclTestPanel::cancel);
    connect(m_export, &QPushButton::clicked, this, &NcclTestPanel::exportAs);
    m_build->setObjectName(QStringLiteral("ncclBuild"));
    m_build->setToolTip(tr("Install and build what the NCCL test needs on the Sparks that lack it, as NVIDIA's "
                           "playbook does. You are told what happens and asked first."));
    m_build->hide(); // offered when a run finds something missing
    connect(m_build, &QPushButton::clicked, this, &NcclTestPanel::askToBuild);
    connect(m_buildView, &NcclBuildView::stopRequested, this, &NcclTestPanel::cancel);

    m_progress->setObjectName(QStringLiteral("ncclProgress"));
    m_progress->setWordWrap(true);
    m_progress->setText(tr("Runs nccl-tests across the Sparks of %1 with mpirun and judges the bus bandwidth "
                           "against NVIDIA's bar.").arg(cluster));

    m_table->setObjectName(QStringLiteral("ncclRows"));
    m_table->setHorizontalHeaderLabels({tr("Size"), tr("Bus bandwidth"), tr("Algorithm bandwidth"), tr("Time"), tr("Wrong")});
    // Five short figures: equal columns read better than the last one taking the rest.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setMinimumHeight(80);

    m_verdict->setObjectName(QStringLiteral("ncclVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->hide();

    m_historyList->setObjectName(QStringLiteral("ncclHistory"));
    m_historyList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_historyList->setTextElideMode(Qt::ElideRight);
    connect(m_historyList, &QListWidget::currentRowChanged, this, &NcclTestPanel::showHistoryRow);
    auto *historyPane = new QWidget(this);
    historyPane->setObjectName(QStringLiteral("ncclHistoryPane"));
    auto *historyLayout = new QVBoxLayout(historyPane);
    historyLayout->setContentsMargins(0, 0, 0, 0);
    auto *historyTitle = new QLabel(tr("Earlier runs"), historyPane);
    historyTitle->setBuddy(m_historyList);
    historyLayout->addWidget(historyTitle);
    historyLayout->addWidget(m_historyList);
    if (m_earlier == EarlierRuns::Listed)
        historyLayout->addWidget(m_export);
    else
        historyPane->hide(); // and Export goes beside Run

    auto *results = new QSplitter(Qt::Vertical, this);
    results->setChildrenCollapsible(false);
    results->addWidget(m_chart);
    results->addWidget(m_table);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 1);
    results->setSizes({380, 170});
    auto *panes = new QSplitter(Qt::Horizontal, m_results);
    panes->setObjectName(QStringLiteral("ncclPanes"));
    panes->setChildrenCollapsible(false);
    panes->addWidget(historyPane);
    panes->addWidget(results);
    panes->setStretchFactor(0, 0);
    panes->setStretchFactor(1, 1);
    panes->setSizes({180, 700});
    auto *resultsLayout = new QVBoxLayout(m_results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(panes);
    m_views->setObjectName(QStringLiteral("ncclViews"));
    m_views->addWidget(m_results);
    m_views->addWidget(m_buildView);

    auto *controls = new QHBoxLayout;
    auto *collectiveLabel = new QLabel(tr("C&ollective:"), this);
    collectiveLabel->setBuddy(m_collective);
    auto *sizesLabel = new QLabel(tr("&Sizes:"), this);
    sizesLabel->setBuddy(m_sizes);
    controls->addWidget(collectiveLabel);
    controls->addWidget(m_collective);
    controls->addWidget(sizesLabel);
    controls->addWidget(m_sizes);
    controls->addWidget(m_run);
    controls->addWidget(m_cancel);
    controls->addStretch(1);
    if (m_earlier == EarlierRuns::NotListed)
        controls->addWidget(m_export);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_progress);
    layout->addWidget(m_views, 1);
    auto *outcome = new QHBoxLayout;
    outcome->addWidget(m_verdict, 1);
    outcome->addWidget(m_build, 0, Qt::AlignTop);
    layout->addLayout(outcome);

    if (const auto loaded = m_history.load(); !loaded)
        m_progress->setText(loaded.error().message);
    reloadHistory(m_earlier == EarlierRuns::Listed ? 0 : -1);
    m_lastRequest = request();
    updateButtons();
}

NcclTestPanel::~NcclTestPanel()
{
    if (m_runner) {
        m_runner->cancel();
        releaseWhenDone(m_runner, m_future, this, m_jobs);
    }
    if (m_builder) {
        m_builder->cancel(); // what is built stays
        releaseWhenDone(m_builder, m_buildFuture, this, m_jobs);
    }
}

NcclTestRequest NcclTestPanel::request() const
{
    const auto collective = NcclCollective(m_collective->currentData().toInt());
    switch (Sizes(m_sizes->currentData().toInt())) {
    case QuickSizes:
        return NcclTestRequest::quick(collective);
    case ChosenSizes: {
        NcclTestRequest request = NcclTestRequest::quick(collective);
        request.minBytes = m_chosenSizes.first;
        request.maxBytes = m_chosenSizes.second;
        return request;
    }
    case NvidiaSizes:
        break;
    }
    NcclTestRequest request;
    request.collective = collective;
    return request;
}

void NcclTestPanel::chooseSizes(qint64 minBytes, qint64 maxBytes)
{
    m_chosenSizes = {minBytes, maxBytes};
    const QString text = tr("%1 to %2").arg(NcclVerdict::formatBytes(minBytes), NcclVerdict::formatBytes(maxBytes));
    int index = m_sizes->findData(int(ChosenSizes));
    if (index < 0) {
        m_sizes->addItem(text, int(ChosenSizes));
        index = m_sizes->count() - 1;
    }
    m_sizes->setItemText(index, text);
    m_sizes->setCurrentIndex(index);
}

void NcclTestPanel::start()
{
    startRun(request());
}

void NcclTestPanel::startRun(const NcclTestRequest &asked)
{
    if (isRunning())
        return;
    const Expected<NcclTestJob> job =
        m_jobs.jobs ? m_jobs.jobs(asked) : Expected<NcclTestJob>(Error(tr("There is no cluster to test here.")));
    if (!job) {
        showVerdict(false, job.error().message);
        return;
    }
    m_runner = new NcclTestRunner(this);
    // The runner's signals come from its own thread.
    connect(m_runner, &Job::progress, m_progress, [this](const JobProgress &progress) { setProgress(progress.sentence); },
            Qt::QueuedConnection);
    connect(m_runner, &NcclTestRunner::rowMeasured, this, &NcclTestPanel::addRow, Qt::QueuedConnection);
    connect(m_runner, &NcclTestRunner::expectationKnown, this,
            [this](const NcclExpectation &expectation) { m_chart->setBar(expectation.barGBps()); }, Qt::QueuedConnection);
    beginRun(asked);
    m_future = m_runner->run(*job);
    NcclTestRunner *runner = m_runner;
    const auto done = [this, runner](const Expected<NcclTestRun> &run) {
        if (m_runner == runner)
            m_runner = nullptr;
        runner->deleteLater();
        finishRun(run);
    };
    whenReady(m_future, this, done, [done, this] { done(Error(tr("The NCCL test ended without a result."))); });
}

void NcclTestPanel::cancel()
{
    if (m_builder) {
        m_builder->cancel();
        m_buildStopped = true;
        updateButtons();
        // The builder lets a package install end (a dpkg cut short breaks the node's packages).
        setProgress(tr("Stopping the build; a package install under way finishes first. What is built stays."));
        return;
    }
    if (!m_runner)
        return;
    m_runner->cancel();
    m_cancel->setEnabled(false);
    setProgress(tr("Stopping the NCCL test and what it started on the Sparks…"));
}

void NcclTestPanel::beginRun(const NcclTestRequest &request)
{
    m_running = true;
    m_lastRequest = request;
    m_shown.reset();
    m_views->setCurrentWidget(m_results);
    m_build->hide();
    m_chart->clear(request.minBytes, request.maxBytes);
    m_chart->setBar(std::nullopt); // known with the nodes' rate scale, after the checks
    m_table->setRowCount(0);
    m_historyList->blockSignals(true);
    m_historyList->clearSelection();
    m_historyList->setCurrentRow(-1);
    m_historyList->blockSignals(false);
    m_verdict->clear();
    m_verdict->hide();
    setProgress(tr("Checking the Sparks…"));
    updateButtons();
    reportRunning();
}

void NcclTestPanel::addRow(const NcclSizeRow &row)
{
    m_chart->addRow(row);
    const int index = m_table->rowCount();
    m_table->insertRow(index);
    const bool unchecked = !row.outOfPlace.wrong && !row.inPlace.wrong;
    const QStringList cells{NcclVerdict::formatBytes(row.bytes), gigabytesPerSecond(row.busbwGBps()), gigabytesPerSecond(row.algbwGBps()),
                            duration(row.outOfPlace.timeUs),
                            unchecked ? tr("not checked") : QLocale().toString(row.wrong())};
    for (int column = 0; column < ColumnCount; ++column) {
        auto *item = new QTableWidgetItem(cells.at(column));
        item->setTextAlignment(column == SizeColumn ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
        if (column == WrongColumn && row.wrong() > 0)
            item->setForeground(failColor);
        m_table->setItem(index, column, item);
    }
    m_table->scrollToBottom();
}

void NcclTestPanel::setProgress(const QString &sentence)
{
    m_progress->setText(sentence);
}

void NcclTestPanel::finishRun(const Expected<NcclTestRun> &run)
{
    m_running = false;
    if (!run) {
        const bool buildable = NcclPrerequisites::isMissing(run.error());
        setProgress(buildable ? tr("Some Sparks lack what the NCCL test needs. “Build what is missing…” builds it "
                                   "as NVIDIA's playbook does, after saying what it does.")
                              : tr("The NCCL test did not finish."));
        showVerdict(false, run.error().message);
        m_build->setVisible(buildable);
        updateButtons();
        reportRunning();
        return;
    }
    m_history.add(*run);
    if (const auto saved = m_history.save(); !saved)
        setProgress(saved.error().message);
    else
        setProgress(tr("Finished in %1 s.").arg(QLocale().toString(run->elapsedMs / 1000.0, 'f', 1)));
    reloadHistory(0); // the newest: this run
    if (!m_shown)
        showRun(*run);
    updateButtons();
    Q_EMIT runFinished(*run);
    reportRunning();
}

void NcclTestPanel::showRun(const NcclTestRun &run)
{
    m_shown = run;
    m_views->setCurrentWidget(m_results);
    m_build->hide(); // its verdict is this run's now
    m_chart->clear(run.request.minBytes, run.request.maxBytes);
    m_table->setRowCount(0);
    for (const NcclSizeRow &row : run.rows)
        addRow(row);
    m_table->scrollToTop();
    m_chart->setBar(NcclExpectation{run.layout, run.scale}.barGBps());
    showVerdict(run.verdict.pass, run.verdict.sentence);
    updateButtons();
}

void NcclTestPanel::showVerdict(bool pass, const QString &sentence)
{
    m_verdict->setText((pass ? tr("Pass: %1") : tr("Fail: %1")).arg(sentence));
    QPalette p = m_verdict->palette();
    p.setColor(QPalette::WindowText, pass ? passColor : failColor);
    m_verdict->setPalette(p);
    m_verdict->show();
}

void NcclTestPanel::reloadHistory(int select)
{
    m_runs = m_history.runs(m_cluster);
    m_historyList->blockSignals(true);
    m_historyList->clear();
    for (const NcclTestRun &run : std::as_const(m_runs)) {
        // Two short lines: when, then what and how fast at the largest size.
        const QString when = QLocale().toString(run.started.toLocalTime(), QLocale::ShortFormat);
        auto *item = new QListWidgetItem(when + QLatin1Char('\n') + ncclRunSummary(run));
        item->setForeground(run.verdict.pass ? passColor : failColor);
        item->setToolTip(run.verdict.sentence);
        m_historyList->addItem(item);
    }
    m_historyList->blockSignals(false);
    if (m_runs.isEmpty())
        m_historyList->addItem(tr("None yet"));
    if (!m_running && select >= 0 && select < m_runs.size())
        m_historyList->setCurrentRow(select); // shows it
}

void NcclTestPanel::showHistoryRow(int row)
{
    if (!m_running && row >= 0 && row < m_runs.size())
        showRun(m_runs.at(row));
}

void NcclTestPanel::updateButtons()
{
    const bool busy = isRunning();
    m_run->setEnabled(!busy);
    m_run->setText(m_shown ? tr("&Run again") : tr("&Run"));
    m_cancel->setEnabled(m_running && m_runner);
    m_cancel->setVisible(!m_building); // the build's own Stop says what stays
    m_buildView->setStoppable(m_building && m_builder && !m_buildStopped);
    m_collective->setEnabled(!busy);
    m_sizes->setEnabled(!busy);
    m_historyList->setEnabled(!busy && !m_runs.isEmpty());
    m_export->setEnabled(!busy && m_shown.has_value());
    m_build->setEnabled(!busy);
}

void NcclTestPanel::reportRunning()
{
    // Once per change: a build that ends into its run goes on running.
    if (m_runningSaid == isRunning())
        return;
    m_runningSaid = isRunning();
    Q_EMIT runningChanged(m_runningSaid);
}

Expected<void> NcclTestPanel::exportRun(const QString &path) const
{
    if (!m_shown)
        return Error(tr("There is nothing to export yet: run the NCCL test first."));
    return saveRunFile(path, m_shown->toCsv(), m_shown->toJson());
}

Expected<void> NcclTestPanel::saveChart(const QString &path) const
{
    if (!m_shown)
        return Error(tr("There is no chart to save yet: run the NCCL test first."));
    if (!m_chart->grab().save(path, "PNG"))
        return Error(tr("%1 could not be written. Choose another folder.").arg(path));
    return {};
}

void NcclTestPanel::exportAs()
{
    const QString asCsv = tr("Sizes as CSV (*.csv)");
    const QString asJson = tr("Run as JSON (*.json)");
    const QString asPng = tr("Chart as PNG (*.png)");
    QString filter = asCsv;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the NCCL test"), QStringLiteral("nccl-test.csv"),
                                                      QStringList{asCsv, asJson, asPng}.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    const Expected<void> saved = filter == asPng ? saveChart(path) : exportRun(path);
    setProgress(saved ? tr("Saved %1.").arg(QFileInfo(path).fileName()) : saved.error().message);
}

} // namespace spark::ui
