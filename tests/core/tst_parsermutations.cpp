// SPDX-License-Identifier: MIT
// Parsers that never guess: every parser is fed mutations of its real
// fixtures (cut short, lines reordered, CRLF, unknown lines, blank lines,
// empty, binary noise). Each fact it yields is then either the one the
// unmutated fixture gave, or unknown; never another value. Under the asan
// preset the same run shows no crash and no sanitizer report.
#include "core/facts/ethtool.h"
#include "core/health/healthpoll.h"
#include "core/facts/gidtable.h"
#include "core/facts/ibdev2netdev.h"
#include "core/facts/iproute.h"
#include "core/facts/networkconfig.h"
#include "core/facts/nvidiasmi.h"
#include "core/facts/pcielink.h"
#include "core/facts/probeparser.h"
#include "core/facts/probescript.h"
#include "core/linktest/iperf3parser.h"
#include "core/linktest/perftestparser.h"
#include "core/linktest/pingparser.h"
#include "tests/support/fixtures.h"

#include <QMap>
#include <QRandomGenerator>
#include <QTest>

#include <functional>

using namespace spark;

namespace {

// A parser's facts as field → value; a field it did not recognise is absent or empty.
using Facts = QMap<QString, QString>;
using Parser = std::function<Facts(const QString &text)>;

QString yes(bool value)
{
    return value ? QStringLiteral("yes") : QString();
}

template<typename T>
QString known(const std::optional<T> &value)
{
    return value ? QVariant::fromValue(*value).toString() : QString();
}

Facts ethtoolFacts(const QString &text)
{
    const EthtoolLink link = parseEthtool(text);
    return {{QStringLiteral("speed"), known(link.speedMbps)},
            {QStringLiteral("duplex"), link.duplex},
            {QStringLiteral("port"), link.portType},
            {QStringLiteral("autoneg"), known(link.autoNegotiation)},
            {QStringLiteral("link"), known(link.linkDetected)}};
}

Facts driverFacts(const QString &text)
{
    const EthtoolDriverInfo info = parseEthtoolDriverInfo(text);
    return {{QStringLiteral("driver"), info.driver},
            {QStringLiteral("version"), info.version},
            {QStringLiteral("firmware"), info.firmwareVersion},
            {QStringLiteral("bus"), info.busInfo}};
}

Facts ibdevFacts(const QString &text)
{
    Facts facts;
    for (const RdmaNetdevLink &link : parseIbdev2netdev(text))
        facts.insert(link.rdmaDevice, link.netdev + (link.up ? QStringLiteral(" up") : QStringLiteral(" down")));
    return facts;
}

Facts gidFacts(const QString &text)
{
    Facts facts;
    for (const GidEntry &entry : parseGidTable(text))
        facts.insert(QString::number(entry.index), entry.gid + QLatin1Char('|') + entry.type + QLatin1Char('|') + entry.netdev);
    return facts;
}

Facts pcieFacts(const QString &text)
{
    const PcieFunctionFacts pcie = parsePcieSysfs(QStringLiteral("0002:01:00.0"), text, 0);
    return {{QStringLiteral("current"), pcie.currentLinkText()},
            {QStringLiteral("maxGts"), known(pcie.maxGts)},
            {QStringLiteral("maxWidth"), known(pcie.maxWidth)},
            {QStringLiteral("corrected"), known(pcie.aer.correctable)},
            {QStringLiteral("nonFatal"), known(pcie.aer.nonFatal)},
            {QStringLiteral("fatal"), known(pcie.aer.fatal)}};
}

Facts nvidiaFacts(const QString &text)
{
    const NvidiaSmiInfo info = parseNvidiaSmi(text, 0);
    return {{QStringLiteral("ok"), yes(info.ok())},
            {QStringLiteral("driver"), info.driverVersion},
            {QStringLiteral("cuda"), info.cudaVersion},
            {QStringLiteral("gpu"), info.gpuName}};
}

Facts nmDeviceFacts(const QString &text)
{
    Facts facts;
    for (const NmDeviceState &device : parseNmcliDevices(text))
        facts.insert(device.device, device.type + QLatin1Char('|') + device.state + QLatin1Char('|') + device.connection);
    return facts;
}

Facts ipAddrFacts(const QString &text)
{
    Facts facts;
    const auto interfaces = parseIpAddrJson(text);
    if (!interfaces)
        return facts;
    for (const IpInterface &interface : *interfaces) {
        QStringList addresses;
        for (const IpAddress &address : interface.addresses)
            addresses.append(address.cidr());
        facts.insert(interface.name, interface.mac + QLatin1Char('|') + QString::number(interface.mtu) + QLatin1Char('|')
                                         + addresses.join(QLatin1Char(',')));
    }
    return facts;
}

Facts probeFacts(const QString &text)
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

Facts healthFacts(const QString &text)
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

Facts pingFacts(const QString &text)
{
    PingParser parser;
    Facts facts;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        for (const PingReply &reply : parser.feedLine(line))
            facts.insert(QString::number(reply.sequence), QString::number(reply.rttMs));
    }
    return facts;
}

