// SPDX-License-Identifier: MIT
#include "ui/drawings/topologyview.h"

#include "ui/drawings/topologypainter.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace spark::ui {

TopologyView::TopologyView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("topologyView"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAccessibleName(tr("Cluster topology"));
}

void TopologyView::setModel(const TopologyModel &model)
{
    if (model == m_model)
        return;
    m_model = model;
    m_hover = {};
    updateAccessibleDescription();
    update();
}

TopologyGeometry TopologyView::geometry() const
{
    return TopologyGeometry(m_model, QRectF(rect()), font(), false);
}

QSize TopologyView::sizeHint() const
{
    return { 420, 280 };
}

QSize TopologyView::minimumSizeHint() const
{
    return { 240, 170 };
}

TopologyView::Hit TopologyView::hitAt(const QPointF &position) const
{
    const TopologyGeometry g = geometry();
    Hit hit;
    hit.node = g.nodeAt(position);
    if (hit.node == TopologyGeometry::kNoNode)
        hit.cable = g.cableAt(position, std::max<qreal>(6, g.cableWidth() + 3));
    return hit;
}

void TopologyView::updateAccessibleDescription()
{
    QStringList lines;
    for (int i = 0; i < m_model.cables.size(); ++i)
        lines << topologypainter::describeCable(m_model, i);
    setAccessibleDescription(lines.join(QStringLiteral("; ")));
}

void TopologyView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setFont(font());
    topologypainter::Options options;
    options.hoveredCable = m_hover.cable;
    options.hoveredNode = m_hover.node;
    topologypainter::paint(painter, m_model, geometry(), palette(), options);
}

void TopologyView::mousePressEvent(QMouseEvent *event)
{
    m_pressed = event->button() == Qt::LeftButton ? hitAt(event->position()) : Hit {};
    event->setAccepted(m_pressed != Hit {});
}

void TopologyView::mouseReleaseEvent(QMouseEvent *event)
{
    const Hit hit = event->button() == Qt::LeftButton ? hitAt(event->position()) : Hit {};
    if (hit == m_pressed) {
        if (hit.node != TopologyGeometry::kNoNode)
            Q_EMIT nodeClicked(hit.node);
        else if (hit.cable >= 0)
            Q_EMIT cableClicked(hit.cable);
    }
    m_pressed = {};
}

void TopologyView::mouseMoveEvent(QMouseEvent *event)
{
    const Hit hit = hitAt(event->position());
    if (hit != m_hover) {
        m_hover = hit;
        setCursor(hit == Hit {} ? Qt::ArrowCursor : Qt::PointingHandCursor);
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void TopologyView::leaveEvent(QEvent *event)
{
    if (m_hover != Hit {}) {
        m_hover = {};
        update();
    }
    QWidget::leaveEvent(event);
}

bool TopologyView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const Hit hit = hitAt(help->pos());
        QString text;
        if (hit.node != TopologyGeometry::kNoNode)
            text = topologypainter::describeNode(m_model, hit.node);
        else if (hit.cable >= 0)
            text = topologypainter::describeCable(m_model, hit.cable);
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace spark::ui
