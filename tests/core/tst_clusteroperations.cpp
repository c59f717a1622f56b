// SPDX-License-Identifier: MIT
// The cluster's sequences as both programs run them, with a fake in place of
// the link-test runner: the quick check is planned once from the discovery,
// measured with the quick check's own options over the caller's sessions, and
// its result keeps the cables it could not measure; the jobs a configured
// cluster's tests run are built from the plans.
#include "core/cluster/clusteroperations.h"
#include "core/netconfig/addressplanner.h"
#include "core/topology/cablingplanner.h"
#include "tests/support/discoveryfixtures.h"
#include "tests/support/fixtures.h"

#include <QTest>

using namespace spark;

namespace {

// Stands in for LinkTestRunner::run: keeps every job it is given and answers
// each link with the verdict the test chose, or with an error.
struct FakeMeasure
{
    QList<LinkTestJob> jobs;
    bool pass = true;
    std::optional<Error> error;

    ClusterOperations::MeasureLinks function()
    {
        return [this](const LinkTestJob &job) -> QFuture<Expected<LinkTestRun>> {
            jobs.append(job);
            if (error)
                return QtFuture::makeReadyFuture(Expected<LinkTestRun>(*error));
            LinkTestRun run;
            run.cluster = job.cluster;
            for (const LinkTarget &target : job.links) {
                LinkResult result;
                result.link = target.id;
                result.label = target.label;
                result.verdict.pass = pass;
                result.verdict.sentence = pass ? QStringLiteral("fine") : QStringLiteral("below");
                run.links.append(result);
            }
            return QtFuture::makeReadyFuture(Expected<LinkTestRun>(run));
        };
    }
};

QList<LinkTestNode> sessionsOf(const QStringList &names)
{
    QList<LinkTestNode> nodes;
    for (const QString &name : names)
        nodes.append(LinkTestNode{name, nullptr}); // the fake reaches no node
    return nodes;
}

DiscoveryReport discovered(const QString &set)
{
    DiscoveryReport report;
    report.observations = test::observedLab(set);
    return report;
}

Expected<QuickCheckResult> resultOf(const QFuture<Expected<QuickCheckResult>> &future)
{
    return future.result(); // the fake's futures are ready: nothing waits
}

} // namespace

