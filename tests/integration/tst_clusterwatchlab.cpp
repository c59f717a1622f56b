// SPDX-License-Identifier: MIT
// Health in the background over real SSH on a private sparklab pair
// ("h18-watch", 10.131.218.0/24), configured with the cluster apply and
// registered as enrolment leaves it: ClusterWatch polls the configured
// cluster with no window, slowly; an unplugged cable becomes one notice
// naming the cable, replugging it one "cleared" notice; a window takes the
// same session (no second one) and raises its rate while it shows.
#include "core/devices/deviceregistry.h"
#include "core/health/clusterwatch.h"
#include "core/netconfig/clusterapplier.h"
#include "core/netconfig/clusterpreparer.h"
#include "support/clusterlab.h"
#include "support/registereddevices.h"

#include <QElapsedTimer>
#include <QSignalSpy>

using namespace spark;
using namespace spark::testsupport;

namespace {

const QString labName = QStringLiteral("h18-watch");
const QString labSubnet = QStringLiteral("10.131.218.0/24");
const QString pair = QStringLiteral("pair");

QString describe(const QList<HealthNotice> &notices)
{
    QStringList lines;
    for (const HealthNotice &notice : notices)
        lines.append(notice.title + QStringLiteral(": ") + notice.message);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestClusterWatchLab final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(labName, labSubnet, {QStringLiteral("direct2")}));
        ClusterDefinition cluster;
        cluster.name = pair;
        cluster.layout = ClusterLayout::Direct2;
        cluster.devices = m_lab.nodeNames();
        cluster.port = 0;
        ApplyOptions options;
        options.backupStamp = ClusterPreparer::backupStampNow();
        options.revertSeconds = 30;
        const auto prepared = ClusterPreparer::prepare(cluster, m_lab.prepareTargets(true), options);
        QVERIFY2(prepared, prepared ? "" : qPrintable(prepared.error().message));
        ClusterApplier applier;
        const ClusterApplyReport applied = applier.runBlocking(prepared->jobs(m_lab.prepareTargets(true)));
        QVERIFY2(applied.succeeded, qPrintable(applied.error.message));
        m_lab.dropSessions();
        QCOMPARE(registerLabDevices(m_lab, *m_home).size(), 2);
        ClusterStore store;
        QVERIFY(store.put(cluster).hasValue());
        QVERIFY(store.save().hasValue());
    }

    void cleanupTestCase() { m_lab.down(); }

    void watchesInTheBackgroundAndSharesTheSessionWithAWindow()
    {
        DeviceRegistry registry;
        QVERIFY(registry.load().hasValue());
        ClusterWatch watch(registry);
        int opened = 0;
        watch.setOpener([&](const ClusterDefinition &cluster) {
            ++opened;
            return HealthSession::open(cluster, registry);
        });
        watch.setRates({1000, 3000});
        QList<HealthNotice> notices;
        connect(&watch, &ClusterWatch::notice, this, [&](const HealthNotice &notice) { notices.append(notice); });
        QList<QDateTime> ticks;

        watch.setBackground(true);
        QCOMPARE(watch.watched(), QStringList{pair});
        HealthSession *session = watch.session(pair);
        QVERIFY(session);
        connect(&session->monitor(), &HealthMonitor::tick, this,
                [&](const QDateTime &time, const QList<NodeHealth> &, const QList<HealthAlert> &) { ticks.append(time); });
        // Both Sparks answer over SSH; the configured pair has nothing to tell.
        QTRY_VERIFY_WITH_TIMEOUT(ticks.size() >= 3, 20000);
        for (const NodeHealth &node : session->monitor().lastNodes())
            QVERIFY2(node.reachable && node.snapshot, qPrintable(node.node + QStringLiteral(": ") + node.unreachableDetail));
        QVERIFY2(notices.isEmpty(), qPrintable(describe(notices)));
        // The background rate: about one round per 3 s (a round is reported when its polls are back).
        const qint64 slowGap = ticks.at(ticks.size() - 3).msecsTo(ticks.last()) / 2;
        QVERIFY2(slowGap >= 2000 && slowGap <= 4500, qPrintable(QString::number(slowGap)));

        // The cable comes out: one notice naming cable 1, within two background rounds.
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(m_lab.fault({QStringLiteral("unplug"), QStringLiteral("1:0-2:0")}).exitCode, 0);
        QTRY_VERIFY_WITH_TIMEOUT(!notices.isEmpty(), 15000);
        qInfo("unplugged: notice after %lld ms at the background rate", clock.elapsed());
        QCOMPARE(notices.size(), 1);
        QCOMPARE(notices.first().kind, HealthNotice::Kind::Raised);
        QCOMPARE(notices.first().cluster, pair);
        QCOMPARE(notices.first().cable, std::optional<int>(0));
        QVERIFY2(notices.first().message.contains(QLatin1String("no link")) || notices.first().message.contains(QLatin1String("down")),
                 qPrintable(describe(notices)));

        // A window opens: the same session, polled once a second while shown.
        const Expected<HealthSession *> viewed = watch.openForView(pair);
        QVERIFY(viewed.hasValue());
        QCOMPARE(*viewed, session);
        watch.setView(pair, ClusterView::Shown);
        QCOMPARE(watch.intervalMs(pair), 1000);
        const qsizetype before = ticks.size();
        QTRY_VERIFY_WITH_TIMEOUT(ticks.size() >= before + 4, 10000);
        const qint64 fastGap = ticks.at(ticks.size() - 3).msecsTo(ticks.last()) / 2;
        QVERIFY2(fastGap >= 500 && fastGap <= 1800, qPrintable(QString::number(fastGap)));
        QCOMPARE(notices.size(), 1); // still unplugged: not again
        QCOMPARE(opened, 1);

        // Plugged back: one "cleared" notice; the window closes, the slow rate again.
        QCOMPARE(m_lab.fault({QStringLiteral("replug"), QStringLiteral("1:0-2:0")}).exitCode, 0);
        QTRY_VERIFY_WITH_TIMEOUT(notices.size() >= 2, 20000);
        QCOMPARE(notices.at(1).kind, HealthNotice::Kind::Cleared);
        watch.setView(pair, ClusterView::Closed);
        QCOMPARE(watch.intervalMs(pair), 3000);
        QTest::qWait(4000);
        QCOMPARE(notices.size(), 2);
        QCOMPARE(opened, 1);
    }
};

SPARKLAB_MAIN(TestClusterWatchLab)
#include "tst_clusterwatchlab.moc"
