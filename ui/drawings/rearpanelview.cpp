// SPDX-License-Identifier: MIT
#include "ui/drawings/rearpanelview.h"

#include "ui/drawings/drawingstyle.h"
#include "ui/drawings/portbutton.h"
#include "ui/drawings/rearpanelgeometry.h"
#include "ui/drawings/rearpanelpainter.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVariantAnimation>

#include <cmath>

namespace spark::ui {

namespace rp = rearpanel;
namespace ds = drawingstyle;

namespace {
constexpr int kMargin = 6; // room for the highlight glow and the focus ring
constexpr int kPulseMs = 1400;
} // namespace

RearPanelView::RearPanelView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("rearPanelView"));
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setMouseTracking(true);

    for (int port = 0; port < 2; ++port) {
        auto *button = new PortButton(this);
        button->setObjectName(QStringLiteral("port%1").arg(port));
        button->setAccessibleName(rearpanelpainter::portName(port));
        connect(button, &PortButton::clicked, this, [this, port] {
            if (m_model.selectable)
                Q_EMIT portClicked(port);
        });
        m_buttons[port] = button;
    }
    setTabOrder(m_buttons[0], m_buttons[1]);

    m_pulse = new QVariantAnimation(this);
    m_pulse->setStartValue(0.0);
    m_pulse->setKeyValueAt(0.5, 1.0);
    m_pulse->setEndValue(0.0);
    m_pulse->setDuration(kPulseMs);
    m_pulse->setLoopCount(-1);
    m_pulse->setEasingCurve(QEasingCurve::InOutSine);
    connect(m_pulse, &QVariantAnimation::valueChanged, this, [this] {
        for (int port = 0; port < 2; ++port) {
            if (m_model.ports[size_t(port)].state == DrawState::Next)
                update(toWidget().mapRect(rp::qsfpHitArea(port)).toAlignedRect().adjusted(-4, -4, 4, 4));
        }
    });
    updateButtons();
}

void RearPanelView::setModel(const RearPanelModel &model)
{
    if (model == m_model)
        return;
    m_model = model;
    if (!m_model.selectable)
        m_hoverPort = -1;
    setAccessibleName(m_model.title.isEmpty() ? tr("Rear panel") : tr("Rear panel of %1").arg(m_model.title));
    setCursor(Qt::ArrowCursor);
    updateButtons();
    updateAnimation();
    update();
}

qreal RearPanelView::scale() const
{
    return panelRect().width() / rp::kWidth;
}

int RearPanelView::titleHeight() const
{
    return fontMetrics().height() + 8;
}

int RearPanelView::peerHeight() const
{
    return fontMetrics().height() + 6;
}

QRectF RearPanelView::panelRect() const
{
    // As wide as the widget; narrower if a layout gives less height than
    // heightForWidth() asked for, so nothing is cut off.
    const qreal byHeight = (height() - titleHeight() - peerHeight()) * rp::kWidth / rp::kHeight;
    const qreal w = qMax(qreal(1), qMin(qreal(width() - 2 * kMargin), byHeight));
    return { qreal(kMargin), qreal(titleHeight()), w, w * rp::kHeight / rp::kWidth };
}

QTransform RearPanelView::toWidget() const
{
    const QRectF panel = panelRect();
    QTransform t;
    t.translate(panel.left(), panel.top());
    t.scale(scale(), scale());
    return t;
}

QPointF RearPanelView::portCentre(int port) const
{
    return toWidget().map(rp::qsfpCage(port).center());
}

int RearPanelView::portAt(const QPointF &position) const
{
    const QPointF mm = toWidget().inverted().map(position);
    for (int port = 0; port < 2; ++port) {
        if (rp::qsfpHitArea(port).contains(mm))
            return port;
    }
    return -1;
}

int RearPanelView::heightForWidth(int width) const
{
    const qreal w = qMax(1, width - 2 * kMargin);
    return titleHeight() + int(std::ceil(w * rp::kHeight / rp::kWidth)) + peerHeight();
}

