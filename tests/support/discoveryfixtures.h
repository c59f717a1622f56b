// SPDX-License-Identifier: MIT
#pragma once

#include "core/topology/discoveryrunner.h"
#include "core/topology/neighbourdiscovery.h"
#include "tests/support/fixtures.h"

namespace spark::test {

// What the neighbour discovery read on spark-1 … spark-3 of a recorded lab
// (tests/fixtures/topology/discovery-<set>-spark-N.txt: ring3, switch3,
// miswired3); a fixture that is missing or does not parse stops the test.
inline QList<NodeObservation> observedLab(const QString &set)
{
    QList<NodeObservation> nodes;
    for (int i = 1; i <= 3; ++i) {
        const QString path = QStringLiteral("topology/discovery-%1-spark-%2.txt").arg(set).arg(i);
        const QString text = readFixture(path);
        if (text.isEmpty())
            qFatal("missing fixture %s", qPrintable(path));
        const auto parsed = NeighbourDiscovery::parse(text);
        if (!parsed)
            qFatal("fixture does not parse: %s", qPrintable(parsed.error().detail));
        nodes.append(NodeObservation{QStringLiteral("spark-%1").arg(i), *parsed});
    }
    return nodes;
}

// One netdev's observation in `observations`, to change it; nullptr if absent.
inline InterfaceObservation *interfaceOf(QList<NodeObservation> &observations, const QString &node,
                                         const QString &netdev)
{
    for (NodeObservation &observation : observations) {
        for (InterfaceObservation &interface : observation.interfaces) {
            if (observation.node == node && interface.netdev == netdev)
                return &interface;
        }
    }
    return nullptr;
}

} // namespace spark::test
