// SPDX-License-Identifier: MIT
// The link test over real SSH on a private sparklab ring 3 ("h8-linktest",
// 10.131.72.0/24): configured with the cluster apply, then every cable
// measured (samples arrive while iperf3 runs, verdicts pass at the lab's rate
// scale, the three cables side by side); a degraded cable fails with the reboot advice, a twin down gives
// the both-twins reason, and a cancelled run leaves nothing running. The
// same ring in RDMA mode (the perftest stand-in): passes with live samples,
// follows a reordered GID table, and a cancelled run leaves nothing running.
#include "core/linktest/linktestplan.h"
#include "core/linktest/linktestrunner.h"
#include "core/netconfig/clusterapplier.h"
#include "core/netconfig/clusterpreparer.h"
#include "core/topology/cablingplanner.h"
#include "support/clusterlab.h"

#include <QElapsedTimer>
#include <QMutex>

#include <algorithm>
#include <limits>
#include <thread>
#include <utility>

using namespace spark;
using namespace spark::testsupport;

namespace {

// Every sample with the time it reached the desktop, to show that they stream.
class SampleArrivals
{
public:
    explicit SampleArrivals(LinkTestRunner &runner)
    {
        m_clock.start();
        QObject::connect(&runner, &LinkTestRunner::sample, &runner, [this](const LinkSample &sample) {
            const QMutexLocker locker(&m_mutex);
            m_arrivals.append({m_clock.elapsed(), sample});
        }, Qt::DirectConnection);
        // Kept as a window keeps it: the run's list of links then shares its
        // data with this copy while the links are measured side by side.
        QObject::connect(&runner, &LinkTestRunner::started, &runner, [this](const LinkTestRun &planned) {
            const QMutexLocker locker(&m_mutex);
            m_planned = planned;
        }, Qt::DirectConnection);
    }

    // Each phase's samples (A→B and both at once) arrive over its seconds, not
    // all at the end (iperf3 3.12 may print its last two intervals together;
    // ib_write_bw prints one a second). Call after the run.
    void verifyLive(const QList<LinkTarget> &links) const
    {
        for (const LinkTarget &link : links) {
            for (LinkPhase phase : {LinkPhase::AToB, LinkPhase::Both}) {
                qint64 first = -1;
                qint64 last = -1;
                int totals = 0;
                for (const auto &[at, sample] : std::as_const(m_arrivals)) {
                    if (sample.link != link.id || sample.phase != phase)
                        continue;
                    first = first < 0 ? at : first;
                    last = at;
                    totals += sample.twin == LinkSample::wholePort ? 1 : 0;
                }
                QVERIFY2(last - first >= 1500, qPrintable(QStringLiteral("%1: %2 ms").arg(link.id).arg(last - first)));
                QVERIFY(totals >= (phase == LinkPhase::Both ? 4 : 2));
            }
        }
    }

    // Whether every link's samples arrived while every other's did (side by side).
    bool overlapped(const QList<LinkTarget> &links) const
    {
        qint64 latestFirst = 0;
        qint64 earliestLast = std::numeric_limits<qint64>::max();
        for (const LinkTarget &link : links) {
            const auto [first, last] = span(link.id);
            latestFirst = std::max(latestFirst, first);
            earliestLast = std::min(earliestLast, last);
        }
        return latestFirst < earliestLast;
    }

    // Whether each link's samples all arrived before the next link's first (one at a time).
    bool inTurn(const QList<LinkTarget> &links) const
    {
        for (qsizetype i = 0; i + 1 < links.size(); ++i) {
            if (span(links.at(i).id).second >= span(links.at(i + 1).id).first)
                return false;
        }
        return true;
    }

private:
    std::pair<qint64, qint64> span(const QString &link) const
    {
        qint64 first = -1;
        qint64 last = -1;
        for (const auto &[at, sample] : std::as_const(m_arrivals)) {
            if (sample.link != link)
                continue;
            first = first < 0 ? at : first;
            last = at;
        }
        return {first, last};
    }

