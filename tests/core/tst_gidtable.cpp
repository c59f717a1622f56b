// SPDX-License-Identifier: MIT
#include "core/facts/gidtable.h"
#include "core/facts/probescript.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

namespace {
QString gidSection(const QString &fixture, const QString &device)
{
    const auto sections = ProbeScript::sections(test::readFixture(QStringLiteral("facts/probe/") + fixture));
    for (const ProbeSection &section : sections) {
        if (section.name == QLatin1String("gids") && section.argument == device)
            return section.body;
    }
    return {};
}
} // namespace

class TestGidTable final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roceV2Index_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("entries");
        QTest::addColumn<int>("index"); // -1: none
        QTest::addColumn<QString>("ipv4");
        QTest::newRow("standard order (playbook addresses)")
            << gidSection(QStringLiteral("sparklab-stale-netplan-root.txt"), QStringLiteral("rocep1s0f0")) << 4 << 3
            << "192.168.100.11";
        QTest::newRow("reordered kernel") << gidSection(QStringLiteral("sparklab-nvidia-sync-gid-reorder.txt"),
                                                        QStringLiteral("rocep1s0f0"))
                                          << 4 << 2 << "10.100.32.3";
        QTest::newRow("no IPv4 address yet")
            << gidSection(QStringLiteral("sparklab-ring3-root.txt"), QStringLiteral("rocep1s0f0")) << 2 << -1 << "";
        QTest::newRow("unused slots and absolute paths")
            << QStringLiteral("/sys/class/infiniband/rocep1s0f1/ports/1/gids/0:fe80:0000:0000:0000:4ebb:47ff:fe00:1122\n"
                              "/sys/class/infiniband/rocep1s0f1/ports/1/gid_attrs/types/0:IB/RoCE v1\n"
                              "/sys/class/infiniband/rocep1s0f1/ports/1/gids/1:0000:0000:0000:0000:0000:0000:0000:0000\n"
                              "/sys/class/infiniband/rocep1s0f1/ports/1/gids/5:0000:0000:0000:0000:0000:FFFF:0A64:2201\n"
                              "/sys/class/infiniband/rocep1s0f1/ports/1/gid_attrs/types/5:RoCE v2\n")
            << 2 << 5 << "10.100.34.1";
    }

    void roceV2Index()
    {
        QFETCH(QString, text);
        QFETCH(int, entries);
        QFETCH(int, index);
        QFETCH(QString, ipv4);
        QVERIFY(!text.isEmpty());
        const QList<GidEntry> table = parseGidTable(text);
        QCOMPARE(table.size(), entries);
        QCOMPARE(roceV2Ipv4GidIndex(table).value_or(-1), index);
        if (index >= 0) {
            QCOMPARE(table.at(table.indexOf(*std::find_if(table.cbegin(), table.cend(), [&](const GidEntry &e) {
                              return e.index == index;
                          }))).ipv4(),
                     ipv4);
            QCOMPARE(roceV2Ipv4GidIndex(table, ipv4).value_or(-1), index);
            QVERIFY(!roceV2Ipv4GidIndex(table, QStringLiteral("10.1.1.1")));
        }
    }

    void ipv4OfGid_data()
    {
        QTest::addColumn<QString>("gid");
        QTest::addColumn<QString>("ipv4");
        QTest::newRow("mapped") << "0000:0000:0000:0000:0000:ffff:0a64:2001" << "10.100.32.1";
        QTest::newRow("link-local") << "fe80:0000:0000:0000:0091:a5ff:fe63:bbf6" << "";
        QTest::newRow("short") << "0000:ffff:0a64:2001" << "";
    }

    void ipv4OfGid()
    {
        QFETCH(QString, gid);
        QFETCH(QString, ipv4);
        GidEntry entry;
        entry.gid = gid;
        QCOMPARE(entry.ipv4(), ipv4);
    }
};

QTEST_APPLESS_MAIN(TestGidTable)
#include "tst_gidtable.moc"
