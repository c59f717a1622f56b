// SPDX-License-Identifier: MIT
// Parsers that never guess: every parser is fed mutations of its real
// fixtures (cut short at line ends and mid-line, lines reordered, CRLF,
// unknown lines and fields, extra or missing columns, dates in other locales,
// blank lines, empty, binary noise). Each fact it yields is then either the
// one the unmutated fixture gave, or unknown; never another value. Under the
// asan preset the same run shows no crash and no sanitizer report.
#include "core/facts/probescript.h"
#include "tests/support/fixtures.h"
#include "tests/support/parserfacts.h"
#include "tests/support/textmutations.h"

#include <QTest>

using namespace spark;
using namespace spark::test;

namespace {

// The body of one probe section of a real sparklab capture.
QString probeSection(const char *capture, const char *name, const char *argument = "")
{
    const QList<ProbeSection> sections =
        ProbeScript::sections(readFixture(QStringLiteral("facts/probe/") + QLatin1String(capture)));
    for (const ProbeSection &section : sections) {
        if (section.name == QLatin1String(name) && section.argument == QLatin1String(argument))
            return section.body;
    }
    return {};
}

QString fixture(const char *path)
{
    return readFixture(QLatin1String(path));
}

// `date` as a node in `locale` prints `date` (glibc's date_fmt; the time and
// zone are kept as they were).
QString dateInLocale(const QDate &date, const QString &time, const QString &locale)
{
    const int d = date.dayOfWeek() % 7; // Sunday first, as glibc's tables
    const int m = date.month() - 1;
    const auto pick = [](const char *table, int i) { return QString::fromUtf8(table).split(QLatin1Char(' ')).at(i); };
    const QString day = QString::number(date.day());
    const QString year = QString::number(date.year());
    if (locale == QLatin1String("de_DE"))
        return QStringLiteral("%1 %2. %3 %4 %5").arg(pick("So Mo Di Mi Do Fr Sa", d), day,
                                                     pick("Jan Feb Mär Apr Mai Jun Jul Aug Sep Okt Nov Dez", m), time, year);
    if (locale == QLatin1String("fr_FR"))
        return QStringLiteral("%1 %2 %3 %4 %5").arg(pick("dim. lun. mar. mer. jeu. ven. sam.", d), day,
                                                    pick("janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.", m),
                                                    year, time);
    if (locale == QLatin1String("es_ES"))
        return QStringLiteral("%1 %2 %3 %4 %5").arg(pick("dom lun mar mié jue vie sáb", d), day.rightJustified(2, QLatin1Char('0')),
                                                    pick("ene feb mar abr may jun jul ago sep oct nov dic", m), year, time);
    if (locale == QLatin1String("it_IT"))
        return QStringLiteral("%1 %2 %3 %4, %5").arg(pick("dom lun mar mer gio ven sab", d), day.rightJustified(2, QLatin1Char('0')),
                                                     pick("gen feb mar apr mag giu lug ago set ott nov dic", m), year,
                                                     QString(time).replace(QLatin1Char(' '), QLatin1String(", ")));
    return QStringLiteral("%1年 %2月 %3日 %4 %5").arg(year, QStringLiteral("%1").arg(date.month(), 2, 10, QLatin1Char('0')),
                                                  day.rightJustified(2, QLatin1Char('0')),
                                                  pick("星期日 星期一 星期二 星期三 星期四 星期五 星期六", d), time);
}

// Every DGX_OTA_DATE ("Tue Mar 17 02:18:52 PM UTC 2026") as a node in another
// locale writes it. Spanish and Italian print Tuesday ("mar") like March: that
// date must be unknown, so only those rows may lose a fact.
QList<TextMutation> otaDatesInLocales()
{
    QList<TextMutation> mutations;
    for (const char *locale : {"de_DE", "fr_FR", "es_ES", "it_IT", "zh_CN"}) {
        const QString name = QLatin1String(locale);
        mutations.append({QStringLiteral("DGX_OTA_DATE in ") + name, [name](const QString &t) {
                              static const QRegularExpression line(QStringLiteral(
                                  "DGX_OTA_DATE=\"\\w+ (\\w+ \\d+) (\\d\\d:\\d\\d:\\d\\d) ([AP]M) (\\w+) (\\d{4})\""));
                              QString out = t;
                              for (auto it = line.globalMatch(t); it.hasNext();) {
                                  const auto m = it.next();
                                  const QDate date = QDate::fromString(m.captured(1) + QLatin1Char(' ') + m.captured(5),
                                                                       QStringLiteral("MMM d yyyy"));
                                  QTime time = QTime::fromString(m.captured(2), QStringLiteral("hh:mm:ss"));
                                  if (m.captured(3) == QLatin1String("PM") && time.hour() < 12)
                                      time = time.addSecs(12 * 3600);
                                  const QString clock = time.toString(QStringLiteral("HH:mm:ss")) + QLatin1Char(' ') + m.captured(4);
                                  out.replace(m.captured(0), QStringLiteral("DGX_OTA_DATE=\"%1\"").arg(dateInLocale(date, clock, name)));
                              }
                              return out;
                          },
                          name != QLatin1String("es_ES") && name != QLatin1String("it_IT")});
    }
    return mutations;
}

// The probe stream is cut anywhere (mid-line too): its exit markers say
// whether a section is whole.
QList<TextMutation> streamMutations()
{
    QList<TextMutation> mutations{
        {QStringLiteral("CRLF"), withCrlf, true},
        {QStringLiteral("empty"), [](const QString &) { return QString(); }, false},
        {QStringLiteral("binary noise"), [](const QString &) { return binaryNoise(4096, 99); }, false},
    };
    for (int permille = 5; permille < 1000; permille += 19)
        mutations.append({QStringLiteral("cut at %1 per mille").arg(permille),
                          [permille](const QString &t) { return t.left(t.size() * permille / 1000); }, false});
    return mutations;
}

} // namespace

