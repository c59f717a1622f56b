// SPDX-License-Identifier: MIT
#include "ui/wizard/cablingpage.h"

#include "core/common/whenready.h"
#include "ui/drawings/qsfpcloseupview.h"
#include "ui/drawings/rearpanelview.h"
#include "ui/drawings/topologyview.h"
#include "ui/wizard/cablingpicture.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/wizard/setupstate.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace spark::ui {

CablingPage::CablingPage(SetupState *state, QWidget *parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_step(new QLabel(this))
    , m_portChoice(new QLabel(this))
    , m_panelBox(new QWidget(this))
    , m_panelGrid(new QGridLayout(m_panelBox))
    , m_closeUp(new QsfpCloseUpView(this))
    , m_topology(new TopologyView(this))
    , m_cables(new QListWidget(this))
    , m_check(new QPushButton(tr("&Check cabling"), this))
    , m_watch(new QCheckBox(tr("&Watch the ports while I plug in"), this))
    , m_status(new QLabel(this))
    , m_findings(new QLabel(this))
    , m_quick(new QLabel(this))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("cablingPage"));
    setTitle(tr("Cabling"));
    setSubTitle(tr("Plug in each cable where the drawing shows it, pull tab up."));

    m_step->setObjectName(QStringLiteral("cablingStep"));
    m_step->setWordWrap(true);
    QFont bold = m_step->font();
    bold.setBold(true);
    m_step->setFont(bold);
    m_portChoice->setObjectName(QStringLiteral("portChoiceHelp"));
    m_portChoice->setWordWrap(true);
    m_portChoice->setText(tr("The cables can use the left or the right port: click the port you want on any drawing "
                             "(or Tab to it and press Space)."));
    m_panelGrid->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("panelScroll"));
    scroll->setWidget(m_panelBox);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_cables->setObjectName(QStringLiteral("cableList"));
    m_cables->setWordWrap(true);
    m_cables->setIconSize(QSize(16, 16));
    m_cables->setAccessibleName(tr("Cables to plug in, in order"));
    m_topology->setObjectName(QStringLiteral("cablingTopology"));
    m_topology->setMinimumHeight(120);
    auto *approved = new QLabel(tr("Approved cables: Amphenol NJAAKK-N911 (0.4 m), NJAAKK0006 (0.5 m), Luxshare "
                                   "LMTQF022-SD-R."),
                                this);
    approved->setObjectName(QStringLiteral("approvedCables"));
    approved->setWordWrap(true);

    m_check->setObjectName(QStringLiteral("checkCabling"));
    m_watch->setObjectName(QStringLiteral("watchPorts"));
    m_watch->setChecked(true);
    m_status->setObjectName(QStringLiteral("cablingStatus"));
    m_status->setWordWrap(true);
    m_findings->setObjectName(QStringLiteral("cablingFindings"));
    m_findings->setWordWrap(true);
    m_findings->setTextFormat(Qt::RichText);
    m_quick->setObjectName(QStringLiteral("quickCheckResult"));
    m_quick->setWordWrap(true);
    m_quick->setTextFormat(Qt::RichText);
    m_timer->setInterval(WatchIntervalMs);

    // The close-up only illustrates the instruction: the cable list gets the room.
    m_closeUp->setMaximumWidth(220);
    m_cables->setMinimumHeight(m_cables->fontMetrics().height() * 6);
    auto *side = new QVBoxLayout;
    side->addWidget(m_closeUp, 0, Qt::AlignHCenter);
    side->addWidget(m_cables, 1);
    side->addWidget(approved);
    side->addWidget(m_topology, 1);
    auto *middle = new QHBoxLayout;
    middle->addWidget(scroll, 3);
    middle->addLayout(side, 2);
    auto *checkRow = new QHBoxLayout;
    checkRow->addWidget(m_check);
    checkRow->addWidget(m_watch);
    checkRow->addWidget(m_status, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_step);
    layout->addWidget(m_portChoice);
    layout->addLayout(middle, 1);
    layout->addLayout(checkRow);
    layout->addWidget(m_findings);
    layout->addWidget(m_quick);

    connect(m_state, &SetupState::planChanged, this, &CablingPage::rebuild);
    connect(m_check, &QPushButton::clicked, this, [this] {
        m_quickResult.reset(); // asked again: measure again too
        checkCabling();
    });
    connect(m_watch, &QCheckBox::toggled, this, &CablingPage::setWatching);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (!m_checking && !m_quickRunning)
            checkCabling();
    });
    connect(m_cables, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != m_nextCable)
            setNextCable(row);
    });
}

