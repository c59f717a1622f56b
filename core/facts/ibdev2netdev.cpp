// SPDX-License-Identifier: MIT
#include "core/facts/ibdev2netdev.h"

#include <QRegularExpression>
#include <QStringList>

namespace spark {

QList<RdmaNetdevLink> parseIbdev2netdev(const QString &text)
{
    // Plain: "rocep1s0f0 port 1 ==> enp1s0f0np0 (Down)"
    // -v:    "0000:01:00.0 rocep1s0f0 (MT4129 - NVD0000000087) NVIDIA ConnectX-7 fw 28.45.4028 port 1 (ACTIVE) ==> enp1s0f0np0 (Up)"
    static const QRegularExpression plain(QStringLiteral(
        "^(\\S+)\\s+port\\s+(\\d+)\\s+==>\\s+(\\S+)\\s+\\((\\w+)\\)"));
    static const QRegularExpression verbose(QStringLiteral(
        "^([0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\.[0-7])\\s+(\\S+)\\s+.*?(?:\\bfw\\s+(\\S+)\\s+)?"
        "port\\s+(\\d+)\\s+\\([^)]*\\)\\s+==>\\s+(\\S+)\\s+\\((\\w+)\\)"));
    QList<RdmaNetdevLink> links;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        RdmaNetdevLink link;
        if (const auto m = verbose.match(line); m.hasMatch()) {
            link.pciAddress = m.captured(1);
            link.rdmaDevice = m.captured(2);
            link.firmware = m.captured(3);
            link.rdmaPort = m.captured(4).toInt();
            link.netdev = m.captured(5);
            link.up = m.captured(6).compare(QLatin1String("Up"), Qt::CaseInsensitive) == 0;
        } else if (const auto p = plain.match(line); p.hasMatch()) {
            link.rdmaDevice = p.captured(1);
            link.rdmaPort = p.captured(2).toInt();
            link.netdev = p.captured(3);
            link.up = p.captured(4).compare(QLatin1String("Up"), Qt::CaseInsensitive) == 0;
        } else {
            continue;
        }
        links.append(link);
    }
    return links;
}

} // namespace spark
