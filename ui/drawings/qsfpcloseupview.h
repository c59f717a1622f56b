// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

namespace spark::ui {

// A close-up, from the side, of a QSFP plug sliding into its cage with the
// pull tab facing up, and the instruction under it.
class QsfpCloseUpView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QsfpCloseUpView)

public:
    explicit QsfpCloseUpView(QWidget *parent = nullptr);

    QString instruction() const;
    QString detail() const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QRectF pictureRect() const;
    int textHeight(int width) const;
    QFont instructionFont() const;
};

} // namespace spark::ui