Q_DECLARE_METATYPE(Parser)
Q_DECLARE_METATYPE(std::function<QString(const QString &)>)

class TestParserMutations final : public QObject
{
    Q_OBJECT

    static void addRows(const char *parserName, const QString &text, const Parser &parser,
                        const QList<TextMutation> &mutations)
    {
        QVERIFY2(!text.trimmed().isEmpty(), parserName);
        QVERIFY2(!parser(text).isEmpty(), parserName);
        for (const TextMutation &mutation : mutations) {
            QTest::addRow("%s: %s", parserName, qPrintable(mutation.name))
                << parser << text << mutation.apply << mutation.sameFacts;
        }
    }

    // Line-oriented output: the line mutations and a cut at every line end.
    static void addLineRows(const char *parserName, const QString &text, const Parser &parser, bool orderMatters,
                            const QList<TextMutation> &more = {})
    {
        addRows(parserName, text, parser, lineMutations(orderMatters) + cutAtLineEnds(text) + more);
    }

    static void addDgxReleaseRows()
    {
        for (const char *file : {"spark-7.3.1-ota.txt", "spark-three-otas-unquoted.txt", "oem-gb10-zh.txt",
                                 "spark-7.6.0-de.txt", "spark-7.6.0-fr.txt"}) {
            const QString text = readFixture(QStringLiteral("facts/dgx-release/") + QLatin1String(file));
            // A quoted value shows where it ends: cut inside the first OTA version.
            addLineRows(file, text, dgxReleaseFacts, true, cutInsideLine(text, QStringLiteral("DGX_OTA_VERSION=\"7.3.1")));
        }
        const QString english = probeSection("sparklab-pcie-x2-aer.txt", "dgx-release");
        addRows("dgx-release en_US", english, dgxReleaseFacts, otaDatesInLocales());
    }

    static void addNetworkConfigRows()
    {
        const QString profiles = fixture("facts/networkmanager/nmcli-profiles.txt");
        addRows("nmcli profiles", profiles, nmcliProfileFacts, lineMutations(true, true) + cutAtLineEnds(profiles)
                                                                     + columnMutations(QLatin1Char(':')).mid(0, 1));
        addLineRows("keyfile", fixture("facts/networkmanager/wired-connection-2.nmconnection"), keyfileFacts, true);
        for (const char *file : {"facts/netplan/40-cx7.yaml", "facts/netplan/99-nvidia-sync-cluster.yaml",
                                 "facts/netplan/flow-and-match.yaml", "facts/netplan/50-cloud-init.yaml"}) {
            const QString text = fixture(file);
            addRows(file, text, netplanFacts, yamlMutations() + cutAtLineEnds(text));
        }
        const QString addr = fixture("facts/ip/debian12-addr.json");
        QList<TextMutation> addrMutations = jsonMutations() + cutAtBytes(addr, 9);
        for (const char *field : {"prefixlen", "mtu", "address", "local", "scope", "family", "operstate", "ifname"})
            addrMutations.append(withoutJsonField(QLatin1String(field)));
        addRows("ip -j addr", addr, ipAddrFacts, addrMutations);
        // Not "table" or "type": iproute2 leaves them out for the main table and unicast.
        const QString route = fixture("facts/ip/debian12-route.json");
        QList<TextMutation> routeMutations = jsonMutations() + cutAtBytes(route, 9);
        for (const char *field : {"dst", "dev", "gateway", "protocol", "scope", "prefsrc"})
            routeMutations.append(withoutJsonField(QLatin1String(field)));
        addRows("ip -j route", route, ipRouteFacts, routeMutations);
    }