QSize RearPanelView::sizeHint() const
{
    return { 480, heightForWidth(480) };
}

QSize RearPanelView::minimumSizeHint() const
{
    return { 240, heightForWidth(240) };
}

QString RearPanelView::portToolTip(int port) const
{
    const PanelPort &p = m_model.ports[size_t(port)];
    QStringList lines { rearpanelpainter::portName(port), ds::stateText(p.state) };
    if (!p.peer.isEmpty())
        lines << tr("Cable to %1").arg(p.peer);
    if (!p.note.isEmpty())
        lines << p.note;
    if (m_model.selectable)
        lines << tr("Click to use this port.");
    return lines.join(QLatin1Char('\n'));
}

void RearPanelView::updateButtons()
{
    const QTransform t = toWidget();
    for (int port = 0; port < 2; ++port) {
        PortButton *button = m_buttons[size_t(port)];
        // The focus ring hugs the plug; the mouse may also hit the pull tab (portAt).
        button->setGeometry(t.mapRect(rp::qsfpPlug(port)).toAlignedRect().adjusted(-4, -4, 4, 4));
        button->setFocusPolicy(m_model.selectable ? Qt::StrongFocus : Qt::NoFocus);
        button->setEnabled(m_model.selectable);
        const QStringList description = portToolTip(port).split(QLatin1Char('\n')).mid(1);
        button->setAccessibleDescription(description.join(QLatin1Char(' ')));
    }
}

void RearPanelView::updateAnimation()
{
    const bool wanted = isVisible() && std::any_of(m_model.ports.begin(), m_model.ports.end(), [](const PanelPort &p) {
        return p.state == DrawState::Next;
    });
    if (wanted && m_pulse->state() != QAbstractAnimation::Running)
        m_pulse->start();
    else if (!wanted)
        m_pulse->stop();
}

void RearPanelView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const QPalette &pal = palette();
    const QRectF panel = panelRect();
    const qreal s = scale();

    // Title on the left, the point of view on the right when there is room.
    const QRect titleRect(kMargin, 0, int(panel.width()), titleHeight() - 4);
    QFont bold = font();
    bold.setBold(true);
    const QString hint = tr("Rear, seen from behind");
    const int hintWidth = fontMetrics().horizontalAdvance(hint);
    const int titleWidth = QFontMetrics(bold).horizontalAdvance(m_model.title);
    const bool showHint = titleWidth + hintWidth + 24 <= titleRect.width();
    painter.setFont(bold);
    painter.setPen(pal.color(QPalette::WindowText));
    painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetrics(bold).elidedText(m_model.title, Qt::ElideRight, titleRect.width()));
    painter.setFont(font());
    if (showHint) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(titleRect, Qt::AlignRight | Qt::AlignVCenter, hint);
    }

    // The body does not change with the ports: draw it once per size and palette.
    const qreal dpr = devicePixelRatioF();
    const QSize cacheSize = (panel.size() * dpr).toSize() + QSize(1, 1);
    if (m_bodyCache.size() != cacheSize || m_bodyCache.devicePixelRatio() != dpr) {
        m_bodyCache = QPixmap(cacheSize);
        m_bodyCache.setDevicePixelRatio(dpr);
        m_bodyCache.fill(Qt::transparent);
        QPainter cache(&m_bodyCache);
        cache.setFont(font());
        cache.scale(s, s);
        rearpanelpainter::paintBody(cache, pal, s * dpr);
    }
    painter.drawPixmap(panel.topLeft(), m_bodyCache);

    painter.save();
    painter.setTransform(toWidget());
    const qreal pulse = m_pulse->state() == QAbstractAnimation::Running ? m_pulse->currentValue().toReal() : 1.0;
    for (int port = 0; port < 2; ++port)
        rearpanelpainter::paintQsfp(painter, port, m_model.ports[size_t(port)], pal, s, pulse);
    rearpanelpainter::paintMoveArrow(painter, m_model.arrowFrom, m_model.arrowTo, pal, s);
    if (m_model.selectable && m_hoverPort >= 0) {
        // Under the mouse, a choosable port lights up.
        QColor hover = ds::stateColor(DrawState::Next, pal);
        hover.setAlphaF(0.35f);
        painter.setPen(QPen(hover, qMax(1.2, 2.0 / s)));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(rp::qsfpPlug(m_hoverPort).adjusted(-1.6, -1.6, 1.6, 1.6), 2.2, 2.2);
    }
    painter.restore();

    // Where each cable goes, under its port; shifted left rather than clipped
    // when the panel is narrow (port 1 sits near the right edge).
    const int peerTop = int(std::ceil(panel.bottom())) + 2;
    const QFontMetrics fm = fontMetrics();
    qreal limit = panel.right();
    for (int port = 1; port >= 0; --port) {
        const PanelPort &p = m_model.ports[size_t(port)];
        if (p.peer.isEmpty())
            continue;
        const qreal available = limit - panel.left();
        const QString text = fm.elidedText(QStringLiteral("\u2191 ") + p.peer, Qt::ElideRight, int(available));
        const qreal w = fm.horizontalAdvance(text);
        const qreal left = qMax(panel.left(), qMin(portCentre(port).x() - w / 2, limit - w));
        painter.setPen(p.state == DrawState::None ? pal.color(QPalette::WindowText) : ds::stateColor(p.state, pal));
        painter.drawText(QRectF(left, peerTop, w + 1, peerHeight() - 2), Qt::AlignLeft | Qt::AlignTop, text);
        limit = left - fm.horizontalAdvance(QLatin1Char('M'));
    }
}

