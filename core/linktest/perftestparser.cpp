// SPDX-License-Identifier: MIT
#include "core/linktest/perftestparser.h"

#include <QRegularExpression>

#include <algorithm>

namespace spark {

namespace {

// "BW peak[Gb/sec]" → factor to Gb/s. perftest's MB is 2^20 bytes.
double toGbps(const QString &column)
{
    if (column.contains(QLatin1String("[Gb/sec]")))
        return 1;
    if (column.contains(QLatin1String("[MB/sec]")) || column.contains(QLatin1String("[MiB/sec]")))
        return 1048576.0 * 8 / 1e9;
    return 0; // unknown unit: do not guess
}

bool looksLikeError(const QString &line)
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(couldn't|unable|failed|not found|error|closed by peer|conflicting|invalid)"),
        QRegularExpression::CaseInsensitiveOption);
    return pattern.match(line).hasMatch();
}

} // namespace

QList<PerftestRow> PerftestParser::feedLine(const QString &line)
{
    return handle({line});
}

QList<PerftestRow> PerftestParser::feed(QByteArrayView chunk)
{
    return handle(m_buffer.feed(chunk));
}

QList<PerftestRow> PerftestParser::finish()
{
    // The last line never got its newline: a row in it may be cut short
    // ("… 111.71  0.21" of "… 111.71  0.213070"), so it is not taken. An
    // error message there still counts.
    for (const QString &line : m_buffer.finish()) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty() && looksLikeError(trimmed))
            m_errors.append(trimmed);
    }
    return {};
}

QList<PerftestRow> PerftestParser::handle(const QStringList &lines)
{
    static const QRegularExpression column(QStringLiteral(R"(#\w+|[\w.%]+(?: [\w.%]+)?\[[^\]]*\])"));
    static const QRegularExpression spaces(QStringLiteral(R"(\s+)"));
    static const QRegularExpression number(QStringLiteral(R"(^\d+(?:\.\d+)?$)"));
    QList<PerftestRow> rows;
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(QLatin1String("#bytes"))) {
            m_columns.clear();
            for (auto it = column.globalMatch(trimmed); it.hasNext();)
                m_columns.append(it.next().captured(0));
            continue;
        }
        const QStringList fields = trimmed.split(spaces, Qt::SkipEmptyParts);
        const bool numeric = !fields.isEmpty()
            && std::all_of(fields.cbegin(), fields.cend(), [](const QString &f) { return number.match(f).hasMatch(); });
        if (!numeric) {
            if (!trimmed.isEmpty() && looksLikeError(trimmed))
                m_errors.append(trimmed);
            continue;
        }
        if (m_columns.size() < 3 || fields.size() != m_columns.size())
            continue;
        // A bandwidth table without an average in a known unit gives no rate: unknown, not 0 Gb/s.
        const bool bandwidth = m_columns.at(2).startsWith(QLatin1String("BW"));
        if (bandwidth && std::none_of(m_columns.cbegin(), m_columns.cend(), [](const QString &name) {
                return name.startsWith(QLatin1String("BW average")) && toGbps(name) > 0;
            }))
            continue;
        PerftestRow row;
        row.kind = m_columns.at(2).startsWith(QLatin1String("BW")) ? PerftestRow::Kind::Bandwidth
                                                                    : PerftestRow::Kind::Latency;
        for (qsizetype i = 0; i < fields.size(); ++i) {
            const QString &name = m_columns.at(i);
            const double value = fields.at(i).toDouble();
            if (name == u"#bytes")
                row.messageBytes = qint64(value);
            else if (name == u"#iterations")
                row.iterations = qint64(value);
            else if (name.startsWith(QLatin1String("BW peak")))
                row.peakGbps = value * toGbps(name);
            else if (name.startsWith(QLatin1String("BW average")))
                row.averageGbps = value * toGbps(name);
            else if (name.startsWith(QLatin1String("MsgRate")))
                row.messageRateMpps = value;
            else if (name.startsWith(QLatin1String("t_min")))
                row.minUs = value;
            else if (name.startsWith(QLatin1String("t_max")))
                row.maxUs = value;
            else if (name.startsWith(QLatin1String("t_typical")))
                row.typicalUs = value;
            else if (name.startsWith(QLatin1String("t_avg")))
                row.averageUs = value;
            else if (name.startsWith(QLatin1String("99% ")))
                row.p99Us = value;
            else if (name.startsWith(QLatin1String("99.9% ")))
                row.p999Us = value;
        }
        rows.append(row);
    }
    return rows;
}

QList<LinkSample> PerftestParser::samples(const QList<PerftestRow> &rows, const SampleContext &context, int firstIndex)
{
    QList<LinkSample> result;
    int index = firstIndex;
    for (const PerftestRow &row : rows) {
        if (row.kind != PerftestRow::Kind::Bandwidth)
            continue;
        ++index;
        LinkSample sample;
        sample.seconds = index * context.intervalSeconds;
        sample.link = context.link;
        sample.twin = context.twin;
        sample.phase = context.phase;
        sample.direction = context.direction;
        sample.gbps = row.averageGbps;
        result.append(sample);
    }
    return result;
}

} // namespace spark
