// SPDX-License-Identifier: MIT
// Device enrolment against a private sparklab lab (it changes nodes: users,
// /etc/dgx-release), through the core API and through `sparkctl device`.
// Every bad input must leave nothing half-written.
#include "core/devices/deviceenroller.h"
#include "core/devices/deviceregistry.h"
#include "core/devices/secretstore.h"
#include "core/ssh/knownhosts.h"
#include "core/ssh/sshconfigfile.h"
#include "core/ssh/sshkeypair.h"
#include "core/ssh/sshsession.h"
#include "support/interruptedrun.h"
#include "support/jsonshapes.h"
#include "support/sparklab.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>


#include <memory>

using namespace spark;
using namespace spark::testsupport;

namespace {
const QString NoSudoUser = QStringLiteral("nosudo");
const QString NoSudoPassword = QStringLiteral("No-sudo-pw-1");

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestEnrolment final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    SparkLab m_lab;
    const JsonShapes m_shapes = JsonShapes::fromDocument();

    EnrolmentRequest request(const QString &name, int node)
    {
        EnrolmentRequest r;
        r.name = name;
        r.host = m_lab.node(node).address;
        r.port = m_lab.node(node).port;
        r.user = m_lab.node(node).user;
        r.password = m_lab.node(node).password;
        const QString fingerprint = m_lab.node(node).fingerprint;
        r.approveHostKey = [fingerprint](const HostKey &key) { return key.fingerprint == fingerprint; };
        return r;
    }

    QList<Device> registered() const
    {
        DeviceRegistry registry;
        registry.load();
        return registry.devices();
    }

    int keyLinesOn(int node, const QString &user = QStringLiteral("nvidia")) const
    {
        const auto pair = SshKeyPair::ensure();
        if (!pair)
            return -1;
        const QString file = QStringLiteral("/home/%1/.ssh/authorized_keys").arg(user);
        return m_lab.exec(node, {QStringLiteral("grep"), QStringLiteral("-cxF"), pair->publicKeyLine(), file})
            .out.trimmed()
            .toInt();
    }

    ProcessResult sparkctl(const QStringList &arguments, const QByteArray &input = {}) const
    {
        return runProcess(QStringLiteral(SPARKCTL_EXECUTABLE), QStringList{QStringLiteral("device")} + arguments, input);
    }

    void removeAll()
    {
        for (const Device &device : registered())
            QVERIFY(DeviceEnroller().remove(device.name));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        // Faults and users are injected here, so the lab is our own (not a shared fixture).
        QVERIFY(m_lab.attachPrivate(QStringLiteral("itenrol"), 3, QStringLiteral("10.131.61.0/24")));
        // An account without sudo on node 2, a plain Linux host (no /etc/dgx-release) on node 3.
        QCOMPARE(m_lab.sh(1, QStringLiteral("id %1 >/dev/null 2>&1 || useradd -m -s /bin/bash %1; echo '%1:%2' | chpasswd")
                                 .arg(NoSudoUser, NoSudoPassword))
                     .exitCode,
                 0);
        QCOMPARE(m_lab.sh(2, QStringLiteral("rm -f /etc/dgx-release")).exitCode, 0);
        QCOMPARE(m_lab.sh(1, QStringLiteral("setsid python3 -c 'import socket,time; s=socket.socket(); "
                                            "s.bind((\"0.0.0.0\", 2222)); s.listen(); c=s.accept(); time.sleep(3600)' "
                                            ">/dev/null 2>&1 < /dev/null &"))
                     .exitCode,
                 0);
    }

    void init()
    {
        removeAll();
        QFile::remove(KnownHosts::defaultFilePath());
    }

    void addListShowCheckRemoveWithSparkctl()
    {
        const LabNode &node = m_lab.node(0);
        QStringList add{QStringLiteral("add"), QStringLiteral("alpha"), QStringLiteral("--host"), node.address,
                        QStringLiteral("--user"), node.user, QStringLiteral("--password-stdin")};
        // First contact without --accept-host-key (no terminal): refused, the fingerprint shown, nothing written.
        ProcessResult refused = sparkctl(add, node.password.toUtf8() + '\n');
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(node.fingerprint.toUtf8()), refused.err.constData());
        QVERIFY(registered().isEmpty());

