// SPDX-License-Identifier: MIT
// Which alerts become desktop notifications: the active alerts of a ring of
// three, tick after tick, and the notices each tick gives.
#include "core/health/healthnotices.h"
#include "core/topology/cablingplanner.h"

#include <QTest>

using namespace spark;

namespace {

// "link-down:b:port 0" → an alert with that key, rule, node and subject;
// link-down and unreachable are critical, as in HealthRules.
HealthAlert alert(const QString &key)
{
    const QStringList parts = key.split(QLatin1Char(':'));
    HealthAlert result;
    result.key = key;
    result.rule = parts.value(0);
    result.node = parts.value(1);
    result.subject = parts.value(2);
    result.severity = result.rule == u"link-down" || result.rule == u"unreachable" ? HealthAlert::Severity::Critical
                                                                                   : HealthAlert::Severity::Warning;
    result.message = QStringLiteral("Message of %1.").arg(key);
    result.fix = QStringLiteral("Fix of %1.").arg(key);
    return result;
}

QList<HealthAlert> alerts(const QStringList &keys)
{
    QList<HealthAlert> result;
    for (const QString &key : keys) {
        if (!key.startsWith(QLatin1Char('+')))
            result.append(alert(key));
    }
    return result;
}

// The tick's answers: the "+node" entries, or else every Spark without an
// "unreachable" alert.
QList<NodeHealth> nodes(const QStringList &keys)
{
    QStringList answered;
    for (const QString &key : keys) {
        if (key.startsWith(QLatin1Char('+')))
            answered.append(key.mid(1));
    }
    if (answered.isEmpty()) {
        answered = QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        for (const QString &key : keys) {
            if (key.startsWith(QLatin1String("unreachable:")))
                answered.removeAll(key.section(QLatin1Char(':'), 1, 1));
        }
    }
    QList<NodeHealth> result;
    for (const QString &name : answered) {
        NodeHealth health;
        health.node = name;
        health.snapshot = NodeSnapshot{};
        result.append(health);
    }
    return result;
}

CablingPlan ring()
{
    // Cable 1 (index 0): a p0 → b p1; cable 2: b p0 → c p1; cable 3: c p0 → a p1.
    return *CablingPlanner::plan(ClusterLayout::Ring3, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
}

// "raised critical cable 1 b: key, key" per notice, " | " between notices.
QString describe(const QList<HealthNotice> &notices)
{
    QStringList parts;
    for (const HealthNotice &notice : notices) {
        QStringList keys;
        for (const HealthAlert &alert : notice.alerts)
            keys.append(alert.key);
        parts.append(QStringLiteral("%1 %2 %3 %4: %5")
                         .arg(notice.kind == HealthNotice::Kind::Raised ? QStringLiteral("raised") : QStringLiteral("cleared"),
                              HealthAlert::severityKey(notice.severity),
                              notice.cable ? QStringLiteral("cable %1").arg(*notice.cable + 1) : QStringLiteral("no cable"),
                              notice.node, keys.join(QStringLiteral(", "))));
    }
    return parts.join(QStringLiteral(" | "));
}

} // namespace

class TestHealthNotices final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noticesPerTick_data()
    {
        // The active alerts of each tick; "+a": Spark a answered that tick (every
        // Spark answers in a tick without any "+").
        QTest::addColumn<QList<QStringList>>("ticks");
        QTest::addColumn<QStringList>("expected");       // the notices of each tick
        const QString down = QStringLiteral("link-down:b:port 0");
        const QString crc = QStringLiteral("errors:c:port 1");
        const QString gone = QStringLiteral("unreachable:a:a");
        const QString farEnd = QStringLiteral("link-down:a:port 1");
        const QString twin = QStringLiteral("twin-idle:a:port 0");

