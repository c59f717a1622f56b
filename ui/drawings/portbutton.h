// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractButton>

namespace spark::ui {

// An invisible button laid over a port of a drawing: it gives the port
// keyboard focus, an accessible name and a press action. The drawing paints
// the port and handles the mouse; the button only paints its focus ring.
// Left and Right are passed to the drawing, which moves between its ports.
class PortButton final : public QAbstractButton
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PortButton)

public:
    explicit PortButton(QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
};

} // namespace spark::ui