        const ProcessResult added = sparkctl(add + QStringList{QStringLiteral("--accept-host-key"), node.fingerprint,
                                                                QStringLiteral("--remember-sudo"), QStringLiteral("--json")},
                                             node.password.toUtf8() + '\n');
        QVERIFY2(added.exitCode == 0, added.err.constData());
        QCOMPARE(m_shapes.mismatches(QStringLiteral("device add"), QJsonDocument::fromJson(added.out).object()), QStringList());
        QVERIFY(!added.out.contains(node.password.toUtf8()) && !added.err.contains(node.password.toUtf8()));
        // Every step's sentence is printed, in order (sampling the future's progress once dropped five of nine).
        qsizetype at = 0;
        for (const QByteArray &step : {QByteArrayLiteral("Checking the details"), QByteArrayLiteral("Preparing this computer's SSH key"),
                                       QByteArrayLiteral("Connecting to "), QByteArrayLiteral("may use sudo"),
                                       QByteArrayLiteral("Finding out what "), QByteArrayLiteral("Installing this computer's key on "),
                                       QByteArrayLiteral("Checking that the key logs in"), QByteArrayLiteral("Saving alpha"),
                                       QByteArrayLiteral("alpha was added.")}) {
            const qsizetype found = added.err.indexOf(step, at);
            QVERIFY2(found >= 0, QByteArray(step + " missing or out of order in:\n" + added.err).constData());
            at = found + step.size();
        }

        QCOMPARE(registered().size(), 1);
        const Device device = registered().constFirst();
        QCOMPARE(device.hostKeyFingerprint, node.fingerprint);
        QVERIFY(device.isDgxSpark);
        QCOMPARE(runProcess(QStringLiteral("stat"), {QStringLiteral("-c"), QStringLiteral("%a"), device.identityFile}).out, "600\n");
        const QByteArray config = readAll(SshConfigFile::defaultFilePath());
        QVERIFY(config.contains("Host alpha\n"));
        QCOMPARE(runProcess(QStringLiteral("stat"), {QStringLiteral("-c"), QStringLiteral("%a"), SshConfigFile::defaultFilePath()}).out,
                 "600\n");
        QVERIFY(readAll(KnownHosts::defaultFilePath()).startsWith(QByteArray(node.address.toUtf8() + " ssh-ed25519 ")));
        QCOMPARE(keyLinesOn(0), 1);
        QCOMPARE(m_lab.sh(0, QStringLiteral("stat -c %a /home/nvidia/.ssh /home/nvidia/.ssh/authorized_keys")).out,
                 QByteArray("700\n600\n"));
        QByteArray registryText = readAll(DeviceRegistry::defaultFilePath());
        QVERIFY(!registryText.contains(node.password.toUtf8()));

        // The system ssh uses the alias and the program's key.
        const ProcessResult ssh = runProcess(QStringLiteral("ssh"),
                                             {QStringLiteral("-F"), SshConfigFile::defaultFilePath(), QStringLiteral("-o"),
                                              QStringLiteral("UserKnownHostsFile=") + KnownHosts::defaultFilePath(),
                                              QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("alpha"),
                                              QStringLiteral("echo via-alias")});
        QVERIFY2(ssh.out == "via-alias\n", ssh.err.constData());

        // The remembered sudo password is in the keychain, not in a file.
        SecretStore secrets;
        const auto stored = secrets.sudoPassword(QStringLiteral("alpha")).result();
        QVERIFY2(stored, qPrintable(stored ? QString() : stored.error().message));
        QCOMPARE(*stored, node.password);

        QVERIFY(sparkctl({QStringLiteral("list")}).out.contains("alpha"));
        QVERIFY(sparkctl({QStringLiteral("show"), QStringLiteral("alpha"), QStringLiteral("--json")}).out.contains(node.fingerprint.toUtf8()));
        const ProcessResult check = sparkctl({QStringLiteral("check"), QStringLiteral("alpha")});
        QVERIFY2(check.exitCode == 0 && check.out.contains("online"),
                 QByteArray(check.out + "exit " + QByteArray::number(check.exitCode) + "\n" + check.err).constData());

        // A second add of the same name is refused before anything happens.
        const ProcessResult again = sparkctl(add, node.password.toUtf8() + '\n');
        QCOMPARE(again.exitCode, 1);
        QVERIFY(again.err.contains("already registered"));

        const ProcessResult removed = sparkctl({QStringLiteral("remove"), QStringLiteral("alpha"), QStringLiteral("--json")});
        QVERIFY2(removed.exitCode == 0, removed.err.constData());
        QCOMPARE(m_shapes.mismatches(QStringLiteral("device remove"), QJsonDocument::fromJson(removed.out).object()), QStringList());
        QVERIFY(registered().isEmpty());
        QVERIFY(!readAll(SshConfigFile::defaultFilePath()).contains("alpha"));
        QVERIFY(!secrets.sudoPassword(QStringLiteral("alpha")).result());

