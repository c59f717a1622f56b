// SPDX-License-Identifier: MIT
#include "core/tunnels/tunnelspec.h"

namespace spark {

QJsonObject TunnelSpec::toJson() const
{
    return QJsonObject{{QStringLiteral("name"), name},
                       {QStringLiteral("localPort"), int(localPort)},
                       {QStringLiteral("remotePort"), int(remotePort)},
                       {QStringLiteral("path"), path}};
}

TunnelSpec TunnelSpec::fromJson(const QJsonObject &object)
{
    TunnelSpec spec;
    spec.name = object.value(QStringLiteral("name")).toString();
    spec.localPort = quint16(qBound(0, object.value(QStringLiteral("localPort")).toInt(), 65535));
    spec.remotePort = quint16(qBound(0, object.value(QStringLiteral("remotePort")).toInt(), 65535));
    spec.path = object.value(QStringLiteral("path")).toString();
    return spec;
}

} // namespace spark