void RearPanelView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateButtons();
}

void RearPanelView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange
        || event->type() == QEvent::StyleChange) {
        m_bodyCache = QPixmap();
        updateButtons();
        updateGeometry();
    } else if (event->type() == QEvent::LanguageChange) {
        for (int port = 0; port < 2; ++port)
            m_buttons[size_t(port)]->setAccessibleName(rearpanelpainter::portName(port));
        m_bodyCache = QPixmap();
        updateButtons();
    }
    QWidget::changeEvent(event);
}

void RearPanelView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateAnimation();
}

void RearPanelView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_pulse->stop();
}

void RearPanelView::mousePressEvent(QMouseEvent *event)
{
    m_pressedPort = (m_model.selectable && event->button() == Qt::LeftButton) ? portAt(event->position()) : -1;
    event->setAccepted(m_pressedPort >= 0);
}

void RearPanelView::mouseReleaseEvent(QMouseEvent *event)
{
    const int port = portAt(event->position());
    if (m_model.selectable && event->button() == Qt::LeftButton && port >= 0 && port == m_pressedPort) {
        m_buttons[size_t(port)]->setFocus(Qt::MouseFocusReason);
        Q_EMIT portClicked(port);
    }
    m_pressedPort = -1;
}

void RearPanelView::mouseMoveEvent(QMouseEvent *event)
{
    const int hover = m_model.selectable ? portAt(event->position()) : -1;
    if (hover != m_hoverPort) {
        m_hoverPort = hover;
        setCursor(hover >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void RearPanelView::leaveEvent(QEvent *event)
{
    if (m_hoverPort >= 0) {
        m_hoverPort = -1;
        update();
    }
    QWidget::leaveEvent(event);
}

void RearPanelView::keyPressEvent(QKeyEvent *event)
{
    if (m_model.selectable && (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right)) {
        m_buttons[event->key() == Qt::Key_Left ? 0 : 1]->setFocus(Qt::OtherFocusReason);
        return;
    }
    QWidget::keyPressEvent(event);
}

bool RearPanelView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int port = portAt(help->pos());
        if (port >= 0) {
            QToolTip::showText(
                help->globalPos(), portToolTip(port), this, toWidget().mapRect(rp::qsfpHitArea(port)).toAlignedRect());
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace spark::ui
