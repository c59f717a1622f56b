// SPDX-License-Identifier: MIT
#include "core/facts/networkconfig.h"

#include "core/hardware/cx7.h"

#include <QRegularExpression>

namespace spark {

namespace {

QString stripQuotes(QString value)
{
    value = value.trimmed();
    if (value.size() >= 2
        && ((value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
            || (value.startsWith(QLatin1Char('\'')) && value.endsWith(QLatin1Char('\'')))))
        value = value.mid(1, value.size() - 2);
    return value;
}

QString withoutComment(const QString &line)
{
    bool inSingle = false;
    bool inDouble = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == QLatin1Char('\'') && !inDouble)
            inSingle = !inSingle;
        else if (c == QLatin1Char('"') && !inSingle)
            inDouble = !inDouble;
        else if (c == QLatin1Char('#') && !inSingle && !inDouble && (i == 0 || line.at(i - 1).isSpace()))
            return line.left(i);
    }
    return line;
}

void appendUnique(QStringList &list, const QString &value)
{
    if (!value.isEmpty() && !list.contains(value))
        list.append(value);
}

// CX-7 netdevs a name or glob ("enp1s0f*np*") from `match: name:` stands for.
QStringList cx7Matching(const QString &pattern)
{
    QStringList names;
    const QRegularExpression glob(QRegularExpression::wildcardToRegularExpression(pattern));
    for (const Cx7Function &function : cx7::functions) {
        if (glob.match(function.netdevName()).hasMatch())
            names.append(function.netdevName());
    }
    return names;
}

bool isTrue(const QString &value)
{
    const QString lower = stripQuotes(value).toLower();
    return lower == QLatin1String("true") || lower == QLatin1String("yes") || lower == QLatin1String("on");
}

} // namespace

bool NmProfile::isFromNetplan() const
{
    return id.startsWith(QLatin1String("netplan-"))
        || source.section(QLatin1Char('/'), -1).startsWith(QLatin1String("netplan-"));
}

NetplanFile::Origin netplanOrigin(const QString &path)
{
    const QString name = path.section(QLatin1Char('/'), -1);
    if (name == QLatin1String("40-cx7.yaml"))
        return NetplanFile::Origin::NvidiaPlaybook;
    if (name == QLatin1String("99-nvidia-sync-cluster.yaml"))
        return NetplanFile::Origin::NvidiaSync;
    if (name == QLatin1String(ownNetplanFileName))
        return NetplanFile::Origin::SparkCompanion;
    return NetplanFile::Origin::Other;
}

NetplanFile parseNetplan(const QString &path, const QString &text)
{
    NetplanFile file;
    file.path = path;
    file.origin = netplanOrigin(path);

    struct Level
    {
        int indent;
        QString key;
    };
    QList<Level> stack;
    static const QRegularExpression keyValue(QStringLiteral(
        "^(\"[^\"]*\"|'[^']*'|[^:{}\\[\\]]+?)\\s*:(?:\\s+(.*)|$)"));
    QStringList uncommented;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        QString line = withoutComment(raw);
        uncommented.append(line);
        line.replace(QLatin1Char('\t'), QLatin1String("  "));
        if (line.trimmed().isEmpty())
            continue;
        int indent = 0;
        while (indent < line.size() && line.at(indent) == QLatin1Char(' '))
            ++indent;
        QString content = line.mid(indent).trimmed();
        while (content.startsWith(QLatin1String("- "))) { // list item: its content is one level deeper
            content = content.mid(2).trimmed();
            indent += 2;
        }
        while (!stack.isEmpty() && stack.last().indent >= indent)
            stack.removeLast();

        const auto m = keyValue.match(content);
        if (!m.hasMatch())
            continue;
        const QString key = stripQuotes(m.captured(1));
        const QString value = m.captured(2).trimmed();

        // Where are we? Look for "ethernets" among the parents.
        qsizetype ethernetsAt = -1;
        for (qsizetype i = 0; i < stack.size(); ++i) {
            if (stack.at(i).key == QLatin1String("ethernets"))
                ethernetsAt = i;
        }
        if (key == QLatin1String("renderer") && !value.isEmpty() && file.renderer.isEmpty())
            file.renderer = stripQuotes(value);
        if (ethernetsAt >= 0 && ethernetsAt == stack.size() - 1) {
            appendUnique(file.ethernets, key); // an interface ID
            if (cx7::isCx7Netdev(key))
                appendUnique(file.cx7Interfaces, key);
            if (value.startsWith(QLatin1Char('{'))) { // flow style: "id: {match: {name: "en*"}, dhcp4: true}"
                static const QRegularExpression name(QStringLiteral("\\bname:\\s*[\"']?([^\"',}\\s]+)"));
                static const QRegularExpression dhcp(QStringLiteral("\\bdhcp4:\\s*[\"']?(true|yes|on)\\b"));
                if (const auto n = name.match(value); n.hasMatch()) {
                    for (const QString &matched : cx7Matching(n.captured(1)))
                        appendUnique(file.cx7Interfaces, matched);
                }
                if (dhcp.match(value).hasMatch())
                    appendUnique(file.dhcpInterfaces, key);
            }
        } else if (ethernetsAt >= 0 && ethernetsAt + 1 < stack.size()) {
            const QString id = stack.at(ethernetsAt + 1).key;
            const bool underMatch = stack.last().key == QLatin1String("match");
            if ((underMatch && key == QLatin1String("name")) || key == QLatin1String("set-name")) {
                for (const QString &name : cx7Matching(stripQuotes(value)))
                    appendUnique(file.cx7Interfaces, name);
            }
            if (key == QLatin1String("dhcp4") && isTrue(value) && ethernetsAt + 1 == stack.size() - 1)
                appendUnique(file.dhcpInterfaces, id);
        }
        if (value.isEmpty())
            stack.append({indent, key});
    }

    // Flow style, lists of interfaces in bonds and bridges, anything else: a
    // CX-7 netdev named as a word anywhere counts.
    const QString body = uncommented.join(QLatin1Char('\n'));
    for (const Cx7Function &function : cx7::functions) {
        const QRegularExpression word(QStringLiteral("(?<![A-Za-z0-9_])%1(?![A-Za-z0-9_])")
                                          .arg(QRegularExpression::escape(function.netdevName())));
        if (word.match(body).hasMatch())
            appendUnique(file.cx7Interfaces, function.netdevName());
    }
    return file;
}

