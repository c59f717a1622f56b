// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace spark {

// Which way traffic flows on a link between its end A and its end B.
enum class LinkDirection { AToB, BToA };

// Whether the two directions were measured one after the other or both at once.
enum class LinkPhase { AToB, BToA, Both };

// One throughput reading as a tool printed it (about once a second): on one
// twin of one link (twin 0 or 1), or for the whole port (twin = wholePort).
struct LinkSample
{
    static constexpr int wholePort = -1;

    double seconds = 0;   // end of the interval, from the start of the phase
    QString link;         // stable link id, e.g. "spark-1:0-spark-2:0"
    int twin = 0;         // 0, 1, or wholePort
    LinkPhase phase = LinkPhase::AToB;
    LinkDirection direction = LinkDirection::AToB;
    double gbps = 0;      // Gb/s (10^9 bit/s)

    friend bool operator==(const LinkSample &, const LinkSample &) = default;
};

// Stable keys for files and JSON ("a-to-b", "b-to-a", "both").
QString linkPhaseKey(LinkPhase phase);
QString linkDirectionKey(LinkDirection direction);

} // namespace spark
