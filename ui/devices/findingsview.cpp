// SPDX-License-Identifier: MIT
#include "ui/devices/findingsview.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace spark::ui {

namespace {

// Fixed hues readable on the light and the dark palette alike.
QColor severityColor(Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::Blocker:
        return QColor(0xd0, 0x3b, 0x3b);
    case Finding::Severity::Warning:
        return QColor(0xc7, 0x7c, 0x02);
    case Finding::Severity::Info:
        break;
    }
    return QColor(0x3b, 0x7d, 0xd8);
}

QColor verdictColor(Readiness readiness)
{
    switch (readiness) {
    case Readiness::Blockers:
        return severityColor(Finding::Severity::Blocker);
    case Readiness::Warnings:
        return severityColor(Finding::Severity::Warning);
    case Readiness::Ready:
        break;
    }
    return QColor(0x2e, 0x9e, 0x4f);
}

QString badgeStyle(const QColor &color)
{
    return QStringLiteral("QLabel { background: %1; color: white; border-radius: 4px; padding: 2px 8px; font-weight: bold; }")
        .arg(color.name());
}

// The widest severity word with the badge's padding and bold font.
int badgeWidth(const QLabel &badge)
{
    QFont bold = badge.font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    int widest = 0;
    for (const auto severity : {Finding::Severity::Blocker, Finding::Severity::Warning, Finding::Severity::Info})
        widest = qMax(widest, metrics.horizontalAdvance(FindingsView::severityText(severity)));
    return widest + 20;
}

QLabel *wrapped(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

FindingsView::FindingsView(QWidget *parent)
    : QWidget(parent)
    , m_verdict(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_list(new QWidget(this))
{
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_summary->setObjectName(QStringLiteral("verdictSummary"));
    m_summary->setWordWrap(true);
    m_list->setObjectName(QStringLiteral("findingsList"));
    m_listLayout = new QVBoxLayout(m_list);
    m_listLayout->setContentsMargins(0, 0, 0, 0);
    m_listLayout->setSpacing(10);

    auto *top = new QHBoxLayout;
    top->addWidget(m_verdict);
    top->addWidget(m_summary, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_list);
    clear();
}

QString FindingsView::verdictText(Readiness readiness)
{
    switch (readiness) {
    case Readiness::Blockers:
        return tr("Not ready");
    case Readiness::Warnings:
        return tr("Ready with warnings");
    case Readiness::Ready:
        break;
    }
    return tr("Ready");
}

QString FindingsView::severityText(Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::Blocker:
        return tr("Blocker");
    case Finding::Severity::Warning:
        return tr("Warning");
    case Finding::Severity::Info:
        break;
    }
    return tr("Note");
}

void FindingsView::clear()
{
    m_verdict->hide();
    m_summary->clear();
    while (QLayoutItem *item = m_listLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

void FindingsView::setFindings(const QList<Finding> &findings)
{
    clear();
    const Readiness readiness = readinessOf(findings);
    m_verdict->setText(verdictText(readiness));
    m_verdict->setStyleSheet(badgeStyle(verdictColor(readiness)));
    m_verdict->show();
    switch (readiness) {
    case Readiness::Ready:
        m_summary->setText(tr("Nothing stands in the way of clustering this Spark."));
        break;
    case Readiness::Warnings:
        m_summary->setText(tr("A cluster works, but read the warnings below."));
        break;
    case Readiness::Blockers:
        m_summary->setText(tr("Fix the blockers below before this Spark joins a cluster."));
        break;
    }
    for (const Finding &finding : findings) {
        auto *row = new QWidget(m_list);
        row->setObjectName(QStringLiteral("finding-%1").arg(finding.code));
        auto *grid = new QGridLayout(row);
        grid->setContentsMargins(0, 0, 0, 0);
        auto *severity = new QLabel(severityText(finding.severity), row);
        severity->setObjectName(QStringLiteral("findingSeverity"));
        severity->setStyleSheet(badgeStyle(severityColor(finding.severity)));
        severity->setAlignment(Qt::AlignCenter);
        severity->setMinimumWidth(badgeWidth(*severity)); // sentences line up whatever the severity
        auto *sentence = wrapped(finding.sentence, row);
        sentence->setObjectName(QStringLiteral("findingSentence"));
        auto *fix = wrapped(tr("What to do: %1").arg(finding.fix), row);
        fix->setObjectName(QStringLiteral("findingFix"));
        fix->setForegroundRole(QPalette::PlaceholderText);
        grid->addWidget(severity, 0, 0, Qt::AlignTop);
        grid->addWidget(sentence, 0, 1);
        grid->addWidget(fix, 1, 1);
        grid->setColumnStretch(1, 1);
        m_listLayout->addWidget(row);
        row->show(); // added after the view was shown: not shown by the layout until the next event loop turn
    }
}

} // namespace spark::ui
