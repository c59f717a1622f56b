// SPDX-License-Identifier: MIT
// sparkctl nccl-test end to end on a private direct 2 lab that sparkctl set up
// (addresses and node-to-node SSH): real mpirun over the nodes' SSH, sparklab's
// stand-in nccl-tests carrying a real MPI collective over the CX-7 twins.
// A healthy pair passes NVIDIA's (scaled) bar; a twin without its address
// gives the half-bandwidth sentence; a cable degraded to 13 Gb/s per twin
// (the field's degraded initialisation) is found by the check of each cable
// that follows a run below the bar; a Spark without Open MPI is named with
// the fix, and --build names the package install the lab refuses; --build
// clones and makes NCCL and nccl-tests where they are missing (real git and
// make on sparklab's stand-in sources) and the test then passes; Ctrl-C
// leaves no rank and no mpirun on any node.
#include "support/clusterlab.h"
#include "support/interruptedrun.h"
#include "support/jsonshapes.h"
#include "support/registereddevices.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace spark;
using namespace spark::testsupport;

class TestNcclTestLab final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    const JsonShapes m_shapes = JsonShapes::fromDocument();

    ProcessResult sparkctl(const QStringList &arguments, const QByteArray &input = {})
    {
        return runProcess(QStringLiteral(SPARKCTL_EXECUTABLE), arguments, input, 240000);
    }
    QByteArray password() const { return m_lab.lab().node(0).password.toUtf8() + '\n'; }
    // Small sizes: at the lab's rate scale (0.01) 128 MiB is what 12.8 GiB is on a real port.
    QStringList quickRun(const QString &largest = QStringLiteral("128M")) const
    {
        return {QStringLiteral("nccl-test"), QStringLiteral("--min-bytes"), QStringLiteral("8M"), QStringLiteral("--max-bytes"),
                largest, QStringLiteral("--iterations"), QStringLiteral("5"), QStringLiteral("--warmup"),
                QStringLiteral("1")};
    }
    QJsonObject resultOf(const ProcessResult &run) const
    {
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        return QJsonDocument::fromJson(lines.constLast()).object();
    }
    // The nccl-tests ranks, mpirun and orted processes of the node user on a node.
    QByteArray leftovers(int node) const
    {
        return m_lab.lab()
            .sh(node, QStringLiteral("pgrep -a -u %1 -f 'nccl-tests/build|mpirun|orted' || true").arg(m_lab.lab().node(node).user))
            .out.trimmed();
    }
    void applyPlan()
    {
        const ProcessResult apply = sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--sudo-password-stdin")},
                                             password());
        QVERIFY2(apply.exitCode == 0, QByteArray(apply.out + apply.err).constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h16-nccl"), QStringLiteral("10.131.222.0/24"), {QStringLiteral("direct2")}));
        QCOMPARE(registerLabDevices(m_lab, *m_home).size(), 2);
        const ProcessResult planned = sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"),
                                                QStringLiteral("direct2"), QStringLiteral("--devices"),
                                                m_lab.nodeNames().join(QLatin1Char(',')), QStringLiteral("--cluster"),
                                                QStringLiteral("pair")});
        QVERIFY2(planned.exitCode == 0, planned.err.constData());
        applyPlan(); // addresses on both twins, and node-to-node SSH for mpirun
    }

    void cleanupTestCase() { m_lab.down(); }

    void aHealthyPairPasses()
    {
        const ProcessResult run = sparkctl(quickRun() + QStringList{QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
        const QJsonObject result = resultOf(run);
        QCOMPARE(result.value(QStringLiteral("type")).toString(), QStringLiteral("result"));
        QVERIFY(result.value(QStringLiteral("ok")).toBool());
        qInfo("%s", qPrintable(result.value(QStringLiteral("sentence")).toString()));
        QCOMPARE(result.value(QStringLiteral("reason")).toString(), QStringLiteral("pass"));
        QCOMPARE(result.value(QStringLiteral("network")).toString(), QStringLiteral("IB"));
        QCOMPARE(result.value(QStringLiteral("rows")).toArray().size(), 5); // 8 to 128 MiB
        QCOMPARE(result.value(QStringLiteral("exitCode")).toInt(), 0);
        QCOMPARE(result.value(QStringLiteral("scale")).toDouble(), 0.01);
        QCOMPARE(result.value(QStringLiteral("ncclVersions")).toArray().size(), 2);
        // The busbw never exceeds what the port can carry: the figures are measured, not made up.
        for (const auto &row : result.value(QStringLiteral("rows")).toArray())
            QVERIFY(row.toObject().value(QStringLiteral("busbwGBps")).toDouble() < 0.25 * 1.3);
        // Each size as it was measured, in the documented shapes.
        QStringList problems;
        const QList<QByteArray> lines = run.out.trimmed().split('\n');
        int sizes = 0;
        for (const QByteArray &line : lines) {
            const QJsonObject object = QJsonDocument::fromJson(line).object();
            const QString type = object.value(QStringLiteral("type")).toString();
            sizes += type == QLatin1String("size");
            problems += m_shapes.mismatches(type == QLatin1String("result") ? QStringLiteral("nccl-test")
                                                                            : QStringLiteral("nccl-test line ") + type,
                                            object);
        }
        QCOMPARE(sizes, 5);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // Kept in the cluster's history.
        const ProcessResult history = sparkctl({QStringLiteral("nccl-test"), QStringLiteral("--history")});
        QCOMPARE(history.exitCode, 0);
        QVERIFY2(history.out.contains("all_gather_perf  PASS  Bus bandwidth"), history.out.constData());
        QVERIFY(leftovers(0).isEmpty() && leftovers(1).isEmpty());
    }

    void aTwinWithoutItsAddressGivesHalf()
    {
        // As after a hand edit or a half-applied set-up: the second twin of
        // the cabled port on the first Spark loses its address.
        const QByteArray addresses = m_lab.lab().sh(0, QStringLiteral("ip -4 -o addr show")).out;
        QString twin;
        for (const char *candidate : {"enP2p1s0f0np0", "enP2p1s0f1np1"}) {
            if (addresses.contains(candidate))
                twin = QLatin1String(candidate);
        }
        QVERIFY2(!twin.isEmpty(), addresses.constData());
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ip -4 addr flush dev %1").arg(twin)).exitCode, 0);
        const ProcessResult run = sparkctl(quickRun(QStringLiteral("32M")));
        QCOMPARE(run.exitCode, 1);
        const QString expected = QStringLiteral("%1 on %2").arg(twin, m_lab.nodeNames().at(0));
        QVERIFY2(run.out.contains("FAIL ") && run.out.contains("about half of what the cables carry")
                     && run.out.contains(expected.toUtf8()),
                 run.out.constData());
        applyPlan();
    }

    void aDegradedCableIsNamed()
    {
        QCOMPARE(m_lab.fault({QStringLiteral("degrade"), QStringLiteral("1:0")}).exitCode, 0);
        // Small sizes: at 13 Gb/s per twin (scaled) a size takes seconds.
        const ProcessResult run = sparkctl(quickRun(QStringLiteral("16M")) + QStringList{QStringLiteral("--json")});
        m_lab.fault({QStringLiteral("degrade"), QStringLiteral("1:0"), QStringLiteral("--clear")});
        QCOMPARE(run.exitCode, 1);
        const QJsonObject result = resultOf(run);
        QVERIFY2(m_shapes.mismatches(QStringLiteral("nccl-test"), result).isEmpty(), run.out.constData());
        qInfo("%s", qPrintable(result.value(QStringLiteral("sentence")).toString()));
        QCOMPARE(result.value(QStringLiteral("reason")).toString(), QStringLiteral("degraded-link"));
        QVERIFY2(result.value(QStringLiteral("sentence")).toString().contains(QLatin1String("reboot both Sparks")), run.out.constData());
        const QJsonArray checks = result.value(QStringLiteral("cableChecks")).toArray();
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("degraded"));
        QVERIFY2(run.out.contains("checking each cable"), run.out.constData());
        QVERIFY(leftovers(0).isEmpty() && leftovers(1).isEmpty());
    }

    void aSparkWithoutOpenMpiIsNamed()
    {
        QCOMPARE(m_lab.fault({QStringLiteral("no-mpi"), m_lab.nodeNames().at(1)}).exitCode, 0);
        const ProcessResult run = sparkctl(quickRun(QStringLiteral("8M")));
        m_lab.fault({QStringLiteral("no-mpi"), m_lab.nodeNames().at(1), QStringLiteral("--clear")});
        QCOMPARE(run.exitCode, 1);
        const QByteArray sentence = QStringLiteral("%1 has no Open MPI (mpirun): install it there with \"sudo apt install "
                                                   "openmpi-bin libopenmpi-dev\".")
                                        .arg(m_lab.nodeNames().at(1))
                                        .toUtf8();
        QVERIFY2(run.err.contains(sentence), run.err.constData());
        QVERIFY(!run.err.contains(QByteArray(m_lab.nodeNames().at(0).toUtf8() + " has no")));
    }

    void buildMakesWhatIsMissing()
    {
        const QString second = m_lab.nodeNames().at(1);
        QCOMPARE(m_lab.fault({QStringLiteral("no-nccl"), second}).exitCode, 0);
        QCOMPARE(m_lab.fault({QStringLiteral("no-nccl-tests"), second}).exitCode, 0);
        const ProcessResult built = sparkctl(quickRun() + QStringList{QStringLiteral("--build"), QStringLiteral("--verbose")});
        QVERIFY2(built.exitCode == 0, QByteArray(built.out + built.err).constData());
        for (const QString &step : {QStringLiteral("Fetching NCCL v2.28.9-1 on %1"), QStringLiteral("Building NCCL v2.28.9-1 on %1"),
                                    QStringLiteral("Fetching nccl-tests on %1"), QStringLiteral("Building nccl-tests on %1")})
            QVERIFY2(built.out.contains(step.arg(second).toUtf8()), built.out.constData());
        QVERIFY2(built.out.contains(QStringLiteral("%1 | ").arg(second).toUtf8()), built.out.constData()); // make's own lines
        QVERIFY2(built.out.contains("PASS "), built.out.constData());
        const QString user = m_lab.lab().node(1).user;
        QCOMPARE(m_lab.lab().sh(1, QStringLiteral("runuser -u %1 -- git -C /home/%1/nccl describe --tags").arg(user)).out.trimmed(),
                 QByteArray("v2.28.9-1"));
        // Built as the user, nothing as root.
        const ProcessResult owners = m_lab.lab().sh(1, QStringLiteral("find /home/%1/nccl /home/%1/nccl-tests ! -user %1").arg(user));
        QVERIFY2(owners.exitCode == 0 && owners.out.trimmed().isEmpty(), owners.out.constData());
        // A second --build finds everything there and builds nothing.
        const ProcessResult again = sparkctl(quickRun(QStringLiteral("8M")) + QStringList{QStringLiteral("--build")});
        QVERIFY2(!again.out.contains("Fetching") && !again.out.contains("Building"), again.out.constData());
        QVERIFY2(again.out.count("It has everything the NCCL test needs.") == 2, again.out.constData());
        // The lab's own stand-in build back, as the other tests expect it.
        m_lab.fault({QStringLiteral("no-nccl"), second, QStringLiteral("--clear")});
        m_lab.fault({QStringLiteral("no-nccl-tests"), second, QStringLiteral("--clear")});
    }

    void buildNamesAPackageItCouldNotInstall()
    {
        const QString second = m_lab.nodeNames().at(1);
        QCOMPARE(m_lab.fault({QStringLiteral("no-mpi"), second}).exitCode, 0);
        const ProcessResult run = sparkctl(quickRun(QStringLiteral("8M"))
                                               + QStringList{QStringLiteral("--build"), QStringLiteral("--sudo-password-stdin")},
                                           password());
        m_lab.fault({QStringLiteral("no-mpi"), second, QStringLiteral("--clear")});
        QCOMPARE(run.exitCode, 1);
        qInfo("%s", run.err.trimmed().constData());
        const QByteArray sentence = QStringLiteral("Installing openmpi-bin, libopenmpi-dev on %1 failed").arg(second).toUtf8();
        QVERIFY2(run.err.contains(sentence), run.err.constData());
        QVERIFY2(run.out.contains(QStringLiteral("Installing openmpi-bin, libopenmpi-dev on %1 (apt-get, as root)").arg(second).toUtf8()),
                 run.out.constData());
        QVERIFY(!run.err.contains(QByteArray(m_lab.nodeNames().at(0).toUtf8() + " failed")));
        QVERIFY(!run.out.contains("bus bandwidth")); // the test did not run
    }

    void ctrlCLeavesNothingOnTheSparks()
    {
        // Long enough to be stopped in the middle of a size.
        const InterruptedRun run = runAndInterrupt(
            QStringLiteral(SPARKCTL_EXECUTABLE),
            {QStringLiteral("nccl-test"), QStringLiteral("--min-bytes"), QStringLiteral("8M"), QStringLiteral("--max-bytes"),
             QStringLiteral("128M"), QStringLiteral("--iterations"), QStringLiteral("40")},
            {}, "bus bandwidth");
        QVERIFY2(run.sawMarker, QByteArray(run.out + run.err).constData());
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 130);
        QVERIFY2(run.err.contains("cancelled"), run.err.constData());
        QVERIFY2(leftovers(0).isEmpty(), leftovers(0).constData());
        QVERIFY2(leftovers(1).isEmpty(), leftovers(1).constData());
        // And the cluster runs the test again at once.
        const ProcessResult again = sparkctl(quickRun());
        QVERIFY2(again.exitCode == 0, QByteArray(again.out + again.err).constData());
    }
};

SPARKLAB_MAIN(TestNcclTestLab)
#include "tst_nccltestlab.moc"
