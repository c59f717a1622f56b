// SPDX-License-Identifier: MIT
#include "core/common/hostname.h"

#include <QHostAddress>
#include <QRegularExpression>

namespace spark {

bool isValidHostName(const QString &host)
{
    static const QRegularExpression hostname(
        QStringLiteral("^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.?$"));
    if (hostname.match(host).hasMatch())
        return true;
    QHostAddress address;
    return host.contains(QLatin1Char(':')) && !host.contains(QLatin1Char('%')) && address.setAddress(host)
           && address.protocol() == QAbstractSocket::IPv6Protocol;
}

} // namespace spark
