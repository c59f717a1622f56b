// SPDX-License-Identifier: MIT
#include "core/linktest/linkobservations.h"

namespace spark {

QList<LinkObservation> linkObservations(const LinkTarget &link, const QList<PortThroughput> &throughput,
                                        const QHash<int, double> &retransmitFractionByPhase, double pingLossPercent)
{
    LinkObservation base;
    base.linkLabel = link.label;
    base.nodeName = link.nodeA;
    base.port = link.portA;
    base.throughSwitch = link.throughSwitch;
    base.reportedSpeedMbps = link.reportedSpeedMbps;
    base.twinsWithoutCarrier = link.twinsWithoutCarrier;
    base.narrowPcie = link.narrowPcie;
    base.pcieKnownFull = link.pcieKnownFull;
    base.pingLossPercent = pingLossPercent;
    QList<LinkObservation> observations;
    for (const PortThroughput &port : throughput) {
        LinkObservation observation = base;
        const bool fromA = port.direction == LinkDirection::AToB;
        observation.nodeName = fromA ? link.nodeA : link.nodeB;
        observation.port = fromA ? link.portA : link.portB;
        observation.throughput = port;
        observation.retransmitFraction = retransmitFractionByPhase.value(int(port.phase));
        observations.append(observation);
    }
    if (observations.isEmpty())
        observations.append(base);
    return observations;
}

} // namespace spark
