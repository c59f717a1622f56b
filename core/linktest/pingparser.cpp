// SPDX-License-Identifier: MIT
#include "core/linktest/pingparser.h"

#include <QRegularExpression>

namespace spark {

QList<PingReply> PingParser::feedLine(const QString &line)
{
    return handle({line});
}

QList<PingReply> PingParser::feed(QByteArrayView chunk)
{
    return handle(m_buffer.feed(chunk));
}

QList<PingReply> PingParser::finish()
{
    return handle(m_buffer.finish());
}

QList<PingReply> PingParser::handle(const QStringList &lines)
{
    static const QRegularExpression reply(QStringLiteral(R"(^\d+ bytes from .*icmp_seq=(\d+) .*time=(\d+(?:\.\d+)?) ms)"));
    static const QRegularExpression problem(QStringLiteral(R"(^From \S+ icmp_seq=\d+ (.+)$)"));
    static const QRegularExpression counts(QStringLiteral(
        R"(^(\d+) packets transmitted, (\d+) received,(?: \+(\d+) errors,)?(?: \+\d+ duplicates,)? (\d+(?:\.\d+)?)% packet loss)"));
    static const QRegularExpression rtt(QStringLiteral(
        R"(^rtt min/avg/max/mdev = (\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?) ms)"));
    QList<PingReply> replies;
    for (const QString &line : lines) {
        if (const auto match = reply.match(line); match.hasMatch()) {
            replies.append({match.captured(1).toInt(), match.captured(2).toDouble()});
        } else if (const auto bad = problem.match(line); bad.hasMatch()) {
            m_errors.append(bad.captured(1).trimmed());
        } else if (const auto total = counts.match(line); total.hasMatch()) {
            PingSummary summary;
            summary.transmitted = total.captured(1).toInt();
            summary.received = total.captured(2).toInt();
            summary.errors = total.captured(3).toInt();
            summary.lossPercent = total.captured(4).toDouble();
            m_summary = summary;
        } else if (const auto times = rtt.match(line); times.hasMatch() && m_summary) {
            m_summary->hasRtt = true;
            m_summary->minMs = times.captured(1).toDouble();
            m_summary->avgMs = times.captured(2).toDouble();
            m_summary->maxMs = times.captured(3).toDouble();
            m_summary->mdevMs = times.captured(4).toDouble();
        }
    }
    return replies;
}

} // namespace spark
