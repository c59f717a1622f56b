// SPDX-License-Identifier: MIT
#pragma once

// Each parser's result as facts, field → value, for tst_parsermutations: a
// field the parser did not recognise is absent or empty (unknown). Lists are
// one fact per item, so an item left out is unknown, not a changed list.

#include "core/facts/dgxrelease.h"
#include "core/facts/ethtool.h"
#include "core/facts/gidtable.h"
#include "core/facts/ibdev2netdev.h"
#include "core/facts/iproute.h"
#include "core/facts/networkconfig.h"
#include "core/facts/nvidiasmi.h"
#include "core/facts/pcielink.h"
#include "core/facts/probeparser.h"
#include "core/health/healthpoll.h"
#include "core/linktest/iperf3parser.h"
#include "core/nccl/nccltestoutput.h"
#include "core/linktest/perftestparser.h"
#include "core/linktest/pingparser.h"
#include "core/netconfig/pingmesh.h"

#include <QMap>
#include <QVariant>

#include <functional>
#include <optional>

namespace spark::test {

// A parser's facts as field → value; a field it did not recognise is absent or empty.
using Facts = QMap<QString, QString>;
using Parser = std::function<Facts(const QString &text)>;

inline QString yes(bool value)
{
    return value ? QStringLiteral("yes") : QString();
}

template<typename T>
QString known(const std::optional<T> &value)
{
    return value ? QVariant::fromValue(*value).toString() : QString();
}

inline Facts ethtoolFacts(const QString &text)
{
    const EthtoolLink link = parseEthtool(text);
    return {{QStringLiteral("speed"), known(link.speedMbps)},
            {QStringLiteral("duplex"), link.duplex},
            {QStringLiteral("port"), link.portType},
            {QStringLiteral("autoneg"), known(link.autoNegotiation)},
            {QStringLiteral("link"), known(link.linkDetected)}};
}

inline Facts driverFacts(const QString &text)
{
    const EthtoolDriverInfo info = parseEthtoolDriverInfo(text);
    return {{QStringLiteral("driver"), info.driver},
            {QStringLiteral("version"), info.version},
            {QStringLiteral("firmware"), info.firmwareVersion},
            {QStringLiteral("bus"), info.busInfo}};
}

inline Facts ibdevFacts(const QString &text)
{
    Facts facts;
    for (const RdmaNetdevLink &link : parseIbdev2netdev(text))
        facts.insert(link.rdmaDevice, link.netdev + (link.up ? QStringLiteral(" up") : QStringLiteral(" down")));
    return facts;
}

inline Facts gidFacts(const QString &text)
{
    const QList<GidEntry> table = parseGidTable(text);
    Facts facts{{QStringLiteral("roceV2Ipv4"), known(roceV2Ipv4GidIndex(table))}};
    for (const GidEntry &entry : table) {
        const QString key = QString::number(entry.index) + QLatin1Char('.');
        facts.insert(key + QStringLiteral("gid"), entry.gid);
        facts.insert(key + QStringLiteral("ipv4"), entry.ipv4());
        facts.insert(key + QStringLiteral("type"), entry.type);
        facts.insert(key + QStringLiteral("netdev"), entry.netdev);
    }
    return facts;
}

inline Facts pcieFacts(const QString &text)
{
    const PcieFunctionFacts pcie = parsePcieSysfs(QStringLiteral("0002:01:00.0"), text, 0);
    return {{QStringLiteral("current"), pcie.currentLinkText()},
            {QStringLiteral("maxGts"), known(pcie.maxGts)},
            {QStringLiteral("maxWidth"), known(pcie.maxWidth)},
            {QStringLiteral("corrected"), known(pcie.aer.correctable)},
            {QStringLiteral("nonFatal"), known(pcie.aer.nonFatal)},
            {QStringLiteral("fatal"), known(pcie.aer.fatal)}};
}

inline Facts nvidiaFacts(const QString &text)
{
    const NvidiaSmiInfo info = parseNvidiaSmi(text, 0);
    return {{QStringLiteral("ok"), yes(info.ok())},
            {QStringLiteral("driver"), info.driverVersion},
            {QStringLiteral("cuda"), info.cudaVersion},
            {QStringLiteral("gpu"), info.gpuName}};
}

inline Facts nmDeviceFacts(const QString &text)
{
    Facts facts;
    for (const NmDeviceState &device : parseNmcliDevices(text))
        facts.insert(device.device, device.type + QLatin1Char('|') + device.state + QLatin1Char('|') + device.connection);
    return facts;
}

inline Facts ipAddrFacts(const QString &text)
{
    Facts facts;
    const auto interfaces = parseIpAddrJson(text);
    if (!interfaces)
        return facts;
    for (const IpInterface &interface : *interfaces) {
        const QString key = interface.name + QLatin1Char('.');
        facts.insert(key + QStringLiteral("mac"), interface.mac);
        facts.insert(key + QStringLiteral("mtu"), interface.mtu > 0 ? QString::number(interface.mtu) : QString());
        facts.insert(key + QStringLiteral("operstate"), interface.operstate);
        // One fact per address: an address the parser skips is unknown, not a changed list.
        for (const IpAddress &address : interface.addresses) {
            facts.insert(key + address.local, address.cidr());
            facts.insert(key + address.local + QStringLiteral(".family"), address.family);
            facts.insert(key + address.local + QStringLiteral(".scope"), address.scope);
        }
    }
    return facts;
}

inline Facts probeFacts(const QString &text)
{
    const NodeFacts facts = parseProbeOutput(text, QStringLiteral("spark-x"));
    Facts result{{QStringLiteral("hostname"), facts.hostname},
                 {QStringLiteral("release"), facts.release.version()},
                 {QStringLiteral("driver"), facts.gpu.driverVersion},
                 {QStringLiteral("kernel"), facts.kernel},
                 {QStringLiteral("user"), facts.user.name},
                 {QStringLiteral("firmware"), facts.cx7Firmware().section(QLatin1Char(' '), 0, 0)}};
    for (const Cx7InterfaceFacts &interface : facts.cx7) {
        const QString key = interface.netdev + QLatin1Char('.');
        // Each source on its own (speedMbps() picks between them): ethtool's and sysfs'.
        result.insert(key + QStringLiteral("ethtoolSpeed"), known(interface.link.speedMbps));
        result.insert(key + QStringLiteral("sysfsSpeed"), known(interface.sysfsSpeedMbps));
        result.insert(key + QStringLiteral("carrier"), known(interface.carrier));
        result.insert(key + QStringLiteral("mac"), interface.mac);
        result.insert(key + QStringLiteral("mtu"), interface.mtu > 0 ? QString::number(interface.mtu) : QString());
        result.insert(key + QStringLiteral("gid"), known(interface.roceV2Ipv4GidIndex));
    }
    for (const PcieFunctionFacts &pcie : facts.pcie) {
        result.insert(pcie.address + QStringLiteral(".link"), pcie.currentLinkText());
        result.insert(pcie.address + QStringLiteral(".fatal"), known(pcie.aer.fatal));
    }
    return result;
}

inline Facts healthFacts(const QString &text)
{
    const NodeSnapshot snapshot = HealthPoll::parse(text);
    Facts facts{{QStringLiteral("boot"), snapshot.bootId}};
    for (const NetdevSnapshot &netdev : snapshot.netdevs) {
        const QString key = netdev.name + QLatin1Char('.');
        facts.insert(key + QStringLiteral("present"), yes(netdev.present));
        facts.insert(key + QStringLiteral("carrier"), known(netdev.carrier));
        // One field, two sources (ethtool's replaces sysfs'): only ethtool's is
        // comparable, as a cut can leave the other in its place.
        facts.insert(key + QStringLiteral("ethtoolSpeed"), netdev.speedFromEthtool ? known(netdev.speedMbps) : QString());
        facts.insert(key + QStringLiteral("mtu"), known(netdev.mtu));
        for (auto it = netdev.counters.cbegin(); it != netdev.counters.cend(); ++it)
            facts.insert(key + it.key(), QString::number(it.value()));
    }
    for (const RoceSnapshot &roce : snapshot.roce) {
        for (auto it = roce.counters.cbegin(); it != roce.counters.cend(); ++it)
            facts.insert(roce.device + QLatin1Char('.') + it.key(), QString::number(it.value()));
    }
    return facts;
}

inline Facts pingFacts(const QString &text)
{
    PingParser parser;
    Facts facts;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        for (const PingReply &reply : parser.feedLine(line))
            facts.insert(QString::number(reply.sequence), QString::number(reply.rttMs));
    }
    return facts;
}