void CablingPage::initializePage()
{
    rebuild();
}

void CablingPage::cleanupPage()
{
    m_timer->stop();
    ++m_generation;
    m_checking = false;
    m_quickRunning = false;
}

void CablingPage::showEvent(QShowEvent *event)
{
    QWizardPage::showEvent(event);
    if (m_watch->isChecked())
        m_timer->start();
}

void CablingPage::hideEvent(QHideEvent *event)
{
    m_timer->stop();
    QWizardPage::hideEvent(event);
}

void CablingPage::setWatching(bool watching)
{
    if (m_watch->isChecked() != watching)
        m_watch->setChecked(watching);
    if (watching && isVisible()) {
        m_timer->start();
        if (!m_checking)
            checkCabling();
    } else {
        m_timer->stop();
    }
}

void CablingPage::rebuild()
{
    // A new plan: what was seen before belongs to the old one.
    ++m_generation;
    m_checking = false;
    m_report.reset();
    m_nextCable = 0;
    const auto plan = m_state->cablingPlan();
    const int count = plan ? int(plan->nodes.size()) : 0;
    while (m_panels.size() > count)
        delete m_panels.takeLast();
    while (m_panels.size() < count) {
        auto *panel = new RearPanelView(m_panelBox);
        const int index = int(m_panels.size());
        panel->setObjectName(QStringLiteral("rearPanel%1").arg(index));
        connect(panel, &RearPanelView::portClicked, this, [this](int port) { m_state->setPort(port); });
        m_panels.append(panel);
    }
    // Two columns when there is room for more than two Sparks.
    const int columns = count > 2 ? 2 : 1;
    for (int i = 0; i < m_panels.size(); ++i)
        m_panelGrid->addWidget(m_panels.at(i), i / columns, i % columns);
    m_panelGrid->setRowStretch(m_panelGrid->rowCount(), 1);

    const QSignalBlocker blocker(m_cables);
    m_cables->clear();
    if (plan) {
        for (const Cable &cable : plan->cables)
            m_cables->addItem(CablingText::cable(cable));
    }
    m_portChoice->setVisible(m_state->takesPortChoice());
    m_status->setText(plan ? QString() : plan.error().message);
    m_findings->clear();
    m_quick->clear();
    m_quickRunning = false;
    m_quickResult.reset();
    redraw();
    Q_EMIT completeChanged();
}

void CablingPage::setNextCable(int index)
{
    m_nextCable = index;
    redraw();
}

void CablingPage::redraw()
{
    const auto plan = m_state->cablingPlan();
    if (!plan) {
        m_step->setText(plan.error().message);
        return;
    }
    const CablingPicture picture = CablingPictureBuilder::build(*plan, m_report, m_nextCable, m_state->takesPortChoice());
    for (int i = 0; i < m_panels.size() && i < picture.panels.size(); ++i)
        m_panels.at(i)->setModel(picture.panels.at(i));
    m_topology->setModel(picture.topology);
    {
        const QSignalBlocker blocker(m_cables);
        if (m_nextCable >= 0 && m_nextCable < m_cables->count())
            m_cables->setCurrentRow(m_nextCable);
        for (int c = 0; c < m_cables->count() && c < picture.topology.cables.size(); ++c) {
            const DrawState state = picture.topology.cables.at(c).state;
            m_cables->item(c)->setIcon(state == DrawState::Ok ? style()->standardIcon(QStyle::SP_DialogApplyButton)
                                       : state == DrawState::Wrong
                                           ? style()->standardIcon(QStyle::SP_MessageBoxCritical)
                                           : QIcon());
        }
    }
    if (m_report && m_report->healthy()) {
        m_step->setText(tr("Every cable is where the plan wants it."));
    } else if (m_nextCable >= 0 && m_nextCable < plan->cables.size()) {
        const Cable &cable = plan->cables.at(m_nextCable);
        m_step->setText(tr("Cable %1 of %2: %3. Pull tab up, slide it in until it clicks.")
                            .arg(m_nextCable + 1)
                            .arg(plan->cables.size())
                            .arg(cable.toSwitch() ? tr("%1 to the switch").arg(CablingText::end(cable.from))
                                                  : tr("%1 to %2").arg(CablingText::end(cable.from),
                                                                       CablingText::end(*cable.to))));
    }
}

