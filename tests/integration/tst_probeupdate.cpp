// SPDX-License-Identifier: MIT
// Issue 5 end to end on a private sparklab ring of three: each injected fault
// gives its finding in `sparkctl check`, the probe takes the sudo password
// from the keychain, and the documented update runs through the restart
// (sparklab's apt-get, fwupdmgr and reboot stand-ins) and ends in a fresh probe.
#include "core/devices/secretstore.h"
#include "core/facts/readiness.h"
#include "core/devices/updaterunner.h"
#include "support/interruptedrun.h"
#include "support/jsonshapes.h"
#include "support/registereddevices.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>


using namespace spark;
using namespace spark::testsupport;

namespace {

QStringList codes(const QJsonArray &findings)
{
    QStringList list;
    for (const QJsonValue &finding : findings)
        list.append(finding.toObject().value(QStringLiteral("code")).toString() + QLatin1Char('@')
                    + finding.toObject().value(QStringLiteral("node")).toString());
    return list;
}

QStringList codes(const QList<Finding> &findings)
{
    QStringList list;
    for (const Finding &finding : findings)
        list.append(finding.code);
    return list;
}

} // namespace

class TestProbeUpdate final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    QList<Device> m_devices;

    ProcessResult sparkctl(const QStringList &arguments, const QByteArray &input = {})
    {
        return runProcess(QStringLiteral(SPARKCTL_EXECUTABLE), arguments, input, 300000);
    }
    QString password() const { return m_lab.lab().node(0).password; }
    QString nodeFact(int node, const char *fact)
    {
        const ProcessResult out = m_lab.lab().sh(
            node, QStringLiteral("python3 -c 'import json,sys; print(json.load(open(\"/run/sparklab-node/node.json\"))"
                                 "[\"facts\"][sys.argv[1]])' %1")
                      .arg(QString::fromLatin1(fact)));
        return QString::fromUtf8(out.out.trimmed());
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h5-itupdate"), QStringLiteral("10.131.57.0/24"), {QStringLiteral("ring3")}));
        m_devices = registerLabDevices(m_lab, *m_home);
        QCOMPARE(m_devices.size(), 3);
        // The update must meet sparklab's stand-ins, never the host's real apt-get and reboot.
        for (int i = 0; i < m_lab.size(); ++i) {
            const ProcessResult tools = m_lab.lab().sh(
                i, QStringLiteral("PATH=\"$(sed -n 's/.*secure_path=\"\\(.*\\)\"/\\1/p' /etc/sudoers.d/sparklab)\"; "
                                  "for t in apt-get fwupdmgr reboot; do command -v $t; done"));
            QCOMPARE(QString::fromUtf8(tools.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
                     (QStringList{QStringLiteral("/run/sparklab-node/bin/apt-get"), QStringLiteral("/run/sparklab-node/bin/fwupdmgr"),
                                  QStringLiteral("/run/sparklab-node/bin/reboot")}));
        }
    }

    // The keyring is the test session's own (with-test-session.sh): nothing to forget.
    void cleanupTestCase() { m_lab.down(); }

    void probeTakesTheSudoPasswordFromTheKeychain()
    {
        SecretStore secrets;
        QVERIFY(secrets.storeSudoPassword(m_devices.at(0).name, password()).result().hasValue());
        const ProcessResult probe = sparkctl({QStringLiteral("probe"), QStringLiteral("--json")});
        QVERIFY2(probe.exitCode == 0, probe.err.constData());
        const QJsonArray nodes = QJsonDocument::fromJson(probe.out).object().value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 3);
        QCOMPARE(nodes.at(0).toObject().value(QStringLiteral("sudo")).toString(), QStringLiteral("with-password"));
        QCOMPARE(nodes.at(1).toObject().value(QStringLiteral("sudo")).toString(), QStringLiteral("unknown"));
    }

    void eachFaultGivesItsFinding()
    {
        QCOMPARE(m_lab.fault({QStringLiteral("old-driver"), QStringLiteral("2")}).exitCode, 0);
        QCOMPARE(m_lab.fault({QStringLiteral("old-firmware"), QStringLiteral("2")}).exitCode, 0);
        QCOMPARE(m_lab.fault({QStringLiteral("twin-down"), QStringLiteral("3"), QStringLiteral("enP2p1s0f0np0")}).exitCode, 0);
        // ring3 (NVIDIA's wiring): spark-1 port 0 is cabled to spark-2 port 1.
        QCOMPARE(m_lab.fault({QStringLiteral("degrade"), QStringLiteral("spark-1:0-spark-2:1"), QStringLiteral("--reported-speed"),
                              QStringLiteral("100000")})
                     .exitCode,
                 0);
        const ProcessResult check = sparkctl({QStringLiteral("check"), QStringLiteral("--json")});
        QCOMPARE(check.exitCode, 20); // blockers
        const QStringList found = codes(QJsonDocument::fromJson(check.out).object().value(QStringLiteral("findings")).toArray());
        for (const char *expected : {"driver-differs@", "firmware-old@spark-2", "twin-down@spark-3", "port-slow@spark-1"})
            QVERIFY2(found.contains(QString::fromLatin1(expected)), qPrintable(QString::fromLatin1(expected) + QStringLiteral(" not in ") + found.join(QLatin1Char(' '))));

        const ProcessResult text = sparkctl({QStringLiteral("check")});
        QCOMPARE(text.exitCode, 20);
        QVERIFY2(text.out.contains("To update spark-2:"), text.out.constData());
        QVERIFY(text.out.contains("ssh -N -L 11000:localhost:11000"));
        QVERIFY(text.out.contains("sparkctl update spark-1 spark-2 spark-3")); // drivers differ: every node
    }

    void wrongPasswordChangesNothing()
    {
        QList<UpdateEvent> events;
        const auto result = UpdateRunner::run(m_devices.at(1), QStringLiteral("not-the-password"),
                                              [&events](const UpdateEvent &event) { events.append(event); });
        QVERIFY(!result);
        QVERIFY2(result.error().message.contains(QStringLiteral("refused the password; nothing was changed")),
                 qPrintable(result.error().message));
        QCOMPARE(std::count_if(events.cbegin(), events.cend(),
                               [](const UpdateEvent &event) { return event.kind == UpdateEvent::Kind::Step; }),
                 1); // the first step started, and nothing more
        QCOMPARE(nodeFact(1, "driver_version"), QStringLiteral("580.95.05"));
        QVERIFY(m_lab.lab().sh(1, QStringLiteral("grep -c pending /run/sparklab-node/node.json")).out.trimmed() == "0");
    }

    void updateRunsThroughTheRestartAndProbesAgain()
    {
        QCOMPARE(m_lab.fault({QStringLiteral("old-release"), QStringLiteral("1")}).exitCode, 0);
        QMutex mutex;
        QList<UpdateEvent> events;
        UpdateRunner::Timing timing;
        timing.pollMs = 500;
        timing.goneWithinMs = 30000;
        timing.backWithinMs = 60000;
        const auto facts = UpdateRunner::run(
            m_devices.at(0), password(),
            [&](const UpdateEvent &event) {
                QMutexLocker locker(&mutex);
                events.append(event);
            },
            timing);
        QVERIFY2(facts, qPrintable(facts ? QString() : facts.error().message));
        QStringList steps;
        QStringList output;
        int waiting = 0;
        for (const UpdateEvent &event : std::as_const(events)) {
            QCOMPARE(event.node, m_devices.at(0).name);
            if (event.kind == UpdateEvent::Kind::Step)
                steps.append(event.text);
            else if (event.kind == UpdateEvent::Kind::Output)
                output.append(event.text);
            else if (event.kind == UpdateEvent::Kind::Waiting)
                ++waiting;
        }
        QCOMPARE(steps.size(), UpdateSteps::documented().size());
        QCOMPARE(waiting, 2); // gone, then back
        QVERIFY2(output.contains(QStringLiteral("Setting up dgx-release (7.6.0) ...")), qPrintable(output.join(QLatin1Char('\n'))));
        QCOMPARE(facts->release.version(), QStringLiteral("7.6.0"));
        QVERIFY(facts->complete);
        QVERIFY(!codes(assessNode(*facts, VersionPolicy::load().value())).contains(QStringLiteral("release-too-old")));
    }

    void sparkctlUpdatesTheChosenNode()
    {
        const ProcessResult update = sparkctl({QStringLiteral("update"), QStringLiteral("spark-2"), QStringLiteral("--yes"),
                                               QStringLiteral("--sudo-password-stdin")},
                                              password().toUtf8() + '\n');
        if (update.exitCode != 0)
            qWarning("sparkctl update exit %d\nstdout:\n%s\nstderr:\n%s", update.exitCode, update.out.right(1500).constData(),
                     update.err.constData());
        QCOMPARE(update.exitCode, 0);
        QVERIFY(update.out.contains("[spark-2] == "));
        QVERIFY(update.out.contains("Successfully installed firmware"));
        QVERIFY2(update.out.contains("spark-2 is back: DGX OS 7.6.0, driver 580.159.03, CX-7 firmware 28.45.4028"),
                 update.out.constData());
        QVERIFY(!update.out.contains("firmware-old"));

        const ProcessResult check = sparkctl({QStringLiteral("check"), QStringLiteral("--json")});
        const QStringList found = codes(QJsonDocument::fromJson(check.out).object().value(QStringLiteral("findings")).toArray());
        QVERIFY2(!found.contains(QStringLiteral("driver-differs@")), qPrintable(found.join(QLatin1Char(' '))));
        QVERIFY(!found.contains(QStringLiteral("firmware-old@spark-2")));
    }

    // The same through --json: an event line per step, the result with the node's versions.
    void sparkctlUpdateSpeaksJson()
    {
        const ProcessResult update = sparkctl({QStringLiteral("update"), QStringLiteral("spark-2"), QStringLiteral("--yes"),
                                               QStringLiteral("--sudo-password-stdin"), QStringLiteral("--json")},
                                              password().toUtf8() + '\n');
        QVERIFY2(update.exitCode == 0, QByteArray(update.out.right(1500) + update.err).constData());
        const JsonShapes shapes = JsonShapes::fromDocument();
        const QList<QByteArray> lines = update.out.trimmed().split('\n');
        for (qsizetype i = 0; i + 1 < lines.size(); ++i)
            QCOMPARE(shapes.mismatches(QStringLiteral("update line event"), QJsonDocument::fromJson(lines.at(i)).object()),
                     QStringList());
        const QJsonObject result = QJsonDocument::fromJson(lines.constLast()).object();
        QCOMPARE(shapes.mismatches(QStringLiteral("update"), result), QStringList());
        const QJsonObject node = result.value(QStringLiteral("nodes")).toArray().at(0).toObject();
        QCOMPARE(node.value(QStringLiteral("node")).toString(), QStringLiteral("spark-2"));
        QCOMPARE(node.value(QStringLiteral("release")).toString(), QStringLiteral("7.6.0"));
    }

    void updateWithoutConfirmationChangesNothing()
    {
        QCOMPARE(m_lab.fault({QStringLiteral("old-release"), QStringLiteral("3")}).exitCode, 0);
        const ProcessResult update = sparkctl({QStringLiteral("update"), QStringLiteral("spark-3"), QStringLiteral("--sudo-password-stdin")},
                                              password().toUtf8() + "\nn\n");
        QCOMPARE(update.exitCode, 1);
        QVERIFY(update.out.contains("Nothing was changed."));
        QCOMPARE(nodeFact(2, "release"), QStringLiteral("7.3.1"));
    }

    // Ctrl-C while the first step runs: the update stops after that step, not
    // in it, says so, exits 130, and the node was neither upgraded nor restarted.
    void ctrlCStopsTheUpdateBetweenSteps()
    {
        // The package index refresh takes a few seconds, as on a real network.
        QCOMPARE(m_lab.fault({QStringLiteral("slow-update"), QStringLiteral("3"), QStringLiteral("--seconds"), QStringLiteral("4")})
                     .exitCode,
                 0);
        const QByteArray bootBefore = m_lab.lab().sh(2, QStringLiteral("cat /proc/sys/kernel/random/boot_id")).out;
        const InterruptedRun run = runAndInterrupt(QStringLiteral(SPARKCTL_EXECUTABLE),
                                                   {QStringLiteral("update"), QStringLiteral("spark-3"), QStringLiteral("--yes"),
                                                    QStringLiteral("--sudo-password-stdin")},
                                                   password().toUtf8() + '\n', "[spark-3] == ");
        const QByteArray &out = run.out;
        const QByteArray &err = run.err;
        QCOMPARE(m_lab.fault({QStringLiteral("slow-update"), QStringLiteral("3"), QStringLiteral("--clear")}).exitCode, 0);
        QVERIFY2(run.sawMarker && run.finished, out.constData());
        QCOMPARE(run.status, QProcess::NormalExit);
        QVERIFY2(run.exitCode == 130, QByteArray(out + err).constData());
        QVERIFY2(err.contains("Stopping after the step") && err.contains("was stopped after"), err.constData());
        QCOMPARE(out.count("[spark-3] == "), 1); // only the step that was running
        QCOMPARE(nodeFact(2, "release"), QStringLiteral("7.3.1"));
        QCOMPARE(m_lab.lab().sh(2, QStringLiteral("cat /proc/sys/kernel/random/boot_id")).out, bootBefore);
    }
};

SPARKLAB_MAIN(TestProbeUpdate)
#include "tst_probeupdate.moc"
