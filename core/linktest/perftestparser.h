// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/linebuffer.h"
#include "core/linktest/linksample.h"

#include <QByteArrayView>
#include <QList>
#include <QStringList>

namespace spark {

// One result row of perftest's ib_write_bw or ib_write_lat table.
struct PerftestRow
{
    enum class Kind { Bandwidth, Latency };

    Kind kind = Kind::Bandwidth;
    qint64 messageBytes = 0;
    qint64 iterations = 0;
    // ib_write_bw (converted to Gb/s whatever unit the header named)
    double peakGbps = 0;        // 0 also where the perftest version lacks the column
    double averageGbps = 0;     // always printed: a table without it gives no rows
    double messageRateMpps = 0; // 0 where the perftest version lacks the column
    // ib_write_lat, microseconds (0 where the perftest version lacks the column)
    double minUs = 0;
    double maxUs = 0;
    double typicalUs = 0;
    double averageUs = 0;
    double p99Us = 0;
    double p999Us = 0;
};

// Streaming parser of perftest's text output. The columns come from the
// table header ("#bytes #iterations BW peak[Gb/sec] …"), so older and newer
// perftest releases, MB/sec or Gb/sec, all parse. With --run_infinitely each
// interval prints one row. Error lines are collected in errors().
class PerftestParser
{
public:
    QList<PerftestRow> feed(QByteArrayView chunk);
    // The end of the output: a row without its newline may be cut short and
    // is not taken (an error line is).
    QList<PerftestRow> finish();
    // One whole line, as SshSession's execStreaming hands it out.
    QList<PerftestRow> feedLine(const QString &line);
    const QStringList &errors() const { return m_errors; }

    struct SampleContext
    {
        QString link;
        int twin = 0;
        LinkPhase phase = LinkPhase::AToB;
        LinkDirection direction = LinkDirection::AToB;
        double intervalSeconds = 1; // -D with --run_infinitely
    };
    // Bandwidth rows as samples, numbered from the first interval.
    static QList<LinkSample> samples(const QList<PerftestRow> &rows, const SampleContext &context, int firstIndex = 0);

private:
    QList<PerftestRow> handle(const QStringList &lines);

    LineBuffer m_buffer;
    QStringList m_columns; // header column names, e.g. "BW average[Gb/sec]"
    QStringList m_errors;
};

} // namespace spark