    QMutex m_mutex;
    QElapsedTimer m_clock;
    LinkTestRun m_planned;
    QList<QPair<qint64, LinkSample>> m_arrivals;
};

} // namespace

class TestLinkTest final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    QList<LinkTarget> m_links;
    ClusterDefinition m_cluster;
    CablingPlan m_cabling;

    // As sparkctl linktest does: probe, plan the addresses, plan the links.
    Expected<QList<LinkTarget>> planLinks()
    {
        const auto facts = ClusterPreparer::probe(m_lab.prepareTargets(false));
        if (!facts)
            return facts.error();
        const auto addresses = ClusterPreparer::planAddresses(m_cluster, m_cabling, *facts);
        if (!addresses)
            return addresses.error();
        return LinkTestPlanner::plan(m_cabling, *addresses, *facts);
    }

    LinkTestJob job(const QList<LinkTarget> &links, QList<LinkPhase> phases, int seconds = 3,
                    LinkTestMode mode = LinkTestMode::Tcp, bool sideBySide = true)
    {
        LinkTestJob result;
        result.cluster = QStringLiteral("ring");
        result.links = links;
        for (int i = 0; i < m_lab.size(); ++i)
            result.nodes.append(LinkTestNode{m_lab.nodeNames().at(i), m_lab.session(i)});
        result.options.seconds = seconds;
        result.options.phases = std::move(phases);
        result.options.pings = 5;
        result.options.mode = mode;
        result.options.sideBySide = sideBySide;
        return result;
    }

    // No iperf3, no ib_write_bw and no pid or output file left on any node.
    QString leftovers()
    {
        QString found;
        for (int i = 0; i < m_lab.size(); ++i) {
            const QByteArray left = m_lab.lab().processesOn(i, QStringLiteral("iperf3"))
                + m_lab.lab().processesOn(i, QStringLiteral("ib_write_bw"))
                + m_lab.lab().sh(i, QStringLiteral("ls /tmp/spark-linktest-* 2>/dev/null; true")).out;
            if (!left.trimmed().isEmpty())
                found += m_lab.nodeNames().at(i) + QStringLiteral(": ") + QString::fromUtf8(left);
        }
        return found;
    }

    static QString describe(const LinkTestRun &run)
    {
        QStringList lines;
        for (const LinkResult &link : run.links)
            lines.append(link.label + QStringLiteral(": ") + LinkVerdict::reasonKey(link.verdict.reason) + QStringLiteral(" — ")
                         + link.verdict.sentence);
        return lines.join(QLatin1Char('\n'));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h8-linktest"), QStringLiteral("10.131.72.0/24"), {QStringLiteral("ring3")}));
        ClusterDefinition cluster;
        cluster.name = QStringLiteral("ring");
        cluster.layout = ClusterLayout::Ring3;
        cluster.devices = m_lab.nodeNames();
        ApplyOptions options;
        options.backupStamp = ClusterPreparer::backupStampNow();
        options.revertSeconds = 30;
        const auto prepared = ClusterPreparer::prepare(cluster, m_lab.prepareTargets(true), options);
        QVERIFY2(prepared, prepared ? "" : qPrintable(prepared.error().message));
        ClusterApplier applier;
        const ClusterApplyReport applied = applier.runBlocking(prepared->jobs(m_lab.prepareTargets(true)));
        QVERIFY2(applied.succeeded, qPrintable(applied.error.message));

        m_cluster = cluster;
        m_cabling = prepared->cabling;
        const auto links = planLinks();
        QVERIFY2(links, links ? "" : qPrintable(links.error().message));
        QCOMPARE(links->size(), 3);
        QCOMPARE(links->first().reportedSpeedMbps, 200000);
        m_links = *links;
    }

    void healthyRingPassesWithLiveSamples()
    {
        LinkTestRunner runner;
        SampleArrivals arrivals(runner);
        const auto run = runner.runBlocking(job(m_links, {LinkPhase::AToB, LinkPhase::Both}, 4));
        QVERIFY2(run, run ? "" : qPrintable(run.error().message + run.error().detail));
        QCOMPARE(run->scale, 0.01); // declared by the nodes
        QCOMPARE(run->links.size(), 3);
        for (const LinkResult &link : run->links) {
            QVERIFY2(link.verdict.pass, qPrintable(describe(*run)));
            QVERIFY(link.latencyUs > 0);
            QCOMPARE(link.throughput.size(), 3); // A→B, then both at once in each direction
            for (const PortThroughput &port : link.throughput) {
                QVERIFY2(port.totalGbps > 1.84 && port.totalGbps < 2.2, qPrintable(QString::number(port.totalGbps)));
                QVERIFY(port.twinSamples[0] >= 2 && port.twinSamples[1] >= 2);
            }
        }
        arrivals.verifyLive(m_links);
        // The three cables share no port: measured at once, each at its own rate.
        QVERIFY(arrivals.overlapped(m_links));
        if (QTest::currentTestFailed())
            return;
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    // RDMA mode: ib_write_bw with the probe's RoCE device and GID index per
    // end; "both at once" is an A→B and a B→A test side by side. Here one
    // link after the other, as a person may ask (--one-at-a-time).
    void rdmaHealthyRingPassesWithLiveSamples()
    {
        for (const LinkTarget &link : std::as_const(m_links)) {
            for (const LinkTwin &twin : link.twins)
                QVERIFY2(!twin.rdmaDeviceA.isEmpty() && twin.gidIndexA >= 0 && !twin.rdmaDeviceB.isEmpty() && twin.gidIndexB >= 0,
                         qPrintable(link.id));
        }
        LinkTestRunner runner;
        SampleArrivals arrivals(runner);
        const auto run = runner.runBlocking(job(m_links, {LinkPhase::AToB, LinkPhase::Both}, 4, LinkTestMode::Rdma, false));
        QVERIFY2(run, run ? "" : qPrintable(run.error().message + run.error().detail));
        QCOMPARE(run->links.size(), 3);
        for (const LinkResult &link : run->links) {
            QCOMPARE(link.method, QStringLiteral("rdma"));
            QVERIFY2(link.verdict.pass, qPrintable(describe(*run)));
            QVERIFY(link.latencyUs > 0);
            QCOMPARE(link.throughput.size(), 3); // A→B, then both at once in each direction
            for (const PortThroughput &port : link.throughput) {
                qInfo("%s %s %s: %.3f Gb/s", qPrintable(link.label), qPrintable(linkPhaseKey(port.phase)),
                      qPrintable(linkDirectionKey(port.direction)), port.totalGbps);
                QVERIFY2(port.totalGbps > 1.84 && port.totalGbps < 2.2, qPrintable(QString::number(port.totalGbps)));
                QVERIFY(port.twinSamples[0] >= 2 && port.twinSamples[1] >= 2);
                QVERIFY(port.twinSamples[0] <= 4 && port.twinSamples[1] <= 4); // one a second, no more than its seconds
            }
        }
        arrivals.verifyLive(m_links);
        QVERIFY(arrivals.inTurn(m_links));
        if (QTest::currentTestFailed())
            return;
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    // A kernel that reordered the GID table: the probe's index is used, not 3.
    void rdmaUsesTheProbedGidIndex()
    {
        const LinkTarget &first = m_links.first();
        const QString node = QString::number(m_lab.nodeNames().indexOf(first.nodeA) + 1);
        QCOMPARE(m_lab.fault({QStringLiteral("gid-reorder"), node}).exitCode, 0);
        const auto links = planLinks();
        const auto run = links ? LinkTestRunner().runBlocking(job({links->first()}, {LinkPhase::AToB}, 3, LinkTestMode::Rdma))
                               : Expected<LinkTestRun>(links.error());
        m_lab.fault({QStringLiteral("gid-reorder"), node, QStringLiteral("--clear")});
        QVERIFY2(links, links ? "" : qPrintable(links.error().message));
        const LinkTwin &reordered = links->first().twins[0];
        QCOMPARE(links->first().id, first.id);
        QVERIFY2(reordered.gidIndexA >= 0 && reordered.gidIndexA != 3, qPrintable(QString::number(reordered.gidIndexA)));
        QCOMPARE(reordered.gidIndexB, first.twins[0].gidIndexB);
        QVERIFY2(run, run ? "" : qPrintable(run.error().message));
        QVERIFY2(run->links.first().verdict.pass, qPrintable(describe(*run)));
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void rdmaCancelLeavesNothingRunning()
    {
        LinkTestRunner runner;
        std::atomic<bool> sawSample{false};
        connect(&runner, &LinkTestRunner::sample, &runner, [&](const LinkSample &) {
            sawSample = true;
            runner.cancel();
        }, Qt::DirectConnection);
        QElapsedTimer timer;
        timer.start();
        const auto run = runner.runBlocking(job(m_links, {LinkPhase::Both}, 30, LinkTestMode::Rdma));
        QVERIFY(sawSample);
        QVERIFY(!run);
        QVERIFY2(run.error().message.contains(QLatin1String("cancelled")), qPrintable(run.error().message));
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void degradedCableIsUnderRate()
    {
        QCOMPARE(m_lab.fault({QStringLiteral("degrade"), m_links.first().id}).exitCode, 0);
        LinkTestRunner runner;
        const auto run = runner.runBlocking(job({m_links.first()}, {LinkPhase::AToB}));
        m_lab.fault({QStringLiteral("degrade"), m_links.first().id, QStringLiteral("--clear")});
        QVERIFY2(run, run ? "" : qPrintable(run.error().message));
        const LinkResult &link = run->links.first();
        QVERIFY(!link.verdict.pass);
        QVERIFY2(link.verdict.reason == LinkVerdictReason::Degraded, qPrintable(describe(*run)));
        QVERIFY2(link.verdict.sentence.contains(QLatin1String("while the link reports 200G"))
                     && link.verdict.sentence.contains(QLatin1String("reboot both Sparks")),
                 qPrintable(link.verdict.sentence));
        QVERIFY(!run->passed());
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void oneTwinDownGivesTheBothTwinsReason()
    {
        const LinkTarget &link = m_links.first();
        const QString node = QString::number(m_lab.nodeNames().indexOf(link.nodeA) + 1);
        QCOMPARE(m_lab.fault({QStringLiteral("twin-down"), node, link.twins[1].netdevA}).exitCode, 0);
        LinkTestRunner runner;
        const auto run = runner.runBlocking(job({link}, {LinkPhase::AToB}));
        m_lab.fault({QStringLiteral("twin-down"), node, link.twins[1].netdevA, QStringLiteral("--clear")});
        QVERIFY2(run, run ? "" : qPrintable(run.error().message));
        const LinkResult &result = run->links.first();
        QVERIFY2(result.verdict.reason == LinkVerdictReason::OneTwinIdle, qPrintable(describe(*run)));
        QVERIFY2(result.verdict.sentence.contains(QLatin1String("both twins must be addressed")), qPrintable(result.verdict.sentence));
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    // A twin down on the far end, seen by the probe before the test: the verdict
    // names that twin (and its near end, which lost carrier with it), never a
    // "negotiated 10G" on the near end.
    void twinDownOnTheFarEndIsNamed()
    {
        const LinkTarget &link = m_links.first();
        const QString node = QString::number(m_lab.nodeNames().indexOf(link.nodeB) + 1);
        QCOMPARE(m_lab.fault({QStringLiteral("twin-down"), node, link.twins[1].netdevB}).exitCode, 0);
        const auto planned = planLinks();
        Expected<LinkTestRun> run = Error(QStringLiteral("not run"));
        if (planned)
            run = LinkTestRunner().runBlocking(job({planned->first()}, {LinkPhase::AToB}));
        m_lab.fault({QStringLiteral("twin-down"), node, link.twins[1].netdevB, QStringLiteral("--clear")});
        QVERIFY2(planned, planned ? "" : qPrintable(planned.error().message));
        QCOMPARE(planned->first().reportedSpeedMbps, 200000);
        const QString down = link.twins[1].netdevB + QStringLiteral(" on ") + link.nodeB;
        QVERIFY2(planned->first().twinsWithoutCarrier.contains(down), qPrintable(planned->first().twinsWithoutCarrier.join(u',')));
        QVERIFY2(run, run ? "" : qPrintable(run.error().message));
        const LinkResult &result = run->links.first();
        QVERIFY2(result.verdict.reason == LinkVerdictReason::TwinDown, qPrintable(describe(*run)));
        QVERIFY2(result.verdict.sentence.contains(down), qPrintable(result.verdict.sentence));
        QVERIFY(!result.verdict.sentence.contains(QLatin1String("negotiated")));
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    // The cable is pulled while it is measured: the run still ends, within its
    // time, with a failed verdict that says something, and nothing is left behind.
    void unpluggedMidRunFailsAndCleansUp_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("tcp") << int(LinkTestMode::Tcp);
        QTest::newRow("rdma") << int(LinkTestMode::Rdma);
    }

    void unpluggedMidRunFailsAndCleansUp()
    {
        QFETCH(int, mode);
        const LinkTarget &link = m_links.first();
        LinkTestRunner runner;
        std::atomic<bool> pulled{false};
        std::thread unplugger;
        connect(&runner, &LinkTestRunner::sample, &runner, [&](const LinkSample &) {
            if (!pulled.exchange(true))
                unplugger = std::thread([&] { m_lab.fault({QStringLiteral("unplug"), link.id}); });
        }, Qt::DirectConnection);
        QElapsedTimer timer;
        timer.start();
        const auto run = runner.runBlocking(job({link}, {LinkPhase::AToB}, 8, LinkTestMode(mode)));
        if (unplugger.joinable())
            unplugger.join();
        QCOMPARE(m_lab.fault({QStringLiteral("unplug"), link.id, QStringLiteral("--clear")}).exitCode, 0);
        m_lab.waitForLinkLocal();
        QVERIFY(pulled);
        QVERIFY2(run, run ? "" : qPrintable(run.error().message));
        const LinkResult &result = run->links.first();
        QVERIFY2(!result.verdict.pass, qPrintable(describe(*run)));
        QVERIFY(!result.verdict.sentence.isEmpty());
        qInfo("pulled mid-run after %lld ms: %s", qint64(timer.elapsed()), qPrintable(result.verdict.sentence));
        QVERIFY2(timer.elapsed() < 60000, qPrintable(QString::number(timer.elapsed())));
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void cancelLeavesNothingRunning()
    {
        LinkTestRunner runner;
        std::atomic<bool> sawSample{false};
        connect(&runner, &LinkTestRunner::sample, &runner, [&](const LinkSample &) {
            sawSample = true;
            runner.cancel();
        }, Qt::DirectConnection);
        QElapsedTimer timer;
        timer.start();
        const auto run = runner.runBlocking(job(m_links, {LinkPhase::Both}, 30));
        QVERIFY(sawSample);
        QVERIFY(!run);
        QVERIFY2(run.error().message.contains(QLatin1String("cancelled")), qPrintable(run.error().message));
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
        const QString left = leftovers();
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void cleanupTestCase() { m_lab.down(); }
};

SPARKLAB_MAIN(TestLinkTest)
#include "tst_linktest.moc"
