// SPDX-License-Identifier: MIT
// What every Spark says alike is said once, with its name as "each Spark";
// what differs stays under its Spark; the verdicts do not change.
#include "core/facts/sharedfindings.h"

#include <QTest>

using namespace spark;

namespace {

using Severity = Finding::Severity;

Finding releaseTooOld(const QString &node, const QString &version = QStringLiteral("7.2.3"))
{
    return Finding{Severity::Blocker, node, QStringLiteral("release-too-old"),
                   QStringLiteral("%1 runs DGX OS %2, which is older than the 7.4.0 release that clustering needs.").arg(node, version),
                   QStringLiteral("Update %1 to the newest release: in DGX Dashboard (Settings → Updates).").arg(node)};
}

Finding note(const QString &node)
{
    return Finding{Severity::Info, node, QStringLiteral("power-note"),
                   QStringLiteral("The ConnectX-7 power message in the kernel log is expected on GB10."), QString()};
}

} // namespace

class TestSharedFindings final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sharedOnlyWhenEverySparkSaysIt_data()
    {
        QTest::addColumn<QList<Finding>>("findings");
        QTest::addColumn<QStringList>("shared");   // sentences said once
        QTest::addColumn<int>("perSpark");         // findings left under their Spark
        const QString s1 = QStringLiteral("spark-1"), s2 = QStringLiteral("spark-2"), s3 = QStringLiteral("spark-3");
        QTest::newRow("same on all three")
            << QList<Finding>{releaseTooOld(s1), releaseTooOld(s2), releaseTooOld(s3)}
            << QStringList{QStringLiteral("Each Spark runs DGX OS 7.2.3, which is older than the 7.4.0 release that clustering needs.")}
            << 0;
        QTest::newRow("one runs another version")
            << QList<Finding>{releaseTooOld(s1), releaseTooOld(s2, QStringLiteral("7.3.0")), releaseTooOld(s3)} << QStringList{} << 3;
        QTest::newRow("two of three") << QList<Finding>{releaseTooOld(s1), releaseTooOld(s3)} << QStringList{} << 2;
        QTest::newRow("a note without a name")
            << QList<Finding>{note(s1), note(s2), note(s3), releaseTooOld(s2)}
            << QStringList{QStringLiteral("The ConnectX-7 power message in the kernel log is expected on GB10.")} << 1;
    }

    void sharedOnlyWhenEverySparkSaysIt()
    {
        QFETCH(QList<Finding>, findings);
        QFETCH(QStringList, shared);
        QFETCH(int, perSpark);
        const QStringList nodes{QStringLiteral("spark-1"), QStringLiteral("spark-2"), QStringLiteral("spark-3")};
        const SharedFindings grouped = FindingSharing::group(findings, nodes);
        QStringList sentences;
        for (const Finding &finding : grouped.onEverySpark) {
            sentences.append(finding.sentence);
            QVERIFY(finding.node.isEmpty());
        }
        QCOMPARE(sentences, shared);
        int left = 0;
        for (const QList<Finding> &mine : grouped.perSpark)
            left += int(mine.size());
        QCOMPARE(left, perSpark);
        if (!shared.isEmpty() && findings.first().code == QLatin1String("release-too-old"))
            QCOMPARE(grouped.onEverySpark.first().fix,
                     QStringLiteral("Update each Spark to the newest release: in DGX Dashboard (Settings → Updates)."));
        // Nothing is lost: the verdict over what is shown is the verdict over what was found.
        QList<Finding> shown = grouped.onEverySpark + grouped.clusterWide;
        for (const QList<Finding> &mine : grouped.perSpark)
            shown += mine;
        QCOMPARE(readinessOf(shown), readinessOf(findings));
    }

    // A name inside a longer one is not the Spark's name.
    void aNameInsideAnotherIsLeftAlone()
    {
        const QStringList nodes{QStringLiteral("spark-1"), QStringLiteral("spark-10")};
        const Finding one{Severity::Warning, nodes.at(0), QStringLiteral("x"), QStringLiteral("spark-1 sees spark-10."), {}};
        const Finding ten{Severity::Warning, nodes.at(1), QStringLiteral("x"), QStringLiteral("spark-10 sees spark-10."), {}};
        QVERIFY(FindingSharing::group({one, ten}, nodes).onEverySpark.isEmpty());
        const Finding again{Severity::Warning, nodes.at(1), QStringLiteral("x"), QStringLiteral("spark-10 sees spark-10."), {}};
        QCOMPARE(FindingSharing::group({again}, nodes).perSpark.value(nodes.at(1)).size(), 1);
    }

    void oneSparkSharesNothing()
    {
        const SharedFindings grouped = FindingSharing::group({releaseTooOld(QStringLiteral("spark-1"))}, {QStringLiteral("spark-1")});
        QVERIFY(grouped.onEverySpark.isEmpty());
        QCOMPARE(grouped.perSpark.value(QStringLiteral("spark-1")).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestSharedFindings)
#include "tst_sharedfindings.moc"