// As the link test streams it: bytes in, the last unterminated line at finish().
inline Facts perftestFacts(const QString &text)
{
    PerftestParser parser;
    QList<PerftestRow> rows = parser.feed(text.toUtf8());
    rows += parser.finish();
    Facts facts;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const PerftestRow &row = rows.at(i);
        const QString key = QString::number(i) + QLatin1Char('.');
        facts.insert(key + QStringLiteral("bytes"), QString::number(row.messageBytes));
        facts.insert(key + QStringLiteral("iterations"), QString::number(row.iterations));
        // PerftestRow's 0: a column this perftest version does not print (unknown).
        const auto column = [](double value) { return value != 0 ? QString::number(value) : QString(); };
        if (row.kind == PerftestRow::Kind::Bandwidth) {
            facts.insert(key + QStringLiteral("peak"), column(row.peakGbps));
            facts.insert(key + QStringLiteral("average"), QString::number(row.averageGbps));
            facts.insert(key + QStringLiteral("msgRate"), column(row.messageRateMpps));
        } else {
            facts.insert(key + QStringLiteral("min"), column(row.minUs));
            facts.insert(key + QStringLiteral("max"), column(row.maxUs));
            facts.insert(key + QStringLiteral("typical"), column(row.typicalUs));
            facts.insert(key + QStringLiteral("average"), column(row.averageUs));
            facts.insert(key + QStringLiteral("p99"), column(row.p99Us));
            facts.insert(key + QStringLiteral("p999"), column(row.p999Us));
        }
    }
    return facts;
}

