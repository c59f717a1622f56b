// SPDX-License-Identifier: MIT
// The watch over every configured cluster: which clusters are polled and how
// often (plan, pure), and one session per cluster shared by the background
// and a window, its rate following what the window shows, over recorded polls.
#include "core/devices/deviceregistry.h"
#include "core/health/clusterwatch.h"
#include "tests/support/fakehealthcluster.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;
using namespace spark::test;

namespace {

ClusterDefinition cluster(const QString &name, const QStringList &devices)
{
    ClusterDefinition result;
    result.name = name;
    result.layout = devices.size() == 3 ? ClusterLayout::Ring3 : devices.size() == 2 ? ClusterLayout::Direct2 : ClusterLayout::Switch;
    result.devices = devices;
    return result;
}

// "name=ms" per polled cluster, sorted by name.
QStringList describe(const QMap<QString, int> &plan)
{
    QStringList result;
    for (auto it = plan.cbegin(); it != plan.cend(); ++it)
        result.append(QStringLiteral("%1=%2").arg(it.key()).arg(it.value()));
    return result;
}

const QString idle1 = QStringLiteral("sparklab-spark-1-idle.txt");
const QString idle2 = QStringLiteral("sparklab-spark-2-idle.txt");
const QString unplugged1 = QStringLiteral("sparklab-spark-1-unplugged.txt");

} // namespace

