// SPDX-License-Identifier: MIT
#include "core/topology/cx7ports.h"

namespace spark::Cx7Ports {

const QList<Cx7Interface> &all()
{
    static const QList<Cx7Interface> interfaces{
        {0, 0, QStringLiteral("enp1s0f0np0"), QStringLiteral("rocep1s0f0")},
        {0, 1, QStringLiteral("enP2p1s0f0np0"), QStringLiteral("roceP2p1s0f0")},
        {1, 0, QStringLiteral("enp1s0f1np1"), QStringLiteral("rocep1s0f1")},
        {1, 1, QStringLiteral("enP2p1s0f1np1"), QStringLiteral("roceP2p1s0f1")},
    };
    return interfaces;
}

std::optional<Cx7Interface> find(const QString &netdev)
{
    for (const Cx7Interface &interface : all()) {
        if (interface.netdev == netdev)
            return interface;
    }
    return std::nullopt;
}

Cx7Interface at(int port, int twin)
{
    return all().at(qBound(0, port, 1) * 2 + qBound(0, twin, 1));
}

QString managementInterface()
{
    return QStringLiteral("enP7s7");
}

} // namespace spark::Cx7Ports
