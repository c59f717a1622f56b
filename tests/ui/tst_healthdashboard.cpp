// SPDX-License-Identifier: MIT
// The link-health window fed with real NodeHealth values: polls recorded on
// sparklab (tests/fixtures/health) run through the real parser, rates, rules
// and alert history, as HealthMonitor's ticks bring them; facts from a
// recorded probe. Checks what the window shows, and saves screenshots.
#include "core/facts/probeparser.h"
#include "core/health/alerthistory.h"
#include "core/health/healthpoll.h"
#include "core/health/healthrules.h"
#include "core/topology/cablingplanner.h"
#include "support/screenshots.h"
#include "tests/support/fixtures.h"
#include "ui/drawings/topologyview.h"
#include "ui/health/healthchart.h"
#include "ui/health/healthdashboard.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

using namespace spark;
using namespace spark::ui;
using namespace spark::testsupport;

namespace {

NodeSnapshot snapshot(const QString &name)
{
    const QString text = test::readFixture(QStringLiteral("health/") + name);
    if (text.isEmpty())
        qFatal("missing fixture %s", qPrintable(name));
    return HealthPoll::parse(text);
}

NodeHealth node(const QString &name, const QString &after, const QString &before = {})
{
    NodeHealth health;
    health.node = name;
    health.cabledPorts = {0};
    if (after.isEmpty()) {
        health.reachable = false;
        health.failures = 2;
        health.retryInTicks = 3;
        health.unreachableDetail = QStringLiteral("connect: Connection refused");
        return health;
    }
    health.snapshot = snapshot(after);
    if (!before.isEmpty())
        health.rates = NodeRates::between(snapshot(before), *health.snapshot);
    if (name == u"spark-1") // as the poll measures them every ten ticks
        health.rttMs = {{QStringLiteral("enp1s0f0np0"), 0.052}, {QStringLiteral("enP2p1s0f0np0"), 0.061}};
    return health;
}

// Feeds ticks as the monitor would: rules and history over each tick's nodes.
struct Feeder
{
    explicit Feeder(HealthDashboard &d) : dashboard(d) {}
    HealthDashboard &dashboard;
    AlertHistory history;
    QDateTime time = QDateTime::currentDateTimeUtc().addSecs(-120);
    QList<HealthAlert> raised;

    void tick(const QList<NodeHealth> &nodes)
    {
        const QList<LinkEnds> links = ClusterHealth::watchFor(*CablingPlanner::plan(ClusterLayout::Direct2,
                                                                                    {QStringLiteral("spark-1"), QStringLiteral("spark-2")}, 0))
                                          .links;
        HealthThresholds thresholds;
        thresholds.scale = 0.01;
        time = time.addSecs(1);
        const auto changes = history.update(HealthRules::evaluate(nodes, links, thresholds), time);
        for (const HealthAlert &alert : changes.raised)
            raised.append(alert);
        dashboard.showTick(time, nodes, history.active(), history);
    }
};

const QString idle1 = QStringLiteral("sparklab-spark-1-idle.txt");
const QString idle2 = QStringLiteral("sparklab-spark-2-idle.txt");
const QString busy0 = QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt");
const QString busy1 = QStringLiteral("sparklab-spark-1-twin0-busy-t1.txt");

CablingPlan direct2()
{
    return *CablingPlanner::plan(ClusterLayout::Direct2, {QStringLiteral("spark-1"), QStringLiteral("spark-2")}, 0);
}

QString cell(QTableWidget *table, int row, int column)
{
    return table->item(row, column) ? table->item(row, column)->text() : QString();
}

int figureRow(QTableWidget *table, const QString &key)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, 0) && table->item(row, 0)->data(Qt::UserRole).toString() == key)
            return row;
    }
    return -1;
}

} // namespace

