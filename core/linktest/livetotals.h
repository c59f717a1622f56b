// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/linksample.h"

#include <QList>
#include <QMap>
#include <QString>

#include <array>
#include <optional>
#include <tuple>

namespace spark {

// The port's total as the twins' samples arrive: once both twins have a
// sample for the same second (of one link, phase and direction), their sum
// as a whole-port sample. The same rule as PortThroughput::portTotals, live.
class LiveTotals
{
public:
    std::optional<LinkSample> feed(const LinkSample &sample);

private:
    using Key = std::tuple<QString, int, int, qint64>; // link, phase, direction, second
    QMap<Key, std::array<std::optional<double>, 2>> m_pending;
};

} // namespace spark
