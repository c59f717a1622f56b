// SPDX-License-Identifier: MIT
#include "core/linktest/runcomparison.h"

#include <QTest>

using namespace spark;

namespace {

// A link whose every port total is `gbps` (two directions), passed or not.
LinkResult link(const QString &id, const QString &label, double gbps, bool pass)
{
    LinkResult result;
    result.link = id;
    result.label = label;
    for (LinkDirection direction : {LinkDirection::AToB, LinkDirection::BToA}) {
        PortThroughput port;
        port.direction = direction;
        port.twinGbps = {gbps / 2, gbps / 2};
        port.totalGbps = gbps;
        result.throughput.append(port);
    }
    result.verdict.pass = pass;
    return result;
}

LinkTestRun run(const QString &when, const QList<LinkResult> &links)
{
    LinkTestRun result;
    result.cluster = QStringLiteral("lab");
    result.started = QDateTime::fromString(when, Qt::ISODate);
    result.links = links;
    return result;
}

} // namespace

class TestRunComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneLink_data()
    {
        QTest::addColumn<double>("before");
        QTest::addColumn<bool>("beforePass");
        QTest::addColumn<double>("now");
        QTest::addColumn<bool>("nowPass");
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<bool>("worse");
        QTest::newRow("unchanged") << 190.0 << true << 186.0 << true
                                   << QStringLiteral("cable 1: 190 → 186 Gb/s (about the same).") << false;
        QTest::newRow("halved and failing") << 190.0 << true << 95.0 << false
                                            << QStringLiteral("cable 1: 190 → 95 Gb/s (−50 %), and it now fails.") << true;
        QTest::newRow("fixed") << 13.0 << false << 188.0 << true
                               << QStringLiteral("cable 1: 13 → 188 Gb/s (+1346 %), and it passes again.") << false;
        QTest::newRow("slower but passing") << 1.98 << true << 1.70 << true
                                            << QStringLiteral("cable 1: 2.0 → 1.7 Gb/s (−14 %).") << true;
        QTest::newRow("nothing before") << 0.0 << false << 1.9 << true
                                        << QStringLiteral("cable 1: 0.00 → 1.9 Gb/s (+100 %), and it passes again.") << false;
    }

    void oneLink()
    {
        QFETCH(double, before);
        QFETCH(bool, beforePass);
        QFETCH(double, now);
        QFETCH(bool, nowPass);
        QFETCH(QString, sentence);
        QFETCH(bool, worse);
        const RunComparison comparison = RunComparison::between(
            run(QStringLiteral("2026-11-27T10:00:00Z"), {link(QStringLiteral("a:0-b:0"), QStringLiteral("cable 1"), before, beforePass)}),
            run(QStringLiteral("2026-12-04T10:00:00Z"), {link(QStringLiteral("a:0-b:0"), QStringLiteral("cable 1"), now, nowPass)}));
        QCOMPARE(comparison.links.size(), 1);
        QCOMPARE(comparison.links.first().sentence, sentence);
        QCOMPARE(comparison.links.first().isWorse(), worse);
        QCOMPARE(comparison.anyWorse(), worse);
    }

    void linksOfEitherRunAreListed()
    {
        const RunComparison comparison = RunComparison::between(
            run(QStringLiteral("2026-11-27T10:00:00Z"),
                {link(QStringLiteral("a:0-b:0"), QStringLiteral("cable 1"), 190, true),
                 link(QStringLiteral("b:0-c:1"), QStringLiteral("cable 2"), 188, true)}),
            run(QStringLiteral("2026-12-04T10:00:00Z"),
                {link(QStringLiteral("c:0-a:1"), QStringLiteral("cable 3"), 187, true),
                 link(QStringLiteral("a:0-b:0"), QStringLiteral("cable 1"), 189, true)}));
        QCOMPARE(comparison.links.size(), 3);
        QCOMPARE(comparison.links.at(0).sentence, QStringLiteral("cable 3 is new: 187 Gb/s, and the earlier run did not measure it."));
        QCOMPARE(comparison.links.at(1).label, QStringLiteral("cable 1"));
        QCOMPARE(comparison.links.at(2).sentence, QStringLiteral("cable 2 was measured before (188 Gb/s) but not this time."));
        QVERIFY(!comparison.anyWorse());
        const QStringList lines = comparison.text().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines.first().startsWith(QLatin1String("Compared with the run of ")));
    }
};

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
