// SPDX-License-Identifier: MIT
#include "ui/wizard/layoutcard.h"

#include "ui/drawings/layoutpicture.h"

#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QRadioButton>
#include <QVBoxLayout>

namespace spark::ui {

LayoutCard::LayoutCard(const QString &title, const QString &description, LayoutPicture *picture, QWidget *parent)
    : QFrame(parent)
    , m_radio(new QRadioButton(title, this))
    , m_picture(picture)
    , m_layout(new QVBoxLayout(this))
{
    m_picture->setParent(this);
    QFont bold = m_radio->font();
    bold.setBold(true);
    m_radio->setFont(bold);
    auto *text = new QLabel(description, this);
    text->setWordWrap(true);
    text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    text->setForegroundRole(QPalette::PlaceholderText);
    m_radio->setAccessibleDescription(description);

    m_layout->setContentsMargins(12, 12, 12, 12);
    m_layout->addWidget(m_picture);
    m_layout->addSpacing(4);
    m_layout->addWidget(m_radio);
    m_layout->addWidget(text, 1);
    connect(m_radio, &QRadioButton::toggled, this, [this] { update(); });
    setCursor(Qt::PointingHandCursor);
}

void LayoutCard::addControl(QWidget *widget)
{
    widget->setParent(this);
    m_layout->addWidget(widget);
}

void LayoutCard::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool checked = m_radio->isChecked();
    painter.setPen(QPen(palette().color(checked ? QPalette::Highlight : QPalette::Mid), checked ? 2.5 : 1));
    // Light: a white card. Dark: a card lighter than the page, so the radio
    // button's (Base-coloured) circle stays visible on it.
    const QColor window = palette().color(QPalette::Window);
    QColor fill = window.lightness() < 128 ? window.lighter(125) : palette().color(QPalette::Base);
    if (checked)
        fill = QColor::fromRgbF(0.85f * fill.redF() + 0.15f * palette().color(QPalette::Highlight).redF(),
            0.85f * fill.greenF() + 0.15f * palette().color(QPalette::Highlight).greenF(),
            0.85f * fill.blueF() + 0.15f * palette().color(QPalette::Highlight).blueF());
    painter.setBrush(fill);
    painter.drawRoundedRect(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5), 8, 8);
}

void LayoutCard::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && isEnabled()) {
        m_radio->setChecked(true);
        m_radio->setFocus(Qt::MouseFocusReason);
    }
    QFrame::mousePressEvent(event);
}

} // namespace spark::ui
