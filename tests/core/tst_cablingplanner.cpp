// SPDX-License-Identifier: MIT
#include "core/topology/cablingplanner.h"

#include <QTest>

using namespace spark;

Q_DECLARE_METATYPE(spark::ClusterLayout)

namespace {
QStringList names(const char *csv)
{
    return QString::fromUtf8(csv).split(QLatin1Char(','), Qt::SkipEmptyParts);
}

Cable direct(int number, const char *a, int pa, const char *b, int pb)
{
    return Cable{number, PortEnd{QString::fromUtf8(a), pa}, PortEnd{QString::fromUtf8(b), pb}};
}

Cable toSwitch(int number, const char *a, int pa)
{
    return Cable{number, PortEnd{QString::fromUtf8(a), pa}, std::nullopt};
}
} // namespace

class TestCablingPlanner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plan_data()
    {
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<int>("port"); // -1: none chosen
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("direct2 default left")
            << ClusterLayout::Direct2 << names("Spark A,Spark B") << -1
            << QStringList{QStringLiteral("Cable 1: Spark A, left port (Port 0) → Spark B, left port (Port 0)"),
                           QStringLiteral("Stays empty: Spark A, right port (Port 1)"),
                           QStringLiteral("Stays empty: Spark B, right port (Port 1)")};
        QTest::newRow("direct2 right")
            << ClusterLayout::Direct2 << names("a,b") << 1
            << QStringList{QStringLiteral("Cable 1: a, right port (Port 1) → b, right port (Port 1)"),
                           QStringLiteral("Stays empty: a, left port (Port 0)"),
                           QStringLiteral("Stays empty: b, left port (Port 0)")};
        QTest::newRow("ring3 NVIDIA wiring")
            << ClusterLayout::Ring3 << names("Spark A,Spark B,Spark C") << -1
            << QStringList{QStringLiteral("Cable 1: Spark A, left port (Port 0) → Spark B, right port (Port 1)"),
                           QStringLiteral("Cable 2: Spark B, left port (Port 0) → Spark C, right port (Port 1)"),
                           QStringLiteral("Cable 3: Spark C, left port (Port 0) → Spark A, right port (Port 1)")};
        QTest::newRow("switch 4 right")
            << ClusterLayout::Switch << names("a,b,c,d") << 1
            << QStringList{QStringLiteral("Cable 1: a, right port (Port 1) → a free 200G port on the switch"),
                           QStringLiteral("Cable 2: b, right port (Port 1) → a free 200G port on the switch"),
                           QStringLiteral("Cable 3: c, right port (Port 1) → a free 200G port on the switch"),
                           QStringLiteral("Cable 4: d, right port (Port 1) → a free 200G port on the switch"),
                           QStringLiteral("Stays empty: a, left port (Port 0)"),
                           QStringLiteral("Stays empty: b, left port (Port 0)"),
                           QStringLiteral("Stays empty: c, left port (Port 0)"),
                           QStringLiteral("Stays empty: d, left port (Port 0)")};
        QTest::newRow("switch 2") << ClusterLayout::Switch << names("a,b") << 0
                                  << QStringList{QStringLiteral("Cable 1: a, left port (Port 0) → a free 200G port on the switch"),
                                                 QStringLiteral("Cable 2: b, left port (Port 0) → a free 200G port on the switch"),
                                                 QStringLiteral("Stays empty: a, right port (Port 1)"),
                                                 QStringLiteral("Stays empty: b, right port (Port 1)")};
    }

    void plan()
    {
        QFETCH(ClusterLayout, layout);
        QFETCH(QStringList, nodes);
        QFETCH(int, port);
        QFETCH(QStringList, expected);
        const auto plan = CablingPlanner::plan(layout, nodes, port < 0 ? std::nullopt : std::optional<int>(port));
        QVERIFY2(plan.hasValue(), plan.hasValue() ? "" : qPrintable(plan.error().message));
        QCOMPARE(plan->describe(), expected);
        // Every generated plan obeys NVIDIA's rules, and planning twice gives the same plan.
        QVERIFY(CablingPlanner::checkRules(*plan).isEmpty());
        QCOMPARE(*CablingPlanner::plan(layout, nodes, port < 0 ? std::nullopt : std::optional<int>(port)), *plan);
    }

    void refused_data()
    {
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("message");
        QTest::newRow("4 direct") << ClusterLayout::Direct2 << names("a,b,c,d") << -1
                                  << QStringLiteral("4 or more Sparks can only be connected through a switch.");
        QTest::newRow("4 ring") << ClusterLayout::Ring3 << names("a,b,c,d") << -1
                                << QStringLiteral("4 or more Sparks can only be connected through a switch.");
        QTest::newRow("3 direct") << ClusterLayout::Direct2 << names("a,b,c") << -1
                                  << QStringLiteral("A direct cable joins exactly two Sparks; for three Sparks choose the ring.");
        QTest::newRow("2 ring") << ClusterLayout::Ring3 << names("a,b") << -1
                                << QStringLiteral("A ring joins exactly three Sparks; for two Sparks choose a direct cable.");
        QTest::newRow("ring with port") << ClusterLayout::Ring3 << names("a,b,c") << 1
                                        << QStringLiteral("A 3-Spark ring uses both ports of every Spark, so no port can be chosen.");
        QTest::newRow("one node switch") << ClusterLayout::Switch << names("a") << -1
                                         << QStringLiteral("A cluster needs at least two Sparks.");
        QTest::newRow("duplicate") << ClusterLayout::Switch << names("a,b,A") << -1
                                   << QStringLiteral("A is listed twice; list every Spark once.");
        QTest::newRow("bad port") << ClusterLayout::Direct2 << names("a,b") << 2
                                  << QStringLiteral("The port is 0 (left) or 1 (right).");
        QTest::newRow("empty name") << ClusterLayout::Direct2 << QStringList{QStringLiteral("a"), QStringLiteral(" ")} << -1
                                    << QStringLiteral("Every Spark in a cluster needs a name.");
    }

    void refused()
    {
        QFETCH(ClusterLayout, layout);
        QFETCH(QStringList, nodes);
        QFETCH(int, port);
        QFETCH(QString, message);
        const auto plan = CablingPlanner::plan(layout, nodes, port < 0 ? std::nullopt : std::optional<int>(port));
        QVERIFY(!plan.hasValue());
        QCOMPARE(plan.error().message, message);
    }

    void rules_data()
    {
        QTest::addColumn<ClusterLayout>("layout");
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<QList<Cable>>("cables");
        QTest::addColumn<QStringList>("expected"); // a word of each broken rule, in order

        QTest::newRow("good direct") << ClusterLayout::Direct2 << names("a,b")
                                     << QList<Cable>{direct(1, "a", 1, "b", 1)} << QStringList{};
        QTest::newRow("direct different ports") << ClusterLayout::Direct2 << names("a,b")
                                                << QList<Cable>{direct(1, "a", 0, "b", 1)}
                                                << QStringList{QStringLiteral("same port on both ends")};
        QTest::newRow("two cables one link") << ClusterLayout::Direct2 << names("a,b")
                                             << QList<Cable>{direct(1, "a", 0, "b", 0), direct(2, "a", 1, "b", 1)}
                                             << QStringList{QStringLiteral("joined by two cables")};
        QTest::newRow("port used twice") << ClusterLayout::Ring3 << names("a,b,c")
                                         << QList<Cable>{direct(1, "a", 0, "b", 1), direct(2, "c", 0, "b", 1)}
                                         << QStringList{QStringLiteral("has two cables")};
        QTest::newRow("mix") << ClusterLayout::Switch << names("a,b,c")
                             << QList<Cable>{toSwitch(1, "a", 0), toSwitch(2, "b", 0), direct(3, "c", 0, "a", 1)}
                             << QStringList{QStringLiteral("never a mix")};
        QTest::newRow("4 nodes direct") << ClusterLayout::Ring3 << names("a,b,c,d")
                                        << QList<Cable>{direct(1, "a", 0, "b", 1), direct(2, "c", 0, "d", 1)}
                                        << QStringList{QStringLiteral("only be connected through a switch")};
        QTest::newRow("switch different ports") << ClusterLayout::Switch << names("a,b,c")
                                                << QList<Cable>{toSwitch(1, "a", 0), toSwitch(2, "b", 1), toSwitch(3, "c", 0)}
                                                << QStringList{QStringLiteral("same port: a uses its left port (Port 0), but b uses its right port (Port 1)")};
        QTest::newRow("ring same ports") << ClusterLayout::Ring3 << names("a,b,c")
                                         << QList<Cable>{direct(1, "a", 0, "b", 0), direct(2, "b", 1, "c", 0),
                                                         direct(3, "c", 1, "a", 1)}
                                         << QStringList{QStringLiteral("cable 1 joins"), QStringLiteral("cable 3 joins")};
        QTest::newRow("self cable") << ClusterLayout::Direct2 << names("a,b")
                                    << QList<Cable>{direct(1, "a", 0, "a", 1)} << QStringList{QStringLiteral("never cabled to itself")};
    }

    void rules()
    {
        QFETCH(ClusterLayout, layout);
        QFETCH(QStringList, nodes);
        QFETCH(QList<Cable>, cables);
        QFETCH(QStringList, expected);
        CablingPlan plan;
        plan.layout = layout;
        plan.nodes = nodes;
        plan.cables = cables;
        const QList<Error> errors = CablingPlanner::checkRules(plan);
        QStringList messages;
        for (const Error &error : errors)
            messages.append(error.message);
        QCOMPARE(errors.size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i)
            QVERIFY2(messages[i].contains(expected[i]), qPrintable(messages[i]));
    }
};

QTEST_APPLESS_MAIN(TestCablingPlanner)
#include "tst_cablingplanner.moc"
