// SPDX-License-Identifier: MIT
// sparkctl cluster plan: the cabling and address plan from the registry alone
// (the registered hosts are TEST-NET addresses nobody answers on), saved as the
// default cluster; bad input gets one sentence, the usage and exit code 64.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestClusterPlan final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

    QString configDir() const { return m_home.filePath(QStringLiteral(".config/spark-companion")); }

    Run sparkctl(const QStringList &arguments) const
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), m_home.path());
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral(".config")));
        environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        process.setProcessEnvironment(environment);
        process.start(qEnvironmentVariable("SPARKCTL"), arguments);
        if (!process.waitForFinished(30000))
            return {};
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
    }

    QJsonObject clustersFile() const
    {
        QFile file(configDir() + QStringLiteral("/clusters.json"));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(file.readAll()).object();
    }

private Q_SLOTS:
    void init()
    {
        QDir(configDir()).removeRecursively();
        QVERIFY(QDir().mkpath(configDir()));
        QJsonArray devices;
        for (int i = 1; i <= 5; ++i)
            devices.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("spark-%1").arg(i)},
                                       {QStringLiteral("host"), QStringLiteral("192.0.2.%1").arg(i)},
                                       {QStringLiteral("port"), 22},
                                       {QStringLiteral("user"), QStringLiteral("nvidia")}});
        QFile file(configDir() + QStringLiteral("/devices.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("devices"), devices}}).toJson());
    }

    void plansAndSaves_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("expectedLines");
        QTest::newRow("direct2 on the right ports")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("direct2"), QStringLiteral("--devices"),
                           QStringLiteral("spark-1,spark-2"), QStringLiteral("--port"), QStringLiteral("1")}
            << QStringList{QStringLiteral("Cluster spark-cluster: direct2 with 2 Sparks."),
                           QStringLiteral("  Cable 1: spark-1, right port (Port 1) → spark-2, right port (Port 1)"),
                           QStringLiteral("  Stays empty: spark-1, left port (Port 0)"),
                           QStringLiteral("ConnectX-7 addresses (MTU 9000):"),
                           QStringLiteral("  spark-1 enp1s0f1np1: 10.200.0.1/24 (MTU 9000)"),
                           QStringLiteral("  spark-2 enP2p1s0f1np1: 10.200.1.2/24 (MTU 9000)")};
        QTest::newRow("ring3 named")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("ring3"), QStringLiteral("--devices"),
                           QStringLiteral("spark-1,spark-2,spark-3"), QStringLiteral("--cluster"), QStringLiteral("trio")}
            << QStringList{QStringLiteral("Cluster trio: ring3 with 3 Sparks."),
                           QStringLiteral("  Cable 3: spark-3, left port (Port 0) → spark-1, right port (Port 1)"),
                           QStringLiteral("  spark-3 enP2p1s0f0np0: 10.200.5.3/24 (MTU 9000)")};
        QTest::newRow("switch, every registered Spark, jumbo frames, own range")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("switch"), QStringLiteral("--jumbo-frames"),
                           QStringLiteral("--base-range"), QStringLiteral("172.30.0.0/16")}
            << QStringList{QStringLiteral("Cluster spark-cluster: switch with 5 Sparks."),
                           QStringLiteral("  Cable 5: spark-5, left port (Port 0) → a free 200G port on the switch"),
                           QStringLiteral("ConnectX-7 addresses (MTU 9000):"),
                           QStringLiteral("  spark-5 enP2p1s0f0np0: 172.30.1.5/24 (MTU 9000)")};
    }

    void plansAndSaves()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, expectedLines);
        const Run result = sparkctl(QStringList{QStringLiteral("cluster"), QStringLiteral("plan")} + arguments);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        const QStringList lines = result.out.split(QLatin1Char('\n'));
        for (const QString &expected : expectedLines)
            QVERIFY2(lines.contains(expected), qPrintable(expected + QStringLiteral("\n---\n") + result.out));
        const QJsonObject saved = clustersFile();
        const QString name = arguments.contains(QStringLiteral("trio")) ? QStringLiteral("trio") : QStringLiteral("spark-cluster");
        QCOMPARE(saved.value(QStringLiteral("default")).toString(), name);
        QCOMPARE(saved.value(QStringLiteral("clusters")).toArray().size(), 1);
    }

    void jsonHoldsCablingAndAddresses()
    {
        const Run result = sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"),
                                     QStringLiteral("switch"), QStringLiteral("--devices"),
                                     QStringLiteral("spark-4,spark-2,spark-3"), QStringLiteral("--json")});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QJsonParseError error;
        const QJsonObject plan = QJsonDocument::fromJson(result.out.toUtf8(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(plan.value(QStringLiteral("cluster")).toObject().value(QStringLiteral("devices")).toArray().size(), 3);
        QCOMPARE(plan.value(QStringLiteral("cabling")).toObject().value(QStringLiteral("layout")).toString(),
                 QStringLiteral("switch"));
        const QJsonObject addresses = plan.value(QStringLiteral("addresses")).toObject();
        QCOMPARE(addresses.value(QStringLiteral("mtu")).toInt(), 1500); // a switch without --jumbo-frames
        QCOMPARE(addresses.value(QStringLiteral("usedSubnetsKnown")).toBool(), false);
        // A switch: both twins of each node's port, each twin on its own subnet shared by every node.
        QCOMPARE(addresses.value(QStringLiteral("subnets")).toArray(),
                 (QJsonArray{QStringLiteral("10.200.0.0/24"), QStringLiteral("10.200.1.0/24")}));
        const QJsonArray interfaces = addresses.value(QStringLiteral("interfaces")).toArray();
        QCOMPARE(interfaces.size(), 6);
        QCOMPARE(interfaces.first().toObject().value(QStringLiteral("node")).toString(), QStringLiteral("spark-4"));
        QCOMPARE(interfaces.first().toObject().value(QStringLiteral("address")).toString(), QStringLiteral("10.200.0.1/24"));
    }

    void replanningKeepsTheDefaultName()
    {
        QCOMPARE(sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"), QStringLiteral("direct2"),
                           QStringLiteral("--devices"), QStringLiteral("spark-1,spark-2"), QStringLiteral("--cluster"),
                           QStringLiteral("duo")})
                     .exitCode,
                 0);
        QCOMPARE(sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"), QStringLiteral("direct2"),
                           QStringLiteral("--devices"), QStringLiteral("spark-3,spark-4")})
                     .exitCode,
                 0);
        const QJsonObject saved = clustersFile();
        QCOMPARE(saved.value(QStringLiteral("default")).toString(), QStringLiteral("duo"));
        const QJsonArray clusters = saved.value(QStringLiteral("clusters")).toArray();
        QCOMPARE(clusters.size(), 1);
        QCOMPARE(clusters.first().toObject().value(QStringLiteral("devices")).toArray(),
                 (QJsonArray{QStringLiteral("spark-3"), QStringLiteral("spark-4")}));
    }

    void deleteForgetsOnlyThatCluster()
    {
        for (const QStringList &plan : {QStringList{QStringLiteral("direct2"), QStringLiteral("spark-1,spark-2"), QStringLiteral("duo")},
                                        QStringList{QStringLiteral("ring3"), QStringLiteral("spark-3,spark-4,spark-5"),
                                                    QStringLiteral("trio")}})
            QCOMPARE(sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"), plan.at(0),
                               QStringLiteral("--devices"), plan.at(1), QStringLiteral("--cluster"), plan.at(2)})
                         .exitCode,
                     0);
        QCOMPARE(clustersFile().value(QStringLiteral("clusters")).toArray().size(), 2);

        const Run unnamed = sparkctl({QStringLiteral("cluster"), QStringLiteral("delete")});
        QCOMPARE(unnamed.exitCode, 64);
        QVERIFY2(unnamed.err.contains(QLatin1String("--cluster NAME")), qPrintable(unnamed.err));
        const Run unknown = sparkctl({QStringLiteral("cluster"), QStringLiteral("delete"), QStringLiteral("--cluster"),
                                      QStringLiteral("quartet; rm -rf ~")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QLatin1String("no cluster named \"quartet; rm -rf ~\"; the configured ones are duo, trio")),
                 qPrintable(unknown.err));
        QCOMPARE(clustersFile().value(QStringLiteral("clusters")).toArray().size(), 2);

        const Run deleted = sparkctl({QStringLiteral("cluster"), QStringLiteral("delete"), QStringLiteral("--cluster"),
                                      QStringLiteral("duo"), QStringLiteral("--json")});
        QVERIFY2(deleted.exitCode == 0, qPrintable(deleted.err));
        const QJsonObject result = QJsonDocument::fromJson(deleted.out.toUtf8()).object();
        QCOMPARE(result.value(QStringLiteral("deleted")).toString(), QStringLiteral("duo"));
        QCOMPARE(result.value(QStringLiteral("ok")).toBool(), true);
        const QJsonArray left = clustersFile().value(QStringLiteral("clusters")).toArray();
        QCOMPARE(left.size(), 1);
        QCOMPARE(left.first().toObject().value(QStringLiteral("name")).toString(), QStringLiteral("trio"));
    }

    void badInputIsRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("firstLine");
        const QString prefix = QStringLiteral("sparkctl cluster plan: ");
        QTest::newRow("a fifth node on direct cables")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("direct2")} << 64
            << prefix + QStringLiteral("4 or more Sparks can only be connected through a switch.");
        QTest::newRow("three on a direct cable")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("direct2"), QStringLiteral("--devices"),
                           QStringLiteral("spark-1,spark-2,spark-3")}
            << 64 << prefix + QStringLiteral("A direct cable joins exactly two Sparks; for three Sparks choose the ring.");
        QTest::newRow("a port for the ring")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("ring3"), QStringLiteral("--devices"),
                           QStringLiteral("spark-1,spark-2,spark-3"), QStringLiteral("--port"), QStringLiteral("1")}
            << 64 << prefix + QStringLiteral("A 3-Spark ring uses both ports of every Spark, so no port can be chosen.");
        QTest::newRow("the same node twice")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("direct2"), QStringLiteral("--devices"),
                           QStringLiteral("spark-1,spark-1")}
            << 64 << prefix + QStringLiteral("spark-1 is listed twice; list every Spark once.");
        QTest::newRow("unknown layout") << QStringList{QStringLiteral("--layout"), QStringLiteral("star")} << 64
                                        << prefix + QStringLiteral("--layout must be direct2, ring3 or switch.");
        QTest::newRow("port 2")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("switch"), QStringLiteral("--port"), QStringLiteral("2")}
            << 64 << prefix + QStringLiteral("--port must be 0 (left) or 1 (right).");
        QTest::newRow("jumbo frames on a direct cable")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("direct2"), QStringLiteral("--jumbo-frames")} << 64
            << prefix + QStringLiteral("--jumbo-frames is for a switch; direct cables always use MTU 9000.");
        QTest::newRow("a range too small")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("switch"), QStringLiteral("--base-range"),
                           QStringLiteral("10.9.9.0/25")}
            << 64
            << prefix
                   + QStringLiteral("Each link subnet must fit inside the base range 10.9.9.0/25 and hold at least two addresses.");
        QTest::newRow("not a range")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("switch"), QStringLiteral("--base-range"),
                           QStringLiteral("ten")}
            << 64 << prefix + QStringLiteral("--base-range must be an IPv4 range such as 10.200.0.0/16.");
        QTest::newRow("an unregistered Spark")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("direct2"), QStringLiteral("--devices"),
                           QStringLiteral("spark-1,spark-9")}
            << 1
            << QStringLiteral("sparkctl cluster plan: No Spark named \"spark-9\" is registered; add it with 'sparkctl device add' "
                              "or check the names with 'sparkctl device list'.");
    }

    void badInputIsRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, firstLine);
        const Run result = sparkctl(QStringList{QStringLiteral("cluster"), QStringLiteral("plan")} + arguments);
        QCOMPARE(result.exitCode, exitCode);
        QCOMPARE(result.err.split(QLatin1Char('\n')).first(), firstLine);
        QVERIFY(result.out.isEmpty());
        QVERIFY(!QFile::exists(configDir() + QStringLiteral("/clusters.json"))); // nothing saved
    }

    void helpNamesPlan()
    {
        const Run top = sparkctl({QStringLiteral("--help")});
        QVERIFY2(top.out.contains(QStringLiteral("Plan, check, apply")), qPrintable(top.out));
        const Run group = sparkctl({QStringLiteral("cluster"), QStringLiteral("--help")});
        QCOMPARE(group.exitCode, 0);
        QVERIFY2(group.out.contains(QStringLiteral("\n  plan ")) && group.out.contains(QStringLiteral("\n  export ")), qPrintable(group.out));
        const Run plan = sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--help")});
        QCOMPARE(plan.exitCode, 0);
        QVERIFY2(plan.out.contains(QStringLiteral("--devices")), qPrintable(plan.out));
    }
};

QTEST_GUILESS_MAIN(TestClusterPlan)
#include "tst_clusterplan.moc"
