// SPDX-License-Identifier: MIT
#include "ui/linktest/linktestwindow.h"

#include "core/common/runonthread.h"
#include "core/common/whenready.h"
#include "core/linktest/runcomparison.h"
#include "core/common/releasewhendone.h"
#include "core/common/runfile.h"
#include "ui/common/wrappingitemdelegate.h"
#include "ui/linktest/linktestview.h"
#include "ui/linktest/runcomparisonview.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace spark::ui {

namespace {

// The link test's pass and fail colours: they read on light and dark palettes.
const QColor passColor(0x22, 0xa5, 0x5a);
const QColor failColor(0xe0, 0x3e, 0x3e);

// The direction list's entries, in its order, with the phases each runs.
enum class Directions { All, AToB, BToA, Both };

QList<LinkPhase> phasesOf(Directions directions)
{
    switch (directions) {
    case Directions::AToB:
        return {LinkPhase::AToB};
    case Directions::BToA:
        return {LinkPhase::BToA};
    case Directions::Both:
        return {LinkPhase::Both};
    case Directions::All:
        break;
    }
    return LinkTestOptions::allPhases();
}

// The run's slowest link (by its slowest port total), if it has links.
const LinkResult *slowestLink(const LinkTestRun &run)
{
    const auto slowest = std::min_element(run.links.cbegin(), run.links.cend(), [](const LinkResult &a, const LinkResult &b) {
        return a.slowestPortGbps() < b.slowestPortGbps();
    });
    return slowest == run.links.cend() ? nullptr : &*slowest;
}

} // namespace

