// SPDX-License-Identifier: MIT
#include "core/linktest/livetotals.h"

#include <cmath>

namespace spark {

std::optional<LinkSample> LiveTotals::feed(const LinkSample &sample)
{
    if (sample.twin != 0 && sample.twin != 1)
        return std::nullopt;
    // An interval ending at 3.00 s or 3.01 s (iperf3's timer drifts) is second 3.
    const qint64 second = qint64(std::llround(sample.seconds));
    const Key key{sample.link, int(sample.phase), int(sample.direction), second};
    auto &twins = m_pending[key];
    twins[size_t(sample.twin)] = sample.gbps;
    if (!twins[0] || !twins[1])
        return std::nullopt;
    LinkSample total = sample;
    total.seconds = double(second);
    total.twin = LinkSample::wholePort;
    total.gbps = *twins[0] + *twins[1];
    m_pending.remove(key);
    return total;
}

} // namespace spark
