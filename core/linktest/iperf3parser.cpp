// SPDX-License-Identifier: MIT
#include "core/linktest/iperf3parser.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace spark {

namespace {

// [  5]   0.00-1.00   sec   254 MBytes  2122 Mbits/sec   15   2.37 MBytes
// [SUM][TX-C]   0.00-2.00   sec   827 MBytes  3.47 Gbits/sec   23             sender
const QRegularExpression &linePattern()
{
    static const QRegularExpression pattern(QStringLiteral(
        R"(^\[\s*(\d+|SUM)\](?:\[([TR]X-[CS])\])?\s+(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)\s+sec\s+)"
        R"((\d+(?:\.\d+)?)\s+([KMGT]?)Bytes\s+(\d+(?:\.\d+)?)\s+([KMGT]?)bits/sec)"
        R"((?:\s+(\d+))?(?:\s+\d+(?:\.\d+)?\s+[KMGT]?Bytes)?\s*(sender|receiver)?\s*$)"));
    return pattern;
}

double bytePrefix(QStringView prefix)
{
    // iperf3 prints byte counts in binary units.
    if (prefix == u"K")
        return 1024.0;
    if (prefix == u"M")
        return 1024.0 * 1024;
    if (prefix == u"G")
        return 1024.0 * 1024 * 1024;
    if (prefix == u"T")
        return 1024.0 * 1024 * 1024 * 1024;
    return 1;
}

double bitPrefixToGiga(QStringView prefix)
{
    // … and rates in decimal units.
    if (prefix == u"K")
        return 1e-6;
    if (prefix == u"M")
        return 1e-3;
    if (prefix == u"G")
        return 1;
    if (prefix == u"T")
        return 1e3;
    return 1e-9;
}

// Intervals shorter than this (the server's trailing "2.00-2.00" line) carry
// no rate worth showing: a few megabytes over a millisecond read as 70 Gb/s.
constexpr double minimumInterval = 0.1;

} // namespace

Iperf3Parser::Iperf3Parser(int streamsPerDirection)
    : m_streams(streamsPerDirection)
{
}

std::optional<Iperf3Line> Iperf3Parser::parseLine(QStringView line)
{
    const auto match = linePattern().match(line.toString());
    if (!match.hasMatch())
        return std::nullopt;
    Iperf3Line result;
    const QStringView id = match.capturedView(1);
    result.stream = id == u"SUM" ? Iperf3Line::sum : id.toInt();
    result.role = match.captured(2);
    result.start = match.capturedView(3).toDouble();
    result.end = match.capturedView(4).toDouble();
    result.bytes = match.capturedView(5).toDouble() * bytePrefix(match.capturedView(6));
    result.gbps = match.capturedView(7).toDouble() * bitPrefixToGiga(match.capturedView(8));
    if (match.hasCaptured(9))
        result.retransmits = match.capturedView(9).toInt();
    const QStringView end = match.capturedView(10);
    result.kind = end == u"sender" ? Iperf3Line::Kind::Sender
                : end == u"receiver" ? Iperf3Line::Kind::Receiver
                                     : Iperf3Line::Kind::Interval;
    result.isTotal = result.stream == Iperf3Line::sum;
    return result;
}

QList<Iperf3Line> Iperf3Parser::feedLine(const QString &line)
{
    return handle({line});
}

QList<Iperf3Line> Iperf3Parser::feed(QByteArrayView chunk)
{
    return handle(m_buffer.feed(chunk));
}

QList<Iperf3Line> Iperf3Parser::finish()
{
    // The last line never got its newline: a measurement in it may be cut
    // short ("3.74 Gbits/sec   1" of "…   17" retransmits), so only an error
    // message there is kept.
    for (const QString &line : m_buffer.finish()) {
        if (!parseLine(line))
            handle({line});
    }
    return {};
}

QList<Iperf3Line> Iperf3Parser::handle(const QStringList &lines)
{
    static const QRegularExpression connected(QStringLiteral(R"(^\[\s*\d+\]\s+local\s+\S+\s+port\s+\d+\s+connected to)"));
    static const QRegularExpression error(QStringLiteral(R"(^iperf3:\s*error\s*-\s*(.*)$)"));
    QList<Iperf3Line> parsed;
    for (const QString &line : lines) {
        if (connected.match(line).hasMatch()) {
            ++m_connected;
            continue;
        }
        if (const auto match = error.match(line); match.hasMatch()) {
            m_errors.append(match.captured(1).trimmed());
            continue;
        }
        auto record = parseLine(line);
        if (!record)
            continue;
        if (!record->role.isEmpty())
            m_bidirectional = true;
        int perDirection = m_streams;
        if (perDirection <= 0)
            perDirection = m_bidirectional ? m_connected / 2 : m_connected;
        if (record->stream != Iperf3Line::sum)
            record->isTotal = perDirection == 1;
        if (record->kind == Iperf3Line::Kind::Interval && record->end - record->start < minimumInterval)
            record->isTotal = false;
        parsed.append(*record);
    }
    return parsed;
}

