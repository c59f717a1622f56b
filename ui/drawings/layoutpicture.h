// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/topologymodel.h"

#include <QWidget>

namespace spark::ui {

// A small picture of a cluster layout for the wizard's Layout page: two
// Sparks cabled directly, three in a ring, or N on a switch.
class LayoutPicture final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LayoutPicture)

public:
    explicit LayoutPicture(TopologyModel::Kind kind, int nodeCount, QWidget *parent = nullptr);

    TopologyModel::Kind kind() const { return m_model.kind; }
    int nodeCount() const { return int(m_model.nodes.size()); }
    void setNodeCount(int count);

    // The picture's model: numbered nodes and one cable per link of the layout.
    static TopologyModel pictureModel(TopologyModel::Kind kind, int nodeCount);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    TopologyModel m_model;
};

} // namespace spark::ui
