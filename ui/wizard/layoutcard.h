// SPDX-License-Identifier: MIT
#pragma once

#include <QFrame>

class QRadioButton;
class QVBoxLayout;

namespace spark::ui {

class LayoutPicture;

// One choosable layout on the Layout page: its picture, a radio button with
// its name, and a sentence on when to use it. A click anywhere on the card
// chooses it; the checked card is outlined.
class LayoutCard final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LayoutCard)

public:
    LayoutCard(const QString &title, const QString &description, LayoutPicture *picture, QWidget *parent = nullptr);

    QRadioButton *radioButton() const { return m_radio; }
    LayoutPicture *picture() const { return m_picture; }
    // Adds a control under the description (the switch's node count).
    void addControl(QWidget *widget);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    QRadioButton *m_radio;
    LayoutPicture *m_picture;
    QVBoxLayout *m_layout;
};

} // namespace spark::ui
