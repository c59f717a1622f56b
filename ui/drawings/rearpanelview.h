// SPDX-License-Identifier: MIT
#pragma once

#include "ui/drawings/rearpanelmodel.h"

#include <QPixmap>
#include <QWidget>

#include <array>

class QVariantAnimation;

namespace spark::ui {

class PortButton;

// One DGX Spark's rear panel, drawn to scale (150 × 50.5 mm) as vectors, with
// its title above and each QSFP port in its state. When the model says the
// ports are selectable, clicking a port (or Tab to it and Space/Enter; Left
// and Right move between the two) emits portClicked().
class RearPanelView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RearPanelView)

public:
    explicit RearPanelView(QWidget *parent = nullptr);

    void setModel(const RearPanelModel &model);
    const RearPanelModel &model() const { return m_model; }

    // Where the panel is drawn, and a port's centre, in widget coordinates.
    QRectF panelRect() const;
    QPointF portCentre(int port) const;
    // The QSFP port at a widget position, or -1.
    int portAt(const QPointF &position) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void portClicked(int port);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    qreal scale() const;
    QTransform toWidget() const;
    int titleHeight() const;
    int peerHeight() const;
    QString portToolTip(int port) const;
    void updateButtons();
    void updateAnimation();

    RearPanelModel m_model;
    std::array<PortButton *, 2> m_buttons {};
    QVariantAnimation *m_pulse = nullptr;
    QPixmap m_bodyCache;
    int m_pressedPort = -1;
    int m_hoverPort = -1;
};

} // namespace spark::ui
