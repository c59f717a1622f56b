// SPDX-License-Identifier: MIT
#include "ui/drawings/rearpanelgeometry.h"

namespace spark::ui::rearpanel {

namespace {
constexpr qreal kPortCentreY = 33.0;
constexpr qreal kCageWidth = 22.0;
constexpr qreal kCageHeight = 11.0;
constexpr qreal kCageCentreX[2] = { 103.0, 131.0 };
} // namespace

QRectF body()
{
    return { 0, 0, kWidth, kHeight };
}

QRectF grille()
{
    return { 5, 3.5, kWidth - 10, 18.5 };
}

QRectF portStrip()
{
    return { 3, 24.5, kWidth - 6, 23.5 };
}

QPointF powerButtonCentre()
{
    return { 10.5, kPortCentreY };
}

qreal powerButtonRadius()
{
    return 3.4;
}

QRectF usbC(int index)
{
    static constexpr qreal centres[kUsbCCount] = { 22.0, 33.5, 43.0, 52.5 };
    const qreal w = 8.4, h = 2.8;
    return { centres[qBound(0, index, kUsbCCount - 1)] - w / 2, kPortCentreY - h / 2, w, h };
}

QRectF hdmi()
{
    const qreal w = 14.0, h = 5.0;
    return { 67.0 - w / 2, kPortCentreY - h / 2, w, h };
}

QRectF rj45()
{
    const qreal w = 13.0, h = 11.0;
    return { 84.0 - w / 2, kPortCentreY - h / 2, w, h };
}

QRectF qsfpCage(int port)
{
    return { kCageCentreX[port == 1 ? 1 : 0] - kCageWidth / 2, kPortCentreY - kCageHeight / 2, kCageWidth,
        kCageHeight };
}

QRectF qsfpPlug(int port)
{
    return qsfpCage(port).adjusted(-1.0, -1.0, 1.0, 1.0);
}

QRectF qsfpPullTab(int port)
{
    const QRectF plug = qsfpPlug(port);
    const qreal w = 8.0;
    return { plug.center().x() - w / 2, grille().top() + 4.0, w, plug.top() - grille().top() - 3.0 };
}

QRectF qsfpHitArea(int port)
{
    return qsfpPlug(port).united(qsfpPullTab(port)).adjusted(-1.5, -0.5, 1.5, 1.0);
}

QRectF labelBelow(const QRectF &connector)
{
    const qreal top = connector.bottom() + 1.2;
    const qreal width = qMax(connector.width() + 6.0, 14.0);
    return { connector.center().x() - width / 2, top, width, portStrip().bottom() - top - 0.5 };
}

} // namespace spark::ui::rearpanel