LinkTestWindow::LinkTestWindow(const QString &cluster, LinkTestJobSource jobs, const QString &historyPath, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_cluster(cluster)
    , m_jobs(std::move(jobs))
    , m_history(historyPath)
    , m_mode(new QComboBox(this))
    , m_seconds(new QSpinBox(this))
    , m_direction(new QComboBox(this))
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
    , m_export(new QPushButton(tr("&Export…"), this))
    , m_compare(new QPushButton(tr("C&ompare with…"), this))
    , m_message(new QLabel(this))
    , m_views(new QStackedWidget(this))
    , m_view(new LinkTestView(this))
    , m_comparison(new RunComparisonView(this))
    , m_historyList(new QListWidget(this))
    , m_historyHint(new QLabel(this))
{
    setObjectName(QStringLiteral("linkTestWindow"));
    setWindowTitle(tr("Link test — %1").arg(cluster));

    // Whether every Spark has perftest and a RoCE v2 GID is known only once the
    // run checks the nodes: the default lets that check choose.
    m_mode->setObjectName(QStringLiteral("linkTestMode"));
    m_mode->addItem(tr("RDMA where every Spark can, else TCP"), int(Mode::RdmaWherePossible));
    m_mode->addItem(tr("TCP (iperf3)"), int(Mode::Tcp));
    m_mode->addItem(tr("RDMA (ib_write_bw)"), int(Mode::Rdma));
    m_mode->setToolTip(tr("RDMA measures what NVIDIA's bar is measured with; it needs perftest (ib_write_bw) on every "
                          "Spark and a RoCE v2 GID on every port. The first choice checks that before measuring and "
                          "uses TCP (iperf3, on every Spark) where RDMA cannot run."));
    m_seconds->setObjectName(QStringLiteral("linkTestSeconds"));
    m_seconds->setRange(2, 3600);
    m_seconds->setValue(LinkTestOptions().seconds);
    m_seconds->setSuffix(tr(" s per direction"));
    m_seconds->setToolTip(tr("How long each direction of each link is measured."));
    m_direction->setObjectName(QStringLiteral("linkTestDirection"));
    m_direction->addItem(tr("All: A→B, B→A, then both at once"), int(Directions::All));
    m_direction->addItem(tr("A→B"), int(Directions::AToB));
    m_direction->addItem(tr("B→A"), int(Directions::BToA));
    m_direction->addItem(tr("Both at once"), int(Directions::Both));
    m_run->setObjectName(QStringLiteral("linkTestRun"));
    m_cancel->setObjectName(QStringLiteral("linkTestCancel"));
    m_export->setObjectName(QStringLiteral("linkTestExport"));
    m_export->setToolTip(tr("Save the run on show as CSV or JSON."));
    m_compare->setObjectName(QStringLiteral("linkTestCompare"));
    m_compare->setToolTip(tr("Show the run on show beside another run of this cluster."));
    m_compare->setMenu(new QMenu(m_compare));
    connect(m_compare->menu(), &QMenu::aboutToShow, this, &LinkTestWindow::fillCompareMenu);
    connect(m_run, &QPushButton::clicked, this, &LinkTestWindow::start);
    connect(m_cancel, &QPushButton::clicked, this, &LinkTestWindow::cancel);
    connect(m_export, &QPushButton::clicked, this, &LinkTestWindow::exportAs);

    m_message->setObjectName(QStringLiteral("linkTestMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setText(tr("Measures every link of %1, both twins of each port at once, and says for each whether it "
                          "carries what it should.").arg(cluster));

    m_historyList->setObjectName(QStringLiteral("linkTestHistory"));
    m_historyList->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_historyList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    new WrappingItemDelegate(m_historyList); // a narrow window wraps an entry instead of cutting it
    connect(m_historyList, &QListWidget::itemSelectionChanged, this, &LinkTestWindow::showSelection);
    m_historyHint->setObjectName(QStringLiteral("linkTestHistoryHint"));
    m_historyHint->setWordWrap(true);
    m_historyHint->setText(tr("Select two runs (Ctrl+click) to compare them."));
    auto *historyPane = new QWidget(this);
    auto *historyLayout = new QVBoxLayout(historyPane);
    historyLayout->setContentsMargins(0, 0, 0, 0);
    auto *historyTitle = new QLabel(tr("&Earlier runs"), historyPane);
    historyTitle->setBuddy(m_historyList);
    historyLayout->addWidget(historyTitle);
    historyLayout->addWidget(m_historyList, 1);
    historyLayout->addWidget(m_historyHint);
    historyLayout->addWidget(m_compare);
    historyLayout->addWidget(m_export);

    m_views->setObjectName(QStringLiteral("linkTestViews"));
    m_views->addWidget(m_view);
    m_views->addWidget(m_comparison);
    auto *panes = new QSplitter(Qt::Horizontal, this);
    panes->setObjectName(QStringLiteral("linkTestPanes"));
    panes->setChildrenCollapsible(false);
    panes->addWidget(historyPane);
    panes->addWidget(m_views);
    panes->setStretchFactor(0, 0);
    panes->setStretchFactor(1, 1);
    panes->setSizes({180, 720});

    // Two rows: in one, the long choices would keep the window from being small.
    auto *how = new QHBoxLayout;
    auto *modeLabel = new QLabel(tr("&Mode:"), this);
    modeLabel->setBuddy(m_mode);
    how->addWidget(modeLabel);
    how->addWidget(m_mode);
    how->addWidget(m_seconds);
    how->addStretch(1);
    auto *which = new QHBoxLayout;
    auto *directionLabel = new QLabel(tr("&Directions:"), this);
    directionLabel->setBuddy(m_direction);
    which->addWidget(directionLabel);
    which->addWidget(m_direction);
    which->addWidget(m_run);
    which->addWidget(m_cancel);
    which->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(how);
    layout->addLayout(which);
    layout->addWidget(m_message);
    layout->addWidget(panes, 1);

    if (const auto loaded = m_history.load(); !loaded)
        say(loaded.error().message);
    reloadHistory();
    if (!m_runs.isEmpty())
        m_historyList->setCurrentRow(0); // the newest, on show
    updateButtons();
    resize(960, 640);
}

LinkTestWindow::~LinkTestWindow()
{
    if (m_runner) {
        m_runner->cancel(); // it cleans up the nodes
        releaseWhenDone(m_runner, m_future, this, m_jobs);
    }
    // A planning still going holds its own copy of the job source.
}

LinkTestOptions LinkTestWindow::options() const
{
    LinkTestOptions options;
    switch (Mode(m_mode->currentData().toInt())) {
    case Mode::RdmaWherePossible:
        options.mode = LinkTestMode::Rdma;
        options.tcpWhereRdmaCannot = true;
        break;
    case Mode::Tcp:
        options.mode = LinkTestMode::Tcp;
        break;
    case Mode::Rdma:
        options.mode = LinkTestMode::Rdma;
        break;
    }
    options.seconds = m_seconds->value();
    options.phases = phasesOf(Directions(m_direction->currentData().toInt()));
    return options;
}

void LinkTestWindow::start()
{
    if (isRunning())
        return;
    if (!m_jobs) {
        say(tr("There is no cluster to test here."));
        return;
    }
    m_planning = true;
    m_stopAsked = false;
    say(tr("Reading the Sparks of %1 and planning their links…").arg(m_cluster));
    updateButtons();
    Q_EMIT runningChanged(true);
    // Reading every node takes seconds over SSH. The thread's copy of the
    // source keeps the sessions should the window close meanwhile.
    auto planning = runOnThread([jobs = m_jobs, options = options()] { return jobs(options); });
    whenReady(planning, this, [this](const Expected<LinkTestJob> &job) { planned(job); });
}

void LinkTestWindow::planned(const Expected<LinkTestJob> &job)
{
    m_planning = false;
    if (m_stopAsked || !job) {
        say(m_stopAsked ? tr("The link test was cancelled before it began.") : job.error().message);
        updateButtons();
        Q_EMIT runningChanged(false);
        return;
    }
    m_runner = new LinkTestRunner(this);
    m_view->attach(m_runner);
    m_running = true;
    m_shown.reset();
    m_views->setCurrentWidget(m_view);
    m_historyList->blockSignals(true);
    m_historyList->clearSelection();
    m_historyList->blockSignals(false);
    say(tr("Measuring %n link(s) of %1.", nullptr, int(job->links.size())).arg(m_cluster));
    m_future = m_runner->run(*job);
    LinkTestRunner *runner = m_runner;
    const auto done = [this, runner](const Expected<LinkTestRun> &run) {
        if (m_runner == runner)
            m_runner = nullptr;
        runner->deleteLater();
        finishRun(run);
    };
    whenReady(m_future, this, done, [done] { done(Error(tr("The link test ended without a result."))); });
    updateButtons();
}

void LinkTestWindow::cancel()
{
    if (!isRunning())
        return;
    m_stopAsked = true;
    if (m_runner)
        m_runner->cancel();
    m_cancel->setEnabled(false);
    say(m_planning ? tr("Cancelling once the Sparks have been read…")
                   : tr("Stopping the link test and cleaning up the Sparks…"));
}

void LinkTestWindow::finishRun(const Expected<LinkTestRun> &run)
{
    const bool wasRunning = isRunning();
    m_running = false;
    if (!run) {
        say(m_stopAsked ? tr("The link test was stopped; what it started on the Sparks has been cleaned up.")
                        : tr("The link test did not finish: %1").arg(run.error().message));
    } else {
        // Against the cluster's last run, before this one joins the history.
        QString said = run->passed() ? tr("Every link of %1 passed.").arg(m_cluster)
                                     : tr("At least one link of %1 failed.").arg(m_cluster);
        if (!m_runs.isEmpty())
            said += QLatin1Char('\n') + RunComparison::between(m_runs.constFirst(), *run).text();
        m_history.add(*run);
        if (const auto saved = m_history.save(); !saved)
            said += QLatin1Char('\n') + saved.error().message;
        say(said);
        m_shown = *run;
        // The newest is this run, on show already with its per-second charts.
        reloadHistory();
        m_historyList->blockSignals(true);
        m_historyList->setCurrentRow(0);
        m_historyList->blockSignals(false);
        Q_EMIT runFinished(*run);
    }
    updateButtons();
    if (wasRunning)
        Q_EMIT runningChanged(false);
}

void LinkTestWindow::showRun(const LinkTestRun &run)
{
    if (isRunning())
        return;
    m_shown = run;
    m_view->showRun(run);
    m_views->setCurrentWidget(m_view);
    updateButtons();
}

void LinkTestWindow::compareRuns(const LinkTestRun &before, const LinkTestRun &now)
{
    if (isRunning())
        return;
    m_shown.reset(); // two runs: nothing single to export
    m_comparison->compare(before, now);
    m_views->setCurrentWidget(m_comparison);
    updateButtons();
}

void LinkTestWindow::reloadHistory()
{
    m_runs = m_history.runs(m_cluster);
    m_historyList->blockSignals(true);
    m_historyList->clear();
    for (const LinkTestRun &run : std::as_const(m_runs)) {
        // Two short lines: when, then the outcome and the slowest link.
        const QString when = QLocale().toString(run.started.toLocalTime(), QLocale::ShortFormat);
        const QString outcome = run.passed() ? tr("pass") : tr("fail");
        const LinkResult *slowest = slowestLink(run);
        const QString what = slowest ? tr("%1, slowest %2: %3 Gb/s")
                                           .arg(outcome, slowest->label, LinkVerdict::formatGbps(slowest->slowestPortGbps()))
                                     : outcome;
        auto *item = new QListWidgetItem(when + QLatin1Char('\n') + what);
        item->setForeground(run.passed() ? passColor : failColor);
        item->setToolTip(tr("%n link(s), run by %1", nullptr, int(run.links.size()))
                             .arg(run.links.isEmpty() ? QString() : run.links.constFirst().method.toUpper()));
        m_historyList->addItem(item);
    }
    if (m_runs.isEmpty()) {
        auto *none = new QListWidgetItem(tr("None yet"));
        none->setFlags(Qt::NoItemFlags);
        m_historyList->addItem(none);
    }
    m_historyList->blockSignals(false);
}

void LinkTestWindow::showSelection()
{
    QList<int> rows;
    for (const QModelIndex &index : m_historyList->selectionModel()->selectedRows())
        if (index.row() < m_runs.size())
            rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    if (rows.size() == 1)
        showRun(m_runs.at(rows.constFirst()));
    else if (rows.size() == 2)
        compareRuns(m_runs.at(rows.at(1)), m_runs.at(rows.at(0))); // the list is newest first
    else if (rows.size() > 2)
        say(tr("Two runs can be compared at a time."));
    updateButtons();
}

void LinkTestWindow::fillCompareMenu()
{
    QMenu *menu = m_compare->menu();
    menu->clear();
    const int current = m_historyList->currentRow();
    for (int row = 0; row < m_runs.size(); ++row) {
        if (row == current)
            continue;
        const QString text = m_historyList->item(row)->text().replace(QLatin1Char('\n'), QStringLiteral(" — "));
        menu->addAction(text, this, [this, current, row] {
            // Both selected in the list: it compares them.
            m_historyList->blockSignals(true);
            m_historyList->clearSelection();
            m_historyList->item(current)->setSelected(true);
            m_historyList->blockSignals(false);
            m_historyList->item(row)->setSelected(true);
        });
    }
}

void LinkTestWindow::say(const QString &sentence)
{
    m_message->setText(sentence);
}

void LinkTestWindow::updateButtons()
{
    const bool busy = isRunning();
    m_run->setEnabled(!busy);
    m_run->setText(m_runs.isEmpty() ? tr("&Run") : tr("&Run again"));
    m_cancel->setEnabled(busy && !m_stopAsked);
    m_mode->setEnabled(!busy);
    m_seconds->setEnabled(!busy);
    m_direction->setEnabled(!busy);
    m_historyList->setEnabled(!busy && !m_runs.isEmpty());
    m_export->setEnabled(!busy && m_shown.has_value());
    m_compare->setEnabled(!busy && m_runs.size() >= 2 && m_historyList->selectedItems().size() == 1);
}

void LinkTestWindow::closeEvent(QCloseEvent *event)
{
    cancel();
    QWidget::closeEvent(event);
}

Expected<void> LinkTestWindow::exportRun(const QString &path) const
{
    if (!m_shown)
        return Error(tr("There is nothing to export: show one run first."));
    return saveRunFile(path, m_shown->toCsv(), m_shown->toJson());
}

void LinkTestWindow::exportAs()
{
    const QString asCsv = tr("Results as CSV (*.csv)");
    const QString asJson = tr("Run as JSON (*.json)");
    QString filter = asCsv;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the link test"), QStringLiteral("linktest.csv"),
                                                      QStringList{asCsv, asJson}.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    const Expected<void> saved = exportRun(path);
    say(saved ? tr("Saved %1.").arg(QFileInfo(path).fileName()) : saved.error().message);
}

} // namespace spark::ui
