// SPDX-License-Identifier: MIT
#include "core/nccl/nccltestoutput.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace spark {

namespace {

std::optional<qint64> wholeNumber(QStringView token)
{
    bool ok = false;
    const qint64 value = token.toLongLong(&ok);
    return ok && value >= 0 ? std::optional<qint64>(value) : std::nullopt;
}

std::optional<double> figure(QStringView token)
{
    bool ok = false;
    const double value = token.toDouble(&ok);
    return ok && std::isfinite(value) && value >= 0 ? std::optional<double>(value) : std::nullopt;
}

// "#wrong" is a count in nccl-tests since 2.10, "N/A" without checking, and
// older releases printed the largest error as a float ("0e+00").
std::optional<std::optional<qint64>> wrongCount(QStringView token)
{
    if (token == u"N/A")
        return std::optional<qint64>();
    if (const auto count = wholeNumber(token))
        return std::optional<qint64>(*count);
    if (const auto error = figure(token))
        return std::optional<qint64>(*error == 0 ? 0 : 1);
    return std::nullopt;
}

std::optional<NcclPlacement> placement(const QList<QStringView> &tokens, qsizetype at)
{
    const auto time = figure(tokens.at(at));
    const auto algbw = figure(tokens.at(at + 1));
    const auto busbw = figure(tokens.at(at + 2));
    const auto wrong = wrongCount(tokens.at(at + 3));
    if (!time || !algbw || !busbw || !wrong)
        return std::nullopt;
    return NcclPlacement{*time, *algbw, *busbw, *wrong};
}

bool isWord(QStringView token)
{
    return !token.isEmpty() && std::all_of(token.begin(), token.end(), [](QChar c) { return c.isLetterOrNumber() || c == u'_'; });
}

// What mpirun, ssh and nccl-tests print when a run cannot go on.
constexpr std::array failureMarks{
    u"Test NCCL failure", u"Test CUDA failure", u"Test failure", u"NCCL WARN", u"ORTE was unable",
    u"mpirun was unable", u"mpirun noticed", u"mpirun detected", u"Host key verification failed",
    u"Permission denied", u"No such file or directory", u"ssh: ", u"command not found", u"error while loading shared libraries",
};

} // namespace

double NcclSizeRow::busbwGBps() const
{
    return std::max(outOfPlace.busbwGBps, inPlace.busbwGBps);
}

double NcclSizeRow::algbwGBps() const
{
    return std::max(outOfPlace.algbwGBps, inPlace.algbwGBps);
}

qint64 NcclSizeRow::wrong() const
{
    return outOfPlace.wrong.value_or(0) + inPlace.wrong.value_or(0);
}

std::optional<NcclSizeRow> NcclTestOutput::parseRow(QStringView line)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    const QList<QStringView> tokens = line.trimmed().split(space, Qt::SkipEmptyParts);
    // size count type [redop [root]] then time algbw busbw #wrong twice.
    if (tokens.size() < 11 || tokens.size() > 13)
        return std::nullopt;
    const auto bytes = wholeNumber(tokens.at(0));
    const auto count = wholeNumber(tokens.at(1));
    if (!bytes || !count || !isWord(tokens.at(2)) || tokens.at(2).front().isDigit())
        return std::nullopt;
    NcclSizeRow row;
    row.bytes = *bytes;
    row.count = *count;
    row.type = tokens.at(2).toString();
    const qsizetype figuresAt = tokens.size() - 8;
    if (figuresAt >= 4) {
        if (!isWord(tokens.at(3)))
            return std::nullopt;
        row.redop = tokens.at(3).toString();
    }
    if (figuresAt == 5) {
        bool ok = false;
        (void)tokens.at(4).toInt(&ok); // root: -1 for collectives without one
        if (!ok)
            return std::nullopt;
    }
    const auto outOfPlace = placement(tokens, figuresAt);
    const auto inPlace = placement(tokens, figuresAt + 4);
    if (!outOfPlace || !inPlace)
        return std::nullopt;
    row.outOfPlace = *outOfPlace;
    row.inPlace = *inPlace;
    return row;
}

