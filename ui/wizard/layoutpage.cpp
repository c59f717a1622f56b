// SPDX-License-Identifier: MIT
#include "ui/wizard/layoutpage.h"

#include "core/topology/cablingplanner.h"
#include "ui/drawings/layoutpicture.h"
#include "ui/wizard/layoutcard.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace spark::ui {

namespace {

// Placeholder names: the planner only needs distinct names to check a layout.
QStringList placeholderNodes(int count)
{
    QStringList nodes;
    for (int i = 0; i < count; ++i)
        nodes << QStringLiteral("spark-%1").arg(i + 1);
    return nodes;
}

} // namespace

LayoutPage::LayoutPage(QWidget *parent)
    : QWizardPage(parent)
    , m_group(new QButtonGroup(this))
    , m_switchNodes(new QSpinBox(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("layoutPage"));
    setTitle(tr("Layout"));
    setSubTitle(tr("Choose how the Sparks are cabled: directly or through a switch."));

    m_cards[0] = new LayoutCard(tr("Two Sparks, direct"),
        tr("One cable between the two, on the same port number at both ends."),
        new LayoutPicture(TopologyModel::Kind::Direct, 2), this);
    m_cards[1] = new LayoutCard(tr("Three Sparks, ring"),
        tr("Three cables, each Spark cabled to both others: both ports are used."),
        new LayoutPicture(TopologyModel::Kind::Ring, 3), this);
    m_cards[2] = new LayoutCard(tr("Through a switch"),
        tr("One cable from every Spark to a 200 GbE switch, all on the same port number."),
        new LayoutPicture(TopologyModel::Kind::Switch, 4), this);
    const std::array<QString, 3> names { QStringLiteral("layoutDirect2"), QStringLiteral("layoutRing3"),
        QStringLiteral("layoutSwitch") };
    for (int i = 0; i < 3; ++i) {
        m_cards[size_t(i)]->setObjectName(names[size_t(i)] + QStringLiteral("Card"));
        m_cards[size_t(i)]->radioButton()->setObjectName(names[size_t(i)]);
        m_group->addButton(m_cards[size_t(i)]->radioButton(), i);
    }

    m_switchNodes->setObjectName(QStringLiteral("switchNodeCount"));
    m_switchNodes->setRange(kMinSwitchNodes, kMaxSwitchNodes);
    m_switchNodes->setValue(4);
    m_switchNodes->setSuffix(tr(" Sparks"));
    m_switchNodes->setAccessibleName(tr("Number of Sparks on the switch"));
    auto *countRow = new QWidget(this);
    auto *countLayout = new QHBoxLayout(countRow);
    countLayout->setContentsMargins(0, 0, 0, 0);
    auto *countLabel = new QLabel(tr("&How many:"), countRow);
    countLabel->setBuddy(m_switchNodes);
    countLayout->addWidget(countLabel);
    countLayout->addWidget(m_switchNodes);
    countLayout->addStretch();
    m_cards[2]->addControl(countRow);

    auto *rules = new QLabel(
        tr("Four or more Sparks can only be connected through a switch. A cluster is either all direct cables or "
           "all through the switch, never a mix. One cable per link: a second cable between the same two Sparks "
           "adds no bandwidth."),
        this);
    rules->setObjectName(QStringLiteral("layoutRules"));
    rules->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("layoutSummary"));
    m_summary->setWordWrap(true);

    auto *cards = new QHBoxLayout;
    cards->setSpacing(12);
    for (LayoutCard *card : m_cards)
        cards->addWidget(card, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(cards);
    layout->addSpacing(8);
    layout->addWidget(rules);
    layout->addSpacing(4);
    layout->addWidget(m_summary);
    layout->addStretch();

    connect(m_group, &QButtonGroup::idToggled, this, [this](int, bool checked) {
        if (checked)
            onChoiceChanged();
    });
    connect(m_switchNodes, &QSpinBox::valueChanged, this, [this](int count) {
        m_cards[2]->picture()->setNodeCount(count);
        // Changing the count means the switch is wanted.
        m_cards[2]->radioButton()->setChecked(true);
        onChoiceChanged();
    });

    registerField(QStringLiteral("layout"), this, "layoutKey");
    registerField(QStringLiteral("nodeCount"), this, "nodeCount");
    onChoiceChanged();
}

std::optional<ClusterLayout> LayoutPage::layout() const
{
    switch (m_group->checkedId()) {
    case 0:
        return ClusterLayout::Direct2;
    case 1:
        return ClusterLayout::Ring3;
    case 2:
        return ClusterLayout::Switch;
    default:
        return std::nullopt;
    }
}

QString LayoutPage::layoutKeyValue() const
{
    const auto chosen = layout();
    return chosen ? layoutKey(*chosen) : QString();
}

int LayoutPage::nodeCount() const
{
    const auto chosen = layout();
    if (!chosen)
        return 0;
    switch (*chosen) {
    case ClusterLayout::Direct2:
        return 2;
    case ClusterLayout::Ring3:
        return 3;
    case ClusterLayout::Switch:
        return m_switchNodes->value();
    }
    return 0;
}

void LayoutPage::setChoice(ClusterLayout layout, int switchNodes)
{
    if (layout == ClusterLayout::Switch)
        m_switchNodes->setValue(std::clamp(switchNodes, kMinSwitchNodes, kMaxSwitchNodes));
    m_group->button(layout == ClusterLayout::Direct2 ? 0 : layout == ClusterLayout::Ring3 ? 1 : 2)->setChecked(true);
}

bool LayoutPage::isComplete() const
{
    const auto chosen = layout();
    return chosen && CablingPlanner::plan(*chosen, placeholderNodes(nodeCount())).hasValue();
}

void LayoutPage::onChoiceChanged()
{
    const auto chosen = layout();
    if (!chosen) {
        m_summary->setText(tr("Choose one of the three layouts."));
    } else {
        const auto plan = CablingPlanner::plan(*chosen, placeholderNodes(nodeCount()));
        if (plan.hasValue()) {
            const QString cables = plan->cables.size() == 1
                ? tr("You need one approved QSFP cable.")
                : tr("You need %1 approved QSFP cables.").arg(plan->cables.size());
            m_summary->setText(cables + QLatin1Char(' ')
                + tr("Approved: Amphenol NJAAKK-N911 (0.4 m) or NJAAKK0006 (0.5 m), or Luxshare "
                     "LMTQF022-SD-R."));
        } else {
            m_summary->setText(plan.error().message);
        }
    }
    Q_EMIT choiceChanged();
    Q_EMIT completeChanged();
}

} // namespace spark::ui
