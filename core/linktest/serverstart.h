// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <array>

namespace spark {

// What a LinkTestScripts::detached() start script printed for the twins'
// ib_write_bw servers: which of them listen, and the error lines of the rest.
struct PerftestServerStart
{
    // perftest's server prints this once it waits for its client.
    static QString readyText();

    std::array<bool, 2> ready{false, false};
    QStringList errors; // perftest's error lines, in order

    bool allReady() const { return ready[0] && ready[1]; }
    static PerftestServerStart parse(const QByteArray &taggedOutput);
};

} // namespace spark