Facts perftestFacts(const QString &text)
{
    PerftestParser parser;
    Facts facts;
    int row = 0;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        for (const PerftestRow &parsed : parser.feedLine(line))
            facts.insert(QString::number(row++) + QLatin1Char('|') + QString::number(parsed.messageBytes),
                         QString::number(parsed.averageGbps));
    }
    return facts;
}

Facts iperf3Facts(const QString &text)
{
    Facts facts;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (const auto parsed = Iperf3Parser::parseLine(line); parsed && parsed->kind == Iperf3Line::Kind::Interval)
            facts.insert(QStringLiteral("%1|%2-%3").arg(parsed->stream).arg(parsed->start).arg(parsed->end),
                         QString::number(parsed->gbps));
    }
    return facts;
}

// The body of one probe section of a real sparklab capture.
QString probeSection(const char *capture, const char *name, const char *argument = "")
{
    const QList<ProbeSection> sections =
        ProbeScript::sections(test::readFixture(QStringLiteral("facts/probe/") + QLatin1String(capture)));
    for (const ProbeSection &section : sections) {
        if (section.name == QLatin1String(name) && section.argument == QLatin1String(argument))
            return section.body;
    }
    return {};
}

QStringList lines(const QString &text)
{
    return text.split(QLatin1Char('\n'));
}

QString binaryNoise(int bytes, quint32 seed)
{
    QRandomGenerator generator(seed);
    QByteArray noise(bytes, '\0');
    for (char &c : noise)
        c = char(generator.bounded(256));
    return QString::fromLatin1(noise);
}

struct Mutation
{
    const char *name;
    std::function<QString(const QString &)> apply;
    bool sameFacts; // the facts must be exactly the original's, not just a part of them
};

QList<Mutation> lineMutations(bool orderMatters)
{
    QList<Mutation> mutations{
        {"CRLF", [](const QString &t) { return QString(t).replace(QLatin1Char('\n'), QLatin1String("\r\n")); }, true},
        {"unknown lines", [](const QString &t) {
             QStringList out;
             for (const QString &line : lines(t))
                 out << line << QStringLiteral("Vendor-Extension: 7 frobs") << QStringLiteral("??? ::: ???");
             return out.join(QLatin1Char('\n'));
         }, true},
        {"blank lines doubled", [](const QString &t) { return QString(t).replace(QLatin1Char('\n'), QLatin1String("\n\n")); }, true},
        {"empty", [](const QString &) { return QString(); }, false},
        {"binary noise", [](const QString &) { return binaryNoise(2048, 42); }, false},
        {"binary noise appended", [](const QString &t) -> QString { return t + QLatin1Char('\n') + binaryNoise(512, 7); }, false},
    };
    for (int part : {1, 2, 3}) {
        mutations.append({part == 1 ? "first third of the lines" : part == 2 ? "first two thirds of the lines" : "last line gone",
                          [part](const QString &t) {
                              QStringList all = lines(t);
                              const qsizetype keep = part == 3 ? all.size() - 1 : all.size() * part / 3;
                              return all.mid(0, std::max<qsizetype>(0, keep)).join(QLatin1Char('\n'));
                          },
                          false});
    }
    if (!orderMatters)
        mutations.append({"lines reversed", [](const QString &t) {
                              QStringList all = lines(t);
                              std::reverse(all.begin(), all.end());
                              return all.join(QLatin1Char('\n'));
                          }, true});
    return mutations;
}

// JSON: cut short, unknown fields in every object, CRLF, empty, noise.
QList<Mutation> jsonMutations()
{
    QList<Mutation> mutations{
        {"CRLF", [](const QString &t) { return QString(t).replace(QLatin1Char('\n'), QLatin1String("\r\n")); }, true},
        {"unknown fields", [](const QString &t) { return QString(t).replace(QLatin1String("{"), QLatin1String("{\"vendor_ext\":[7,{}],")); }, true},
        {"empty", [](const QString &) { return QString(); }, false},
        {"binary noise", [](const QString &) { return binaryNoise(2048, 5); }, false},
    };
    for (int permille : {10, 250, 500, 750, 999})
        mutations.append({"cut short", [permille](const QString &t) { return t.left(t.size() * permille / 1000); }, false});
    return mutations;
}

// The probe stream is cut anywhere (mid-line too): its exit markers say
// whether a section is whole.
QList<Mutation> streamMutations()
{
    QList<Mutation> mutations{
        {"CRLF", [](const QString &t) { return QString(t).replace(QLatin1Char('\n'), QLatin1String("\r\n")); }, true},
        {"empty", [](const QString &) { return QString(); }, false},
        {"binary noise", [](const QString &) { return binaryNoise(4096, 99); }, false},
    };
    for (int permille = 5; permille < 1000; permille += 19)
        mutations.append({"cut short", [permille](const QString &t) { return t.left(t.size() * permille / 1000); }, false});
    return mutations;
}

} // namespace