class TestHealthDashboard final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsTicksAlertsAndFacts()
    {
        HealthDashboard dashboard(QStringLiteral("lab"), direct2());
        dashboard.show();
        auto *topology = dashboard.findChild<TopologyView *>(QStringLiteral("topology"));
        auto *nodes = dashboard.findChild<QTableWidget *>(QStringLiteral("nodes"));
        auto *figures = dashboard.findChild<QTableWidget *>(QStringLiteral("figures"));
        auto *chart = dashboard.findChild<HealthChart *>(QStringLiteral("healthChart"));
        auto *alerts = dashboard.findChild<QTreeWidget *>(QStringLiteral("alerts"));
        auto *history = dashboard.findChild<QTreeWidget *>(QStringLiteral("history"));
        auto *title = dashboard.findChild<QLabel *>(QStringLiteral("detailTitle"));
        QVERIFY(topology && nodes && figures && chart && alerts && history && title);
        Feeder feeder(dashboard);

        // First answers: online, no rates yet, the cable up.
        feeder.tick({node(QStringLiteral("spark-1"), idle1), node(QStringLiteral("spark-2"), idle2)});
        QCOMPARE(topology->model().cables.size(), 1);
        QCOMPARE(topology->model().cables.first().state, DrawState::Ok);
        QCOMPARE(topology->model().nodes.first().state, DrawState::Ok);
        QCOMPARE(cell(nodes, 0, 1), QStringLiteral("Online"));
        QCOMPARE(cell(nodes, 0, 2), QStringLiteral("…")); // facts not probed yet
        QCOMPARE(alerts->topLevelItemCount(), 1);
        QVERIFY(alerts->topLevelItem(0)->text(2).startsWith(QLatin1String("No alerts")));
        QVERIFY2(title->text().startsWith(QStringLiteral("Cable 1: spark-1 port 0 ↔ spark-2 port 0 — healthy")), qPrintable(title->text()));

        // Traffic on twin 0 only: its rate on the cable, the twin-idle alert with cause and fix.
        for (int i = 0; i < 5; ++i)
            feeder.tick({node(QStringLiteral("spark-1"), busy1, busy0), node(QStringLiteral("spark-2"), idle2)});
        const TopologyCable cable = topology->model().cables.first();
        QCOMPARE(cable.state, DrawState::Degraded);
        QVERIFY2(cable.label.contains(QLatin1String("Gb/s")), qPrintable(cable.label));
        QVERIFY(chart->pointCount() >= 5 * 6 - 5); // every series but spark-1's twin-1 rx stays above nothing
        QCOMPARE(feeder.raised.size(), 1);
        QCOMPARE(feeder.raised.first().rule, QStringLiteral("twin-idle"));
        QTreeWidgetItem *alert = alerts->topLevelItem(0);
        QCOMPARE(alert->text(0), QStringLiteral("Warning"));
        QCOMPARE(alert->text(2), feeder.raised.first().message);
        QCOMPARE(alert->childCount(), 2);
        QVERIFY(alert->child(0)->text(2).contains(feeder.raised.first().cause));
        QVERIFY(alert->child(1)->text(2).contains(feeder.raised.first().fix));
        // The figures of both ends: the recorded counters' rates.
        QCOMPARE(figures->columnCount(), 2);
        const int crc = figureRow(figures, QStringLiteral("crc"));
        QVERIFY(crc >= 0);
        QCOMPARE(cell(figures, crc, 0), QStringLiteral("0/s"));
        QCOMPARE(cell(figures, crc, 1), QStringLiteral("–")); // spark-2 has no rates (one poll)
        const int mtu = figureRow(figures, QStringLiteral("mtu"));
        QCOMPARE(cell(figures, mtu, 0), QStringLiteral("1500"));
        QCOMPARE(cell(figures, figureRow(figures, QStringLiteral("speed")), 0), QStringLiteral("200G"));
        QCOMPARE(cell(figures, figureRow(figures, QStringLiteral("rtt")), 0), QStringLiteral("0.052 / 0.061 ms"));
        QCOMPARE(cell(figures, figureRow(figures, QStringLiteral("rtt")), 1), QStringLiteral("–"));

        // Unplugged, and spark-2 stops answering.
        feeder.tick({node(QStringLiteral("spark-1"), QStringLiteral("sparklab-spark-1-unplugged.txt")), node(QStringLiteral("spark-2"), {})});
        QCOMPARE(topology->model().cables.first().state, DrawState::Missing);
        QVERIFY(topology->model().cables.first().label.contains(QLatin1String("down")));
        QCOMPARE(topology->model().nodes.at(1).state, DrawState::Missing);
        QVERIFY2(cell(nodes, 1, 1).startsWith(QLatin1String("Offline: no answer; next try in 3 s")), qPrintable(cell(nodes, 1, 1)));
        QCOMPARE(nodes->item(1, 1)->toolTip(), QStringLiteral("connect: Connection refused"));
        QStringList rules;
        for (int i = 0; i < alerts->topLevelItemCount(); ++i)
            rules.append(alerts->topLevelItem(i)->data(0, Qt::UserRole).toString().section(QLatin1Char(':'), 0, 0));
        QCOMPARE(rules, (QStringList{QStringLiteral("link-down"), QStringLiteral("unreachable")}));
        QCOMPARE(alerts->topLevelItem(0)->text(0), QStringLiteral("Critical"));
        QCOMPARE(feeder.raised.size(), 3);

        // Back: the alerts clear, the history keeps all three.
        feeder.tick({node(QStringLiteral("spark-1"), idle1), node(QStringLiteral("spark-2"), idle2)});
        QCOMPARE(topology->model().cables.first().state, DrawState::Ok);
        QCOMPARE(history->topLevelItemCount(), 3);
        for (int i = 0; i < 3; ++i)
            QVERIFY(history->topLevelItem(i)->text(1) != QStringLiteral("active"));

        // Facts from a probe: release, driver, firmware in the node list.
        const NodeFacts facts = parseProbeOutput(test::readFixture(QStringLiteral("facts/probe/sparklab-old-release.txt")),
                                                 QStringLiteral("spark-2"));
        dashboard.showFacts(facts);
        QCOMPARE(cell(nodes, 1, 2), facts.release.version());
        QVERIFY(!facts.release.version().isEmpty());
        QCOMPARE(cell(nodes, 1, 3), facts.gpu.driverVersion);
        QCOMPARE(cell(nodes, 1, 4), facts.cx7Firmware());
    }

    void clicksSelectCablesAndNodes()
    {
        HealthDashboard dashboard(QStringLiteral("lab"), direct2());
        dashboard.resize(1100, 760);
        dashboard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
        Feeder feeder(dashboard);
        feeder.tick({node(QStringLiteral("spark-1"), idle1), node(QStringLiteral("spark-2"), idle2)});
        auto *topology = dashboard.findChild<TopologyView *>(QStringLiteral("topology"));
        auto *title = dashboard.findChild<QLabel *>(QStringLiteral("detailTitle"));
        auto *figures = dashboard.findChild<QTableWidget *>(QStringLiteral("figures"));
        const TopologyGeometry geometry = topology->geometry();
        // A node: its details (one column per cabled port).
        int spark2 = -1;
        for (int y = 0; y < topology->height() && spark2 < 0; y += 4) {
            for (int x = 0; x < topology->width(); x += 4) {
                if (geometry.nodeAt(QPointF(x, y)) == 1) {
                    QTest::mouseClick(topology, Qt::LeftButton, {}, QPoint(x, y));
                    spark2 = 1;
                    break;
                }
            }
        }
        QCOMPARE(spark2, 1);
        QCOMPARE(dashboard.selectedNode(), QStringLiteral("spark-2"));
        QVERIFY2(title->text().startsWith(QStringLiteral("spark-2 — Online")), qPrintable(title->text()));
        QCOMPARE(figures->columnCount(), 1);
        // The cable again.
        QTest::mouseClick(topology, Qt::LeftButton, {}, geometry.cableLine(0).center().toPoint());
        QCOMPARE(dashboard.selectedCable(), 0);
        QVERIFY(title->text().startsWith(QLatin1String("Cable 1")));
    }

    void chartZoomsAndPans()
    {
        HealthChart chart;
        QList<PortSample> samples;
        const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-600);
        const NodeRates rates = NodeRates::between(snapshot(busy0), snapshot(busy1));
        for (int s = 0; s <= 600; ++s)
            samples.append(RateHistory::sampleOf(start.addSecs(s), rates, 0));
        chart.setSamples(QStringLiteral("spark-1 port 0"), samples);
        QVERIFY(chart.following());
        QCOMPARE(chart.visibleTo(), start.addSecs(600));
        QCOMPARE(chart.visibleFrom().secsTo(chart.visibleTo()), 300);
        chart.zoomBy(2);
        QVERIFY(!chart.following());
        QCOMPARE(chart.visibleFrom().secsTo(chart.visibleTo()), 150);
        const QDateTime from = chart.visibleFrom();
        chart.panBy(-60);
        QCOMPARE(chart.visibleFrom(), from.addSecs(-60));
        // New samples do not move a view the user set.
        samples.append(RateHistory::sampleOf(start.addSecs(601), rates, 0));
        chart.setSamples(QStringLiteral("spark-1 port 0"), samples);
        QCOMPARE(chart.visibleFrom(), from.addSecs(-60));
        QTest::keyClick(&chart, Qt::Key_Home);
        QVERIFY(chart.following());
        QCOMPARE(chart.visibleTo(), start.addSecs(601));
        QTest::keyClick(&chart, Qt::Key_Minus);
        QCOMPARE(chart.visibleFrom().secsTo(chart.visibleTo()), 375);
    }

    void screenshots()
    {
        for (const Look &look : allLooks()) {
            LookScope scope(look);
            // Three Sparks on a switch, port 0 (what the recorded polls have cabled).
            const CablingPlan plan = *CablingPlanner::plan(
                ClusterLayout::Switch, {QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")}, 0);
            HealthDashboard dashboard(QStringLiteral("lab"), plan);
            AlertHistory history;
            QDateTime time = QDateTime::currentDateTimeUtc().addSecs(-90);
            const HealthWatch watch = ClusterHealth::watchFor(plan);
            HealthThresholds thresholds;
            thresholds.scale = 0.01;
            for (int i = 0; i < 90; ++i) {
                time = time.addSecs(1);
                NodeHealth one = node(QStringLiteral("spark-1"), i < 30 ? idle1 : busy1, i < 30 ? idle1 : busy0);

                NodeHealth two = node(QStringLiteral("spark-2"), idle2, idle2);

                NodeHealth three = node(QStringLiteral("spark-3"), i < 70 ? idle2 : QString());

                const QList<NodeHealth> nodes{one, two, three};
                history.update(HealthRules::evaluate(nodes, watch.links, thresholds), time);
                dashboard.showTick(time, nodes, history.active(), history);
            }
            dashboard.showFacts(parseProbeOutput(test::readFixture(QStringLiteral("facts/probe/sparklab-old-release.txt")),
                                                 QStringLiteral("spark-1")));
            dashboard.resize(1200, 820);
            dashboard.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dashboard));
            QVERIFY(saveScreenshot(dashboard, QStringLiteral("healthdashboard"), look));
            dashboard.resize(760, 560);
            QTest::qWait(50);
            QVERIFY(saveScreenshot(dashboard, QStringLiteral("healthdashboard-small"), look));
        }
    }
};

QTEST_MAIN(TestHealthDashboard)
#include "tst_healthdashboard.moc"
