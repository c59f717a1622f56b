// SPDX-License-Identifier: MIT
#include "ui/progress/nodeprogresslist.h"

#include "ui/common/colorscheme.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>

namespace spark::ui {

NodeProgressList::NodeProgressList(QWidget *parent)
    : QWidget(parent)
    , m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setColumnStretch(2, 1);
}

void NodeProgressList::setNodes(const QStringList &nodes)
{
    for (const Row &row : std::as_const(m_rows)) {
        delete row.name;
        delete row.bar;
        delete row.sentence;
    }
    m_rows.clear();
    m_order = nodes;
    for (int i = 0; i < nodes.size(); ++i) {
        Row row;
        row.name = new QLabel(QStringLiteral("<b>%1</b>").arg(nodes.at(i).toHtmlEscaped()), this);
        row.bar = new QProgressBar(this);
        row.bar->setObjectName(QStringLiteral("progress-") + nodes.at(i));
        row.bar->setRange(0, 100);
        row.bar->setValue(0);
        row.bar->setMaximumWidth(160);
        row.bar->setAccessibleName(tr("Progress on %1").arg(nodes.at(i)));
        row.sentence = new QLabel(this);
        row.sentence->setObjectName(QStringLiteral("sentence-") + nodes.at(i));
        row.sentence->setWordWrap(true);
        row.sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_grid->addWidget(row.name, i, 0, Qt::AlignTop);
        m_grid->addWidget(row.bar, i, 1, Qt::AlignTop);
        m_grid->addWidget(row.sentence, i, 2, Qt::AlignTop);
        // Rows added to a visible list show at once, not only after the next event.
        for (QWidget *widget : {static_cast<QWidget *>(row.name), static_cast<QWidget *>(row.bar),
                                static_cast<QWidget *>(row.sentence)})
            widget->show();
        m_rows.insert(nodes.at(i), row);
    }
}

void NodeProgressList::setProgress(const QString &node, double fraction, const QString &sentence)
{
    const auto row = m_rows.constFind(node);
    if (row == m_rows.constEnd())
        return;
    row->bar->setValue(qBound(0, int(fraction * 100), 100));
    row->sentence->setText(sentence);
}

void NodeProgressList::setOutcome(const QString &node, Outcome outcome, const QString &sentence)
{
    const auto row = m_rows.constFind(node);
    if (row == m_rows.constEnd())
        return;
    if (outcome != Outcome::Running)
        row->bar->setValue(100);
    // Words first, colour second: the outcome is in the sentence too.
    const QString mark = outcome == Outcome::Succeeded ? QStringLiteral("✔ ")
        : outcome == Outcome::Failed                   ? QStringLiteral("✘ ")
                                                       : QString();
    row->sentence->setText(mark + sentence);
    QPalette palette = this->palette();
    if (outcome == Outcome::Failed)
        palette.setColor(QPalette::WindowText, failureColor(palette));
    row->sentence->setPalette(palette);
}

void NodeProgressList::showProgress(const JobProgress &progress)
{
    if (!progress.node.isEmpty())
        setProgress(progress.node, progress.fraction, progress.sentence);
}

QString NodeProgressList::sentence(const QString &node) const
{
    const auto row = m_rows.constFind(node);
    return row == m_rows.constEnd() ? QString() : row->sentence->text();
}

int NodeProgressList::percent(const QString &node) const
{
    const auto row = m_rows.constFind(node);
    return row == m_rows.constEnd() ? -1 : row->bar->value();
}

} // namespace spark::ui
