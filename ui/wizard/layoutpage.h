// SPDX-License-Identifier: MIT
#pragma once

#include "core/topology/cablingplan.h"

#include <QWizardPage>

#include <array>
#include <optional>

class QButtonGroup;
class QLabel;
class QSpinBox;

namespace spark::ui {

class LayoutCard;

// The wizard's Layout page: two Sparks cabled directly, three in a ring, or
// two to sixteen through a switch, each as a card with a picture. Only valid
// layouts can be chosen; core's CablingPlanner has the last word (isComplete).
// Fields: "layout" ("direct2", "ring3", "switch") and "nodeCount".
class LayoutPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LayoutPage)
    Q_PROPERTY(QString layoutKey READ layoutKeyValue NOTIFY choiceChanged)
    Q_PROPERTY(int nodeCount READ nodeCount NOTIFY choiceChanged)

public:
    static constexpr int kMinSwitchNodes = 2;
    static constexpr int kMaxSwitchNodes = 16;

    explicit LayoutPage(QWidget *parent = nullptr);

    std::optional<ClusterLayout> layout() const;
    QString layoutKeyValue() const; // empty until a layout is chosen
    int nodeCount() const; // 0 until a layout is chosen
    void setChoice(ClusterLayout layout, int switchNodes = kMinSwitchNodes);

    bool isComplete() const override;

Q_SIGNALS:
    void choiceChanged();

private:
    void onChoiceChanged();

    std::array<LayoutCard *, 3> m_cards {};
    QButtonGroup *m_group;
    QSpinBox *m_switchNodes;
    QLabel *m_summary;
};

} // namespace spark::ui
