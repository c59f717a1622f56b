// SPDX-License-Identifier: MIT
#include "ui/wizard/checkspage.h"

#include "core/common/whenready.h"
#include "core/facts/readiness.h"
#include "core/facts/sharedfindings.h"
#include "core/facts/updateguide.h"
#include "ui/common/wrappingitemdelegate.h"
#include "ui/clusterbackend/clusterbackend.h"
#include "ui/wizard/setupstate.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace spark::ui {

namespace {

QString verdictText(Readiness readiness)
{
    switch (readiness) {
    case Readiness::Ready:
        return ChecksPage::tr("ready");
    case Readiness::Warnings:
        return ChecksPage::tr("ready, with warnings");
    case Readiness::Blockers:
        return ChecksPage::tr("not ready");
    }
    return {};
}

QIcon severityIcon(const QStyle *style, Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::Info:
        return style->standardIcon(QStyle::SP_MessageBoxInformation);
    case Finding::Severity::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Finding::Severity::Blocker:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    }
    return {};
}

// Findings that an update of the node fixes, so the update guide is shown for them.
const QSet<QString> &updateCodes()
{
    static const QSet<QString> codes{QStringLiteral("release-too-old"), QStringLiteral("driver-old"),
                                     QStringLiteral("firmware-old"), QStringLiteral("release-unknown")};
    return codes;
}

} // namespace

ChecksPage::ChecksPage(SetupState *state, QWidget *parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_tree(new QTreeWidget(this))
    , m_verdictLabel(new QLabel(this))
    , m_guide(new QLabel(this))
    , m_acceptWarnings(new QCheckBox(tr("I have read the &warnings and want to go on anyway"), this))
    , m_again(new QPushButton(tr("Check &again"), this))
{
    setObjectName(QStringLiteral("checksPage"));
    setTitle(tr("Checks"));
    setSubTitle(tr("Software versions, sudo and ports, checked on every Spark."));

    auto *help = new QLabel(tr("Every Spark is read at once over SSH; nothing is changed. A red finding must be "
                               "fixed before the set-up can go on, each with what to do."),
                            this);
    help->setWordWrap(true);
    m_tree->setObjectName(QStringLiteral("checkFindings"));
    m_tree->setHeaderLabels({tr("Finding"), tr("What to do")});
    m_tree->header()->setSectionResizeMode(QHeaderView::Stretch);
    new WrappingItemDelegate(m_tree); // long sentences wrap instead of being cut
    m_tree->setAccessibleName(tr("Findings per Spark"));
    m_verdictLabel->setObjectName(QStringLiteral("checksVerdict"));
    m_verdictLabel->setWordWrap(true);
    m_guide->setObjectName(QStringLiteral("updateGuide"));
    m_guide->setWordWrap(true);
    m_guide->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_guide->hide();
    m_acceptWarnings->setObjectName(QStringLiteral("acceptWarnings"));
    m_acceptWarnings->hide();
    m_again->setObjectName(QStringLiteral("checkAgain"));

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_verdictLabel, 1);
    bottom->addWidget(m_again);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_guide);
    layout->addLayout(bottom);
    layout->addWidget(m_acceptWarnings);

    connect(m_again, &QPushButton::clicked, this, &ChecksPage::runChecks);
    connect(m_acceptWarnings, &QCheckBox::toggled, this, &ChecksPage::completeChanged);
}

void ChecksPage::initializePage()
{
    runChecks();
}

void ChecksPage::cleanupPage()
{
    // Going back: answers still on their way are dropped.
    ++m_generation;
    m_pending = 0;
}

void ChecksPage::runChecks()
{
    if (!m_policy) {
        auto policy = VersionPolicy::load();
        if (!policy) {
            m_verdictLabel->setText(policy.error().message);
            return;
        }
        m_policy = *policy;
    }
    const quint64 generation = ++m_generation;
    const QList<Device> devices = m_state->devices();
    m_facts = QList<std::optional<NodeFacts>>(devices.size());
    m_failures.clear();
    m_findings.clear();
    m_verdict.reset();
    m_pending = int(devices.size());
    m_acceptWarnings->setChecked(false);
    m_acceptWarnings->hide();
    m_again->setEnabled(false);
    m_verdictLabel->setText(tr("Reading %1 Sparks…").arg(devices.size()));
    showFindings();
    // All nodes at once; each answer is shown as it arrives.
    for (int i = 0; i < devices.size(); ++i) {
        whenReady(
            m_state->backend()->probe(devices.at(i)), this, [this, generation, i](const Expected<NodeFacts> &facts) {
                if (generation == m_generation)
                    nodeAnswered(i, facts);
            });
    }
    Q_EMIT completeChanged();
}

void ChecksPage::nodeAnswered(int index, const Expected<NodeFacts> &facts)
{
    const QString node = m_state->devices().at(index).name;
    if (facts) {
        NodeFacts named = *facts;
        named.node = node;
        m_facts[index] = named;
    } else {
        m_failures.insert(node, facts.error().message);
    }
    --m_pending;
    if (m_pending == 0) {
        QList<NodeFacts> all;
        for (const auto &answered : std::as_const(m_facts)) {
            if (answered)
                all.append(*answered);
        }
        m_findings = assessCluster(all, *m_policy);
        m_verdict = m_failures.isEmpty() ? readinessOf(m_findings) : Readiness::Blockers;
        if (m_failures.isEmpty())
            m_state->setFacts(all);
        m_again->setEnabled(true);
    } else {
        m_findings.clear();
        for (const auto &answered : std::as_const(m_facts)) {
            if (answered)
                m_findings += assessNode(*answered, *m_policy);
        }
    }
    showFindings();
    if (m_pending == 0)
        Q_EMIT checksFinished();
    Q_EMIT completeChanged();
}

