// SPDX-License-Identifier: MIT
#include "ui/linktest/linktestview.h"

#include "core/linktest/linktestrunner.h"
#include "ui/linktest/throughputchart.h"

#include <QBarCategoryAxis>
#include <QResizeEvent>
#include <QStackedBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QProgressBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

namespace spark::ui {

namespace {

enum Column { LinkColumn, RateColumn, LatencyColumn, VerdictColumn, ColumnCount };

QString gbps(double value)
{
    return LinkTestView::tr("%1 Gb/s").arg(QLocale().toString(value, 'g', 3));
}

} // namespace

LinkTestView::LinkTestView(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_tabs(new QTabWidget(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
{
    setObjectName(QStringLiteral("linkTestView"));
    m_status->setWordWrap(true);
    m_status->setText(tr("The test has not run yet."));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(8);
    m_tabs->setObjectName(QStringLiteral("linkTestTabs"));
    m_tabs->setDocumentMode(true);
    m_table->setObjectName(QStringLiteral("linkTestResults"));
    m_table->setHorizontalHeaderLabels({tr("Link"), tr("Slowest total"), tr("Latency"), tr("Verdict")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(VerdictColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->setMinimumHeight(90);
    // Verdicts wrap: their rows follow the column's width.
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table, [this](int section) {
        if (section == VerdictColumn)
            m_table->resizeRowsToContents();
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    layout->addWidget(m_tabs, 3);
    layout->addWidget(m_table, 1);
}

void LinkTestView::attach(LinkTestRunner *runner)
{
    connect(runner, &LinkTestRunner::started, this, &LinkTestView::start, Qt::QueuedConnection);
    connect(runner, &LinkTestRunner::sample, this, &LinkTestView::addSample, Qt::QueuedConnection);
    connect(runner, &LinkTestRunner::latencyMeasured, this, &LinkTestView::setLatency, Qt::QueuedConnection);
    connect(runner, &LinkTestRunner::linkFinished, this, &LinkTestView::setResult, Qt::QueuedConnection);
    connect(runner, &Job::progress, this, &LinkTestView::showProgress, Qt::QueuedConnection);
}

void LinkTestView::start(const LinkTestRun &planned)
{
    begin(planned, true);
}

void LinkTestView::showRun(const LinkTestRun &run)
{
    const bool kept = std::any_of(run.links.cbegin(), run.links.cend(),
                                  [](const LinkResult &link) { return !link.samples.isEmpty(); });
    begin(run, kept);
    for (const LinkResult &link : run.links) {
        if (ThroughputChart *chart = m_charts.value(link.link)) {
            for (const LinkSample &sample : link.samples)
                chart->addSample(sample);
        }
        setLatency(link.link, link.latencyUs, link.lossPercent);
        setResult(link);
    }
    m_tabs->setCurrentIndex(0); // the summary first, as for any finished run
    setProgress(1, tr("The run of %1.").arg(QLocale().toString(run.started.toLocalTime(), QLocale::ShortFormat)));
}

void LinkTestView::begin(const LinkTestRun &planned, bool perSecondCharts)
{
    while (m_tabs->count() > 0) {
        QWidget *page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        page->deleteLater();
    }
    m_charts.clear();
    m_finished.clear();
    m_links.clear();
    m_table->setRowCount(0);
    m_expectedGbps = planned.expectedGbps * planned.scale;

    // The summary first: one bar per link, the slowest port total it reached.
    auto *summary = new QChart;
    summary->setTitle(tr("Slowest port total per link"));
    summary->legend()->hide();
    summary->setMargins(QMargins(4, 4, 4, 4));
    summary->setBackgroundBrush(palette().base());
    summary->setTitleBrush(palette().text());
    m_passed = new QBarSet(tr("Passed"));
    m_passed->setColor(QColor(0x22, 0xa5, 0x5a));
    m_failed = new QBarSet(tr("Failed"));
    m_failed->setColor(QColor(0xe0, 0x3e, 0x3e));
    auto *bars = new QStackedBarSeries;
    bars->append({m_passed, m_failed});
    summary->addSeries(bars);
    auto *categories = new QBarCategoryAxis;
    m_barAxis = new QValueAxis;
    m_barAxis->setTitleText(tr("Gb/s"));
    m_barAxis->setRange(0, std::max(m_expectedGbps * 1.2, 0.01));
    m_barAxis->applyNiceNumbers();
    m_barAxis->setLabelFormat(QStringLiteral("%.3g"));
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(categories), static_cast<QAbstractAxis *>(m_barAxis)}) {
        axis->setLabelsBrush(palette().text());
        axis->setTitleBrush(palette().text());
        axis->setGridLineColor(palette().midlight().color());
    }
    summary->addAxis(categories, Qt::AlignBottom);
    summary->addAxis(m_barAxis, Qt::AlignLeft);
    bars->attachAxis(categories);
    bars->attachAxis(m_barAxis);
    auto *expected = new QLineSeries;
    expected->setPen(QPen(palette().text().color(), 1.5, Qt::DashLine));
    summary->addSeries(expected);
    // The expected line spans the bars: on a hidden value axis from 0 to 1.
    auto *across = new QValueAxis;
    across->setRange(0, 1);
    across->setVisible(false);
    summary->addAxis(across, Qt::AlignTop);
    expected->attachAxis(across);
    expected->attachAxis(m_barAxis);
    expected->append(0, m_expectedGbps);
    expected->append(1, m_expectedGbps);
    auto *summaryView = new QChartView(summary);
    summaryView->setObjectName(QStringLiteral("linkTestSummary"));
    summaryView->setRenderHint(QPainter::Antialiasing);
    m_tabs->addTab(summaryView, tr("Summary"));

    for (const LinkResult &link : planned.links) {
        m_links.append(link.link);
        categories->append(link.label);
        m_passed->append(0);
        m_failed->append(0);
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, LinkColumn, new QTableWidgetItem(link.label));
        m_table->setItem(row, RateColumn, new QTableWidgetItem(tr("–")));
        m_table->setItem(row, LatencyColumn, new QTableWidgetItem(tr("–")));
        m_table->setItem(row, VerdictColumn, new QTableWidgetItem(tr("Waiting")));
        if (!perSecondCharts)
            continue;
        auto *chart = new ThroughputChart(tr("%1: %2 port %3 ↔ %4 port %5")
                                              .arg(link.label, link.nodeA)
                                              .arg(link.portA)
                                              .arg(link.nodeB)
                                              .arg(link.portB),
                                          m_expectedGbps);
        m_charts.insert(link.link, chart);
        m_tabs->addTab(chart, link.label);
    }
    m_tabs->setCurrentIndex(m_tabs->count() > 1 ? 1 : 0);
    m_status->setText(tr("A port passes above %1.").arg(gbps(m_expectedGbps)));
}

int LinkTestView::rowOf(const QString &link) const
{
    return int(m_links.indexOf(link));
}

void LinkTestView::addSample(const LinkSample &sample)
{
    if (ThroughputChart *chart = m_charts.value(sample.link)) {
        // A result in and samples again: the runner confirms a low figure alone.
        if (m_finished.remove(sample.link)) {
            chart->measuredAgain();
            if (const int row = rowOf(sample.link); row >= 0)
                m_table->item(row, VerdictColumn)->setText(tr("Measuring again on its own"));
        }
        chart->addSample(sample);
        // Follow the link being measured; of links measured side by side, the
        // one shown stays until its result is in.
        QWidget *shown = m_tabs->currentWidget();
        const QString shownLink = m_charts.key(qobject_cast<ThroughputChart *>(shown));
        if (shown != chart && m_tabs->currentIndex() != 0 && (shownLink.isEmpty() || m_finished.contains(shownLink)))
            m_tabs->setCurrentWidget(chart);
    }
}

void LinkTestView::setLatency(const QString &link, double microseconds, double lossPercent)
{
    const int row = rowOf(link);
    if (row < 0)
        return;
    const QString text = microseconds < 0 ? tr("no reply")
                                          : tr("%1 µs, %2 % loss")
                                                .arg(QLocale().toString(microseconds, 'f', 0), QLocale().toString(lossPercent, 'g', 2));
    m_table->item(row, LatencyColumn)->setText(text);
    m_table->item(row, VerdictColumn)->setText(tr("Measuring"));
}

void LinkTestView::setResult(const LinkResult &result)
{
    const int row = rowOf(result.link);
    if (row < 0)
        return;
    m_finished.insert(result.link);
    const double slowest = result.slowestPortGbps();
    m_table->item(row, RateColumn)->setText(gbps(slowest));
    QTableWidgetItem *verdict = m_table->item(row, VerdictColumn);
    verdict->setText((result.verdict.pass ? tr("Pass: %1") : tr("Fail: %1")).arg(result.verdict.sentence));
    verdict->setToolTip(result.verdict.sentence);
    verdict->setForeground(result.verdict.pass ? QColor(0x22, 0xa5, 0x5a) : QColor(0xe0, 0x3e, 0x3e));
    m_table->resizeRowsToContents();
    if (m_passed) {
        (result.verdict.pass ? m_passed : m_failed)->replace(row, slowest);
        if (slowest * 1.1 > m_barAxis->max()) {
            m_barAxis->setMax(slowest * 1.1);
            m_barAxis->applyNiceNumbers();
        }
    }
}

void LinkTestView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Verdicts wrap: their rows follow the column's new width.
    m_table->resizeRowsToContents();
}

void LinkTestView::showProgress(const JobProgress &progress)
{
    setProgress(progress.fraction, progress.sentence);
}

void LinkTestView::setProgress(double fraction, const QString &sentence)
{
    m_progress->setValue(int(std::clamp(fraction, 0.0, 1.0) * 1000));
    m_status->setText(sentence);
}

} // namespace spark::ui