        // Enrolling again installs no second key line.
        QVERIFY(DeviceEnroller().enrol(request(QStringLiteral("alpha"), 0)).result());
        QCOMPARE(keyLinesOn(0), 1);
    }

    void userConfigIsKeptAndBackedUp()
    {
        const QString path = SshConfigFile::defaultFilePath();
        QDir().mkpath(QFileInfo(path).absolutePath());
        const QByteArray mine("# my settings\nServerAliveInterval 30\n\nHost *\n    ForwardAgent no\n");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(mine);
        file.close();
        const auto result = DeviceEnroller().enrol(request(QStringLiteral("beta"), 0)).result();
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        const QByteArray withBlock = readAll(path);
        QVERIFY(withBlock.startsWith("# my settings\nServerAliveInterval 30\n\n# >>> spark-companion: beta"));
        QVERIFY(withBlock.endsWith("\nHost *\n    ForwardAgent no\n"));
        QCOMPARE(readAll(path + QStringLiteral(".spark-companion.bak")), mine);
        QVERIFY(DeviceEnroller().remove(QStringLiteral("beta")));
        QCOMPARE(readAll(path), mine);
    }

    void importAnExistingAlias()
    {
        QVERIFY(DeviceEnroller().enrol(request(QStringLiteral("gamma"), 0)).result()); // installs our key
        const QString path = SshConfigFile::defaultFilePath();
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        file.write(QStringLiteral("\nHost lab-one\n    HostName %1\n    User nvidia\n    IdentityFile %2\n")
                       .arg(m_lab.node(0).address, SshKeyPair::defaultPrivateKeyPath())
                       .toUtf8());
        file.close();
        QVERIFY(DeviceEnroller().remove(QStringLiteral("gamma")));

        const ProcessResult imported = sparkctl({QStringLiteral("import"), QStringLiteral("lab-one"), QStringLiteral("--json")});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        QCOMPARE(m_shapes.mismatches(QStringLiteral("device import"), QJsonDocument::fromJson(imported.out).object()), QStringList());
        const Device device = registered().value(0);
        QCOMPARE(device.sshAlias, QStringLiteral("lab-one"));
        QVERIFY(!device.managesSshConfig);
        QVERIFY(sparkctl({QStringLiteral("remove"), QStringLiteral("lab-one")}).exitCode == 0);
        QVERIFY(readAll(path).contains("Host lab-one")); // the user's own entry stays

        const ProcessResult missing = sparkctl({QStringLiteral("import"), QStringLiteral("no-such-alias")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("no \"Host no-such-alias\""));
    }

    void genericLinuxHostIsAllowedWithAWarning()
    {
        const auto result = DeviceEnroller().enrol(request(QStringLiteral("plain"), 2)).result();
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        QVERIFY(!result->device.isDgxSpark);
        QCOMPARE(result->warnings.size(), 1);
        QVERIFY(result->warnings.constFirst().contains(QLatin1String("not a DGX Spark")));
    }

    void badInputChangesNothing_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown host") << "unknown-host" << "Could not find a computer named";
        QTest::newRow("connection refused") << "refused" << "refused the connection";
        QTest::newRow("timeout") << "timeout" << "did not answer within";
        QTest::newRow("wrong password") << "wrong-password" << "did not accept the password";
        QTest::newRow("account without sudo") << "no-sudo" << "may not use sudo";
        QTest::newRow("changed host key") << "changed-key" << "has changed";
        QTest::newRow("host key not accepted") << "not-accepted" << "first connection";
        QTest::newRow("name with spaces") << "name-spaces" << "no spaces";
        QTest::newRow("name with shell syntax") << "name-shell" << "may only use";
        QTest::newRow("host with spaces") << "host-spaces" << "is not a host name";
        QTest::newRow("host with shell syntax") << "host-shell" << "is not a host name";
        QTest::newRow("duplicate name") << "duplicate-name" << "already registered";
        QTest::newRow("duplicate host") << "duplicate-host" << "already registered";
        QTest::newRow("registry cannot be written") << "registry-blocked" << "Could not write the device list";
    }

    void badInputChangesNothing()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        DeviceEnroller::Paths paths = DeviceEnroller::Paths::defaults();
        EnrolmentRequest r = request(QStringLiteral("bad"), 1);
        int existing = 0;
        if (kind == QLatin1String("unknown-host"))
            r.host = QStringLiteral("no-such-spark.invalid");
        else if (kind == QLatin1String("refused"))
            r.port = 2;
        else if (kind == QLatin1String("timeout")) {
            r.port = 2222; // a listener on node 2 that accepts and never says a word
            r.connectTimeoutMs = 2000;
        }
        else if (kind == QLatin1String("wrong-password"))
            r.password = QStringLiteral("not-the-password");
        else if (kind == QLatin1String("no-sudo")) {
            r.user = NoSudoUser;
            r.password = NoSudoPassword;
        } else if (kind == QLatin1String("changed-key")) {
            SshTarget other = m_lab.target(0);
            other.password = m_lab.node(0).password;
            other.acceptedFingerprint = m_lab.node(0).fingerprint;
            SshSession session(other);
            QVERIFY(session.connectToHost().result());
            QVERIFY(KnownHosts().add(r.host, r.port, session.hostKey())); // node 1's key under node 2's address
        } else if (kind == QLatin1String("not-accepted"))
            r.approveHostKey = [](const HostKey &) { return false; };
        else if (kind == QLatin1String("name-spaces"))
            r.name = QStringLiteral("my spark");
        else if (kind == QLatin1String("name-shell"))
            r.name = QStringLiteral("x;touch$IFS/tmp/pwned");
        else if (kind == QLatin1String("host-spaces"))
            r.host = QStringLiteral("10.0.0.1 -oProxyCommand=id");
        else if (kind == QLatin1String("host-shell"))
            r.host = QStringLiteral("$(touch /tmp/pwned)");
        else if (kind.startsWith(QLatin1String("duplicate"))) {
            QVERIFY(DeviceEnroller().enrol(request(QStringLiteral("first"), 0)).result());
            existing = 1;
            if (kind == QLatin1String("duplicate-name"))
                r.name = QStringLiteral("FIRST");
            else
                r.host = m_lab.node(0).address;
        } else if (kind == QLatin1String("registry-blocked")) {
            QFile blocker(m_home->filePath(QStringLiteral("blocked")));
            QVERIFY(blocker.open(QIODevice::WriteOnly));
            paths.registryFile = m_home->filePath(QStringLiteral("blocked/devices.json"));
        }
        const QByteArray configBefore = readAll(SshConfigFile::defaultFilePath());
        const int keysBefore = keyLinesOn(1);

        const auto result = DeviceEnroller(paths).enrol(r).result();
        QVERIFY(!result);
        QVERIFY2(result.error().message.contains(expected, Qt::CaseInsensitive), qPrintable(result.error().message));
        QVERIFY(!result.error().message.contains(m_lab.node(1).password));
        // Nothing half-written: no entry, no config block, no key left on the node.
        QCOMPARE(registered().size(), existing);
        QCOMPARE(readAll(SshConfigFile::defaultFilePath()), configBefore);
        QVERIFY(!readAll(SshConfigFile::defaultFilePath()).contains("Host bad"));
        QCOMPARE(keyLinesOn(1), keysBefore);
        QCOMPARE(keyLinesOn(1, NoSudoUser), 0);
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/pwned")));
    }

    void cancellingUndoesEverything()
    {
        const int keysBefore = keyLinesOn(1);
        const QByteArray configBefore = readAll(SshConfigFile::defaultFilePath());
        auto future = DeviceEnroller().enrol(request(QStringLiteral("cancelled"), 1));
        QTRY_VERIFY_WITH_TIMEOUT(future.progressValue() >= 55 || future.isFinished(), 20000);
        QVERIFY(!future.isFinished());
        future.cancel();
        future.waitForFinished();
        QVERIFY(future.isCanceled());
        QVERIFY(registered().isEmpty());
        QCOMPARE(readAll(SshConfigFile::defaultFilePath()), configBefore);
        QCOMPARE(keyLinesOn(1), keysBefore);
    }

    // Ctrl-C in sparkctl device add: the enrolment is cancelled and undone,
    // exit code 130, nothing left on the node or on this computer.
    void ctrlCDuringDeviceAddChangesNothing()
    {
        const LabNode &node = m_lab.node(0);
        const int keysBefore = keyLinesOn(0);
        const QByteArray configBefore = readAll(SshConfigFile::defaultFilePath());
        const InterruptedRun run = runAndInterrupt(
            QStringLiteral(SPARKCTL_EXECUTABLE),
            {QStringLiteral("device"), QStringLiteral("add"), QStringLiteral("interrupted"), QStringLiteral("--host"), node.address,
             QStringLiteral("--user"), node.user, QStringLiteral("--password-stdin"), QStringLiteral("--accept-host-key"),
             node.fingerprint, QStringLiteral("--json")},
            node.password.toUtf8() + '\n', "Connecting to ", QProcess::StandardError);
        const QByteArray &out = run.out;
        const QByteArray &err = run.err;
        QVERIFY2(run.sawMarker && run.finished, err.constData());
        QCOMPARE(run.status, QProcess::NormalExit); // not killed by the signal
        QVERIFY2(run.exitCode == 130, QByteArray(out + err).constData());
        QVERIFY2(err.contains("was cancelled"), err.constData());
        const QJsonObject result = QJsonDocument::fromJson(out).object();
        QCOMPARE(result.value(QStringLiteral("ok")).toBool(true), false);
        QVERIFY(registered().isEmpty());
        QCOMPARE(readAll(SshConfigFile::defaultFilePath()), configBefore);
        QCOMPARE(keyLinesOn(0), keysBefore);
    }

    void cleanupTestCase()
    {
        removeAll();
    }
};

SPARKLAB_MAIN(TestEnrolment)
#include "tst_enrolment.moc"
