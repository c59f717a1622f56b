// SPDX-License-Identifier: MIT
#include "core/linktest/linktestplan.h"
#include "core/linktest/linktestrounds.h"
#include "core/topology/cablingplanner.h"

#include <QTest>

using namespace spark;

namespace {

QStringList sparks(int count)
{
    QStringList names;
    for (int i = 1; i <= count; ++i)
        names.append(QStringLiteral("spark-%1").arg(i));
    return names;
}

QList<LinkTarget> linksOf(ClusterLayout layout, int nodes)
{
    const auto cabling = CablingPlanner::plan(layout, sparks(nodes),
                                              layout == ClusterLayout::Ring3 ? std::nullopt : std::optional<int>(0));
    return cabling ? LinkTestPlanner::links(*cabling) : QList<LinkTarget>{};
}

QHash<QString, int> coresEach(int nodes, int cores)
{
    QHash<QString, int> all;
    for (const QString &name : sparks(nodes))
        all.insert(name, cores);
    return all;
}

// "0+1+2|3": the rounds' link indexes.
QString written(const QList<QList<int>> &rounds)
{
    QStringList parts;
    for (const QList<int> &round : rounds) {
        QStringList indexes;
        for (int index : round)
            indexes.append(QString::number(index));
        parts.append(indexes.join(QLatin1Char('+')));
    }
    return parts.join(QLatin1Char('|'));
}

} // namespace

