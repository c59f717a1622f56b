// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/quickcheck.h"
#include "core/topology/discoveryrunner.h"

#include <QList>
#include <QWizardPage>

#include <optional>

class QCheckBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QTimer;

namespace spark::ui {

class QsfpCloseUpView;
class RearPanelView;
class SetupState;
class TopologyView;

// The wizard's Cabling page: each Spark's rear panel with the port that takes
// the next cable highlighted (tab up), the cable list, the approved cables and
// the topology. Where the layout allows it, clicking the left or right port
// chooses the port for every cable. "Check cabling" (and, while watching, a
// check every few seconds) runs core's discovery and draws what it found:
// green where right, red where wrong with an arrow to where it belongs. Once
// the cabling matches, the quick check measures every twin for a few seconds
// and shows each cable's verdict (Next waits for it, but does not require a pass).
class CablingPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CablingPage)

public:
    static constexpr int WatchIntervalMs = 3000;

    explicit CablingPage(SetupState *state, QWidget *parent = nullptr);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;
    bool validatePage() override;

    void setWatching(bool watching);
    bool checking() const { return m_checking; }
    const std::optional<DiscoveryReport> &report() const { return m_report; }
    QList<RearPanelView *> panels() const { return m_panels; }
    TopologyView *topology() const { return m_topology; }
    int nextCable() const { return m_nextCable; }
    bool quickCheckRunning() const { return m_quickRunning; }
    const std::optional<Expected<QuickCheckResult>> &quickCheckResult() const { return m_quickResult; }
    void setNextCable(int index);

public Q_SLOTS:
    void checkCabling();

Q_SIGNALS:
    void checkFinished();
    void quickCheckFinished();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void rebuild();
    void redraw();
    void reportArrived(quint64 generation, const DiscoveryReport &report);
    // Once the cabling matches: a few seconds over every twin (QuickCheck).
    void startQuickCheck();
    void quickCheckArrived(quint64 generation, const Expected<QuickCheckResult> &result);

    SetupState *m_state;
    QLabel *m_step;
    QLabel *m_portChoice;
    QWidget *m_panelBox;
    QGridLayout *m_panelGrid;
    QList<RearPanelView *> m_panels;
    QsfpCloseUpView *m_closeUp;
    TopologyView *m_topology;
    QListWidget *m_cables;
    QPushButton *m_check;
    QCheckBox *m_watch;
    QLabel *m_status;
    QLabel *m_findings;
    QLabel *m_quick;
    QTimer *m_timer;
    std::optional<DiscoveryReport> m_report;
    int m_nextCable = 0;
    bool m_checking = false;
    quint64 m_generation = 0;
    bool m_quickRunning = false;
    std::optional<Expected<QuickCheckResult>> m_quickResult;
};

} // namespace spark::ui
