// SPDX-License-Identifier: MIT
// sparkctl cluster plan | verify | apply | rollback | export end to end on a private
// direct 2 lab, with the devices and the cluster in a scratch config folder
// and key login as enrolment leaves it; Ctrl-C during an apply leaves every
// node on its earlier settings.
#include "core/devices/device.h"
#include "support/clusterlab.h"
#include "support/interruptedrun.h"
#include "support/jsonshapes.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

using namespace spark;
using namespace spark::testsupport;

class TestClusterCommands final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    const JsonShapes m_shapes = JsonShapes::fromDocument();

    // A one-shot command's --json output against its documented shape; what differs, or nothing.
    QString documentProblems(const ProcessResult &result, const QString &shape) const
    {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(result.out, &error);
        if (error.error != QJsonParseError::NoError)
            return QStringLiteral("%1: not one JSON document (%2): %3").arg(shape, error.errorString(), QString::fromUtf8(result.out));
        return m_shapes.mismatches(shape, document.object()).join(QLatin1Char('\n'));
    }
    // A streamed command's JSON lines: each "PREFIX line TYPE", the last one the result's `shape`.
    QString linesProblems(const ProcessResult &result, const QString &prefix, const QString &shape) const
    {
        QStringList problems;
        const QList<QByteArray> lines = result.out.trimmed().split('\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            QJsonParseError error;
            const QJsonObject object = QJsonDocument::fromJson(lines.at(i), &error).object();
            if (error.error != QJsonParseError::NoError) {
                problems.append(QStringLiteral("%1: line %2 is not JSON: %3").arg(shape).arg(i + 1).arg(QString::fromUtf8(lines.at(i))));
                continue;
            }
            const QString type = object.value(QStringLiteral("type")).toString();
            const bool last = i == lines.size() - 1;
            if (last != (type == QLatin1String("result")))
                problems.append(QStringLiteral("%1: line %2 has type \"%3\"").arg(shape).arg(i + 1).arg(type));
            problems.append(m_shapes.mismatches(last ? shape : prefix + QStringLiteral(" line ") + type, object));
        }
        return problems.join(QLatin1Char('\n'));
    }

    ProcessResult sparkctl(const QStringList &arguments, const QByteArray &input = {})
    {
        return runProcess(QStringLiteral(SPARKCTL_EXECUTABLE), arguments, input, 180000);
    }
    QByteArray password() const { return m_lab.lab().node(0).password.toUtf8() + '\n'; }
    // Netplan and sysctl.d files, addresses, a pending automatic undo: what an apply changes.
    QByteArray network(int node) const
    {
        return m_lab.lab()
            .sh(node, QStringLiteral("ls /etc/netplan /etc/sysctl.d; ip -4 -o addr show; "
                                     "cat /proc/sys/net/ipv4/conf/enp1s0f0np0/arp_ignore; "
                                     "ls /run/spark-companion-netplan-revert.pid 2>/dev/null; true"))
            .out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("itcli-direct2"), QStringLiteral("10.132.20.0/24"), {QStringLiteral("direct2")}));
        QDir().mkpath(m_home->filePath(QStringLiteral(".ssh")));
        const QString key = m_home->filePath(QStringLiteral(".ssh/id_ed25519"));
        QCOMPARE(runProcess(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                                           QStringLiteral("-N"), QString(), QStringLiteral("-f"), key})
                     .exitCode,
                 0);
        QFile publicKey(key + QStringLiteral(".pub"));
        QVERIFY(publicKey.open(QIODevice::ReadOnly));
        const QString line = QString::fromUtf8(publicKey.readAll().trimmed());
        QJsonArray devices;
        for (int i = 0; i < m_lab.size(); ++i) {
            const ProcessResult installed = m_lab.lab().exec(
                i, {QStringLiteral("sh"), QStringLiteral("-c"),
                    QStringLiteral("mkdir -p ~nvidia/.ssh && printf '%s\\n' \"$1\" >> ~nvidia/.ssh/authorized_keys && "
                                   "chown -R nvidia: ~nvidia/.ssh && chmod 700 ~nvidia/.ssh"),
                    QStringLiteral("sh"), line});
            QCOMPARE(installed.exitCode, 0);
            Device device;
            device.name = m_lab.nodeNames().at(i);
            device.host = m_lab.lab().node(i).address;
            device.user = m_lab.lab().node(i).user;
            device.hostKeyFingerprint = m_lab.lab().node(i).fingerprint;
            devices.append(device.toJson());
        }
        const QString config = m_home->filePath(QStringLiteral(".config/spark-companion"));
        QDir().mkpath(config);
        QFile devicesFile(config + QStringLiteral("/devices.json"));
        QVERIFY(devicesFile.open(QIODevice::WriteOnly));
        devicesFile.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("devices"), devices}}).toJson());
        devicesFile.close();
        // As a user does: plan the cluster (no node is contacted), then work on it.
        const ProcessResult planned = sparkctl({QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"),
                                                QStringLiteral("direct2"), QStringLiteral("--devices"),
                                                m_lab.nodeNames().join(QLatin1Char(',')), QStringLiteral("--cluster"),
                                                QStringLiteral("duo")});
        QVERIFY2(planned.exitCode == 0, planned.err.constData());
        QVERIFY2(planned.out.contains("Cable 1: "), planned.out.constData());
    }

    void wrongUsageExitsSixtyFour()
    {
        QCOMPARE(sparkctl({QStringLiteral("cluster"), QStringLiteral("frobnicate")}).exitCode, 64);
        QCOMPARE(sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--bogus")}).exitCode, 64);
        QCOMPARE(sparkctl({QStringLiteral("cluster"), QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("xml")})
                     .exitCode,
                 64);
        const ProcessResult unknown = sparkctl({QStringLiteral("cluster"), QStringLiteral("verify"), QStringLiteral("--cluster"),
                                                QStringLiteral("nope")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("nope"));
    }

    void verifyReportsTheCables()
    {
        const ProcessResult verify = sparkctl({QStringLiteral("cluster"), QStringLiteral("verify")});
        QVERIFY2(verify.exitCode == 0, QByteArray(verify.out + verify.err).constData());
        QVERIFY(verify.out.contains("matches its plan"));
        QVERIFY(verify.out.contains("Cable discovery took"));
        // Then a few seconds over every twin, before anything is configured.
        QVERIFY2(verify.out.contains("PASS cable 1: ") && verify.out.contains("Every twin of"), verify.out.constData());
        const ProcessResult cablesOnly =
            sparkctl({QStringLiteral("cluster"), QStringLiteral("verify"), QStringLiteral("--no-quick-check")});
        QCOMPARE(cablesOnly.exitCode, 0);
        QVERIFY(!cablesOnly.out.contains("PASS"));
    }

    void applyTwiceThenRollBack()
    {
        const ProcessResult before = m_lab.lab().sh(0, QStringLiteral("ls /etc/netplan; ip -4 -o addr show"));
        const ProcessResult dry = sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--dry-run"),
                                            QStringLiteral("--sudo-password-stdin")},
                                           password());
        QVERIFY2(dry.exitCode == 0, QByteArray(dry.out + dry.err).constData());
        QVERIFY(dry.out.contains("nothing was changed"));
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ls /etc/netplan; ip -4 -o addr show")).out, before.out);

        const ProcessResult wrong = sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--sudo-password-stdin")},
                                             "wrong\n");
        QCOMPARE(wrong.exitCode, 1);
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ls /etc/netplan; ip -4 -o addr show")).out, before.out);

        const ProcessResult apply = sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--sudo-password-stdin"),
                                              QStringLiteral("--revert-seconds"), QStringLiteral("20")},
                                             password());
        QVERIFY2(apply.exitCode == 0, QByteArray(apply.out + apply.err).constData());
        QVERIFY(apply.out.contains("%] "));      // progress lines with a fraction
        QVERIFY(apply.out.contains("runs its new network settings"));
        const QByteArray applied = m_lab.lab().sh(0, QStringLiteral("ls /etc/netplan; ip -4 -o addr show")).out;
        QVERIFY(applied.contains("60-spark-companion.yaml"));

        // Again, as a script would: JSON lines, nothing changed.
        const ProcessResult again = sparkctl({QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--sudo-password-stdin"),
                                              QStringLiteral("--json")},
                                             password());
        QVERIFY2(again.exitCode == 0, QByteArray(again.out + again.err).constData());
        const QString againProblems = linesProblems(again, QStringLiteral("cluster"), QStringLiteral("cluster apply"));
        QVERIFY2(againProblems.isEmpty(), qPrintable(againProblems));
        QVERIFY2(QJsonDocument::fromJson(again.out.trimmed().split('\n').constLast()).object().value(QStringLiteral("alreadyApplied")).toBool(),
                 again.out.constData());
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ls /etc/netplan; ip -4 -o addr show")).out, applied);

        // Node-to-node SSH as mpirun needs it.
        const ProcessResult hop = m_lab.lab().exec(
            0, {QStringLiteral("su"), QStringLiteral("-"), QStringLiteral("nvidia"), QStringLiteral("-c"),
                QStringLiteral("ssh -o BatchMode=yes %1 hostname").arg(m_lab.lab().node(1).address)});
        QVERIFY2(hop.exitCode == 0, hop.err.constData());
        QCOMPARE(hop.out.trimmed(), m_lab.nodeNames().at(1).toUtf8());

        for (const QString &format : {QStringLiteral("hostfile"), QStringLiteral("nccl-env"), QStringLiteral("ansible"),
                                      QStringLiteral("vllm")}) {
            const ProcessResult exported = sparkctl({QStringLiteral("cluster"), QStringLiteral("export"), QStringLiteral("--format"), format});
            QVERIFY2(exported.exitCode == 0, exported.err.constData());
            QVERIFY(!exported.out.isEmpty());
            const ProcessResult asJson = sparkctl({QStringLiteral("cluster"), QStringLiteral("export"), QStringLiteral("--format"),
                                                   format, QStringLiteral("--json")});
            QVERIFY2(asJson.exitCode == 0, asJson.err.constData());
            const QString exportProblems = documentProblems(asJson, QStringLiteral("cluster export"));
            QVERIFY2(exportProblems.isEmpty(), qPrintable(exportProblems));
            QCOMPARE(QJsonDocument::fromJson(asJson.out).object().value(QStringLiteral("text")).toString(),
                     QString::fromUtf8(exported.out));
            if (format == QLatin1String("hostfile")) {
                QVERIFY(exported.out.contains(m_lab.lab().node(1).address.toUtf8()));
                // Debian's real Open MPI takes it: one rank per Spark, started over the node-to-node SSH.
                QVERIFY(m_lab.lab().exec(0, {QStringLiteral("sh"), QStringLiteral("-c"),
                                             QStringLiteral("cat > /tmp/spark-hostfile && chmod 644 /tmp/spark-hostfile")},
                                         exported.out).exitCode == 0);
                const ProcessResult ranks = m_lab.lab().exec(
                    0, {QStringLiteral("su"), QStringLiteral("-"), QStringLiteral("nvidia"), QStringLiteral("-c"),
                        QStringLiteral("mpirun --hostfile /tmp/spark-hostfile -np %1 hostname").arg(m_lab.size())});
                QVERIFY2(ranks.exitCode == 0, QByteArray(ranks.out + ranks.err).constData());
                QStringList answered = QString::fromUtf8(ranks.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
                answered.sort();
                QCOMPARE(answered, m_lab.nodeNames());
            }
            // Applied: every twin has its RoCE v2 IPv4 GID, at the index sparklab's kernel gives it.
            if (format == QLatin1String("nccl-env")) {
                QVERIFY2(exported.out.contains("\nexport NCCL_IB_GID_INDEX=3\n"), exported.out.constData());
                QVERIFY2(exported.err.isEmpty(), exported.err.constData());
            }
            if (format == QLatin1String("vllm")) {
                QCOMPARE(exported.out.count("--head"), 1);
                QCOMPARE(exported.out.count("--address="), m_lab.size() - 1); // a Ray worker on every other Spark
            }
        }

        // The link test, twice: the second run is compared with the first, and both are kept.
        QVERIFY(sparkctl({QStringLiteral("linktest"), QStringLiteral("--history")}).out.contains("no link test runs yet"));
        const QStringList linktest{QStringLiteral("linktest"), QStringLiteral("--duration"), QStringLiteral("2"),
                                   QStringLiteral("--direction"), QStringLiteral("a-b")};
        const ProcessResult first = sparkctl(linktest);
        QVERIFY2(first.exitCode == 0, QByteArray(first.out + first.err).constData());
        QVERIFY(!first.out.contains("Compared with"));
        const ProcessResult second = sparkctl(linktest + QStringList{QStringLiteral("--json")});
        QVERIFY2(second.exitCode == 0, QByteArray(second.out + second.err).constData());
        int samples = 0;
        QJsonObject comparison;
        for (const QByteArray &line : second.out.split('\n')) {
            const QJsonObject object = QJsonDocument::fromJson(line).object();
            samples += object.value(QStringLiteral("type")).toString() == QLatin1String("sample") ? 1 : 0;
            if (object.value(QStringLiteral("type")).toString() == QLatin1String("comparison"))
                comparison = object;
        }
        QVERIFY(samples > 0);
        QCOMPARE(comparison.value(QStringLiteral("links")).toArray().size(), m_lab.size() == 2 ? 1 : m_lab.size());
        const QString linkTestProblems = linesProblems(second, QStringLiteral("linktest"), QStringLiteral("linktest"));
        QVERIFY2(linkTestProblems.isEmpty(), qPrintable(linkTestProblems));
        const ProcessResult historyJson = sparkctl({QStringLiteral("linktest"), QStringLiteral("--history"), QStringLiteral("--json")});
        const QString historyProblems = linesProblems(historyJson, QStringLiteral("linktest"), QStringLiteral("linktest --history"));
        QVERIFY2(historyProblems.isEmpty(), qPrintable(historyProblems));
        const ProcessResult history = sparkctl({QStringLiteral("linktest"), QStringLiteral("--history")});
        QVERIFY2(history.exitCode == 0, history.err.constData());
        QCOMPARE(history.out.count("links passed"), 2);
        // The same links over RDMA (ib_write_bw with each port's RoCE device and GID index).
        const ProcessResult rdma = sparkctl(linktest + QStringList{QStringLiteral("--mode"), QStringLiteral("rdma")});
        QVERIFY2(rdma.exitCode == 0, QByteArray(rdma.out + rdma.err).constData());
        QVERIFY2(rdma.out.contains("PASS") && !rdma.out.contains("FAIL"), rdma.out.constData());

        const ProcessResult rollback = sparkctl({QStringLiteral("cluster"), QStringLiteral("rollback"),
                                                 QStringLiteral("--sudo-password-stdin"), QStringLiteral("--json")},
                                                password());
        QVERIFY2(rollback.exitCode == 0, QByteArray(rollback.out + rollback.err).constData());
        const QString rollbackProblems = linesProblems(rollback, QStringLiteral("cluster"), QStringLiteral("cluster rollback"));
        QVERIFY2(rollbackProblems.isEmpty(), qPrintable(rollbackProblems));
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("ls /etc/netplan; ip -4 -o addr show")).out, before.out);
    }

    // Each command a script would run, with --json, against docs/sparkctl-json.md
    // (apply, export, linktest and rollback are checked in the flow above).
    void everyCommandAnswersInItsDocumentedJson()
    {
        QVERIFY2(m_shapes.size() > 30, "docs/sparkctl-json.md was not read");
        const QString node = m_lab.nodeNames().at(0);
        const QString json = QStringLiteral("--json");
        struct Case
        {
            QStringList arguments;
            QString shape;
            QString linePrefix; // streamed: the lines' shapes are "PREFIX line TYPE"
            QList<int> exitCodes{0};
            QByteArray input = {};
        };
        const QList<Case> cases{
            {{QStringLiteral("device"), QStringLiteral("list")}, QStringLiteral("device list"), {}},
            {{QStringLiteral("device"), QStringLiteral("show"), node}, QStringLiteral("device show"), {}},
            {{QStringLiteral("device"), QStringLiteral("check"), node}, QStringLiteral("device check"), {}},
            {{QStringLiteral("connect"), node}, QStringLiteral("connect"), {}},
            {{QStringLiteral("connect"), QStringLiteral("no-such-spark")}, QStringLiteral("failure"), {}, {1}},
            {{QStringLiteral("tunnel")}, QStringLiteral("failure"), {}, {64}},
            {{QStringLiteral("update"), node}, QStringLiteral("failure"), {}, {64}},
            {{QStringLiteral("probe")}, QStringLiteral("probe"), {}},
            {{QStringLiteral("check")}, QStringLiteral("check"), {}, {0, 10, 20}},
            {{QStringLiteral("cluster"), QStringLiteral("plan"), QStringLiteral("--layout"), QStringLiteral("direct2"),
              QStringLiteral("--devices"), m_lab.nodeNames().join(QLatin1Char(',')), QStringLiteral("--cluster"),
              QStringLiteral("duo")},
             QStringLiteral("cluster plan"), {}},
            {{QStringLiteral("cluster"), QStringLiteral("verify"), QStringLiteral("--no-quick-check")},
             QStringLiteral("cluster verify"), QStringLiteral("cluster")},
            {{QStringLiteral("cluster"), QStringLiteral("apply"), QStringLiteral("--dry-run"), QStringLiteral("--sudo-password-stdin")},
             QStringLiteral("cluster apply --dry-run"), QStringLiteral("cluster"), {0}, password()},
            {{QStringLiteral("monitor"), node, QStringLiteral("--count"), QStringLiteral("2"), QStringLiteral("--interval"),
              QStringLiteral("500")},
             QStringLiteral("monitor"), QStringLiteral("monitor")},
            {{QStringLiteral("report"), QStringLiteral("--output"), m_home->filePath(QStringLiteral("report.tar"))},
             QStringLiteral("report"), QStringLiteral("report")},
        };
        for (const Case &test : cases) {
            const ProcessResult result = sparkctl(test.arguments + QStringList{json}, test.input);
            const QString what = test.arguments.join(QLatin1Char(' '));
            QVERIFY2(test.exitCodes.contains(result.exitCode),
                     qPrintable(what + QStringLiteral(": exit %1\n").arg(result.exitCode) + QString::fromUtf8(result.out + result.err)));
            // A failure is one document, or a streamed command's one result line: the same JSON either way.
            const QString problems = test.linePrefix.isEmpty() ? documentProblems(result, test.shape)
                                                               : linesProblems(result, test.linePrefix, test.shape);
            QVERIFY2(problems.isEmpty(), qPrintable(what + QStringLiteral(":\n") + problems));
        }

        // A tunnel: its "forwarding" line, then Ctrl-C ends it normally with its result.
        const InterruptedRun tunnel = runAndInterrupt(QStringLiteral(SPARKCTL_EXECUTABLE),
                                                      {QStringLiteral("tunnel"), node, QStringLiteral("--remote"), QStringLiteral("22"),
                                                       QStringLiteral("--local"), QStringLiteral("24022"), json},
                                                      {}, "\"forwarding\"", QProcess::StandardOutput, 30000);
        QVERIFY2(tunnel.sawMarker && tunnel.finished, QByteArray(tunnel.out + tunnel.err).constData());
        QCOMPARE(tunnel.status, QProcess::NormalExit);
        QCOMPARE(tunnel.exitCode, 0);
        const QByteArray out = tunnel.out;
        const QString tunnelProblems = linesProblems(ProcessResult{0, out, {}}, QStringLiteral("tunnel"), QStringLiteral("tunnel"));
        QVERIFY2(tunnelProblems.isEmpty(), qPrintable(tunnelProblems));
    }

    // Ctrl-C at three moments of the apply: sparkctl says so, every node is
    // restored (none is left half-changed, no undo timer stays armed) and it exits 130.
    void ctrlCRestoresEveryNode_data()
    {
        QTest::addColumn<QString>("moment");
        QTest::newRow("after the backup") << QStringLiteral("Arm the automatic undo on");
        QTest::newRow("during netplan apply") << QStringLiteral("Apply the settings on");
        QTest::newRow("during the link check") << QStringLiteral("Checking every link from");
    }

    void ctrlCRestoresEveryNode()
    {
        QFETCH(QString, moment);
        const QByteArray before0 = network(0);
        const QByteArray before1 = network(1);
        const InterruptedRun run = runAndInterrupt(QStringLiteral(SPARKCTL_EXECUTABLE),
                                                   {QStringLiteral("cluster"), QStringLiteral("apply"),
                                                    QStringLiteral("--sudo-password-stdin"), QStringLiteral("--no-peer-ssh")},
                                                   password(), moment.toUtf8());
        const QByteArray &out = run.out;
        const QByteArray &err = run.err;
        QVERIFY2(run.sawMarker && run.finished, out.constData());
        QCOMPARE(run.status, QProcess::NormalExit); // the signal did not kill it
        QVERIFY2(run.exitCode == 130, QByteArray(out + err).constData());
        QVERIFY2(err.contains("Cancelling"), err.constData());
        QVERIFY2(!out.contains(": applied"), out.constData());
        QCOMPARE(network(0), before0);
        QCOMPARE(network(1), before1);
    }
};

SPARKLAB_MAIN(TestClusterCommands)
#include "tst_clustercommands.moc"