        QTest::newRow("healthy: nothing") << QList<QStringList>{{}, {}, {}} << QStringList{QString(), QString(), QString()};
        QTest::newRow("new alert once, not every tick")
            << QList<QStringList>{{}, {down}, {down}, {down}}
            << QStringList{QString(), QStringLiteral("raised critical cable 2 b: ") + down, QString(), QString()};
        QTest::newRow("cleared once")
            << QList<QStringList>{{down}, {down}, {}, {}}
            << QStringList{QStringLiteral("raised critical cable 2 b: ") + down, QString(),
                           QStringLiteral("cleared warning cable 2 b: ") + down, QString()};
        QTest::newRow("the far end of the same cable")
            << QList<QStringList>{{crc}} << QStringList{QStringLiteral("raised warning cable 2 c: ") + crc};
        QTest::newRow("several in one tick: one notice, critical first")
            << QList<QStringList>{{}, {twin, gone, farEnd}}
            << QStringList{QString(), QStringLiteral("raised critical no cable a: %1, %2, %3").arg(gone, farEnd, twin)};
        QTest::newRow("a second alert while the first stays open: only the second")
            << QList<QStringList>{{down}, {down, crc}, {down, crc}}
            << QStringList{QStringLiteral("raised critical cable 2 b: ") + down, QStringLiteral("raised warning cable 2 c: ") + crc,
                           QString()};
        QTest::newRow("one ends as another starts: both, new first")
            << QList<QStringList>{{down}, {crc}}
            << QStringList{QStringLiteral("raised critical cable 2 b: ") + down,
                           QStringLiteral("raised warning cable 2 c: %1 | cleared warning cable 2 b: %2").arg(crc, down)};
        QTest::newRow("back after it cleared: announced again")
            << QList<QStringList>{{down}, {}, {down}}
            << QStringList{QStringLiteral("raised critical cable 2 b: ") + down, QStringLiteral("cleared warning cable 2 b: ") + down,
                           QStringLiteral("raised critical cable 2 b: ") + down};
        QTest::newRow("the same key twice in a tick counts once")
            << QList<QStringList>{{down, down}} << QStringList{QStringLiteral("raised critical cable 2 b: ") + down};
        QTest::newRow("unreachable before it ever answered: held back")
            << QList<QStringList>{{gone}, {gone}, {QStringLiteral("+a")}, {gone}}
            << QStringList{QString(), QString(), QString(), QStringLiteral("raised critical no cable a: ") + gone};
        QTest::newRow("not reached yet, but its peer sees the cable down")
            << QList<QStringList>{{gone, QStringLiteral("link-down:c:port 0")}}
            << QStringList{QStringLiteral("raised critical cable 3 c: link-down:c:port 0")};
        QTest::newRow("several clear together: one notice")
            << QList<QStringList>{{down, crc}, {}}
            << QStringList{QStringLiteral("raised critical cable 2 b: %1, %2").arg(down, crc),
                           QStringLiteral("cleared warning cable 2 b: %1, %2").arg(down, crc)};
    }

    void noticesPerTick()
    {
        QFETCH(QList<QStringList>, ticks);
        QFETCH(QStringList, expected);
        HealthNotices notices(QStringLiteral("ring"), ring());
        QStringList got;
        for (const QStringList &keys : ticks)
            got.append(describe(notices.update(alerts(keys), nodes(keys))));
        QCOMPARE(got, expected);
    }

    void sentences_data()
    {
        QTest::addColumn<QList<QStringList>>("ticks");
        QTest::addColumn<QString>("title");   // of the last tick's first notice
        QTest::addColumn<QString>("message");
        const QString down = QStringLiteral("link-down:b:port 0");
        const QString crc = QStringLiteral("errors:c:port 1");
        QTest::newRow("one critical") << QList<QStringList>{{down}} << QStringLiteral("ring: critical alert")
                                      << QStringLiteral("Message of %1. Fix of %1.").arg(down);
        QTest::newRow("one warning") << QList<QStringList>{{crc}} << QStringLiteral("ring: warning")
                                     << QStringLiteral("Message of %1. Fix of %1.").arg(crc);
        QTest::newRow("two") << QList<QStringList>{{crc, down}} << QStringLiteral("ring: 2 new alerts")
                             << QStringLiteral("Message of %1. Fix of %1. And 1 more: open the link-health window to see them all.").arg(down);
        QTest::newRow("cleared, the other still open")
            << QList<QStringList>{{crc, down}, {crc}} << QStringLiteral("ring: alert cleared")
            << QStringLiteral("Cleared: Message of %1.").arg(down);
        QTest::newRow("cleared, nothing left")
            << QList<QStringList>{{crc, down}, {}} << QStringLiteral("ring: 2 alerts cleared")
            << QStringLiteral("Cleared: Message of %1. And 1 more. Every link and Spark is healthy again.").arg(down);
    }

    void sentences()
    {
        QFETCH(QList<QStringList>, ticks);
        QFETCH(QString, title);
        QFETCH(QString, message);
        HealthNotices notices(QStringLiteral("ring"), ring());
        QList<HealthNotice> last;
        for (const QStringList &keys : ticks)
            last = notices.update(alerts(keys), nodes(keys));
        QVERIFY(!last.isEmpty());
        QCOMPARE(last.first().title, title);
        QCOMPARE(last.first().message, message);
        QCOMPARE(last.first().cluster, QStringLiteral("ring"));
    }
};

QTEST_GUILESS_MAIN(TestHealthNotices)
#include "tst_healthnotices.moc"
