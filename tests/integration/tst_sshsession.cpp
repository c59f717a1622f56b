// SPDX-License-Identifier: MIT
// SshSession against real OpenSSH servers in a sparklab lab: host keys,
// authentication, exec with stdin, streaming, cancellation, timeouts, SFTP.
#include "core/ssh/knownhosts.h"
#include "core/ssh/shellcommand.h"
#include "core/ssh/sshsession.h"
#include "support/sparklab.h"

#include <QElapsedTimer>
#include <QFile>

#include <memory>

using namespace spark;
using namespace spark::testsupport;

namespace {
template<typename T>
T await(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}
} // namespace

class TestSshSession final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    SparkLab m_lab;

    SshTarget trustedPasswordTarget(int node = 0)
    {
        SshTarget target = m_lab.target(node);
        target.password = m_lab.node(node).password;
        target.acceptedFingerprint = m_lab.node(node).fingerprint;
        return target;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.attach(QStringLiteral("itssh"), 2));
    }

    void init()
    {
        QFile::remove(KnownHosts::defaultFilePath());
    }

    void unknownHostKeyIsReportedWithItsFingerprint()
    {
        SshTarget target = m_lab.target(0);
        target.password = m_lab.node(0).password;
        SshSession session(target);
        const auto connected = await(session.connectToHost());
        QVERIFY(!connected);
        QCOMPARE(session.hostKey().state, HostKey::State::Unknown);
        QCOMPARE(session.hostKey().fingerprint, m_lab.node(0).fingerprint);
        QVERIFY2(connected.error().message.contains(m_lab.node(0).fingerprint), qPrintable(connected.error().message));

        session.setAcceptedFingerprint(m_lab.node(0).fingerprint);
        const auto accepted = await(session.connectToHost());
        QVERIFY2(accepted, qPrintable(accepted ? QString() : accepted.error().message));
        QVERIFY(!QFile::exists(KnownHosts::defaultFilePath())); // accepting writes nothing by itself
    }

    void knownHostKeyIsAcceptedAndChangedKeyRefused()
    {
        SshSession first(trustedPasswordTarget());
        QVERIFY(await(first.connectToHost()));
        const HostKey key = first.hostKey();
        const KnownHosts knownHosts;
        QVERIFY(knownHosts.add(m_lab.node(0).address, m_lab.node(0).port, key));

        SshTarget plain = m_lab.target(0);
        plain.password = m_lab.node(0).password;
        SshSession second(plain);
        QVERIFY(await(second.connectToHost()));
        QCOMPARE(second.hostKey().state, HostKey::State::Known);

        // Record node 2's key under node 1's address: a "changed" key on line 2.
        SshSession other(trustedPasswordTarget(1));
        QVERIFY(await(other.connectToHost()));
        QFile file(knownHosts.filePath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray firstLine = file.readAll();
        file.close();
        QFile::remove(knownHosts.filePath());
        QVERIFY(knownHosts.add(QStringLiteral("unrelated.example"), 22, key));
        QVERIFY(knownHosts.add(m_lab.node(0).address, m_lab.node(0).port, other.hostKey()));

        SshSession third(plain);
        const QString marker = QStringLiteral("/tmp/spark-ran-%1").arg(QCoreApplication::applicationPid());
        const auto ran = await(third.exec(ShellCommand(QStringLiteral("touch")).arg(marker).toString()));
        QVERIFY(!ran);
        QCOMPARE(third.hostKey().state, HostKey::State::Changed);
        QCOMPARE(third.hostKey().knownHostsLine, 2);
        QVERIFY2(ran.error().message.contains(knownHosts.filePath()), qPrintable(ran.error().message));
        QVERIFY(ran.error().message.contains(QLatin1String("line 2")));
        QCOMPARE(m_lab.exec(0, {QStringLiteral("test"), QStringLiteral("-e"), marker}).exitCode, 1);
        QVERIFY(!firstLine.isEmpty());
    }

    void hashedKnownHostsEntriesAreUnderstood()
    {
        const QString path = KnownHosts::defaultFilePath();
        QDir().mkpath(QFileInfo(path).absolutePath());
        const ProcessResult scan = runProcess(QStringLiteral("ssh-keyscan"),
                                              {QStringLiteral("-H"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                               m_lab.node(0).address});
        QVERIFY(scan.out.startsWith("|1|"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# a comment and a marker line libssh2 does not know\n@cert-authority *.example ssh-ed25519 AAAA\n");
        file.write(scan.out);
        file.close();
        SshTarget target = m_lab.target(0);
        target.password = m_lab.node(0).password;
        SshSession session(target);
        const auto connected = await(session.connectToHost());
        QVERIFY2(connected, qPrintable(connected ? QString() : connected.error().message));
        QCOMPARE(session.hostKey().state, HostKey::State::Known);
    }

    void execReturnsExitCodeOutputAndError()
    {
        SshSession session(trustedPasswordTarget());
        const auto result = await(session.exec(QStringLiteral("echo out; echo err >&2; exit 3")));
        QVERIFY(result);
        QCOMPARE(result->exitCode, 3);
        QCOMPARE(result->standardOutput, QByteArray("out\n"));
        QCOMPARE(result->standardError, QByteArray("err\n"));
        // The session is reused for the next step.
        const auto again = await(session.exec(QStringLiteral("printf %s ") + shellQuote(QStringLiteral("it's $HOME; `x`"))));
        QVERIFY(again);
        QCOMPARE(again->standardOutput, QByteArray("it's $HOME; `x`"));
    }

    void standardInputReachesTheCommandAndSudo()
    {
        SshSession session(trustedPasswordTarget());
        const QByteArray big(300000, 'x');
        const auto counted = await(session.exec(QStringLiteral("wc -c"), big));
        QVERIFY(counted);
        QCOMPARE(counted->standardOutput.trimmed(), QByteArray::number(big.size()));
        const auto sudo = await(session.exec(QStringLiteral("sudo -S -p '' id -u"), m_lab.node(0).password.toUtf8() + '\n'));
        QVERIFY(sudo);
        QCOMPARE(sudo->standardOutput.trimmed(), QByteArray("0"));
    }

    void streamingDeliversLinesAsTheyArrive()
    {
        SshSession session(trustedPasswordTarget());
        QVERIFY(await(session.connectToHost()));
        QElapsedTimer clock;
        clock.start();
        QList<qint64> arrivals;
        QStringList lines;
        const auto result = await(session.execStreaming(
            QStringLiteral("for i in 1 2 3; do echo line$i; sleep 0.4; done; echo oops >&2; printf tail"),
            [&](OutputStream stream, const QString &line) {
                lines.append((stream == OutputStream::StandardError ? QStringLiteral("E:") : QString()) + line);
                arrivals.append(clock.elapsed());
            }));
        QVERIFY(result);
        QCOMPARE(result->exitCode, 0);
        QCOMPARE(lines, (QStringList{QStringLiteral("line1"), QStringLiteral("line2"), QStringLiteral("line3"),
                                     QStringLiteral("E:oops"), QStringLiteral("tail")}));
        QVERIFY2(arrivals.first() < 600, qPrintable(QString::number(arrivals.first()))); // not only at the end
    }

    void cancelStopsARunningCommandAtOnce()
    {
        SshSession session(trustedPasswordTarget());
        QVERIFY(await(session.connectToHost()));
        QElapsedTimer clock;
        clock.start();
        auto future = session.exec(QStringLiteral("sleep 30"));
        QThread::msleep(300);
        session.cancel();
        const auto result = await(future);
        QVERIFY(!result);
        QVERIFY(result.error().message.contains(QLatin1String("cancelled")));
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
        // The session recovers for the next step.
        const auto next = await(session.exec(QStringLiteral("echo ok")));
        QVERIFY(next);
        QCOMPARE(next->standardOutput, QByteArray("ok\n"));
    }

    void futureCancelStopsOneOperation()
    {
        SshSession session(trustedPasswordTarget());
        auto future = session.exec(QStringLiteral("sleep 30"));
        QThread::msleep(500);
        future.cancel();
        QElapsedTimer clock;
        clock.start();
        future.waitForFinished();
        QVERIFY(clock.elapsed() < 3000);
    }

    void commandTimeoutIsHonoured()
    {
        SshSession session(trustedPasswordTarget());
        QElapsedTimer clock;
        clock.start();
        const auto result = await(session.exec(QStringLiteral("sleep 20"), {}, 800));
        QVERIFY(!result);
        QVERIFY(clock.elapsed() < 6000);
        QVERIFY2(result.error().message.contains(QLatin1String("did not answer")), qPrintable(result.error().message));
    }

    void uploadWritesTheFileWithItsMode()
    {
        SshSession session(trustedPasswordTarget());
        const QByteArray content("hello\nworld\n");
        QVERIFY(await(session.upload(content, QStringLiteral("/tmp/spark-upload.txt"), 0600)));
        const auto stat = await(session.exec(QStringLiteral("stat -c %a /tmp/spark-upload.txt; cat /tmp/spark-upload.txt")));
        QVERIFY(stat);
        QCOMPARE(stat->standardOutput, QByteArray("600\n") + content);
        const auto denied = await(session.upload(content, QStringLiteral("/etc/spark-denied"), 0644));
        QVERIFY(!denied);
        QVERIFY(await(session.exec(QStringLiteral("true")))); // the session survives an SFTP refusal
    }

    void keyLoginWorksWithoutPassword()
    {
        const QString key = m_home->filePath(QStringLiteral("testkey"));
        QFile::remove(key);
        QFile::remove(key + QStringLiteral(".pub"));
        QCOMPARE(runProcess(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                                           QStringLiteral("-N"), QString(), QStringLiteral("-f"), key})
                     .exitCode,
                 0);
        QFile pub(key + QStringLiteral(".pub"));
        QVERIFY(pub.open(QIODevice::ReadOnly));
        SshSession installer(trustedPasswordTarget());
        QVERIFY(await(installer.exec(QStringLiteral("mkdir -p -m 700 ~/.ssh && cat >> ~/.ssh/authorized_keys"), pub.readAll())));

        SshTarget target = m_lab.target(0);
        target.acceptedFingerprint = m_lab.node(0).fingerprint;
        target.identityFiles = {key};
        SshSession session(target);
        const auto result = await(session.exec(QStringLiteral("whoami")));
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        QCOMPARE(result->standardOutput.trimmed(), m_lab.node(0).user.toUtf8());
    }

    void badConnectionsSayWhatHappened_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown host") << "no-such-spark.invalid" << 22 << "x" << "Could not find a computer named";
        QTest::newRow("refused") << "NODE" << 2 << "x" << "refused the connection";
        QTest::newRow("timeout") << "UNUSED" << 22 << "x" << "did not answer within";
        QTest::newRow("wrong password") << "NODE" << 22 << "wrong-password" << "did not accept the password";
    }

    void badConnectionsSayWhatHappened()
    {
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, password);
        QFETCH(QString, expected);
        SshTarget target = m_lab.target(0);
        if (host == QLatin1String("UNUSED")) // an address in the lab's subnet that nobody has
            host = m_lab.node(0).address.section(QLatin1Char('.'), 0, 2) + QStringLiteral(".250");
        if (host != QLatin1String("NODE"))
            target.host = host;
        target.port = quint16(port);
        target.password = password;
        target.acceptedFingerprint = m_lab.node(0).fingerprint;
        target.connectTimeoutMs = 1500;
        SshSession session(target);
        QElapsedTimer clock;
        clock.start();
        const auto connected = await(session.connectToHost());
        QVERIFY(!connected);
        QVERIFY2(connected.error().message.contains(expected), qPrintable(connected.error().message));
        QVERIFY(clock.elapsed() < 8000);
    }
};

SPARKLAB_MAIN(TestSshSession)
#include "tst_sshsession.moc"
