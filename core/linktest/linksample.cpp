// SPDX-License-Identifier: MIT
#include "core/linktest/linksample.h"

namespace spark {

QString linkPhaseKey(LinkPhase phase)
{
    switch (phase) {
    case LinkPhase::AToB:
        return QStringLiteral("a-to-b");
    case LinkPhase::BToA:
        return QStringLiteral("b-to-a");
    case LinkPhase::Both:
        return QStringLiteral("both");
    }
    return {};
}

QString linkDirectionKey(LinkDirection direction)
{
    return direction == LinkDirection::AToB ? QStringLiteral("a-to-b") : QStringLiteral("b-to-a");
}

} // namespace spark
