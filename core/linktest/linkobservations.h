// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linktestplan.h"
#include "core/linktest/linkverdict.h"
#include "core/linktest/portthroughput.h"

#include <QHash>
#include <QList>

namespace spark {

// What the verdict rules get for one measured link: one observation per port
// and direction that carried samples, each with the facts the probe gave
// before the test (negotiated speed, twins without carrier, PCIe links). With
// nothing measured, one empty observation, so that those facts still decide.
QList<LinkObservation> linkObservations(const LinkTarget &link, const QList<PortThroughput> &throughput,
                                        const QHash<int, double> &retransmitFractionByPhase, double pingLossPercent);

} // namespace spark
