// SPDX-License-Identifier: MIT
#include "core/topology/neighbourdiscovery.h"

#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTest>

using namespace spark;

namespace {
QString fixture(const QString &name)
{
    QFile file(QStringLiteral(SPARK_FIXTURES_DIR "/topology/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(file.readAll());
}

// Real outputs of NeighbourDiscovery::command() on the emulated cluster (tests/sparklab).
QList<NodeObservation> observe(const QString &set)
{
    QList<NodeObservation> nodes;
    for (int i = 1; i <= 3; ++i) {
        const auto parsed = NeighbourDiscovery::parse(fixture(QStringLiteral("discovery-%1-spark-%2.txt").arg(set).arg(i)));
        if (!parsed)
            qFatal("fixture does not parse: %s", qPrintable(parsed.error().detail));
        nodes.append(NodeObservation{QStringLiteral("spark-%1").arg(i), *parsed});
    }
    return nodes;
}

QString linkText(const ObservedLink &link)
{
    return QStringLiteral("%1:%2-%3:%4").arg(link.a.node).arg(link.a.port).arg(link.b.node).arg(link.b.port);
}
} // namespace

class TestNeighbourDiscovery final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void commandAcceptsOnlyCx7Names_data()
    {
        QTest::addColumn<QStringList>("netdevs");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("port 0 twins") << QStringList{QStringLiteral("enp1s0f0np0"), QStringLiteral("enP2p1s0f0np0")} << true;
        QTest::newRow("management") << QStringList{QStringLiteral("enP7s7")} << false;
        QTest::newRow("injection") << QStringList{QStringLiteral("enp1s0f0np0; reboot")} << false;
        QTest::newRow("quote") << QStringList{QStringLiteral("enp1s0f0np0'")} << false;
        QTest::newRow("empty list") << QStringList{} << false;
    }

    void commandAcceptsOnlyCx7Names()
    {
        QFETCH(QStringList, netdevs);
        QFETCH(bool, accepted);
        const auto command = NeighbourDiscovery::command(netdevs);
        QCOMPARE(command.hasValue(), accepted);
        if (accepted)
            QVERIFY(command->contains(QStringLiteral("for i in 'enp1s0f0np0' 'enP2p1s0f0np0'; do")));
        else
            QVERIFY(!command.error().message.isEmpty());
    }

    void commandIsValidShell()
    {
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-n"), QStringLiteral("-c"), NeighbourDiscovery::command()});
        QVERIFY(shell.waitForFinished());
        QCOMPARE(shell.exitCode(), 0);
    }

    void parsesRealOutput_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("present");
        QTest::addColumn<int>("neighbours");
        QTest::newRow("ring3 spark-1") << QStringLiteral("discovery-ring3-spark-1.txt") << 4 << 4;
        QTest::newRow("switch3 spark-1") << QStringLiteral("discovery-switch3-spark-1.txt") << 2 << 12;
        QTest::newRow("miswired spark-2") << QStringLiteral("discovery-miswired3-spark-2.txt") << 2 << 2;
    }

    void parsesRealOutput()
    {
        QFETCH(QString, file);
        QFETCH(int, present);
        QFETCH(int, neighbours);
        const auto parsed = NeighbourDiscovery::parse(fixture(file));
        QVERIFY(parsed.hasValue());
        QCOMPARE(parsed->size(), 4);
        int presentCount = 0;
        int neighbourCount = 0;
        for (const InterfaceObservation &interface : *parsed) {
            presentCount += interface.present ? 1 : 0;
            neighbourCount += int(interface.neighbours.size());
            if (interface.present) {
                QCOMPARE(interface.mac.size(), 17);
                QVERIFY(interface.up);
                QCOMPARE(interface.mtu, 1500);
                QCOMPARE(interface.speedMbps, 10000); // veth
            }
        }
        QCOMPARE(presentCount, present);
        QCOMPARE(neighbourCount, neighbours);
    }

