// SPDX-License-Identifier: MIT
#include "core/facts/gidtable.h"

#include <QHostAddress>
#include <QMap>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace spark {

QString GidEntry::ipv4() const
{
    const QStringList groups = gid.split(QLatin1Char(':'));
    if (groups.size() != 8 || std::any_of(groups.cbegin(), groups.cend(), [](const QString &g) { return g.size() != 4; }))
        return {};
    for (int i = 0; i < 5; ++i) {
        if (groups.at(i).toInt(nullptr, 16) != 0)
            return {};
    }
    if (groups.at(5).compare(QLatin1String("ffff"), Qt::CaseInsensitive) != 0)
        return {};
    bool okHigh = false;
    bool okLow = false;
    const quint32 high = groups.at(6).toUInt(&okHigh, 16);
    const quint32 low = groups.at(7).toUInt(&okLow, 16);
    if (!okHigh || !okLow)
        return {};
    return QHostAddress((high << 16) | low).toString();
}

QList<GidEntry> parseGidTable(const QString &text)
{
    static const QRegularExpression line(QStringLiteral(
        "(?:^|/)(gids|types|ndevs)/(\\d+):(.*)$"));
    QMap<int, GidEntry> entries;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const auto m = line.match(raw.trimmed());
        if (!m.hasMatch())
            continue;
        const int index = m.captured(2).toInt();
        const QString value = m.captured(3).trimmed();
        GidEntry &entry = entries[index];
        entry.index = index;
        // A GID or type cut short (a capture ending mid-line) is unknown, never
        // a shorter value: "…:ffff:0a64:20" would read as another address.
        static const QRegularExpression wholeGid(QStringLiteral("^[0-9A-Fa-f]{4}(?::[0-9A-Fa-f]{4}){7}$"));
        if (m.captured(1) == QLatin1String("gids")) {
            if (wholeGid.match(value).hasMatch())
                entry.gid = value.toLower();
        } else if (m.captured(1) == QLatin1String("types")) {
            if (value == QLatin1String("RoCE v2") || value == QLatin1String("IB/RoCE v1"))
                entry.type = value;
        } else
            entry.netdev = value;
    }
    QList<GidEntry> table;
    static const QRegularExpression zero(QStringLiteral("^[0:]*$"));
    for (const GidEntry &entry : std::as_const(entries)) {
        if (entry.gid.isEmpty() || zero.match(entry.gid).hasMatch())
            continue;
        table.append(entry);
    }
    return table;
}

std::optional<int> roceV2Ipv4GidIndex(const QList<GidEntry> &table, const QString &ipv4)
{
    for (const GidEntry &entry : table) {
        if (!entry.isRoceV2())
            continue;
        const QString address = entry.ipv4();
        if (!address.isEmpty() && (ipv4.isEmpty() || address == ipv4))
            return entry.index;
    }
    return std::nullopt;
}

std::optional<int> roceV2LinkLocalGidIndex(const QList<GidEntry> &table)
{
    for (const GidEntry &entry : table) {
        if (entry.isRoceV2() && entry.gid.startsWith(QLatin1String("fe80:0000:0000:0000:"), Qt::CaseInsensitive))
            return entry.index;
    }
    return std::nullopt;
}

} // namespace spark
