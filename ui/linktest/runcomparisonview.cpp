// SPDX-License-Identifier: MIT
#include "ui/linktest/runcomparisonview.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace spark::ui {

namespace {

// The link test's pass and fail colours: they read on light and dark palettes.
const QColor passColor(0x22, 0xa5, 0x5a);
const QColor failColor(0xe0, 0x3e, 0x3e);

QString gbps(const std::optional<double> &value)
{
    return value ? RunComparisonView::tr("%1 Gb/s").arg(LinkVerdict::formatGbps(*value)) : RunComparisonView::tr("–");
}

QTableWidgetItem *verdictItem(const std::optional<bool> &pass)
{
    auto *item = new QTableWidgetItem(!pass ? RunComparisonView::tr("–")
                                            : (*pass ? RunComparisonView::tr("Pass") : RunComparisonView::tr("Fail")));
    if (pass)
        item->setForeground(*pass ? passColor : failColor);
    return item;
}

QString when(const QDateTime &started)
{
    return QLocale().toString(started.toLocalTime(), QLocale::ShortFormat);
}

} // namespace

RunComparisonView::RunComparisonView(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_outcome(new QLabel(this))
{
    setObjectName(QStringLiteral("linkTestComparison"));
    m_heading->setObjectName(QStringLiteral("linkTestComparisonHeading"));
    m_heading->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("linkTestComparisonTable"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Not stretched: the difference stays beside the figures it is of.
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_outcome->setObjectName(QStringLiteral("linkTestComparisonOutcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_outcome);
}

QString RunComparisonView::difference(const LinkChange &change)
{
    if (!change.beforeGbps || !change.nowGbps)
        return tr("–");
    const double delta = *change.nowGbps - *change.beforeGbps;
    // A minus sign, not a hyphen; "+" for a gain, nothing for none.
    const QString sign = delta > 0 ? QStringLiteral("+") : (delta < 0 ? QStringLiteral("−") : QString());
    const QString rate = sign + LinkVerdict::formatGbps(std::abs(delta));
    if (*change.beforeGbps <= 0)
        return tr("%1 Gb/s").arg(rate);
    const double percent = std::round(std::abs(delta) / *change.beforeGbps * 100);
    return tr("%1 Gb/s (%2 %)").arg(rate, (percent > 0 ? sign : QString()) + QString::number(percent, 'f', 0));
}

void RunComparisonView::compare(const LinkTestRun &before, const LinkTestRun &now)
{
    m_comparison = RunComparison::between(before, now);
    m_heading->setText(tr("Slowest port total per link: the run of %1 against the later run of %2.")
                           .arg(when(before.started), when(now.started)));
    // Short headings, the dates above the table and on the headings' tips: the table fits a small window.
    m_table->setHorizontalHeaderLabels({tr("Link"), tr("Earlier"), tr("Verdict"), tr("Later"), tr("Verdict"), tr("Difference")});
    m_table->horizontalHeaderItem(BeforeColumn)->setToolTip(when(before.started));
    m_table->horizontalHeaderItem(NowColumn)->setToolTip(when(now.started));
    m_table->setRowCount(0);
    for (const LinkChange &change : std::as_const(m_comparison.links)) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto *link = new QTableWidgetItem(change.label);
        link->setToolTip(change.sentence);
        m_table->setItem(row, LinkColumn, link);
        m_table->setItem(row, BeforeColumn, new QTableWidgetItem(gbps(change.beforeGbps)));
        m_table->setItem(row, BeforeVerdictColumn, verdictItem(change.beforePass));
        m_table->setItem(row, NowColumn, new QTableWidgetItem(gbps(change.nowGbps)));
        m_table->setItem(row, NowVerdictColumn, verdictItem(change.nowPass));
        auto *delta = new QTableWidgetItem(difference(change));
        delta->setToolTip(change.sentence);
        if (change.isWorse())
            delta->setForeground(failColor);
        m_table->setItem(row, DifferenceColumn, delta);
        for (int column : {BeforeColumn, NowColumn, DifferenceColumn})
            m_table->item(row, column)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    m_outcome->setText(m_comparison.anyWorse()
                           ? tr("At least one link is slower by more than %1 % or fails now where it passed.")
                                 .arg(QString::number(LinkChange::worseFraction * 100, 'f', 0))
                           : tr("No link got worse."));
    QPalette p = m_outcome->palette();
    p.setColor(QPalette::WindowText, m_comparison.anyWorse() ? failColor : passColor);
    m_outcome->setPalette(p);
}

} // namespace spark::ui