    static void addLinkTestRows()
    {
        addLineRows("ping", fixture("linktest/sparklab-ping-loss5.txt"), pingFacts, false, columnMutations());
        const QString bw = fixture("linktest/dgx-spark-ib_write_bw-report.txt");
        addLineRows("ib_write_bw", bw, perftestFacts, true, columnMutations() + cutInsideLine(bw, QStringLiteral(" 65536 ")));
        const QString lat = fixture("linktest/sparklab-ib_write_lat-client.txt");
        addLineRows("ib_write_lat", lat, perftestFacts, true, columnMutations() + cutInsideLine(lat, QStringLiteral(" 2       200 ")));
        addLineRows("iperf3", fixture("linktest/sparklab-iperf3-twin0-P4.txt"), iperf3Facts, false);
        const QString bidir = fixture("linktest/iperf3-3.12-P2-bidir-gbits.txt");
        addLineRows("iperf3 --bidir", bidir, iperf3Facts, false,
                    cutInsideLine(bidir, QStringLiteral("[SUM][TX-C]   0.00-1.00")));
        for (const char *file : {"linktest/iperf3-3.12-P2.json", "linktest/iperf3-3.12-P2-bidir.json"}) {
            const QString json = fixture(file);
            QList<TextMutation> mutations = jsonMutations() + cutAtBytes(json, 9);
            for (const char *field : {"bits_per_second", "bytes", "retransmits"})
                mutations.append(withoutJsonField(QLatin1String(field)));
            addRows(file, json, iperf3JsonFacts, mutations);
        }
        for (const char *file : {"nccl/two-sparks-all_gather-info.txt", "nccl/older-nccl-tests-error-column.txt",
                                 "nccl/unchecked-and-wrong.txt"}) {
            const QString text = fixture(file);
            addLineRows(file, text, ncclTestFacts, false, columnMutations() + cutInsideLine(text, QStringLiteral("float ")));
        }
        const QString mesh = fixture("netconfig/pingmesh-mixed.txt");
        addLineRows("ping mesh", mesh, pingMeshFacts, true,
                    columnMutations() + withoutEachLine(mesh) + cutInsideLine(mesh, QStringLiteral("@@ rc 1")));
    }

private Q_SLOTS:
    void neverAWrongValue_data();
    void neverAWrongValue();
};

void TestParserMutations::neverAWrongValue_data()
{
    QTest::addColumn<Parser>("parser");
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<std::function<QString(const QString &)>>("mutate");
    QTest::addColumn<bool>("sameFacts");
    const char *capture = "sparklab-pcie-x2-aer.txt";
    addLineRows("ethtool", fixture("facts/ethtool/linked-200g.txt"), ethtoolFacts, false);
    addLineRows("ethtool down", fixture("facts/ethtool/down.txt"), ethtoolFacts, false);
    addLineRows("ethtool -i", fixture("facts/ethtool/driver-info-full.txt"), driverFacts, false);
    addLineRows("ibdev2netdev", fixture("facts/ibdev2netdev/plain.txt"), ibdevFacts, false, columnMutations());
    addLineRows("gid table", probeSection(capture, "gids", "rocep1s0f0"), gidFacts, false);
    // IPv4-mapped GIDs, cut inside the first: a cut GID is no address.
    const QString mapped = probeSection("sparklab-nvidia-sync-gid-reorder.txt", "gids", "rocep1s0f0");
    addLineRows("gid table with IPv4", mapped, gidFacts, false, cutInsideLine(mapped, QStringLiteral(":ffff:")));
    addLineRows("pcie sysfs", probeSection(capture, "pcie", "0002:01:00.1"), pcieFacts, false);
    for (const char *table : {"facts/nvidia-smi/header-580.95.05.txt", "facts/nvidia-smi/full-table-580.159.03.txt",
                              "facts/nvidia-smi/full-table-580.126.09.txt"}) {
        // A version cut short ("580", "1") is no version: every byte of the header line.
        const QString text = fixture(table);
        addLineRows(table, text, nvidiaFacts, true, cutInsideLine(text, QStringLiteral("Driver Version")));
    }
    addLineRows("nmcli device", fixture("facts/networkmanager/nmcli-devices.txt"), nmDeviceFacts, false,
                columnMutations(QLatin1Char(':')));
    addDgxReleaseRows();
    addNetworkConfigRows();
    addLinkTestRows();
    for (const char *poll : {"sparklab-spark-1-100G.txt", "sparklab-spark-1-crc-errors.txt"})
        addRows(poll, readFixture(QStringLiteral("health/") + QLatin1String(poll)), healthFacts, streamMutations());
    for (const char *probe : {"sparklab-pcie-x2-aer.txt", "sparklab-ring3-root.txt", "sparklab-twin-down-100g.txt"})
        addRows(probe, readFixture(QStringLiteral("facts/probe/") + QLatin1String(probe)), probeFacts, streamMutations());
}

void TestParserMutations::neverAWrongValue()
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

QTEST_GUILESS_MAIN(TestParserMutations)
#include "tst_parsermutations.moc"
