// SPDX-License-Identifier: MIT
#include "core/facts/ethtool.h"

#include <QRegularExpression>
#include <QStringList>

namespace spark {

namespace {

// "Key: value" lines (leading tabs or spaces), first occurrence wins.
QString valueOf(const QStringList &lines, QLatin1String key)
{
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(key) && trimmed.mid(key.size()).startsWith(QLatin1Char(':')))
            return trimmed.mid(key.size() + 1).trimmed();
    }
    return {};
}

std::optional<bool> yesNo(const QString &value)
{
    const QString lower = value.toLower();
    if (lower == QLatin1String("yes") || lower == QLatin1String("on"))
        return true;
    if (lower == QLatin1String("no") || lower == QLatin1String("off"))
        return false;
    return std::nullopt;
}

} // namespace

QString EthtoolDriverInfo::firmwareNumber() const
{
    const qsizetype space = firmwareVersion.indexOf(QLatin1Char(' '));
    return space < 0 ? firmwareVersion : firmwareVersion.left(space);
}

EthtoolLink parseEthtool(const QString &text)
{
    EthtoolLink link;
    const QStringList lines = text.split(QLatin1Char('\n'));
    bool hasHeader = false;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("Settings for "))) {
            hasHeader = true;
            break;
        }
    }
    if (!hasHeader)
        return link;
    link.valid = true;
    static const QRegularExpression speed(QStringLiteral("^(\\d+)\\s*Mb/s$"));
    if (const auto m = speed.match(valueOf(lines, QLatin1String("Speed"))); m.hasMatch())
        link.speedMbps = m.captured(1).toInt();
    const QString duplex = valueOf(lines, QLatin1String("Duplex"));
    if (!duplex.startsWith(QLatin1String("Unknown")))
        link.duplex = duplex;
    link.portType = valueOf(lines, QLatin1String("Port"));
    link.autoNegotiation = yesNo(valueOf(lines, QLatin1String("Auto-negotiation")));
    link.linkDetected = yesNo(valueOf(lines, QLatin1String("Link detected")));
    return link;
}

EthtoolDriverInfo parseEthtoolDriverInfo(const QString &text)
{
    EthtoolDriverInfo info;
    const QStringList lines = text.split(QLatin1Char('\n'));
    info.driver = valueOf(lines, QLatin1String("driver"));
    info.version = valueOf(lines, QLatin1String("version"));
    info.firmwareVersion = valueOf(lines, QLatin1String("firmware-version"));
    info.busInfo = valueOf(lines, QLatin1String("bus-info"));
    info.valid = !info.driver.isEmpty();
    return info;
}

} // namespace spark