Q_DECLARE_METATYPE(Parser)
Q_DECLARE_METATYPE(std::function<QString(const QString &)>)

class TestParserMutations final : public QObject
{
    Q_OBJECT

    static void addRows(const char *parserName, const QString &fixture, const Parser &parser, const QList<Mutation> &mutations)
    {
        QVERIFY2(!fixture.trimmed().isEmpty(), parserName);
        QVERIFY2(!parser(fixture).isEmpty(), parserName);
        for (const Mutation &mutation : mutations) {
            QTest::addRow("%s: %s", parserName, mutation.name)
                << parser << fixture << mutation.apply << mutation.sameFacts;
        }
    }

private Q_SLOTS:
    void neverAWrongValue_data()
    {
        QTest::addColumn<Parser>("parser");
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<std::function<QString(const QString &)>>("mutate");
        QTest::addColumn<bool>("sameFacts");
        const char *capture = "sparklab-pcie-x2-aer.txt";
        addRows("ethtool", test::readFixture(QStringLiteral("facts/ethtool/linked-200g.txt")), ethtoolFacts, lineMutations(false));
        addRows("ethtool down", test::readFixture(QStringLiteral("facts/ethtool/down.txt")), ethtoolFacts, lineMutations(false));
        addRows("ethtool -i", test::readFixture(QStringLiteral("facts/ethtool/driver-info-full.txt")), driverFacts, lineMutations(false));
        addRows("ibdev2netdev", test::readFixture(QStringLiteral("facts/ibdev2netdev/plain.txt")), ibdevFacts, lineMutations(false));
        addRows("gid table", probeSection(capture, "gids", "rocep1s0f0"), gidFacts, lineMutations(false));
        addRows("pcie sysfs", probeSection(capture, "pcie", "0002:01:00.1"), pcieFacts, lineMutations(false));
        addRows("nvidia-smi", test::readFixture(QStringLiteral("facts/nvidia-smi/full-table-580.159.03.txt")), nvidiaFacts,
                lineMutations(true));
        addRows("nmcli device", test::readFixture(QStringLiteral("facts/networkmanager/nmcli-devices.txt")), nmDeviceFacts,
                lineMutations(false));
        addRows("ip -j addr", test::readFixture(QStringLiteral("facts/ip/debian12-addr.json")), ipAddrFacts, jsonMutations());
        addRows("ping", test::readFixture(QStringLiteral("linktest/sparklab-ping-loss5.txt")), pingFacts, lineMutations(false));
        addRows("ib_write_bw", test::readFixture(QStringLiteral("linktest/dgx-spark-ib_write_bw-report.txt")), perftestFacts,
                lineMutations(true));
        addRows("iperf3", test::readFixture(QStringLiteral("linktest/sparklab-iperf3-twin0-P4.txt")), iperf3Facts,
                lineMutations(false));
        for (const char *poll : {"sparklab-spark-1-100G.txt", "sparklab-spark-1-crc-errors.txt"})
            addRows(poll, test::readFixture(QStringLiteral("health/") + QLatin1String(poll)), healthFacts, streamMutations());
        for (const char *probe : {"sparklab-pcie-x2-aer.txt", "sparklab-ring3-root.txt", "sparklab-twin-down-100g.txt"})
            addRows(probe, test::readFixture(QStringLiteral("facts/probe/") + QLatin1String(probe)), probeFacts, streamMutations());
    }

    void neverAWrongValue()
    {
        QFETCH(Parser, parser);
        QFETCH(QString, fixture);
        QFETCH(std::function<QString(const QString &)>, mutate);
        QFETCH(bool, sameFacts);
        const Facts original = parser(fixture);
        const Facts mutated = parser(mutate(fixture));
        QStringList wrong;
        for (auto it = mutated.cbegin(); it != mutated.cend(); ++it) {
            if (it.value().isEmpty())
                continue; // unknown: allowed
            if (!original.contains(it.key()) || original.value(it.key()) != it.value())
                wrong.append(QStringLiteral("%1 = '%2' (was '%3')").arg(it.key(), it.value(), original.value(it.key())));
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QStringLiteral("; "))));
        if (sameFacts) {
            QStringList lost;
            for (auto it = original.cbegin(); it != original.cend(); ++it) {
                if (!it.value().isEmpty() && mutated.value(it.key()) != it.value())
                    lost.append(QStringLiteral("%1 = '%2' lost").arg(it.key(), it.value()));
            }
            QVERIFY2(lost.isEmpty(), qPrintable(lost.join(QStringLiteral("; "))));
        }
    }
};

QTEST_GUILESS_MAIN(TestParserMutations)
#include "tst_parsermutations.moc"
