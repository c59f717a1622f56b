// SPDX-License-Identifier: MIT
// Health in the background, as the app wires it: the cluster watch polls a
// configured cluster (recorded polls, no SSH) with every window closed, its
// alerts reach the tray, and a click on the notification opens the
// link-health window on the cable or Spark it names, taking the watch's
// session (one poll of the Sparks) at the fast rate until it closes.
#include "core/devices/deviceregistry.h"
#include "core/health/clusterwatch.h"
#include "support/screenshots.h"
#include "tests/support/fakehealthcluster.h"
#include "ui/health/healthdashboard.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/tray/trayicon.h"

#include <QLabel>
#include <QPointer>
#include <QSystemTrayIcon>
#include <QTemporaryDir>
#include <QTest>

using namespace spark;
using namespace spark::test;
using namespace spark::testsupport;
using namespace spark::ui;

namespace {

const QString idle1 = QStringLiteral("sparklab-spark-1-idle.txt");
const QString idle2 = QStringLiteral("sparklab-spark-2-idle.txt");
const QString unplugged1 = QStringLiteral("sparklab-spark-1-unplugged.txt");
const QString spark1 = QStringLiteral("spark-1");
const QString spark2 = QStringLiteral("spark-2");
const QString pair = QStringLiteral("pair");

// The app's objects: a watch over one cluster file, the window, the tray.
struct App
{
    QTemporaryDir dir;
    FakeHealthCluster fake;
    DeviceRegistry registry{dir.filePath(QStringLiteral("devices.json"))};
    ClusterWatch watch{registry, dir.filePath(QStringLiteral("clusters.json"))};
    MainWindow window{registry};
    TrayIcon tray{window};

    App()
    {
        saveClusters(dir.filePath(QStringLiteral("clusters.json")), {pairCluster()});
        fake.answers = {{spark1, idle1}, {spark2, idle2}};
        watch.setOpener(fake.opener());
        window.setClusterWatch(&watch);
        QObject::connect(&watch, &ClusterWatch::notice, &tray, &TrayIcon::showHealthNotice);
    }

    void clickNotification()
    {
        auto *icon = tray.findChild<QSystemTrayIcon *>();
        QVERIFY(icon);
        Q_EMIT icon->messageClicked();
    }

    HealthDashboard *dashboard() const { return window.findChild<HealthDashboard *>(QStringLiteral("healthDashboard")); }
};

} // namespace