void ChecksPage::showFindings()
{
    m_tree->clear();
    const QList<Device> devices = m_state->devices();
    QStringList guides;
    auto addFinding = [this](QTreeWidgetItem *parent, const Finding &finding) {
        auto *item = new QTreeWidgetItem(parent, {finding.sentence, finding.fix});
        item->setIcon(0, severityIcon(style(), finding.severity));
        item->setToolTip(0, finding.sentence);
        item->setToolTip(1, finding.fix);
    };
    // What every Spark says alike is said once, below them (only once all have answered).
    QStringList answered;
    for (int i = 0; i < devices.size(); ++i) {
        if (m_facts.value(i) && !m_failures.contains(devices.at(i).name))
            answered.append(devices.at(i).name);
    }
    const SharedFindings grouped =
        FindingSharing::group(m_findings, answered.size() == devices.size() ? answered : QStringList());
    for (int i = 0; i < devices.size(); ++i) {
        const Device &device = devices.at(i);
        auto *nodeItem = new QTreeWidgetItem(m_tree);
        nodeItem->setFirstColumnSpanned(true);
        if (m_failures.contains(device.name)) {
            nodeItem->setText(0, tr("%1: could not be read").arg(device.name));
            nodeItem->setIcon(0, severityIcon(style(), Finding::Severity::Blocker));
            auto *why = new QTreeWidgetItem(nodeItem, {m_failures.value(device.name),
                                                      tr("Check that it is on and answers, then press “Check again”.")});
            why->setIcon(0, severityIcon(style(), Finding::Severity::Blocker));
        } else if (!m_facts.value(i)) {
            nodeItem->setText(0, tr("%1: reading…").arg(device.name));
        } else {
            QList<Finding> mine;
            for (const Finding &finding : std::as_const(m_findings)) {
                if (finding.node == device.name)
                    mine.append(finding);
            }
            const Readiness readiness = readinessOf(mine);
            nodeItem->setText(0, tr("%1: %2").arg(device.name, verdictText(readiness)));
            nodeItem->setIcon(0, readiness == Readiness::Ready ? style()->standardIcon(QStyle::SP_DialogApplyButton)
                                 : readiness == Readiness::Warnings ? severityIcon(style(), Finding::Severity::Warning)
                                                                    : severityIcon(style(), Finding::Severity::Blocker));
            bool needsUpdate = false;
            for (const Finding &finding : std::as_const(mine))
                needsUpdate = needsUpdate || updateCodes().contains(finding.code);
            for (const Finding &finding : grouped.perSpark.value(device.name))
                addFinding(nodeItem, finding);
            if (needsUpdate && m_policy)
                guides.append(QStringLiteral("<b>%1</b><br>%2").arg(
                    device.name.toHtmlEscaped(),
                    UpdateGuide::forNode(*m_policy, device.sshAlias.isEmpty() ? device.host : device.sshAlias)
                        .text()
                        .toHtmlEscaped()
                        .replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
        }
        nodeItem->setExpanded(true);
    }
    if (!grouped.onEverySpark.isEmpty()) {
        auto *everyItem = new QTreeWidgetItem(m_tree, {tr("The same on every Spark")});
        everyItem->setFirstColumnSpanned(true);
        for (const Finding &finding : grouped.onEverySpark)
            addFinding(everyItem, finding);
        everyItem->setExpanded(true);
    }
    const QList<Finding> &clusterWide = grouped.clusterWide;
    if (!clusterWide.isEmpty()) {
        auto *clusterItem = new QTreeWidgetItem(m_tree, {tr("The cluster as a whole")});
        clusterItem->setFirstColumnSpanned(true);
        for (const Finding &finding : std::as_const(clusterWide))
            addFinding(clusterItem, finding);
        clusterItem->setExpanded(true);
    }
    m_guide->setText(guides.isEmpty() ? QString()
                                      : tr("How to update:") + QStringLiteral("<br>") + guides.join(QStringLiteral("<br>")));
    m_guide->setVisible(!guides.isEmpty());

    if (!m_verdict)
        return;
    switch (*m_verdict) {
    case Readiness::Ready:
        m_verdictLabel->setText(tr("Every Spark is ready."));
        break;
    case Readiness::Warnings:
        m_verdictLabel->setText(tr("The cluster can be set up, but read the warnings first."));
        m_acceptWarnings->show();
        break;
    case Readiness::Blockers:
        m_verdictLabel->setText(tr("Fix the red findings, then press “Check again”."));
        break;
    }
}

bool ChecksPage::isComplete() const
{
    if (!m_verdict)
        return false;
    return *m_verdict == Readiness::Ready || (*m_verdict == Readiness::Warnings && m_acceptWarnings->isChecked());
}

bool ChecksPage::validatePage()
{
    return isComplete();
}

} // namespace spark::ui
