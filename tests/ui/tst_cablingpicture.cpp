// SPDX-License-Identifier: MIT
// CablingPictureBuilder: core's plan and a discovery report put onto the
// rear panels and the topology, with real discovery outputs of the emulated
// cluster (tests/fixtures/topology).
#include "core/topology/cablingplanner.h"
#include "ui/wizard/cablingpicture.h"

#include <QTest>

#include "support/fakeclusterbackend.h"

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {
const QStringList kRing{QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")};

// "NW" per node: the states of port 0 and port 1 (N none, X next, O ok, W wrong, M missing, D degraded).
QString states(const CablingPicture &picture)
{
    QStringList nodes;
    for (const RearPanelModel &panel : picture.panels) {
        QString two;
        for (const PanelPort &port : panel.ports) {
            switch (port.state) {
            case DrawState::None: two += QLatin1Char('N'); break;
            case DrawState::Next: two += QLatin1Char('X'); break;
            case DrawState::Ok: two += QLatin1Char('O'); break;
            case DrawState::Wrong: two += QLatin1Char('W'); break;
            case DrawState::Missing: two += QLatin1Char('M'); break;
            case DrawState::Degraded: two += QLatin1Char('D'); break;
            }
        }
        nodes.append(two);
    }
    return nodes.join(QLatin1Char(' '));
}
} // namespace

class TestCablingPicture final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void portsTakeTheStateOfWhatWasSeen_data()
    {
        QTest::addColumn<int>("layout");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("set"); // empty: no report yet
        QTest::addColumn<int>("next");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("arrowNode"); // the panel with an arrow, -1 none

        // Ring: 1:0–2:1, 2:0–3:1, 3:0–1:1.
        QTest::newRow("ring, first cable next") << int(ClusterLayout::Ring3) << -1 << QString() << 0 << "XN NX NN" << -1;
        QTest::newRow("ring, second cable next") << int(ClusterLayout::Ring3) << -1 << QString() << 1 << "NN XN NX" << -1;
        QTest::newRow("ring, all seen") << int(ClusterLayout::Ring3) << -1 << "ring3" << -1 << "OO OO OO" << -1;
        // Seen 1:0–2:0 and 3:0–1:1: Spark 2's cable belongs in its right port.
        QTest::newRow("ring, miswired") << int(ClusterLayout::Ring3) << -1 << "miswired3" << -1 << "WO WM OM" << 1;
        QTest::newRow("ring, miswired, cable 2 next") << int(ClusterLayout::Ring3) << -1 << "miswired3" << 1 << "WO WM OX"
                                                      << 1;
        QTest::newRow("ring, miswired, cable 1 next") << int(ClusterLayout::Ring3) << -1 << "miswired3" << 0 << "WO WX OM"
                                                      << 1;
        QTest::newRow("direct, right port") << int(ClusterLayout::Direct2) << 1 << QString() << 0 << "NX NX" << -1;
        QTest::newRow("switch, left port") << int(ClusterLayout::Switch) << 0 << QString() << 2 << "NN NN XN" << -1;
        // The ring's cables seen by a switch plan: every Spark uses both ports, each on a direct cable.
        QTest::newRow("switch, cabled as a ring") << int(ClusterLayout::Switch) << 0 << "ring3" << -1 << "WW WW WW" << -1;
    }

    void portsTakeTheStateOfWhatWasSeen()
    {
        QFETCH(int, layout);
        QFETCH(int, port);
        QFETCH(QString, set);
        QFETCH(int, next);
        QFETCH(QString, expected);
        QFETCH(int, arrowNode);
        const auto plan = CablingPlanner::plan(ClusterLayout(layout), kRing.mid(0, layout == int(ClusterLayout::Direct2) ? 2 : 3),
                                               port < 0 ? std::nullopt : std::optional<int>(port));
        QVERIFY(plan);
        std::optional<DiscoveryReport> report;
        if (!set.isEmpty())
            report = reportFor(*plan, observedSet(set));
        const CablingPicture picture = CablingPictureBuilder::build(*plan, report, next, true);
        QCOMPARE(states(picture), expected);
        for (int i = 0; i < picture.panels.size(); ++i) {
            QCOMPARE(picture.panels.at(i).arrowFrom >= 0, i == arrowNode);
            QVERIFY(picture.panels.at(i).title.contains(plan->nodes.at(i)));
        }
        QCOMPARE(picture.topology.nodes.size(), plan->nodes.size());
        QCOMPARE(picture.topology.arrows.size(), arrowNode >= 0 ? 1 : 0);
    }

    void peersAndNotesAreWritten()
    {
        const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, kRing);
        const CablingPicture plain = CablingPictureBuilder::build(*plan, std::nullopt, 0, false);
        QCOMPARE(plain.panels.at(0).ports[0].peer, QStringLiteral("Spark 2 · port 1"));
        QCOMPARE(plain.panels.at(0).ports[1].peer, QStringLiteral("Spark 3 · port 0"));
        QVERIFY(!plain.panels.at(0).selectable);
        QCOMPARE(plain.topology.cables.size(), 3);
        QCOMPARE(plain.topology.cables.at(0).state, DrawState::Next);
        QCOMPARE(plain.topology.cables.at(1).label, QStringLiteral("cable 2"));

        const CablingPicture miswired = CablingPictureBuilder::build(*plan, reportFor(*plan, observedSet(QStringLiteral("miswired3"))), -1, false);
        QVERIFY(miswired.panels.at(0).ports[0].note.contains(QLatin1String("spark-2")));
        // The cable seen between 1:0 and 2:0, in red, beside the three planned ones.
        QCOMPARE(miswired.topology.cables.size(), 4);
        QCOMPARE(miswired.topology.cables.last().state, DrawState::Wrong);
        QCOMPARE(miswired.topology.cables.at(2).state, DrawState::Ok);
    }

    void aReportWithAnUnansweredNodeIsNotDrawn()
    {
        const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, kRing);
        DiscoveryReport report = reportFor(*plan, observedSet(QStringLiteral("ring3")));
        report.problems.append(NodeError{QStringLiteral("spark-3"), Error(QStringLiteral("spark-3 did not answer."))});
        QCOMPARE(states(CablingPictureBuilder::build(*plan, report, 0, false)), QStringLiteral("XN NX NN"));
    }
};

QTEST_MAIN(TestCablingPicture)
#include "tst_cablingpicture.moc"