class TestBackgroundHealth final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void alertsReachTheTrayAndAClickOpensTheWindowThere()
    {
        App app;
        app.watch.setRates({100, 300});
        app.watch.setBackground(true);
        QCOMPARE(app.watch.watched(), QStringList{pair});
        QVERIFY(!app.window.isVisible()); // every window closed: watched all the same
        QTRY_VERIFY(app.fake.polls.value(spark2) >= 2);
        QVERIFY(!app.tray.lastHealthNotice()); // healthy: nothing to tell

        // spark-2 stops answering: a notice about the Spark (no cable).
        app.fake.answers.remove(spark2);
        QTRY_VERIFY_WITH_TIMEOUT(app.tray.lastHealthNotice().has_value(), 5000);
        HealthNotice notice = *app.tray.lastHealthNotice();
        QCOMPARE(notice.kind, HealthNotice::Kind::Raised);
        QCOMPARE(notice.node, spark2);
        QVERIFY(!notice.cable);
        QVERIFY2(notice.title.contains(pair), qPrintable(notice.title));
        QVERIFY2(notice.message.contains(QLatin1String("spark-2 does not answer")), qPrintable(notice.message));

        app.clickNotification();
        QPointer<HealthDashboard> dashboard = app.dashboard();
        QVERIFY(dashboard);
        QVERIFY(dashboard->isVisible());
        QCOMPARE(dashboard->cluster(), pair);
        QCOMPARE(dashboard->selectedNode(), spark2);
        // The watch's session, now at the fast rate: no second session, no second poll of the Sparks.
        QCOMPARE(app.fake.sessionsOpened, 1);
        QCOMPARE(app.watch.intervalMs(pair), 100);
        app.fake.answers.insert(spark2, idle2);
        const int before = app.fake.polls.value(spark1);
        QTest::qWait(1000);
        const int shownPolls = app.fake.polls.value(spark1) - before;
        QVERIFY2(shownPolls >= 3 && shownPolls <= 12, qPrintable(QString::number(shownPolls)));

        // The cable comes out while the window shows spark-2: the click moves it to the cable.
        QTRY_VERIFY(app.tray.lastHealthNotice()->kind == HealthNotice::Kind::Cleared); // spark-2 is back
        app.fake.answers.insert(spark1, unplugged1);
        QTRY_VERIFY(app.tray.lastHealthNotice()->kind == HealthNotice::Kind::Raised);
        notice = *app.tray.lastHealthNotice();
        QCOMPARE(notice.cable, std::optional<int>(0));
        app.clickNotification();
        QCOMPARE(app.dashboard(), dashboard.data()); // the same window
        QCOMPARE(dashboard->selectedCable(), 0);
        QVERIFY(dashboard->selectedNode().isEmpty());

        // Closed: back to the background rate, still watched.
        dashboard->close();
        QTRY_VERIFY(!dashboard);
        QCOMPARE(app.watch.intervalMs(pair), 300);
        QCOMPARE(app.fake.sessionsOpened, 1);
    }

    void theWindowShowsWhatTheWatchKnewBeforeItOpened()
    {
        App app;
        app.fake.answers.insert(spark1, QStringLiteral("sparklab-spark-1-twin0-busy-t0.txt|sparklab-spark-1-twin0-busy-t1.txt"));
        app.watch.setRates({100, 200});
        app.watch.setBackground(true);
        QTRY_VERIFY(!app.watch.session(pair)->rates().samples(spark1, 0).isEmpty());
        app.window.openHealthDashboard(pair);
        HealthDashboard *dashboard = app.dashboard();
        QVERIFY(dashboard);
        // The last tick at once, not after the next poll.
        const QString summary = dashboard->findChild<QLabel *>(QStringLiteral("summary"))->text();
        QVERIFY2(summary.startsWith(QLatin1String("2 of 2 Sparks online")), qPrintable(summary));
        // The rates of before the window opened, charted (the session's history).
        QVERIFY(!dashboard->rates().samples(spark1, 0).isEmpty());
        // Minimised: the slow rate; shown again: fast.
        QTRY_COMPARE(app.watch.intervalMs(pair), 100);
        dashboard->showMinimized();
        QTRY_COMPARE(app.watch.intervalMs(pair), 200);
        dashboard->showNormal();
        QTRY_COMPARE(app.watch.intervalMs(pair), 100);
        dashboard->close();
    }

    void withoutTheBackgroundWatchTheWindowStillPollsAndStops()
    {
        App app;
        app.window.openHealthDashboard(pair);
        QVERIFY(app.dashboard());
        QTRY_COMPARE(app.watch.intervalMs(pair), 1000);
        QPointer<HealthDashboard> dashboard = app.dashboard();
        dashboard->close();
        QTRY_VERIFY(!dashboard);
        QVERIFY(app.watch.watched().isEmpty());
        QTest::qWait(50);
        const int polls = app.fake.totalPolls();
        QTest::qWait(1200);
        QCOMPARE(app.fake.totalPolls(), polls);
    }

    void screenshots_data() { addLookRows(); }

    void screenshots()
    {
        // The window a click on "spark-1: port 0 is down" opens.
        QFETCH(int, lookIndex);
        const Look look = allLooks().at(lookIndex);
        LookScope scope(look);
        App app;
        app.watch.setRates({100, 100});
        app.watch.setBackground(true);
        QTRY_VERIFY(app.fake.polls.value(spark1) >= 2);
        app.fake.answers.insert(spark1, unplugged1);
        QTRY_VERIFY(app.tray.lastHealthNotice().has_value());
        app.clickNotification();
        HealthDashboard *dashboard = app.dashboard();
        QVERIFY(dashboard);
        QVERIFY(QTest::qWaitForWindowExposed(dashboard));
        QTest::qWait(300);
        QVERIFY(saveScreenshot(*dashboard, QStringLiteral("health-from-notification"), look));
        dashboard->close();
    }
};

QTEST_MAIN(TestBackgroundHealth)
#include "tst_backgroundhealth.moc"