QList<LinkSample> Iperf3Parser::samples(const QList<Iperf3Line> &lines, const SampleContext &context)
{
    QList<LinkSample> result;
    for (const Iperf3Line &line : lines) {
        if (!line.isTotal || line.kind != Iperf3Line::Kind::Interval)
            continue;
        // Does this line's data flow from the client to the server?
        bool clientToServer = !context.reverse;
        if (line.role == u"TX-C" || line.role == u"RX-S")
            clientToServer = true;
        else if (line.role == u"RX-C" || line.role == u"TX-S")
            clientToServer = false;
        LinkSample sample;
        sample.seconds = line.end;
        sample.link = context.link;
        sample.twin = context.twin;
        sample.phase = context.phase;
        sample.direction = clientToServer == context.clientIsA ? LinkDirection::AToB : LinkDirection::BToA;
        sample.gbps = line.gbps;
        result.append(sample);
    }
    return result;
}

Expected<Iperf3Summary> Iperf3Parser::parseJson(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return Error(QCoreApplication::translate("spark::Iperf3Parser",
                                                 "iperf3 printed something that is not its JSON report; is iperf3 installed on both Sparks?"),
                     QStringLiteral("iperf3 --json: %1").arg(parseError.errorString()));
    const QJsonObject root = document.object();
    if (const QString error = root.value(QStringLiteral("error")).toString(); !error.isEmpty())
        return Error(QCoreApplication::translate("spark::Iperf3Parser", "iperf3 failed: %1.").arg(error),
                     QStringLiteral("iperf3 --json error: %1").arg(error));
    const QJsonObject end = root.value(QStringLiteral("end")).toObject();
    if (!end.contains(QStringLiteral("sum_sent")))
        return Error(QCoreApplication::translate("spark::Iperf3Parser", "iperf3 ended without a result; run the test again."),
                     QStringLiteral("iperf3 --json: no end.sum_sent"));
    // A rate or byte count the report does not hold is unknown, never 0 Gb/s:
    // the first one missing makes the whole summary an error that names it.
    QString missing;
    const auto field = [&end, &missing](const char *key, const char *name) {
        const QJsonValue value = end.value(QLatin1String(key)).toObject().value(QLatin1String(name));
        if (!value.isDouble() && missing.isEmpty())
            missing = QStringLiteral("end.%1.%2").arg(QLatin1String(key), QLatin1String(name));
        return value.toDouble();
    };
    const auto gbps = [&field](const char *key) { return field(key, "bits_per_second") / 1e9; };
    // Retransmits are only counted by a Linux TCP sender: absent, they are unknown (-1).
    const auto retransmits = [&end](const char *key) {
        const QJsonValue value = end.value(QLatin1String(key)).toObject().value(QStringLiteral("retransmits"));
        return value.isDouble() ? qint64(value.toDouble()) : qint64(-1);
    };
    Iperf3Summary summary;
    summary.sentGbps = gbps("sum_sent");
    summary.receivedGbps = gbps("sum_received");
    summary.sentBytes = field("sum_sent", "bytes");
    summary.retransmits = retransmits("sum_sent");
    summary.bidirectional = end.contains(QStringLiteral("sum_sent_bidir_reverse"));
    if (summary.bidirectional) {
        summary.reverseSentGbps = gbps("sum_sent_bidir_reverse");
        summary.reverseReceivedGbps = gbps("sum_received_bidir_reverse");
        summary.reverseSentBytes = field("sum_sent_bidir_reverse", "bytes");
        summary.reverseRetransmits = retransmits("sum_sent_bidir_reverse");
    }
    if (!missing.isEmpty())
        return Error(QCoreApplication::translate("spark::Iperf3Parser", "iperf3's report has no result; run the test again."),
                     QStringLiteral("iperf3 --json: no %1").arg(missing));
    return summary;
}

} // namespace spark