    void refusesGarbage_data()
    {
        QTest::addColumn<QString>("output");
        QTest::newRow("text before marker") << QStringLiteral("hello\n@@ enp1s0f0np0 absent\n");
        QTest::newRow("unknown netdev") << QStringLiteral("@@ eth0 absent\n");
        QTest::newRow("bad json") << QStringLiteral("@@ enp1s0f0np0 02:00:00:00:00:01 up 9000 200000\n[{\"dst\":\n");
        QTest::newRow("short marker") << QStringLiteral("@@ enp1s0f0np0 02:00:00:00:00:01\n");
    }

    void refusesGarbage()
    {
        QFETCH(QString, output);
        QVERIFY(!NeighbourDiscovery::parse(output).hasValue());
    }

    void parsesDownLinkAndFailedEntries()
    {
        const auto parsed = NeighbourDiscovery::parse(QStringLiteral(
            "@@ enp1s0f0np0 4c:BB:47:00:0A:10 down 9000 -1\n"
            "[{\"dst\":\"fe80::1\",\"state\":[\"FAILED\"]},{\"dst\":\"fe80::2\",\"lladdr\":\"4C:BB:47:00:0B:12\",\"state\":[\"STALE\"]}]\n\n"
            "@@ enP2p1s0f0np0 absent\n"));
        QVERIFY(parsed.hasValue());
        QCOMPARE(parsed->size(), 2);
        const InterfaceObservation &first = parsed->first();
        QCOMPARE(first.mac, QStringLiteral("4c:bb:47:00:0a:10"));
        QVERIFY(!first.up);
        QCOMPARE(first.speedMbps, -1);
        QCOMPARE(first.neighbours, (QList<NeighbourEntry>{{QStringLiteral("4c:bb:47:00:0b:12"), QStringLiteral("fe80::2"), QStringLiteral("STALE")}}));
        QVERIFY(!parsed->at(1).present);
    }

