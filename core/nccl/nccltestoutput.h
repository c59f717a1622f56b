// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace spark {

// One placement's figures in a row of nccl-tests' table.
struct NcclPlacement
{
    double timeUs = 0;
    double algbwGBps = 0;
    double busbwGBps = 0;
    std::optional<qint64> wrong; // none: "N/A" (run with -c 0)

    friend bool operator==(const NcclPlacement &, const NcclPlacement &) = default;
};

// One message size of an nccl-tests run (all_gather_perf, all_reduce_perf, …).
struct NcclSizeRow
{
    qint64 bytes = 0;
    qint64 count = 0;
    QString type;  // "float"
    QString redop; // "none", "sum" (empty in versions without the column)
    NcclPlacement outOfPlace;
    NcclPlacement inPlace;

    double busbwGBps() const; // the better of the two placements
    double algbwGBps() const; // the better of the two placements
    qint64 wrong() const;     // wrong elements over both placements (0 when unchecked)

    friend bool operator==(const NcclSizeRow &, const NcclSizeRow &) = default;
};

// Streaming reader of what `mpirun … all_gather_perf` prints: the table's
// rows, nccl-tests' summary, which ranks ran where, and what NCCL said with
// NCCL_DEBUG=INFO (its version, the network it chose). Every other line is
// kept; the lines that say why a run failed are collected apart. It never
// guesses: a line that looks like a row but does not read as one is named in
// unreadLines(), never taken with made-up figures.
class NcclTestOutput
{
public:
    // One whole line; the row when it was one.
    std::optional<NcclSizeRow> feedLine(QStringView line);

    const QList<NcclSizeRow> &rows() const { return m_rows; }
    std::optional<double> averageBusBandwidth() const { return m_averageBusbw; } // "# Avg bus bandwidth"
    std::optional<bool> outOfBoundsOk() const { return m_outOfBoundsOk; }
    QStringList rankHosts() const { return m_rankHosts; } // by rank, from "#  Rank  N … on HOST"
    QString ncclVersion() const { return m_ncclVersion; } // "2.28.9" from NCCL INFO
    QString network() const { return m_network; }         // "IB", "Socket" (NCCL INFO "Using network …")
    bool sawInfoLines() const { return m_sawInfo; }
    const QStringList &failureLines() const { return m_failures; }
    const QStringList &unreadLines() const { return m_unread; }

    // The largest size measured, and its busbw (none before the first row).
    std::optional<NcclSizeRow> largestRow() const;
    std::optional<double> largestSizeBusbw() const;
    bool anyWrong() const;

    static std::optional<NcclSizeRow> parseRow(QStringView line);

private:
    QList<NcclSizeRow> m_rows;
    std::optional<double> m_averageBusbw;
    std::optional<bool> m_outOfBoundsOk;
    QStringList m_rankHosts;
    QString m_ncclVersion;
    QString m_network;
    bool m_sawInfo = false;
    QStringList m_failures;
    QStringList m_unread;
};

} // namespace spark