class TestClusterWatch final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plan_data()
    {
        QTest::addColumn<QList<ClusterDefinition>>("clusters");
        QTest::addColumn<QString>("defaultCluster");
        QTest::addColumn<QString>("viewed");
        QTest::addColumn<int>("view"); // ClusterView
        QTest::addColumn<bool>("background");
        QTest::addColumn<QStringList>("expected");
        const ClusterDefinition pair = cluster(QStringLiteral("pair"), {QStringLiteral("a"), QStringLiteral("b")});
        const ClusterDefinition ring = cluster(QStringLiteral("ring"), {QStringLiteral("c"), QStringLiteral("d"), QStringLiteral("e")});
        const ClusterDefinition older = cluster(QStringLiteral("older"), {QStringLiteral("b"), QStringLiteral("a")});
        const int closed = int(ClusterView::Closed);
        const int hidden = int(ClusterView::Hidden);
        const int shown = int(ClusterView::Shown);

        QTest::newRow("nothing configured") << QList<ClusterDefinition>{} << QString() << QString() << closed << true << QStringList{};
        QTest::newRow("background: every cluster, slowly")
            << QList<ClusterDefinition>{pair, ring} << QStringLiteral("ring") << QString() << closed << true
            << QStringList{QStringLiteral("pair=10000"), QStringLiteral("ring=10000")};
        QTest::newRow("background off, no window: nothing")
            << QList<ClusterDefinition>{pair, ring} << QStringLiteral("ring") << QString() << closed << false << QStringList{};
        QTest::newRow("shown: fast, the others slowly")
            << QList<ClusterDefinition>{pair, ring} << QStringLiteral("ring") << QStringLiteral("pair") << shown << true
            << QStringList{QStringLiteral("pair=1000"), QStringLiteral("ring=10000")};
        QTest::newRow("shown, background off: only the shown one")
            << QList<ClusterDefinition>{pair, ring} << QStringLiteral("ring") << QStringLiteral("pair") << shown << false
            << QStringList{QStringLiteral("pair=1000")};
        QTest::newRow("minimised: slowly")
            << QList<ClusterDefinition>{pair, ring} << QString() << QStringLiteral("pair") << hidden << false
            << QStringList{QStringLiteral("pair=10000")};
        QTest::newRow("window closed: back to the background rate")
            << QList<ClusterDefinition>{pair} << QString() << QStringLiteral("pair") << closed << true
            << QStringList{QStringLiteral("pair=10000")};
        QTest::newRow("name in another case")
            << QList<ClusterDefinition>{pair} << QString() << QStringLiteral("PAIR") << shown << false
            << QStringList{QStringLiteral("pair=1000")};
        QTest::newRow("a cluster that is gone")
            << QList<ClusterDefinition>{pair} << QString() << QStringLiteral("gone") << shown << false << QStringList{};
        QTest::newRow("the same Sparks twice: the default one only")
            << QList<ClusterDefinition>{older, pair} << QStringLiteral("pair") << QString() << closed << true
            << QStringList{QStringLiteral("pair=10000")};
        QTest::newRow("the same Sparks twice: the shown one wins")
            << QList<ClusterDefinition>{older, pair} << QStringLiteral("pair") << QStringLiteral("older") << shown << true
            << QStringList{QStringLiteral("older=1000")};
        QTest::newRow("no default: the first of the same Sparks")
            << QList<ClusterDefinition>{older, pair, ring} << QString() << QString() << closed << true
            << QStringList{QStringLiteral("older=10000"), QStringLiteral("ring=10000")};
    }

    void plan()
    {
        QFETCH(QList<ClusterDefinition>, clusters);
        QFETCH(QString, defaultCluster);
        QFETCH(QString, viewed);
        QFETCH(int, view);
        QFETCH(bool, background);
        QFETCH(QStringList, expected);
        const ClusterWatch::Demand demand{viewed, ClusterView(view), background};
        QCOMPARE(describe(ClusterWatch::plan(clusters, defaultCluster, demand)), expected);
    }

    void oneSessionSharedByBackgroundAndWindow()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("clusters.json"));
        QVERIFY(saveClusters(file, {pairCluster()}));
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        FakeHealthCluster fake;
        fake.answers = {{QStringLiteral("spark-1"), idle1}, {QStringLiteral("spark-2"), idle2}};
        ClusterWatch watch(registry, file);
        watch.setOpener(fake.opener());
        watch.setRates({100, 400});
        QSignalSpy notices(&watch, &ClusterWatch::notice);

        QVERIFY(watch.watched().isEmpty()); // off until asked
        watch.setBackground(true);
        QCOMPARE(watch.watched(), QStringList{QStringLiteral("pair")});
        QCOMPARE(watch.intervalMs(QStringLiteral("pair")), 400);
        HealthSession *background = watch.session(QStringLiteral("pair"));
        QVERIFY(background);
        QTRY_VERIFY(fake.polls.value(QStringLiteral("spark-1")) >= 1);

        // A window takes the same session: no second poll of the same Sparks.
        const Expected<HealthSession *> viewed = watch.openForView(QString()); // the default cluster
        QVERIFY(viewed.hasValue());
        QCOMPARE(*viewed, background);
        QCOMPARE(fake.sessionsOpened, 1);
        QCOMPARE(watch.intervalMs(QStringLiteral("pair")), 400); // not shown yet
        watch.setView(QStringLiteral("pair"), ClusterView::Shown);
        QCOMPARE(watch.intervalMs(QStringLiteral("pair")), 100);
        // Shown: about one poll per node per 100 ms, never two in flight.
        const int before = fake.polls.value(QStringLiteral("spark-1"));
        QTest::qWait(1000);
        const int fast = fake.polls.value(QStringLiteral("spark-1")) - before;
        QVERIFY2(fast >= 3 && fast <= 12, qPrintable(QString::number(fast)));
        QCOMPARE(fake.polls.value(QStringLiteral("spark-2")), fake.polls.value(QStringLiteral("spark-1")));

        watch.setView(QStringLiteral("pair"), ClusterView::Hidden);
        QCOMPARE(watch.intervalMs(QStringLiteral("pair")), 400);
        watch.setView(QStringLiteral("pair"), ClusterView::Closed);
        QCOMPARE(watch.session(QStringLiteral("pair")), background); // still watched in the background
        QCOMPARE(watch.intervalMs(QStringLiteral("pair")), 400);
        const int slowBefore = fake.polls.value(QStringLiteral("spark-1"));
        QTest::qWait(1000);
        const int slow = fake.polls.value(QStringLiteral("spark-1")) - slowBefore;
        QVERIFY2(slow >= 1 && slow <= 4, qPrintable(QString::number(slow)));
        QCOMPARE(fake.sessionsOpened, 1);
        QVERIFY(notices.isEmpty()); // healthy all along

        // Turned off: nothing is polled any more.
        watch.setBackground(false);
        QVERIFY(watch.watched().isEmpty());
        QTest::qWait(50);
        const int stopped = fake.totalPolls();
        QTest::qWait(600);
        QCOMPARE(fake.totalPolls(), stopped);
    }

    void withoutBackgroundTheWindowsSessionEndsWithIt()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("clusters.json"));
        QVERIFY(saveClusters(file, {pairCluster()}));
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        FakeHealthCluster fake;
        fake.answers = {{QStringLiteral("spark-1"), idle1}, {QStringLiteral("spark-2"), idle2}};
        ClusterWatch watch(registry, file);
        watch.setOpener(fake.opener());
        QVERIFY(!watch.openForView(QStringLiteral("nothing")).hasValue()); // no such cluster: a sentence
        QVERIFY(watch.openForView(QStringLiteral("pair")).hasValue());
        watch.setView(QStringLiteral("pair"), ClusterView::Shown);
        QCOMPARE(watch.intervalMs(QStringLiteral("pair")), 1000);
        watch.setView(QStringLiteral("pair"), ClusterView::Closed);
        QVERIFY(watch.watched().isEmpty());
    }

    void alertsBecomeNoticesOnceWithTheirCable()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("clusters.json"));
        QVERIFY(saveClusters(file, {pairCluster()}));
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        FakeHealthCluster fake;
        fake.answers = {{QStringLiteral("spark-1"), idle1}, {QStringLiteral("spark-2"), idle2}};
        ClusterWatch watch(registry, file);
        watch.setOpener(fake.opener());
        watch.setRates({100, 100});
        QSignalSpy notices(&watch, &ClusterWatch::notice);
        watch.setBackground(true);
        QTRY_VERIFY(fake.polls.value(QStringLiteral("spark-1")) >= 2);

        fake.answers.insert(QStringLiteral("spark-1"), unplugged1); // the cable comes out
        QTRY_COMPARE(notices.size(), 1);
        const auto raised = notices.first().first().value<HealthNotice>();
        QCOMPARE(raised.kind, HealthNotice::Kind::Raised);
        QCOMPARE(raised.cluster, QStringLiteral("pair"));
        QCOMPARE(raised.cable, std::optional<int>(0));
        QCOMPARE(raised.severity, HealthAlert::Severity::Critical);
        QVERIFY2(raised.message.contains(QLatin1String("spark-1")), qPrintable(raised.message));
        const int polls = fake.polls.value(QStringLiteral("spark-1"));
        QTRY_VERIFY(fake.polls.value(QStringLiteral("spark-1")) >= polls + 5);
        QCOMPARE(notices.size(), 1); // still unplugged: not again

        fake.answers.insert(QStringLiteral("spark-1"), idle1); // back in
        QTRY_COMPARE(notices.size(), 2);
        QCOMPARE(notices.last().first().value<HealthNotice>().kind, HealthNotice::Kind::Cleared);
        const int after = fake.polls.value(QStringLiteral("spark-1"));
        QTRY_VERIFY(fake.polls.value(QStringLiteral("spark-1")) >= after + 5);
        QCOMPARE(notices.size(), 2); // cleared once
    }

    void aClusterPlannedAgainGetsANewSession()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("clusters.json"));
        QVERIFY(saveClusters(file, {pairCluster()}));
        DeviceRegistry registry(dir.filePath(QStringLiteral("devices.json")));
        FakeHealthCluster fake;
        ClusterWatch watch(registry, file);
        watch.setOpener(fake.opener());
        watch.setBackground(true);
        QCOMPARE(fake.sessionsOpened, 1);
        QVERIFY(watch.reload().hasValue()); // unchanged: the same session
        QCOMPARE(fake.sessionsOpened, 1);
        ClusterDefinition changed = pairCluster();
        changed.port = 1;
        QVERIFY(saveClusters(file, {changed}));
        QVERIFY(watch.reload().hasValue());
        QCOMPARE(fake.sessionsOpened, 2);
        QCOMPARE(watch.session(QStringLiteral("pair"))->cluster().port, std::optional<int>(1));
        QVERIFY(saveClusters(file, {}));
        QVERIFY(watch.reload().hasValue());
        QVERIFY(watch.watched().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestClusterWatch)
#include "tst_clusterwatch.moc"
