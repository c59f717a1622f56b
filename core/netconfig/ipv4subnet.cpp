// SPDX-License-Identifier: MIT
#include "core/netconfig/ipv4subnet.h"

#include <QHostAddress>

namespace spark {

std::optional<Ipv4Subnet> Ipv4Subnet::parse(const QString &text)
{
    const QString trimmed = text.trimmed();
    const qsizetype slash = trimmed.indexOf(QLatin1Char('/'));
    const QString addressPart = slash < 0 ? trimmed : trimmed.left(slash);
    int prefix = 32;
    if (slash >= 0) {
        bool ok = false;
        prefix = trimmed.mid(slash + 1).toInt(&ok);
        if (!ok || prefix < 0 || prefix > 32)
            return std::nullopt;
    }
    // Four dotted decimal parts only: QHostAddress would also take "10.1" or IPv6.
    const QStringList parts = addressPart.split(QLatin1Char('.'));
    if (parts.size() != 4)
        return std::nullopt;
    for (const QString &part : parts) {
        bool ok = false;
        const int value = part.toInt(&ok);
        if (!ok || value < 0 || value > 255 || part.isEmpty() || part.size() > 3)
            return std::nullopt;
    }
    QHostAddress address;
    if (!address.setAddress(addressPart) || address.protocol() != QAbstractSocket::IPv4Protocol)
        return std::nullopt;
    return of(address.toIPv4Address(), prefix);
}

Ipv4Subnet Ipv4Subnet::of(quint32 address, int prefix)
{
    Ipv4Subnet subnet;
    subnet.prefix = qBound(0, prefix, 32);
    subnet.network = address & subnet.mask();
    return subnet;
}

bool Ipv4Subnet::overlaps(const Ipv4Subnet &other) const
{
    const int shorter = qMin(prefix, other.prefix);
    const quint32 m = shorter == 0 ? 0u : ~quint32(0) << (32 - shorter);
    return (network & m) == (other.network & m);
}

QString Ipv4Subnet::addressText(quint32 address)
{
    return QHostAddress(address).toString();
}

QString Ipv4Subnet::toString() const
{
    return addressText(network) + QLatin1Char('/') + QString::number(prefix);
}

} // namespace spark