std::optional<NcclSizeRow> NcclTestOutput::feedLine(QStringView rawLine)
{
    QStringView line = rawLine;
    while (line.endsWith(u'\r') || line.endsWith(u'\n'))
        line.chop(1);
    const QStringView trimmed = line.trimmed();
    if (trimmed.isEmpty())
        return std::nullopt;

    if (trimmed.front().isDigit()) {
        if (auto row = parseRow(trimmed)) {
            m_rows.append(*row);
            return row;
        }
        // "host:pid:tid [0] NCCL INFO …" also starts with a digit when the host name does.
        if (!trimmed.contains(u" NCCL ")) {
            m_unread.append(trimmed.toString());
            return std::nullopt;
        }
    }

    if (trimmed.startsWith(u'#')) {
        static const QRegularExpression average(QStringLiteral("^#\\s*Avg bus bandwidth\\s*:\\s*(\\S+)\\s*$"));
        static const QRegularExpression bounds(QStringLiteral("^#\\s*Out of bounds values\\s*:\\s*(\\d+)\\s+(OK|FAILED)\\s*$"));
        static const QRegularExpression rank(
            QStringLiteral("^#\\s*Rank\\s+(\\d+)\\s+(?:Group\\s+\\d+\\s+)?Pid\\s+\\d+\\s+on\\s+(\\S+)\\s+device"));
        if (const auto match = average.match(trimmed.toString()); match.hasMatch()) {
            if (const auto value = figure(match.capturedView(1)))
                m_averageBusbw = *value;
            else
                m_unread.append(trimmed.toString());
        } else if (const auto outOfBounds = bounds.match(trimmed.toString()); outOfBounds.hasMatch()) {
            m_outOfBoundsOk = outOfBounds.capturedView(2) == u"OK" && outOfBounds.capturedView(1) == u"0";
        } else if (const auto ranked = rank.match(trimmed.toString()); ranked.hasMatch()) {
            const int index = ranked.capturedView(1).toInt();
            if (index >= 0 && index < 4096) {
                while (m_rankHosts.size() <= index)
                    m_rankHosts.append(QString());
                m_rankHosts[index] = ranked.captured(2);
            }
        }
        return std::nullopt;
    }

    if (trimmed.contains(u" NCCL INFO ")) {
        m_sawInfo = true;
        static const QRegularExpression version(QStringLiteral("NCCL INFO NCCL version (\\d+\\.\\d+\\.\\d+)"));
        static const QRegularExpression network(QStringLiteral("NCCL INFO Using network (\\S+)"));
        if (const auto match = version.match(trimmed.toString()); match.hasMatch() && m_ncclVersion.isEmpty())
            m_ncclVersion = match.captured(1);
        if (const auto match = network.match(trimmed.toString()); match.hasMatch()) {
            // One rank on sockets is enough to slow the whole collective.
            if (m_network.isEmpty() || match.capturedView(1) == u"Socket")
                m_network = match.captured(1);
        }
        return std::nullopt;
    }

    for (const char16_t *mark : failureMarks) {
        if (trimmed.contains(QStringView(mark))) {
            if (m_failures.size() < 50)
                m_failures.append(trimmed.toString());
            break;
        }
    }
    return std::nullopt;
}

std::optional<NcclSizeRow> NcclTestOutput::largestRow() const
{
    if (m_rows.isEmpty())
        return std::nullopt;
    return *std::max_element(m_rows.begin(), m_rows.end(),
                             [](const NcclSizeRow &a, const NcclSizeRow &b) { return a.bytes < b.bytes; });
}

std::optional<double> NcclTestOutput::largestSizeBusbw() const
{
    const auto largest = largestRow();
    return largest ? std::optional<double>(largest->busbwGBps()) : std::nullopt;
}

bool NcclTestOutput::anyWrong() const
{
    return std::any_of(m_rows.begin(), m_rows.end(), [](const NcclSizeRow &row) { return row.wrong() > 0; })
        || m_outOfBoundsOk == false;
}

} // namespace spark