class TestClusterOperations final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quickCheckMeasuresEveryCableOnce_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<int>("layout");
        QTest::addColumn<bool>("pass");
        QTest::addColumn<int>("cables");
        QTest::newRow("ring of 3, healthy") << "ring3" << int(ClusterLayout::Ring3) << true << 3;
        QTest::newRow("ring of 3, a cable below") << "ring3" << int(ClusterLayout::Ring3) << false << 3;
        QTest::newRow("switch of 3") << "switch3" << int(ClusterLayout::Switch) << true << 2;
    }

    void quickCheckMeasuresEveryCableOnce()
    {
        QFETCH(QString, set);
        QFETCH(int, layout);
        QFETCH(bool, pass);
        QFETCH(int, cables);
        const QStringList names = test::numberedSparks(3);
        const auto plan = CablingPlanner::plan(ClusterLayout(layout), names);
        QVERIFY(plan);
        FakeMeasure measure;
        measure.pass = pass;
        const Expected<QuickCheckResult> result = resultOf(ClusterOperations::quickCheck(
            measure.function(), QStringLiteral("lab"), *plan, discovered(set), {}, sessionsOf(names)));
        QVERIFY(result);
        QCOMPARE(measure.jobs.size(), 1); // one run: the links side by side, never one run per cable
        const LinkTestJob &job = measure.jobs.first();
        QCOMPARE(job.cluster, QStringLiteral("lab"));
        QCOMPARE(job.links.size(), cables);
        QCOMPARE(job.nodes.size(), names.size());
        // The quick check's options, not the full link test's.
        QCOMPARE(job.options.phases, QuickCheck::options().phases);
        QCOMPARE(job.options.seconds, QuickCheck::options().seconds);
        QCOMPARE(job.options.portGbps, QuickCheck::options().portGbps);
        QCOMPARE(result->links.size(), cables);
        QVERIFY(result->unmeasured.isEmpty());
        QCOMPARE(result->passed(), pass);
    }

    void aSilentTwinsCableIsNamedAndTheOthersMeasured()
    {
        const QStringList names = test::numberedSparks(3);
        const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, names);
        QVERIFY(plan);
        DiscoveryReport report = discovered(QStringLiteral("ring3"));
        InterfaceObservation *silent =
            test::interfaceOf(report.observations, QStringLiteral("spark-2"), QStringLiteral("enP2p1s0f1np1"));
        QVERIFY(silent);
        silent->neighbours.clear();
        FakeMeasure measure;
        const Expected<QuickCheckResult> result = resultOf(
            ClusterOperations::quickCheck(measure.function(), {}, *plan, report, {}, sessionsOf(names)));
        QVERIFY(result);
        QCOMPARE(measure.jobs.size(), 1);
        QCOMPARE(measure.jobs.first().links.size(), 2);
        QCOMPARE(result->unmeasured.size(), 1);
        QVERIFY2(result->unmeasured.first().startsWith(QLatin1String("cable 1 was not measured")),
                 qPrintable(result->unmeasured.first()));
        QVERIFY(!result->passed()); // a cable not measured is not a pass, even with every measured one fine
    }

    void nothingToMeasureRunsNothing()
    {
        const QStringList names = test::numberedSparks(3);
        const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, names);
        QVERIFY(plan);
        DiscoveryReport report = discovered(QStringLiteral("ring3"));
        for (NodeObservation &node : report.observations) {
            for (InterfaceObservation &interface : node.interfaces)
                interface.neighbours.clear();
        }
        FakeMeasure measure;
        const Expected<QuickCheckResult> result = resultOf(
            ClusterOperations::quickCheck(measure.function(), {}, *plan, report, {}, sessionsOf(names)));
        QVERIFY(result);
        QVERIFY(measure.jobs.isEmpty());
        QCOMPARE(result->unmeasured.size(), 3);
        QVERIFY(!result->passed());
    }

    void aRunThatCouldNotStartIsTheError()
    {
        const QStringList names = test::numberedSparks(3);
        const auto plan = CablingPlanner::plan(ClusterLayout::Ring3, names);
        QVERIFY(plan);
        FakeMeasure measure;
        measure.error = Error(QStringLiteral("spark-2 has no iperf3."), QStringLiteral("detail"));
        const Expected<QuickCheckResult> result = resultOf(ClusterOperations::quickCheck(
            measure.function(), {}, *plan, discovered(QStringLiteral("ring3")), {}, sessionsOf(names)));
        QVERIFY(!result);
        QCOMPARE(result.error().message, measure.error->message);
        QCOMPARE(result.error().detail, measure.error->detail);
    }

    void theLinkTestJobFollowsThePlans()
    {
        const QStringList names = test::numberedSparks(2);
        const auto cabling = CablingPlanner::plan(ClusterLayout::Direct2, names);
        QVERIFY(cabling);
        const auto addresses = AddressPlanner::plan(*cabling, {});
        QVERIFY(addresses);
        QList<PrepareTarget> targets;
        for (const QString &name : names)
            targets.append(PrepareTarget{name, nullptr, SudoCredential()});
        const auto job = ClusterOperations::linkTestJob(QStringLiteral("pair"), *cabling, *addresses, {}, targets);
        QVERIFY2(job, qPrintable(job ? QString() : job.error().message));
        QCOMPARE(job->cluster, QStringLiteral("pair"));
        QCOMPARE(job->links.size(), 1);
        QCOMPARE(job->nodes.size(), 2);
        QCOMPARE(job->nodes.at(0).name, names.at(0));
        QCOMPARE(job->nodes.at(1).name, names.at(1));
    }
};

QTEST_GUILESS_MAIN(TestClusterOperations)
#include "tst_clusteroperations.moc"
