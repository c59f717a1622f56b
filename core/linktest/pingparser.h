// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/linebuffer.h"

#include <QByteArrayView>
#include <QList>
#include <QStringList>

#include <optional>

namespace spark {

struct PingReply
{
    int sequence = 0;
    double rttMs = 0;
};

// ping's closing statistics.
struct PingSummary
{
    int transmitted = 0;
    int received = 0;
    int errors = 0;         // "+2 errors" (unreachable replies)
    double lossPercent = 0;
    bool hasRtt = false;    // no rtt line when nothing came back
    double minMs = 0;
    double avgMs = 0;
    double maxMs = 0;
    double mdevMs = 0;
};

// Streaming parser of iputils ping output (LC_ALL=C): one reply per
// "64 bytes from …" line as it arrives, the summary at the end.
class PingParser
{
public:
    QList<PingReply> feed(QByteArrayView chunk);
    QList<PingReply> finish();
    // One whole line, as SshSession's execStreaming hands it out.
    QList<PingReply> feedLine(const QString &line);

    const std::optional<PingSummary> &summary() const { return m_summary; }
    // "From 10.0.0.1 icmp_seq=1 Destination Host Unreachable" and the like.
    const QStringList &errors() const { return m_errors; }

private:
    QList<PingReply> handle(const QStringList &lines);

    LineBuffer m_buffer;
    std::optional<PingSummary> m_summary;
    QStringList m_errors;
};

} // namespace spark
