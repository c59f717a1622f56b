// SPDX-License-Identifier: MIT
#include "ui/drawings/qsfpcloseupview.h"

#include "ui/drawings/drawingstyle.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>

namespace spark::ui {

namespace ds = drawingstyle;

namespace {
// The picture is drawn in a 100 × 56 box of its own units.
constexpr qreal kPicW = 100.0;
constexpr qreal kPicH = 56.0;
constexpr int kGap = 6;
constexpr int kTextFlags = Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap;
} // namespace

QsfpCloseUpView::QsfpCloseUpView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("qsfpCloseUpView"));
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setAccessibleName(tr("QSFP plug close-up"));
    setAccessibleDescription(instruction() + QLatin1Char(' ') + detail());
}

QString QsfpCloseUpView::instruction() const
{
    return tr("Tab up, slide it in, never force it.");
}

QString QsfpCloseUpView::detail() const
{
    return tr("It clicks into place. To remove it, pull the tab.");
}

QFont QsfpCloseUpView::instructionFont() const
{
    QFont f = font();
    f.setBold(true);
    return f;
}

int QsfpCloseUpView::textHeight(int width) const
{
    const QRect area(0, 0, qMax(1, width), 10000);
    return QFontMetrics(instructionFont()).boundingRect(area, kTextFlags, instruction()).height() + 2
        + fontMetrics().boundingRect(area, kTextFlags, detail()).height();
}

int QsfpCloseUpView::heightForWidth(int width) const
{
    return int(width * kPicH / kPicW) + kGap + textHeight(width);
}

QSize QsfpCloseUpView::sizeHint() const
{
    return { 240, heightForWidth(240) };
}

QSize QsfpCloseUpView::minimumSizeHint() const
{
    return { 150, heightForWidth(150) };
}

QRectF QsfpCloseUpView::pictureRect() const
{
    // As wide as the widget, unless the text below needs the height.
    const qreal byWidth = width() * kPicH / kPicW;
    const qreal room = height() - kGap - textHeight(width());
    const qreal h = qMax(20.0, qMin(byWidth, room));
    const qreal w = h * kPicW / kPicH;
    return { (width() - w) / 2, 0, w, h };
}

void QsfpCloseUpView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        setAccessibleDescription(instruction() + QLatin1Char(' ') + detail());
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

void QsfpCloseUpView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    const QRectF pic = pictureRect();
    const qreal s = pic.width() / kPicW;

    // A soft card behind the picture.
    // Light: a white card. Dark: a grey one, so the black cable still shows.
    const QColor card = ds::isDark(pal) ? QColor(0x4a, 0x4d, 0x52) : pal.color(QPalette::Base);
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.setBrush(card);
    p.drawRoundedRect(pic.adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);

    p.save();
    p.translate(pic.topLeft());
    p.scale(s, s);
    const qreal hair = 1.0 / s;

    // The Spark's rear wall, cut through, with the cage opening.
    const QColor edge = ds::metalEdge(pal);
    QLinearGradient wall(QPointF(80, 0), QPointF(88, 0));
    wall.setColorAt(0, ds::metalLight(pal));
    wall.setColorAt(1, ds::metalDark(pal));
    p.setPen(QPen(edge, hair));
    p.setBrush(wall);
    p.drawRect(QRectF(80, 6, 6, 18));
    p.drawRect(QRectF(80, 38, 6, 12));
    // The cage, a tunnel into the unit.
    p.setBrush(QColor(0xb4, 0xb8, 0xbd));
    p.setPen(QPen(QColor(0x50, 0x53, 0x58), hair));
    p.drawRect(QRectF(80, 24, 18, 2));
    p.drawRect(QRectF(80, 36, 18, 2));
    p.setBrush(QColor(0x20, 0x20, 0x22));
    p.setPen(Qt::NoPen);
    p.drawRect(QRectF(86, 26, 12, 10));

    // Cable and boot.
    const QColor cable(0x1d, 0x1d, 0x1f);
    QPainterPath wire(QPointF(-2, 44));
    wire.cubicTo(QPointF(10, 44), QPointF(14, 31), QPointF(30, 31));
    p.setPen(QPen(cable, 5.5, Qt::SolidLine, Qt::FlatCap));
    p.setBrush(Qt::NoBrush);
    p.drawPath(wire);
    p.setPen(QPen(QColor(0x0, 0x0, 0x0), hair));
    p.setBrush(QColor(0x2c, 0x2c, 0x2f));
    p.drawRoundedRect(QRectF(28, 26.5, 14, 9), 2, 2);

    // The plug's metal body, nose already at the cage mouth.
    const QColor metal = ds::plugColor(pal);
    QLinearGradient body(QPointF(0, 26), QPointF(0, 36));
    body.setColorAt(0, metal.lighter(150));
    body.setColorAt(0.5, metal.lighter(115));
    body.setColorAt(1, metal.darker(130));
    p.setBrush(body);
    p.setPen(QPen(QColor(0x2a, 0x2a, 0x2d), hair));
    p.drawRoundedRect(QRectF(41, 26.6, 36, 8.8), 1, 1);
    p.drawRect(QRectF(77, 27.6, 4, 6.8));

    // The pull tab: a strap along the top of the plug, bent up into a loop.
    const QColor tab = ds::stateColor(DrawState::Next, pal);
    QPainterPath strap(QPointF(70, 26.2));
    strap.lineTo(QPointF(40, 26.2));
    strap.cubicTo(QPointF(30, 26.2), QPointF(24, 22), QPointF(20, 14));
    p.setPen(QPen(tab.darker(130), 3.0, Qt::SolidLine, Qt::RoundCap));
    p.drawPath(strap);
    p.setPen(QPen(tab, 2.0, Qt::SolidLine, Qt::RoundCap));
    p.drawPath(strap);
    p.setPen(QPen(tab, 2.4));
    p.setBrush(Qt::NoBrush);
    p.save();
    p.translate(18, 10.5);
    p.rotate(-25);
    p.drawEllipse(QPointF(0, 0), 5.0, 3.6);
    p.restore();

    // "Up" at the tab, "in" along the plug.
    const QColor ink = ds::isDark(pal) ? QColor(0xf0, 0xf0, 0xf0) : pal.color(QPalette::Text);
    ds::paintArrow(p, QPointF(32, 17), QPointF(32, 6), 0, 1.2, ink);
    ds::paintArrow(p, QPointF(48, 45), QPointF(74, 45), 0, 1.4, ds::stateColor(DrawState::Ok, pal));
    p.restore();

    // Small captions on the picture, in device pixels so they stay sharp.
    QFont small = font();
    small.setPixelSize(qMax(9, int(6.0 * s)));
    p.setFont(small);
    p.setPen(ink);
    const QFontMetricsF fm(small);
    p.drawText(QPointF(pic.left() + 35 * s, pic.top() + 12 * s + fm.ascent() / 2), tr("tab up"));

    // The instruction below.
    const QRect textArea(0, int(pic.bottom()) + kGap, width(), height());
    p.setFont(instructionFont());
    p.setPen(pal.color(QPalette::WindowText));
    const QRect first = p.boundingRect(textArea, kTextFlags, instruction());
    p.drawText(textArea, kTextFlags, instruction());
    p.setFont(font());
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(textArea.adjusted(0, first.height() + 2, 0, 0), kTextFlags, detail());
}

} // namespace spark::ui