class TestLinkTestRounds final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coresPerEnd_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("streams");
        QTest::addColumn<double>("cores");
        // 400 Gb/s through an end at 25 Gb/s a core; no more than its 16 streams.
        QTest::newRow("tcp, 4 streams") << int(LinkTestMode::Tcp) << 4 << 16.0;
        QTest::newRow("tcp, 1 stream: its threads bound it") << int(LinkTestMode::Tcp) << 1 << 4.0;
        QTest::newRow("rdma: a polling core per process") << int(LinkTestMode::Rdma) << 4 << 4.0;
    }
    void coresPerEnd()
    {
        QFETCH(int, mode);
        QFETCH(int, streams);
        QFETCH(double, cores);
        QCOMPARE(LinkTestRounds::coresPerEnd(LinkTestMode(mode), streams), cores);
    }

    void plan_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("cores");
        QTest::addColumn<double>("endCores");
        QTest::addColumn<bool>("sideBySide");
        QTest::addColumn<QString>("rounds");

        const double tcp = LinkTestRounds::coresPerEnd(LinkTestMode::Tcp, 4);
        const double rdma = LinkTestRounds::coresPerEnd(LinkTestMode::Rdma, 4);
        QTest::newRow("pair: one cable") << int(ClusterLayout::Direct2) << 2 << 20 << rdma << true << "0";
        QTest::newRow("ring3, RDMA on Sparks: all three cables at once")
            << int(ClusterLayout::Ring3) << 3 << 20 << rdma << true << "0+1+2";
        QTest::newRow("ring3, TCP on Sparks: two ends would need 32 of 20 cores")
            << int(ClusterLayout::Ring3) << 3 << 20 << tcp << true << "0|1|2";
        QTest::newRow("ring3, TCP in the lab at 1:100 on 2 cores")
            << int(ClusterLayout::Ring3) << 3 << 2 << tcp * 0.01 << true << "0+1+2";
        QTest::newRow("ring3, cores unknown: never shared")
            << int(ClusterLayout::Ring3) << 3 << 0 << rdma << true << "0|1|2";
        QTest::newRow("ring3, one at a time") << int(ClusterLayout::Ring3) << 3 << 20 << rdma << false << "0|1|2";
        QTest::newRow("switch4: the two pairs share no Spark")
            << int(ClusterLayout::Switch) << 4 << 20 << tcp << true << "0+1";
        QTest::newRow("switch4, TCP: one end per Spark, cores no matter")
            << int(ClusterLayout::Switch) << 4 << 4 << tcp << true << "0+1";
        QTest::newRow("switch3: the odd leg shares spark-1's port")
            << int(ClusterLayout::Switch) << 3 << 20 << rdma << true << "0|1";
        QTest::newRow("switch5: two pairs, then the odd leg")
            << int(ClusterLayout::Switch) << 5 << 20 << rdma << true << "0+1|2";
        QTest::newRow("switch16: eight pairs at once")
            << int(ClusterLayout::Switch) << 16 << 20 << tcp << true << "0+1+2+3+4+5+6+7";
    }
    void plan()
    {
        QFETCH(int, layout);
        QFETCH(int, nodes);
        QFETCH(int, cores);
        QFETCH(double, endCores);
        QFETCH(bool, sideBySide);
        QFETCH(QString, rounds);
        const QList<LinkTarget> links = linksOf(ClusterLayout(layout), nodes);
        QVERIFY(!links.isEmpty());
        const auto planned = LinkTestRounds::plan(links, coresEach(nodes, cores), endCores, sideBySide);
        QCOMPARE(written(planned), rounds);
    }

    void twoCablesOfAPairShareNoPort()
    {
        LinkTarget first;
        first.nodeA = QStringLiteral("spark-1");
        first.nodeB = QStringLiteral("spark-2");
        LinkTarget second = first;
        second.portA = 1;
        second.portB = 1;
        const QHash<QString, int> cores = coresEach(2, 20);
        QCOMPARE(written(LinkTestRounds::plan({first, second}, cores, 4)), QStringLiteral("0+1"));
        QCOMPARE(written(LinkTestRounds::plan({first, first}, cores, 4)), QStringLiteral("0|1"));
    }

    void aSlowNodeKeepsOnlyItsOwnLinksApart()
    {
        // spark-2 has too few cores for two ends; spark-1 and spark-3 do not.
        QHash<QString, int> cores = coresEach(3, 20);
        cores.insert(QStringLiteral("spark-2"), 6);
        const QList<LinkTarget> ring = linksOf(ClusterLayout::Ring3, 3);
        const auto rounds = LinkTestRounds::plan(ring, cores, 4);
        for (const QList<int> &round : rounds) {
            int atSpark2 = 0;
            for (int index : round)
                atSpark2 += ring.at(index).nodeA == u"spark-2" || ring.at(index).nodeB == u"spark-2";
            QVERIFY2(atSpark2 <= 1, qPrintable(written(rounds)));
        }
        QCOMPARE(rounds.size(), 2);
        QCOMPARE(LinkTestRounds::linksPerNode(ring, rounds).value(QStringLiteral("spark-2")), 1);
    }

    void linksPerNode()
    {
        const QList<LinkTarget> ring = linksOf(ClusterLayout::Ring3, 3);
        const auto together = LinkTestRounds::linksPerNode(ring, {{0, 1, 2}});
        QCOMPARE(together.value(QStringLiteral("spark-1")), 2);
        QCOMPARE(together.value(QStringLiteral("spark-3")), 2);
        const auto apart = LinkTestRounds::linksPerNode(ring, {{0}, {1}, {2}});
        QCOMPARE(apart.value(QStringLiteral("spark-2")), 1);
    }

    void toConfirmAlone_data()
    {
        QTest::addColumn<QString>("rounds");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<QString>("again");
        const QString below = QStringLiteral("below-expected");
        const QString pass = QStringLiteral("pass");
        QTest::newRow("ring side by side: the slow one again") << "0+1+2" << QStringList{pass, below, pass} << "1";
        QTest::newRow("alone already: its verdict stands") << "0|1|2" << QStringList{below, below, pass} << "";
        QTest::newRow("rates only: idle twin and degraded too")
            << "0+1+2" << QStringList{QStringLiteral("one-twin-idle"), QStringLiteral("degraded"), below} << "0+1+2";
        QTest::newRow("facts stand: twin down, speed, loss")
            << "0+1+2" << QStringList{QStringLiteral("twin-down"), QStringLiteral("speed-negotiation"), QStringLiteral("packet-loss")}
            << "";
        QTest::newRow("nothing measured beside others: again alone")
            << "0+1+2" << QStringList{QStringLiteral("no-traffic"), pass, pass} << "0";
        QTest::newRow("switch5: the pair shared, the odd leg did not")
            << "0+1|2" << QStringList{below, pass, below} << "0";
        QTest::newRow("every link passes") << "0+1+2" << QStringList{pass, pass, pass} << "";
    }

    void toConfirmAlone()
    {
        QFETCH(QString, rounds);
        QFETCH(QStringList, reasons);
        QFETCH(QString, again);
        QList<QList<int>> planned;
        for (const QString &round : rounds.split(QLatin1Char('|'))) {
            QList<int> indexes;
            for (const QString &index : round.split(QLatin1Char('+')))
                indexes.append(index.toInt());
            planned.append(indexes);
        }
        QList<LinkVerdictReason> verdicts;
        for (const QString &key : reasons)
            verdicts.append(LinkVerdict::reasonFromKey(key));
        QCOMPARE(written({LinkTestRounds::toConfirmAlone(planned, verdicts)}), again);
    }
};

QTEST_GUILESS_MAIN(TestLinkTestRounds)
#include "tst_linktestrounds.moc"