// As the link test streams it: bytes in, the last unterminated line at finish().
inline Facts iperf3Facts(const QString &text)
{
    Iperf3Parser parser;
    QList<Iperf3Line> lines = parser.feed(text.toUtf8());
    lines += parser.finish();
    Facts facts;
    for (const Iperf3Line &line : lines) {
        const char *kind = line.kind == Iperf3Line::Kind::Interval ? "interval"
                         : line.kind == Iperf3Line::Kind::Sender   ? "sender"
                                                                   : "receiver";
        const QString key = QStringLiteral("%1%2|%3-%4|%5.").arg(line.stream).arg(line.role).arg(line.start).arg(line.end)
                                .arg(QLatin1String(kind));
        facts.insert(key + QStringLiteral("gbps"), QString::number(line.gbps));
        facts.insert(key + QStringLiteral("bytes"), QString::number(line.bytes));
        facts.insert(key + QStringLiteral("retransmits"), line.retransmits >= 0 ? QString::number(line.retransmits) : QString());
    }
    return facts;
}

inline Facts dgxReleaseFacts(const QString &text)
{
    // Each OTA on its own: which one runs (the last) is only known of a whole
    // file, and the probe's exit markers say whether it was whole.
    const DgxRelease release = parseDgxRelease(text);
    Facts facts{{QStringLiteral("present"), yes(release.present)},
                {QStringLiteral("name"), release.name},
                {QStringLiteral("prettyName"), release.prettyName},
                {QStringLiteral("platform"), release.platform},
                {QStringLiteral("factory"), release.swBuildVersion},
                {QStringLiteral("factoryDate"), parseReleaseDate(release.swBuildDate).toString(Qt::ISODate)},
                {QStringLiteral("commit"), release.commitId}};
    for (qsizetype i = 0; i < release.otaUpdates.size(); ++i) {
        const DgxOtaUpdate &ota = release.otaUpdates.at(i);
        facts.insert(QStringLiteral("ota%1.version").arg(i), ota.version);
        facts.insert(QStringLiteral("ota%1.date").arg(i), parseReleaseDate(ota.date).toString(Qt::ISODate));
    }
    return facts;
}

inline Facts nmProfileFacts(const QList<NmProfile> &profiles)
{
    Facts facts;
    for (qsizetype i = 0; i < profiles.size(); ++i) {
        const NmProfile &profile = profiles.at(i);
        const QString key = QString::number(i) + QLatin1Char('.');
        facts.insert(key + QStringLiteral("id"), profile.id);
        facts.insert(key + QStringLiteral("uuid"), profile.uuid);
        facts.insert(key + QStringLiteral("type"), profile.type);
        facts.insert(key + QStringLiteral("interface"), profile.interfaceName);
        facts.insert(key + QStringLiteral("method"), profile.ipv4Method);
        for (const QString &address : profile.ipv4Addresses)
            facts.insert(key + address, yes(true));
    }
    return facts;
}

inline Facts nmcliProfileFacts(const QString &text)
{
    return nmProfileFacts(parseNmcliProfiles(text));
}

inline Facts keyfileFacts(const QString &text)
{
    return nmProfileFacts({parseNmKeyfile(QStringLiteral("/etc/NetworkManager/system-connections/x.nmconnection"), text)});
}