void CablingPage::checkCabling()
{
    const auto plan = m_state->cablingPlan();
    if (!plan)
        return;
    const quint64 generation = ++m_generation;
    m_checking = true;
    m_check->setEnabled(false);
    m_status->setText(tr("Looking for cables on every Spark…"));
    whenReady(m_state->backend()->discover(m_state->devices(), *plan), this,
        [this, generation](const DiscoveryReport &report) { reportArrived(generation, report); });
}

void CablingPage::reportArrived(quint64 generation, const DiscoveryReport &report)
{
    if (generation != m_generation)
        return;
    m_checking = false;
    m_check->setEnabled(true);
    m_report = report;
    QStringList lines;
    for (const NodeError &problem : report.problems)
        lines.append(problem.error.message);
    for (const CablingFinding &finding : report.findings)
        lines.append(finding.message);
    if (!report.complete()) {
        m_status->setText(tr("Not every Spark answered, so the cabling could not be checked."));
    } else if (report.healthy()) {
        m_status->setText(tr("The cabling matches the plan."));
    } else {
        m_status->setText(report.findings.size() == 1 ? tr("One thing to fix; the drawing shows where.")
                                                      : tr("%1 things to fix; the drawing shows where.").arg(report.findings.size()));
    }
    QString html;
    for (const QString &line : std::as_const(lines))
        html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
    m_findings->setText(html.isEmpty() ? QString() : QStringLiteral("<ul style=\"margin:0\">%1</ul>").arg(html));

    // Highlight the first cable not yet seen in place.
    const auto plan = m_state->cablingPlan();
    if (plan && report.complete()) {
        const CablingPicture seen = CablingPictureBuilder::build(*plan, m_report, -1, false);
        int next = -1;
        for (int c = 0; c < seen.topology.cables.size() && c < plan->cables.size() && next < 0; ++c) {
            if (seen.topology.cables.at(c).state == DrawState::Missing)
                next = c;
        }
        m_nextCable = next;
    }
    redraw();
    if (!report.healthy()) {
        m_quickResult.reset();
        m_quick->clear();
    } else if (!m_quickRunning && !m_quickResult) {
        startQuickCheck();
    }
    Q_EMIT checkFinished();
    Q_EMIT completeChanged();
}

void CablingPage::startQuickCheck()
{
    const auto plan = m_state->cablingPlan();
    if (!plan || !m_report)
        return;
    m_quickRunning = true;
    m_check->setEnabled(false);
    m_quick->setText(tr("Measuring both twins of every cable for a few seconds, to catch a link that came up slow…"));
    const quint64 generation = m_generation;
    whenReady(m_state->backend()->quickCheck(m_state->devices(), *plan, *m_report, m_state->facts()), this,
              [this, generation](const Expected<QuickCheckResult> &result) { quickCheckArrived(generation, result); });
}

void CablingPage::quickCheckArrived(quint64 generation, const Expected<QuickCheckResult> &result)
{
    if (generation != m_generation)
        return;
    m_quickRunning = false;
    m_check->setEnabled(true);
    m_quickResult = result;
    if (!result) {
        m_quick->setText(tr("The quick check could not run: %1").arg(result.error().message).toHtmlEscaped());
    } else {
        QString items;
        for (const LinkResult &link : result->links)
            items += QStringLiteral("<li>%1 %2</li>")
                         .arg(link.verdict.pass ? QStringLiteral("✓") : QStringLiteral("✗"), link.verdict.sentence.toHtmlEscaped());
        for (const QString &sentence : result->unmeasured)
            items += QStringLiteral("<li>✗ %1</li>").arg(sentence.toHtmlEscaped());
        const QString heading = result->passed()
                                    ? tr("Quick check: every cable carries what it should.")
                                    : tr("Quick check: fix what is marked ✗ before you set up the cluster, then check the cabling again.");
        m_quick->setText(QStringLiteral("%1<ul style=\"margin:0\">%2</ul>").arg(heading.toHtmlEscaped(), items));
    }
    Q_EMIT quickCheckFinished();
    Q_EMIT completeChanged();
}

bool CablingPage::isComplete() const
{
    return m_report && m_report->healthy() && !m_quickRunning;
}

bool CablingPage::validatePage()
{
    m_timer->stop();
    return isComplete();
}

} // namespace spark::ui
