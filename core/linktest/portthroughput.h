// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linksample.h"

#include <QList>
#include <QString>

#include <array>

namespace spark {

// One port's throughput over one phase and direction of a link test: the
// mean of each twin and their sum (the port's total).
struct PortThroughput
{
    QString link;
    LinkPhase phase = LinkPhase::AToB;
    LinkDirection direction = LinkDirection::AToB;
    std::array<double, 2> twinGbps{0, 0};
    std::array<int, 2> twinSamples{0, 0};
    double totalGbps = 0;

    // Means per twin over the samples of each (link, phase, direction), in the
    // order first seen. The first sample of a twin is TCP's slow start: it is
    // left out when the twin has at least three. Whole-port samples are ignored.
    static QList<PortThroughput> fromSamples(const QList<LinkSample> &samples);

    // The port's total over time: for each (link, phase, direction) and each
    // whole second, the sum of the twins' latest samples in that second
    // (twin = LinkSample::wholePort). Feeds the live chart's "port" line.
    static QList<LinkSample> portTotals(const QList<LinkSample> &samples);
};

} // namespace spark
