// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/topologygeometry.h"
#include "ui/drawings/topologymodel.h"

#include <QWidget>

namespace spark::ui {

// All nodes of a cluster and the cables between them (and the switch, if
// any), each cable in its state with an optional label, plus "belongs here"
// arrows. Clicking a cable or a node emits a signal; the switch is reported
// as node TopologyModel::kSwitch.
class TopologyView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopologyView)

public:
    explicit TopologyView(QWidget *parent = nullptr);

    void setModel(const TopologyModel &model);
    const TopologyModel &model() const { return m_model; }

    // The current layout in widget coordinates, for hit tests and tests.
    TopologyGeometry geometry() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void cableClicked(int cable);
    void nodeClicked(int node);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Hit
    {
        int cable = -1;
        int node = TopologyGeometry::kNoNode;
        bool operator==(const Hit &) const = default;
    };
    Hit hitAt(const QPointF &position) const;
    void updateAccessibleDescription();

    TopologyModel m_model;
    Hit m_hover;
    Hit m_pressed;
};

} // namespace spark::ui
