// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/linebuffer.h"
#include "core/linktest/linksample.h"

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// One line of iperf3's text report (3.12 format, any -f unit): a per-stream
// or [SUM] line for one interval, or a final sender/receiver line.
struct Iperf3Line
{
    enum class Kind { Interval, Sender, Receiver };
    static constexpr int sum = -1;

    Kind kind = Kind::Interval;
    int stream = sum;       // iperf3's stream id, or sum for [SUM]
    QString role;           // --bidir: "TX-C", "RX-C" (client), "TX-S", "RX-S" (server); else empty
    double start = 0;       // seconds
    double end = 0;
    double bytes = 0;
    double gbps = 0;
    int retransmits = -1;   // -1: not printed (receiver lines, server side)
    bool isTotal = false;   // the whole test's figure for this interval (the [SUM], or the only stream)
};

// The final figures of an iperf3 --json run.
struct Iperf3Summary
{
    double sentGbps = 0;
    double receivedGbps = 0;
    double sentBytes = 0;
    qint64 retransmits = -1; // -1: not in the report
    // --bidir only: the server-to-client direction.
    double reverseSentGbps = 0;
    double reverseReceivedGbps = 0;
    double reverseSentBytes = 0;
    qint64 reverseRetransmits = -1;
    bool bidirectional = false;
};

// Streaming parser of iperf3's text output: feed() it chunks as they arrive.
// Lines that are not measurements (banners, separators) are skipped; error
// lines ("iperf3: error - …") are collected in errors().
class Iperf3Parser
{
public:
    // streamsPerDirection: the -P given to the client; 0 counts the
    // "connected to" lines instead (the server side does not know -P).
    explicit Iperf3Parser(int streamsPerDirection = 0);

    QList<Iperf3Line> feed(QByteArrayView chunk);
    // The end of the output: a measurement without its newline may be cut
    // short and is not taken (an error line is).
    QList<Iperf3Line> finish();
    // One whole line, as SshSession's execStreaming hands it out.
    QList<Iperf3Line> feedLine(const QString &line);
    const QStringList &errors() const { return m_errors; }

    // One line, without stream-count context (isTotal is set for [SUM] only).
    static std::optional<Iperf3Line> parseLine(QStringView line);

    // Where the samples of one iperf3 client belong.
    struct SampleContext
    {
        QString link;
        int twin = 0;
        LinkPhase phase = LinkPhase::AToB;
        bool clientIsA = true;
        bool reverse = false; // the client ran with -R
    };
    // The live samples (isTotal interval lines) as LinkSamples.
    static QList<LinkSample> samples(const QList<Iperf3Line> &lines, const SampleContext &context);

    // The final result of a --json run; an Error carries iperf3's own message.
    static Expected<Iperf3Summary> parseJson(const QByteArray &json);

private:
    QList<Iperf3Line> handle(const QStringList &lines);

    LineBuffer m_buffer;
    QStringList m_errors;
    int m_streams = 0;
    int m_connected = 0;
    bool m_bidirectional = false;
};

} // namespace spark
