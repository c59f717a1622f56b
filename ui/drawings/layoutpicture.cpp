// SPDX-License-Identifier: MIT
#include "ui/drawings/layoutpicture.h"

#include "ui/drawings/topologygeometry.h"
#include "ui/drawings/topologypainter.h"

#include <QPainter>

namespace spark::ui {

LayoutPicture::LayoutPicture(TopologyModel::Kind kind, int nodeCount, QWidget *parent)
    : QWidget(parent)
    , m_model(pictureModel(kind, nodeCount))
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

TopologyModel LayoutPicture::pictureModel(TopologyModel::Kind kind, int nodeCount)
{
    // Only the shape: which boxes a cable joins. The real cabling plan (ports,
    // order) comes from core/topology and is drawn by TopologyView.
    TopologyModel model;
    model.kind = kind;
    for (int i = 0; i < std::max(0, nodeCount); ++i)
        model.nodes.append({ QString::number(i + 1), {}, DrawState::None });
    const int n = int(model.nodes.size());
    switch (kind) {
    case TopologyModel::Kind::Direct:
        if (n == 2)
            model.cables.append({ 0, 1, -1, -1, DrawState::None, {} });
        break;
    case TopologyModel::Kind::Ring:
        for (int i = 0; i < n && n >= 3; ++i)
            model.cables.append({ i, (i + 1) % n, -1, -1, DrawState::None, {} });
        break;
    case TopologyModel::Kind::Switch:
        for (int i = 0; i < n; ++i)
            model.cables.append({ i, TopologyModel::kSwitch, -1, -1, DrawState::None, {} });
        break;
    }
    return model;
}

void LayoutPicture::setNodeCount(int count)
{
    if (count == nodeCount())
        return;
    m_model = pictureModel(m_model.kind, count);
    update();
}

QSize LayoutPicture::sizeHint() const
{
    return { 170, 100 };
}

QSize LayoutPicture::minimumSizeHint() const
{
    return { 120, 80 };
}

void LayoutPicture::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    topologypainter::Options options;
    options.compact = true;
    topologypainter::paint(
        painter, m_model, TopologyGeometry(m_model, QRectF(rect()), font(), true), palette(), options);
}

} // namespace spark::ui
