// SPDX-License-Identifier: MIT
#include "core/health/healthpoll.h"

#include "core/hardware/cx7.h"
#include "core/facts/probescript.h"
#include "core/common/shellquote.h"

#include <QHostAddress>
#include <QRegularExpression>

namespace spark {

namespace {

std::optional<quint64> parseCounter(QStringView text)
{
    bool ok = false;
    const quint64 value = text.trimmed().toULongLong(&ok);
    return ok ? std::optional<quint64>(value) : std::nullopt;
}

// "key=value" lines of a section body.
QMap<QString, QString> keyValues(const QString &body)
{
    QMap<QString, QString> values;
    for (const QString &line : body.split(QLatin1Char('\n'))) {
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (equals > 0)
            values.insert(line.left(equals).trimmed(), line.mid(equals + 1).trimmed());
    }
    return values;
}

} // namespace

QStringList HealthPoll::netdevCounters()
{
    return {QStringLiteral("rx_bytes"),   QStringLiteral("tx_bytes"),   QStringLiteral("rx_packets"),
            QStringLiteral("tx_packets"), QStringLiteral("rx_errors"),  QStringLiteral("tx_errors"),
            QStringLiteral("rx_dropped"), QStringLiteral("tx_dropped"), QStringLiteral("rx_crc_errors"),
            QStringLiteral("rx_missed_errors")};
}

QStringList HealthPoll::ethtoolCounters()
{
    return {QStringLiteral("rx_bytes_phy"),      QStringLiteral("tx_bytes_phy"),
            QStringLiteral("rx_crc_errors_phy"), QStringLiteral("rx_discards_phy"),
            QStringLiteral("link_down_events_phy"), QStringLiteral("rx_corrected_bits_phy"),
            QStringLiteral("rx_pause_ctrl_phy"), QStringLiteral("tx_pause_ctrl_phy"),
            QStringLiteral("rx_out_of_buffer"),  QStringLiteral("rx_vport_rdma_unicast_bytes"),
            QStringLiteral("tx_vport_rdma_unicast_bytes")};
}

QStringList HealthPoll::roceCounters()
{
    return {QStringLiteral("np_ecn_marked_roce_packets"), QStringLiteral("np_cnp_sent"),
            QStringLiteral("rp_cnp_handled"),             QStringLiteral("out_of_sequence"),
            QStringLiteral("packet_seq_err"),             QStringLiteral("roce_adp_retrans"),
            QStringLiteral("local_ack_timeout_err")};
}

QString HealthPoll::script(const QList<RttTarget> &rtt, Depth depth)
{
    const QString section = QLatin1String(ProbeScript::sectionMarker);
    const QString exit = QLatin1String(ProbeScript::exitMarker);
    const QString space = QStringLiteral(" ");
    QString s;
    s += QStringLiteral("LC_ALL=C; export LC_ALL\n");
    s += QStringLiteral("sec() { printf '\\n") + section + QStringLiteral("%s\\n' \"$*\"; }\n");
    s += QStringLiteral("end() { printf '\\n") + exit + QStringLiteral("%s\\n' \"$1\"; }\n");
    s += QStringLiteral("val() { v=; read -r v 2>/dev/null <\"$1\"; printf '%s=%s\\n' \"$2\" \"$v\"; }\n");
    s += QStringLiteral("sec clock\nval /proc/uptime uptime\nval /proc/sys/kernel/random/boot_id boot\nend 0\n");
    const QString netdevs = cx7::netdevNames().join(space);
    s += QStringLiteral("for i in ") + netdevs + QStringLiteral("; do\n");
    s += QStringLiteral("  d=/sys/class/net/$i; sec netdev \"$i\"\n");
    s += QStringLiteral("  if [ ! -d \"$d\" ]; then echo present=0; end 0; continue; fi\n");
    s += QStringLiteral("  echo present=1\n");
    s += QStringLiteral("  for f in operstate carrier speed mtu carrier_changes; do val \"$d/$f\" \"$f\"; done\n");
    s += QStringLiteral("  val /proc/uptime uptime\n");
    s += QStringLiteral("  for f in ") + netdevCounters().join(space)
         + QStringLiteral("; do val \"$d/statistics/$f\" \"$f\"; done\n");
    s += QStringLiteral("  end 0\ndone\n");
    // Then the ethtools at once (the statistics above were read with nothing
    // else running), each into a file of its own: the poll takes one
    // ethtool's time, not eight (they can be slow).
    s += QStringLiteral("t=$(mktemp -d 2>/dev/null) || t=\n");
    for (const QString &netdev : cx7::netdevNames()) {
        const QString port = QStringLiteral("p%1").arg(cx7::findByNetdev(netdev)->port);
        s += QStringLiteral("i=") + netdev + QStringLiteral("\n");
        s += QStringLiteral("if [ -n \"$t\" ] && [ -d \"/sys/class/net/$i\" ]");
        // Light: one twin per port (the *_phy counters are the port's).
        if (depth == Depth::Light)
            s += QStringLiteral(" && [ -z \"$") + port + QStringLiteral("\" ]");
        s += QStringLiteral("; then ") + port + QStringLiteral("=1\n");
        // The negotiated speed as ethtool reports it (what people and NVIDIA's docs quote).
        s += QStringLiteral("  { ");
        if (depth == Depth::Full)
            s += QStringLiteral("ethtool \"$i\" 2>/dev/null | grep -E '^[[:space:]]*Speed:'\n    ");
        // The clock right after the counters: a slow ethtool (or a busy node)
        // must not make the port's rates jump.
        s += QStringLiteral("o=$(ethtool -S \"$i\" 2>&1); r=$?; read -r u _ </proc/uptime; echo \"uptime: $u\"\n");
        s += QStringLiteral("    printf '%s\\n' \"$o\" | grep -E '^ *(") + ethtoolCounters().join(QLatin1Char('|'))
             + QStringLiteral("): '\n");
        // Keep ethtool's own message when it fails (not installed, no such device).
        s += QStringLiteral("    [ \"$r\" = 0 ] || printf '%s\\n' \"$o\"; echo \"$r\" >\"$t/$i.rc\"; } >\"$t/$i\" 2>&1 &\nfi\n");
    }
    // The round trip to each peer twin, alongside.
    int n = 0;
    for (const RttTarget &target : rtt) {
        QHostAddress address;
        if (!cx7::findByNetdev(target.netdev) || !address.setAddress(target.address))
            continue;
        const QString file = QStringLiteral("\"$t/rtt.%1\"").arg(n++);
        s += QStringLiteral("[ -z \"$t\" ] || { echo ") + shellQuote(target.netdev) + QStringLiteral("; ping -n -c 1 -W %1 -I ").arg(PingTimeoutSeconds)
             + shellQuote(target.netdev) + QLatin1Char(' ') + shellQuote(address.toString())
             + QStringLiteral(" 2>&1 | grep -E 'time[=<]'; } >") + file + QStringLiteral(" 2>&1 &\n");
    }
    s += QStringLiteral("wait\n");
    s += QStringLiteral("for i in ") + netdevs + QStringLiteral("; do\n");
    s += QStringLiteral("  [ -n \"$t\" ] && [ -f \"$t/$i\" ] || continue\n");
    s += QStringLiteral("  sec ethtool \"$i\"; while IFS= read -r l; do printf '%s\\n' \"$l\"; done <\"$t/$i\"\n");
    s += QStringLiteral("  r=1; read -r r 2>/dev/null <\"$t/$i.rc\"; end \"$r\"\n");
    s += QStringLiteral("done\n");
    s += QStringLiteral("for f in \"$t\"/rtt.*; do\n");
    s += QStringLiteral("  [ -n \"$t\" ] && [ -f \"$f\" ] || continue\n");
    s += QStringLiteral("  { read -r i; sec rtt \"$i\"; while IFS= read -r l; do printf '%s\\n' \"$l\"; done; } <\"$f\"; end 0\n");
    s += QStringLiteral("done\n");
    s += QStringLiteral("[ -z \"$t\" ] || rm -rf \"$t\"\n");
    s += QStringLiteral("for r in ") + cx7::rdmaDeviceNames().join(space) + QStringLiteral("; do\n");
    s += QStringLiteral("  h=/sys/class/infiniband/$r/ports/1/hw_counters; [ -d \"$h\" ] || continue\n");
    s += QStringLiteral("  sec roce \"$r\"\n");
    s += QStringLiteral("  for f in ") + roceCounters().join(space) + QStringLiteral("; do val \"$h/$f\" \"$f\"; done\n");
    s += QStringLiteral("  end 0\ndone\n");
    return s;
}

namespace {

NetdevSnapshot netdevFrom(const ProbeSection &section, const Cx7Function &function)
{
    const auto values = keyValues(section.body);
    NetdevSnapshot netdev;
    netdev.name = section.argument;
    netdev.port = function.port;
    netdev.twin = function.twin;
    netdev.present = values.value(QStringLiteral("present")) == u"1";
    if (!netdev.present)
        return netdev;
    if (const double uptime = values.value(QStringLiteral("uptime")).section(QLatin1Char(' '), 0, 0).toDouble(); uptime > 0)
        netdev.countersUptime = uptime;
    netdev.operstate = values.value(QStringLiteral("operstate"));
    if (const auto carrier = parseCounter(values.value(QStringLiteral("carrier"))))
        netdev.carrier = *carrier != 0;
    bool ok = false;
    const qint64 speed = values.value(QStringLiteral("speed")).toLongLong(&ok);
    if (ok && speed > 0)
        netdev.speedMbps = speed;
    const int mtu = values.value(QStringLiteral("mtu")).toInt(&ok);
    if (ok && mtu > 0)
        netdev.mtu = mtu;
    QStringList names = HealthPoll::netdevCounters();
    names.append(QStringLiteral("carrier_changes"));
    for (const QString &name : names) {
        if (const auto value = parseCounter(values.value(name)))
            netdev.counters.insert(name, *value);
    }
    return netdev;
}

// `ethtool -S` of a netdev the poll already listed, with ethtool's Speed line.
void applyEthtool(NodeSnapshot &snapshot, const ProbeSection &section)
{
    NetdevSnapshot *netdev = nullptr;
    for (NetdevSnapshot &candidate : snapshot.netdevs) {
        if (candidate.name == section.argument)
            netdev = &candidate;
    }
    if (!netdev)
        return;
    const QStringList wanted = HealthPoll::ethtoolCounters();
    static const QRegularExpression speedLine(QStringLiteral("^(\\d+)\\s*Mb/s$"));
    for (const QString &line : section.body.split(QLatin1Char('\n'))) {
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            continue;
        const QString name = line.left(colon).trimmed();
        if (name == u"uptime") {
            if (const double uptime = line.mid(colon + 1).trimmed().toDouble(); uptime > 0)
                netdev->phyUptime = uptime;
        } else if (name == u"Speed") {
            // "Speed: 200000Mb/s"; "Speed: Unknown!" (or anything else) leaves the sysfs value.
            if (const auto match = speedLine.match(line.mid(colon + 1).trimmed()); match.hasMatch()) {
                netdev->speedMbps = match.captured(1).toLongLong();
                netdev->speedFromEthtool = true;
            }
        } else if (const auto value = parseCounter(QStringView(line).mid(colon + 1)); value && wanted.contains(name)) {
            netdev->counters.insert(name, *value);
        }
    }
    if (section.exitCode != 0 && !netdev->counters.contains(QStringLiteral("rx_bytes_phy")))
        snapshot.problems.append(QStringLiteral("ethtool -S %1 (exit %2): %3")
                                     .arg(section.argument)
                                     .arg(section.exitCode)
                                     .arg(section.body.left(200)));
}

std::optional<RoceSnapshot> roceFrom(const ProbeSection &section)
{
    const Cx7Function *function = cx7::findByRdmaDevice(section.argument);
    if (!function)
        return std::nullopt;
    RoceSnapshot roce;
    roce.device = section.argument;
    roce.port = function->port;
    roce.twin = function->twin;
    const auto values = keyValues(section.body);
    for (const QString &name : HealthPoll::roceCounters()) {
        if (const auto value = parseCounter(values.value(name)))
            roce.counters.insert(name, *value);
    }
    return roce;
}

} // namespace

NodeSnapshot HealthPoll::parse(const QString &output)
{
    NodeSnapshot snapshot;
    bool sawClock = false;
    for (const ProbeSection &section : ProbeScript::sections(output)) {
        // The output was cut inside this section: a half-read counter would be a wrong one.
        if (section.exitCode == -1) {
            snapshot.problems.append(QStringLiteral("cut short in the section %1 %2").arg(section.name, section.argument).trimmed());
            continue;
        }
        if (section.name == u"clock") {
            sawClock = true;
            const auto values = keyValues(section.body);
            // "/proc/uptime": "12345.67 54321.00"
            snapshot.uptimeSeconds = values.value(QStringLiteral("uptime")).section(QLatin1Char(' '), 0, 0).toDouble();
            snapshot.bootId = values.value(QStringLiteral("boot"));
        } else if (section.name == u"netdev") {
            if (const Cx7Function *function = cx7::findByNetdev(section.argument))
                snapshot.netdevs.append(netdevFrom(section, *function));
            else
                snapshot.problems.append(QStringLiteral("unknown netdev section: %1").arg(section.argument));
        } else if (section.name == u"ethtool") {
            applyEthtool(snapshot, section);
        } else if (section.name == u"rtt") {
            // "64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.052 ms"
            static const QRegularExpression time(QStringLiteral("time[=<]\\s*([0-9.]+)\\s*ms"));
            const QRegularExpressionMatch match = time.match(section.body);
            if (match.hasMatch() && cx7::findByNetdev(section.argument))
                snapshot.rttMs.insert(section.argument, match.captured(1).toDouble());
        } else if (section.name == u"roce") {
            if (const auto roce = roceFrom(section))
                snapshot.roce.append(*roce);
        }
    }
    if (!sawClock)
        snapshot.problems.append(QStringLiteral("the poll printed no clock section (output cut short?)"));
    return snapshot;
}

} // namespace spark