    void linksRealCabling_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QStringList>("links");
        QTest::addColumn<int>("switched");
        QTest::newRow("ring3") << QStringLiteral("ring3")
                               << QStringList{QStringLiteral("spark-1:0-spark-2:1"), QStringLiteral("spark-1:1-spark-3:0"),
                                              QStringLiteral("spark-2:0-spark-3:1")}
                               << 0;
        QTest::newRow("switch3") << QStringLiteral("switch3") << QStringList{} << 3;
        QTest::newRow("miswired3") << QStringLiteral("miswired3")
                                   << QStringList{QStringLiteral("spark-1:0-spark-2:0"), QStringLiteral("spark-1:1-spark-3:0")}
                                   << 0;
    }

    void linksRealCabling()
    {
        QFETCH(QString, set);
        QFETCH(QStringList, links);
        QFETCH(int, switched);
        const ObservedCabling cabling = NeighbourDiscovery::link(observe(set));
        QStringList texts;
        for (const ObservedLink &link : cabling.links)
            texts.append(linkText(link));
        QCOMPARE(texts, links);
        QCOMPARE(cabling.switchedPorts.size(), switched);
        // Every twin sees its twin on the far end: two twin pairs per cable.
        if (switched == 0)
            QCOMPARE(cabling.neighbours.size(), links.size() * 2);
    }

    void linksFromOneSideAndKnownMacs()
    {
        // Only spark-1 reported; spark-2's MACs come from the registry.
        QList<NodeObservation> nodes = observe(QStringLiteral("ring3")).mid(0, 1);
        const auto spark2 = NeighbourDiscovery::parse(fixture(QStringLiteral("discovery-ring3-spark-2.txt")));
        NodeMacs known{QStringLiteral("spark-2"), {}};
        for (const InterfaceObservation &interface : *spark2)
            known.macByNetdev.insert(interface.netdev, interface.mac.toUpper());
        const ObservedCabling cabling = NeighbourDiscovery::link(nodes, {known});
        QCOMPARE(cabling.links.size(), 1);
        QCOMPARE(linkText(cabling.links.first()), QStringLiteral("spark-1:0-spark-2:1"));
        QCOMPARE(cabling.neighbours.first(),
                 (ObservedNeighbour{TwinEnd{QStringLiteral("spark-1"), 0, 0}, TwinEnd{QStringLiteral("spark-2"), 1, 0}}));
    }

    // One look can miss an answer (a neighbour solicitation lost on a loaded
    // node): the runner looks again when a twin saw another that did not see
    // it back, or saw nobody while its own port's other twin did.
    void incompleteSightings_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("netdev");
        QTest::addColumn<QString>("change"); // "none", "forget-one", "forget-all", "down"
        QTest::addColumn<QStringList>("expected");
        for (const char *set : {"ring3", "switch3", "miswired3"})
            QTest::addRow("%s complete", set) << QString::fromLatin1(set) << QString() << QString() << QStringLiteral("none")
                                              << QStringList{};
        QTest::newRow("ring3 one-way") << QStringLiteral("ring3") << QStringLiteral("spark-2")
                                       << QStringLiteral("enp1s0f0np0") << QStringLiteral("forget-one")
                                       << QStringList{QStringLiteral("spark-2 enp1s0f0np0")};
        QTest::newRow("ring3 twin alone") << QStringLiteral("ring3") << QStringLiteral("spark-2")
                                          << QStringLiteral("enp1s0f0np0") << QStringLiteral("forget-all")
                                          << QStringList{QStringLiteral("spark-2 enp1s0f0np0")};
        QTest::newRow("switch3 one-way") << QStringLiteral("switch3") << QStringLiteral("spark-3")
                                         << QStringLiteral("enP2p1s0f0np0") << QStringLiteral("forget-one")
                                         << QStringList{QStringLiteral("spark-3 enP2p1s0f0np0")};
        // A twin without a link is not expected to see anyone, nor to be seen;
        // its far twin, if it still reads a link, saw nobody while the other
        // twin of its port did: that one is looked at again.
        QTest::newRow("ring3 twin down") << QStringLiteral("ring3") << QStringLiteral("spark-2")
                                         << QStringLiteral("enp1s0f0np0") << QStringLiteral("down")
                                         << QStringList{QStringLiteral("spark-3 enp1s0f1np1")};
    }

    void incompleteSightings()
    {
        QFETCH(QString, set);
        QFETCH(QString, node);
        QFETCH(QString, netdev);
        QFETCH(QString, change);
        QFETCH(QStringList, expected);
        QList<NodeObservation> nodes = observe(set);
        for (NodeObservation &observation : nodes) {
            for (InterfaceObservation &interface : observation.interfaces) {
                if (observation.node != node || interface.netdev != netdev)
                    continue;
                QVERIFY2(interface.up && !interface.neighbours.isEmpty(), qPrintable(set + QLatin1Char(' ') + netdev));
                if (change == u"forget-one") {
                    QSet<QString> own;
                    for (const InterfaceObservation &sibling : observation.interfaces)
                        own.insert(sibling.mac);
                    for (qsizetype i = interface.neighbours.size() - 1; i >= 0; --i) {
                        if (!own.contains(interface.neighbours.at(i).mac)) {
                            interface.neighbours.removeAt(i);
                            break;
                        }
                    }
                } else
                    interface.neighbours.clear();
                if (change == u"down") {
                    interface.up = false;
                    interface.speedMbps = -1;
                    // ...and nobody saw it either.
                    for (NodeObservation &other : nodes) {
                        for (InterfaceObservation &far : other.interfaces)
                            far.neighbours.removeIf([&](const NeighbourEntry &e) { return e.mac == interface.mac; });
                    }
                }
            }
        }
        QCOMPARE(NeighbourDiscovery::incompleteSightings(nodes), expected);
    }
};

QTEST_GUILESS_MAIN(TestNeighbourDiscovery)
#include "tst_neighbourdiscovery.moc"