namespace {
// nmcli's terse format: fields split at ':' not preceded by '\\'; "\\:" and "\\\\" unescaped.
QStringList splitTerse(const QString &line)
{
    QStringList fields;
    QString current;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == QLatin1Char('\\') && i + 1 < line.size()) {
            current.append(line.at(++i));
        } else if (c == QLatin1Char(':')) {
            fields.append(current);
            current.clear();
        } else {
            current.append(c);
        }
    }
    fields.append(current);
    return fields;
}
} // namespace

QList<NmDeviceState> parseNmcliDevices(const QString &text)
{
    QList<NmDeviceState> devices;
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        // An interface name (at most 15 characters, no spaces): a line that is
        // not one of nmcli's rows is left out, never read as a device.
        static const QRegularExpression interfaceName(QStringLiteral("^[A-Za-z0-9_.@-]{1,15}$"));
        const QStringList fields = splitTerse(line.trimmed());
        if (fields.size() != 4 || !interfaceName.match(fields.at(0)).hasMatch())
            continue;
        devices.append(NmDeviceState{fields.at(0), fields.at(1), fields.at(2), fields.at(3)});
    }
    return devices;
}

const NmDeviceState *NetworkConfigScan::nmDevice(const QString &netdev) const
{
    for (const NmDeviceState &device : nmDevices) {
        if (device.device == netdev)
            return &device;
    }
    return nullptr;
}

QString NetworkConfigScan::activeIpv4Method(const QString &netdev) const
{
    const NmDeviceState *device = nmDevice(netdev);
    if (!device || device->connection.isEmpty())
        return {};
    for (const NmProfile &profile : nmProfiles) {
        if (profile.id == device->connection && profile.interfaceName == netdev)
            return profile.ipv4Method;
    }
    return {};
}

QList<NmProfile> parseNmcliProfiles(const QString &text)
{
    QList<NmProfile> profiles;
    NmProfile current;
    bool any = false;
    auto flush = [&] {
        if (any)
            profiles.append(current);
        current = NmProfile();
        current.source = QStringLiteral("nmcli");
        any = false;
    };
    current.source = QStringLiteral("nmcli");
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (QString line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1); // CRLF: the CR is not part of the value ("auto\r" is no method)
        if (line.trimmed().isEmpty()) {
            flush();
            continue;
        }
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            continue;
        const QString key = line.left(colon);
        // Terse values escape ':' and '\\'; a bare one means the line is not
        // nmcli's (a field more, a cut escape): its value is unknown.
        const QStringList fields = splitTerse(line.mid(colon + 1));
        qsizetype backslashes = 0;
        while (backslashes < line.size() && line.at(line.size() - 1 - backslashes) == QLatin1Char('\\'))
            ++backslashes;
        if (fields.size() != 1 || backslashes % 2 == 1)
            continue;
        const QString &value = fields.first();
        any = true;
        if (key == QLatin1String("connection.id"))
            current.id = value;
        else if (key == QLatin1String("connection.uuid"))
            current.uuid = value;
        else if (key == QLatin1String("connection.type"))
            current.type = value;
        else if (key == QLatin1String("connection.interface-name"))
            current.interfaceName = value;
        else if (key == QLatin1String("ipv4.method"))
            current.ipv4Method = value;
        else if (key == QLatin1String("ipv4.addresses") && !value.isEmpty())
            current.ipv4Addresses = value.split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    flush();
    return profiles;
}

NmProfile parseNmKeyfile(const QString &path, const QString &text)
{
    NmProfile profile;
    profile.source = path;
    QString group;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(';')))
            continue;
        if (line.startsWith(QLatin1Char('[')) && line.endsWith(QLatin1Char(']'))) {
            group = line.mid(1, line.size() - 2);
            continue;
        }
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (equals <= 0)
            continue;
        const QString key = line.left(equals).trimmed();
        const QString value = line.mid(equals + 1).trimmed();
        if (group == QLatin1String("connection")) {
            if (key == QLatin1String("id"))
                profile.id = value;
            else if (key == QLatin1String("uuid"))
                profile.uuid = value;
            else if (key == QLatin1String("type"))
                profile.type = value;
            else if (key == QLatin1String("interface-name"))
                profile.interfaceName = value;
        } else if (group == QLatin1String("ipv4")) {
            if (key == QLatin1String("method"))
                profile.ipv4Method = value;
            else if (key.startsWith(QLatin1String("address")))
                profile.ipv4Addresses.append(value.section(QLatin1Char(','), 0, 0));
        }
    }
    // NetworkManager's default when a profile has no [ipv4] method is DHCP.
    if (profile.ipv4Method.isEmpty())
        profile.ipv4Method = QStringLiteral("auto");
    return profile;
}

} // namespace spark