inline Facts netplanFacts(const QString &text)
{
    const NetplanFile file = parseNetplan(QStringLiteral("/etc/netplan/x.yaml"), text);
    Facts facts{{QStringLiteral("renderer"), file.renderer}};
    for (const QString &id : file.ethernets)
        facts.insert(QStringLiteral("ethernet.") + id, yes(true));
    for (const QString &netdev : file.cx7Interfaces)
        facts.insert(QStringLiteral("cx7.") + netdev, yes(true));
    for (const QString &id : file.dhcpInterfaces)
        facts.insert(QStringLiteral("dhcp.") + id, yes(true));
    return facts;
}

inline Facts ipRouteFacts(const QString &text)
{
    Facts facts;
    const auto routes = parseIpRouteJson(text);
    if (!routes)
        return facts;
    for (const IpRoute &route : *routes) {
        const QString key = route.table + QLatin1Char('/') + route.type + QLatin1Char('/') + route.destination + QLatin1Char('.');
        facts.insert(key + QStringLiteral("dev"), route.device);
        facts.insert(key + QStringLiteral("gateway"), route.gateway);
        facts.insert(key + QStringLiteral("protocol"), route.protocol);
        facts.insert(key + QStringLiteral("scope"), route.scope);
    }
    return facts;
}

inline Facts iperf3JsonFacts(const QString &text)
{
    const auto summary = Iperf3Parser::parseJson(text.toUtf8());
    if (!summary)
        return {};
    return {{QStringLiteral("sent"), QString::number(summary->sentGbps)},
            {QStringLiteral("received"), QString::number(summary->receivedGbps)},
            {QStringLiteral("sentBytes"), QString::number(summary->sentBytes)},
            {QStringLiteral("retransmits"), summary->retransmits >= 0 ? QString::number(summary->retransmits) : QString()},
            {QStringLiteral("bidirectional"), yes(summary->bidirectional)},
            {QStringLiteral("reverseSent"), summary->bidirectional ? QString::number(summary->reverseSentGbps) : QString()},
            {QStringLiteral("reverseReceived"),
             summary->bidirectional ? QString::number(summary->reverseReceivedGbps) : QString()}};
}

// nccl-tests' table and summary, with what NCCL said (rows keyed by their size).
inline Facts ncclTestFacts(const QString &text)
{
    NcclTestOutput output;
    for (const QString &line : text.split(QLatin1Char('\n')))
        output.feedLine(line);
    Facts facts;
    for (const NcclSizeRow &row : output.rows()) {
        const QString key = QString::number(row.bytes) + QLatin1Char('.');
        facts.insert(key + QStringLiteral("count"), QString::number(row.count));
        facts.insert(key + QStringLiteral("type"), row.type);
        facts.insert(key + QStringLiteral("redop"), row.redop);
        for (const auto &[name, placement] : {std::pair{QStringLiteral("out."), row.outOfPlace}, std::pair{QStringLiteral("in."), row.inPlace}}) {
            facts.insert(key + name + QStringLiteral("time"), QString::number(placement.timeUs));
            facts.insert(key + name + QStringLiteral("algbw"), QString::number(placement.algbwGBps));
            facts.insert(key + name + QStringLiteral("busbw"), QString::number(placement.busbwGBps));
            facts.insert(key + name + QStringLiteral("wrong"), known(placement.wrong));
        }
    }
    facts.insert(QStringLiteral("average"), known(output.averageBusBandwidth()));
    facts.insert(QStringLiteral("outOfBoundsOk"), known(output.outOfBoundsOk()));
    facts.insert(QStringLiteral("network"), output.network());
    facts.insert(QStringLiteral("version"), output.ncclVersion());
    const QStringList hosts = output.rankHosts();
    for (qsizetype i = 0; i < hosts.size(); ++i)
        facts.insert(QStringLiteral("rank%1").arg(i), hosts.at(i));
    return facts;
}

inline Facts pingMeshFacts(const QString &text)
{
    const auto results = PingMesh::parse(text);
    if (!results)
        return {};
    Facts facts;
    for (qsizetype i = 0; i < results->size(); ++i) {
        const PingResult &result = results->at(i);
        const QString key = QString::number(i) + QLatin1Char('.');
        facts.insert(key + QStringLiteral("netdev"), result.netdev);
        facts.insert(key + QStringLiteral("address"), result.address);
        facts.insert(key + QStringLiteral("sent"), QString::number(result.transmitted));
        facts.insert(key + QStringLiteral("received"), QString::number(result.received));
        facts.insert(key + QStringLiteral("average"), QString::number(result.averageMs));
        facts.insert(key + QStringLiteral("tooLong"), yes(result.messageTooLong));
        facts.insert(key + QStringLiteral("exit"), QString::number(result.exitCode));
    }
    return facts;
}

} // namespace spark::test
