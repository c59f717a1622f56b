// SPDX-License-Identifier: MIT
// Port forwarding over real SSH on a private one-node lab: a tunnel to an HTTP
// server on the node's loopback serves pages (small, large, several at once)
// through the local port; a taken port gives the error and a suggestion;
// disconnecting closes the tunnel and frees the port; keepalives go on while a
// tunnel is open; a node that stalls mid-transfer cuts neither a command nor a
// tunnel; and sparkctl connect / tunnel / open end to end.
#include "core/devices/deviceconnections.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/ssh/sshsession.h"
#include "core/tunnels/localports.h"
#include "core/tunnels/tunnelplanner.h"
#include "support/registereddevices.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>

#include <csignal>
#include <limits>

using namespace spark;
using namespace spark::testsupport;

namespace {
constexpr quint16 HttpPort = 18080;      // on the node's loopback
constexpr quint16 DashboardPort = 11000; // a stand-in DGX Dashboard on the node
constexpr quint16 EchoPort = 18090;      // an echo server on the node's loopback

template<typename T>
T await(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

// GET `path` from localhost:`port`; the body, or an empty array when the fetch fails.
QByteArray httpGet(quint16 port, const QString &path, int timeoutMs = 20000)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs))
        return {};
    socket.write(QByteArray("GET " + path.toUtf8() + " HTTP/1.0\r\nHost: localhost\r\n\r\n"));
    QByteArray response;
    QElapsedTimer timer;
    timer.start();
    while (socket.state() == QAbstractSocket::ConnectedState && timer.elapsed() < timeoutMs) {
        socket.waitForReadyRead(200);
        response += socket.readAll();
    }
    response += socket.readAll();
    const qsizetype split = response.indexOf("\r\n\r\n");
    if (!response.startsWith("HTTP/1.0 200") || split < 0)
        return {};
    return response.mid(split + 4);
}

bool refusesConnections(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    return !socket.waitForConnected(2000);
}

// A port that is free now, from a private range.
quint16 freePort(quint16 from)
{
    for (quint16 port = from; port < from + 500; ++port)
        if (isLocalPortFree(port))
            return port;
    return 0;
}
} // namespace

class TestTunnel final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ScratchHome> m_home;
    ClusterLab m_lab;
    Device m_device;
    QByteArray m_bigDigest;

    std::unique_ptr<SshSession> session() const
    {
        return std::make_unique<SshSession>(DeviceProbe::sessionTargetFor(m_device));
    }
    static PortForward forward(quint16 local, quint16 remote = HttpPort)
    {
        PortForward forward;
        forward.localPort = local;
        forward.remotePort = remote;
        return forward;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_home = std::make_unique<ScratchHome>();
        QVERIFY(m_lab.up(QStringLiteral("h10-tunnel"), QStringLiteral("10.132.110.0/24"),
                         {QStringLiteral("none"), QStringLiteral("--nodes"), QStringLiteral("1")}));
        const QList<Device> devices = registerLabDevices(m_lab, *m_home);
        QCOMPARE(devices.size(), 1);
        // As enrolment leaves it: the device has an SSH alias.
        m_device = devices.first();
        m_device.sshAlias = QStringLiteral("h10-node");
        DeviceRegistry registry;
        QVERIFY(registry.load());
        QVERIFY(registry.remove(m_device.name));
        QVERIFY(registry.add(m_device));
        QVERIFY(registry.save());

        // Two web servers on the node's loopback only: a page and a 8 MB file, and a stand-in dashboard.
        const ProcessResult served = m_lab.lab().sh(
            0, QStringLiteral("mkdir -p /tmp/www /tmp/dash && echo hello-from-the-spark > /tmp/www/index.html && "
                              "echo dgx-dashboard-stand-in > /tmp/dash/index.html && "
                              "head -c 8000000 /dev/urandom > /tmp/www/big.bin && sha256sum /tmp/www/big.bin && "
                              "(setsid python3 -m http.server %1 --bind 127.0.0.1 --directory /tmp/www >/dev/null 2>&1 &) && "
                              "(setsid python3 -m http.server %2 --bind 127.0.0.1 --directory /tmp/dash >/dev/null 2>&1 &) && "
                              "for i in $(seq 50); do python3 -c 'import socket,sys; "
                              "[socket.create_connection((\"127.0.0.1\", p), 1) for p in (%1, %2)]' 2>/dev/null && exit 0; "
                              "sleep 0.2; done; exit 1")
                   .arg(HttpPort)
                   .arg(DashboardPort));
        QVERIFY2(served.exitCode == 0, served.err.constData());
        m_bigDigest = served.out.split(' ').first();
        QCOMPARE(m_bigDigest.size(), 64);
    }

    void tunnelFetchesPagesFromTheNodesLoopback()
    {
        const auto ssh = session();
        const quint16 port = freePort(31000);
        QElapsedTimer timer;
        timer.start();
        const auto started = await(ssh->startForwarding(forward(port)));
        QVERIFY2(started, qPrintable(started ? QString() : started.error().message));
        qInfo("connect + tunnel open: %lld ms", timer.elapsed());
        QCOMPARE(ssh->forwards().size(), 1);
        QCOMPARE(ssh->forwards().first().localPort, port);

        timer.restart();
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));
        qInfo("first page: %lld ms", timer.elapsed());

        timer.restart();
        const QByteArray big = httpGet(port, QStringLiteral("/big.bin"), 60000);
        const qint64 ms = qMax<qint64>(1, timer.elapsed());
        QCOMPARE(big.size(), 8000000);
        QCOMPARE(QCryptographicHash::hash(big, QCryptographicHash::Sha256).toHex(), m_bigDigest);
        qInfo("8 MB through the tunnel: %lld ms (%.1f MB/s)", ms, 8000.0 / double(ms));

        // Several connections at once share the session.
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        for (int i = 0; i < 4; ++i) {
            sockets.push_back(std::make_unique<QTcpSocket>());
            sockets.back()->connectToHost(QHostAddress::LocalHost, port);
            QVERIFY(sockets.back()->waitForConnected(5000));
            sockets.back()->write("GET /big.bin HTTP/1.0\r\n\r\n");
        }
        std::vector<QByteArray> received(sockets.size());
        QElapsedTimer together;
        together.start();
        for (bool open = true; open && together.elapsed() < 60000;) {
            open = false;
            for (size_t i = 0; i < sockets.size(); ++i) {
                sockets[i]->waitForReadyRead(20);
                received[i] += sockets[i]->readAll();
                open = open || sockets[i]->state() == QAbstractSocket::ConnectedState;
            }
        }
        for (size_t i = 0; i < sockets.size(); ++i) {
            received[i] += sockets[i]->readAll();
            const QByteArray body = received[i].mid(received[i].indexOf("\r\n\r\n") + 4);
            QCOMPARE(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex(), m_bigDigest);
        }
        qInfo("4 x 8 MB at once: %lld ms", together.elapsed());

        // Other work on the same session goes on while the tunnel is open.
        const auto echoed = await(ssh->exec(QStringLiteral("echo still-here")));
        QVERIFY(echoed);
        QCOMPARE(echoed->standardOutput.trimmed(), QByteArray("still-here"));
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));
    }

    // A figure, not a timed test: our tunnel beside OpenSSH's `ssh -L` for the same 8 MB file (best of 3).
    void throughputBesideOpenSsh()
    {
        const auto best = [this](quint16 port) {
            qint64 fastest = std::numeric_limits<qint64>::max();
            for (int round = 0; round < 3; ++round) {
                QElapsedTimer timer;
                timer.start();
                const QByteArray big = httpGet(port, QStringLiteral("/big.bin"), 60000);
                if (QCryptographicHash::hash(big, QCryptographicHash::Sha256).toHex() != m_bigDigest)
                    return qint64(-1);
                fastest = qMin(fastest, timer.elapsed());
            }
            return qMax<qint64>(1, fastest);
        };
        const auto ssh = session();
        const quint16 ours = freePort(30500);
        QVERIFY(await(ssh->startForwarding(forward(ours))));
        const qint64 oursMs = best(ours);
        QVERIFY(oursMs > 0);

        const quint16 theirs = freePort(ours + 1);
        QProcess openssh;
        openssh.start(QStringLiteral("ssh"),
                      {QStringLiteral("-N"), QStringLiteral("-F"), QStringLiteral("/dev/null"), QStringLiteral("-o"),
                       QStringLiteral("UserKnownHostsFile=") + m_home->filePath(QStringLiteral(".ssh/known_hosts")),
                       QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("-o"),
                       QStringLiteral("ExitOnForwardFailure=yes"), QStringLiteral("-i"), m_device.identityFile,
                       QStringLiteral("-L"), QStringLiteral("%1:localhost:%2").arg(theirs).arg(HttpPort),
                       QStringLiteral("%1@%2").arg(m_device.user, m_device.host)});
        QVERIFY(openssh.waitForStarted());
        for (int i = 0; i < 100 && isLocalPortFree(theirs); ++i)
            QTest::qWait(50);
        const qint64 theirsMs = best(theirs);
        openssh.kill();
        openssh.waitForFinished();
        QVERIFY2(theirsMs > 0, openssh.readAllStandardError().constData());
        qInfo("8 MB, best of 3: our tunnel %lld ms (%.0f MB/s), ssh -L %lld ms (%.0f MB/s), ratio %.2f", oursMs,
              8000.0 / double(oursMs), theirsMs, 8000.0 / double(theirsMs), double(oursMs) / double(theirsMs));
    }

    void aPortInUseGivesTheErrorAndASuggestion()
    {
        QTcpServer other;
        QVERIFY(other.listen(QHostAddress::LocalHost, freePort(32000)));
        const quint16 taken = other.serverPort();

        const auto planned = TunnelPlanner::plan(TunnelSpec{QStringLiteral("web"), taken, HttpPort, {}}, &isLocalPortFree);
        QVERIFY(!planned);
        QVERIFY2(planned.error().message.contains(QStringLiteral("already in use")), qPrintable(planned.error().message));
        const quint16 suggested = planned.error().detail.toUShort();
        QVERIFY(suggested > taken);
        QVERIFY(isLocalPortFree(suggested));

        const auto ssh = session();
        const auto refused = await(ssh->startForwarding(forward(taken)));
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QStringLiteral("already in use")), qPrintable(refused.error().message));
        QVERIFY(ssh->forwards().isEmpty());
        // The suggestion works.
        QVERIFY(await(ssh->startForwarding(forward(suggested))));
        QCOMPARE(httpGet(suggested, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));
    }

    void disconnectClosesTheTunnelAndFreesThePort()
    {
        const auto ssh = session();
        const quint16 port = freePort(33000);
        QVERIFY(await(ssh->connectToHost()));
        QVERIFY(ssh->isConnected());
        QVERIFY(await(ssh->startForwarding(forward(port))));
        QVERIFY(!isLocalPortFree(port));
        // Connections left open across the disconnect are closed too (several: closing
        // one re-enters the forwarder while the others are still being closed).
        QTcpSocket idle;
        QTcpSocket idleToo;
        for (QTcpSocket *socket : {&idle, &idleToo}) {
            socket->connectToHost(QHostAddress::LocalHost, port);
            QVERIFY(socket->waitForConnected(5000));
        }
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));

        QVERIFY(await(ssh->disconnectFromHost()));
        QVERIFY(!ssh->isConnected());
        QVERIFY(ssh->forwards().isEmpty());
        QVERIFY(isLocalPortFree(port));
        QVERIFY(refusesConnections(port));
        for (QTcpSocket *socket : {&idle, &idleToo})
            QVERIFY(socket->state() == QAbstractSocket::UnconnectedState || socket->waitForDisconnected(5000));
    }

    void keepalivesGoOnWhileATunnelIsOpen()
    {
        SshTarget target = DeviceProbe::sessionTargetFor(m_device);
        target.keepaliveSeconds = 1;
        SshSession ssh(target);
        const quint16 port = freePort(34000);
        QVERIFY(await(ssh.startForwarding(forward(port))));
        // What reached the node's sshd over this idle session: with ClientAlive off, only our
        // keepalives (the bytes the server received: the kernel's own TCP keepalive probes,
        // sent every idle second, carry none).
        const auto received = [this] {
            const ProcessResult ss = m_lab.lab().sh(
                0, QStringLiteral("ss -tin state established '( sport = :22 )' | grep -o 'bytes_received:[0-9]*' | "
                                  "awk -F: '{s+=$2} END {print s+0}'"));
            return ss.out.trimmed().toLongLong();
        };
        const qint64 before = received();
        QVERIFY(before > 0);
        QTest::qWait(11000);
        const qint64 after = received();
        qInfo("bytes the node received in 11 idle seconds: %lld", after - before);
        // An SSH keepalive is one encrypted packet of some 50 bytes, sent every idle second.
        QVERIFY2(after - before >= 100, "no keepalives reached the node while the tunnel was open");
        QVERIFY(ssh.isConnected());
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));
    }

    void aLostSessionStopsItsTunnelsAndSaysSo()
    {
        SshTarget target = DeviceProbe::sessionTargetFor(m_device);
        target.keepaliveSeconds = 1;
        SshSession ssh(target);
        const quint16 port = freePort(35000);
        QVERIFY(await(ssh.startForwarding(forward(port))));
        QSignalSpy stopped(&ssh, &SshSession::forwardStopped);
        QSignalSpy changed(&ssh, &SshSession::connectedChanged);
        // The node's sshd for this user goes away (as when the node reboots).
        m_lab.lab().sh(0, QStringLiteral("pkill -KILL -u %1 sshd; true").arg(m_device.user));
        QVERIFY(stopped.wait(20000));
        QCOMPARE(stopped.first().at(0).value<quint16>(), port);
        QVERIFY2(stopped.first().at(1).toString().contains(QStringLiteral("was lost")),
                 qPrintable(stopped.first().at(1).toString()));
        QVERIFY(changed.size() >= 1 || changed.wait(5000));
        QCOMPARE(changed.last().at(0).toBool(), false);
        QVERIFY(isLocalPortFree(port));
    }

    void largeInputAndOutputTogetherWhileATunnelRuns()
    {
        // exec writes stdin while the command already answers on stdout, and a tunnel moves data
        // on the same session: libssh2 must never see a second packet while one is half sent.
        const auto ssh = session();
        const quint16 port = freePort(38000);
        QVERIFY(await(ssh->startForwarding(forward(port))));
        QByteArray input(6 * 1024 * 1024, Qt::Uninitialized);
        for (qsizetype i = 0; i < input.size(); ++i)
            input[i] = char((i * 7919) >> 3);
        QByteArray fetched;
        QElapsedTimer timer;
        timer.start();
        auto echoed = ssh->exec(QStringLiteral("cat"), input, 60000);
        while (!echoed.isFinished()) {
            fetched = httpGet(port, QStringLiteral("/big.bin"), 60000);
            QCOMPARE(QCryptographicHash::hash(fetched, QCryptographicHash::Sha256).toHex(), m_bigDigest);
        }
        const auto result = echoed.result();
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        QCOMPARE(result->standardOutput.size(), input.size());
        QVERIFY(result->standardOutput == input);
        qInfo("6 MB through cat and back beside the tunnel: %lld ms", timer.elapsed());
        QVERIFY(ssh->isConnected());
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));
    }

    void aNodeThatStallsMidTransferBreaksNeitherACommandNorATunnel()
    {
        // A busy node stops reading for moments: this side's socket fills, a packet waits half sent, and
        // a read that must first grant the node more window is refused until that packet is finished.
        // The command and the tunnel wait for it; neither is cut. The node's sshd for this user stops
        // and goes on for 100 ms of every 120 while 8 MB go through an echo server on the node and 6 MB through cat.
        const ProcessResult echo = m_lab.lab().sh(
            0, QStringLiteral("cat > /tmp/echo.py <<'EOF'\n"
                              "import socket, threading\n"
                              "server = socket.socket()\n"
                              "server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
                              "server.bind(('127.0.0.1', %1))\n"
                              "server.listen()\n"
                              "def echo(peer):\n"
                              "    while data := peer.recv(65536):\n"
                              "        peer.sendall(data)\n"
                              "    peer.close()\n"
                              "while True:\n"
                              "    threading.Thread(target=echo, args=(server.accept()[0],), daemon=True).start()\n"
                              "EOF\n"
                              "(setsid python3 /tmp/echo.py >/dev/null 2>&1 &)\n"
                              "for i in $(seq 50); do python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", %1), 1)' "
                              "2>/dev/null && exit 0; sleep 0.2; done; exit 1")
                   .arg(EchoPort));
        QVERIFY2(echo.exitCode == 0, echo.err.constData());
        // The node's receive buffers as small as on a busy node, before its sshd takes a connection
        // (the setting belongs to the node's network namespace, not the host's).
        const QByteArray buffers = m_lab.lab().sh(0, QStringLiteral("sysctl -n net.ipv4.tcp_rmem")).out.simplified();
        QVERIFY(!buffers.isEmpty());
        QCOMPARE(m_lab.lab().sh(0, QStringLiteral("sysctl -qw net.ipv4.tcp_rmem='4096 16384 32768'")).exitCode, 0);
        const auto restoreBuffers = qScopeGuard([this, buffers] {
            m_lab.lab().sh(0, QStringLiteral("sysctl -qw net.ipv4.tcp_rmem='%1'").arg(QString::fromLatin1(buffers)));
        });
        const auto ssh = session();
        const quint16 port = freePort(36000);
        QVERIFY(await(ssh->startForwarding(forward(port, EchoPort))));
        QVERIFY(await(ssh->exec(QStringLiteral("true"))));

        // The nodes share the host's process table: only this node's sshd (its network namespace) stops.
        const ProcessResult stalling = m_lab.lab().sh(
            0, QStringLiteral("self=$(readlink /proc/self/ns/net); pids=; for p in $(pgrep -u %1 -x sshd); do "
                              "[ \"$(readlink /proc/$p/ns/net 2>/dev/null)\" = \"$self\" ] && pids=\"$pids $p\"; done; "
                              "[ -n \"$pids\" ] || exit 1; echo $pids > /tmp/stalled.pids; "
                              "(setsid sh -c \"echo \\$\\$ > /tmp/staller.pid; for i in \\$(seq 300); do "
                              "kill -STOP $pids; sleep 0.1; kill -CONT $pids; sleep 0.02; done; kill -CONT $pids\" "
                              ">/dev/null 2>&1 &)")
                   .arg(m_device.user));
        QVERIFY2(stalling.exitCode == 0, stalling.err.constData());
        const auto goOn = qScopeGuard([this] {
            m_lab.lab().sh(0, QStringLiteral("kill $(cat /tmp/staller.pid); kill -CONT $(cat /tmp/stalled.pids); true"));
        });

        QByteArray sent(8 * 1024 * 1024, Qt::Uninitialized);
        for (qsizetype i = 0; i < sent.size(); ++i)
            sent[i] = char((i * 131) >> 5);
        QByteArray input(6 * 1024 * 1024, Qt::Uninitialized);
        for (qsizetype i = 0; i < input.size(); ++i)
            input[i] = char((i * 7919) >> 3);
        // A packet is half sent only when a stall meets a full socket: several rounds make it near certain.
        for (int round = 0; round < 5; ++round) {
            QTcpSocket socket;
            socket.connectToHost(QHostAddress::LocalHost, port);
            QVERIFY(socket.waitForConnected(5000));
            socket.write(sent);
            QByteArray echoed;
            QElapsedTimer timer;
            timer.start();
            while (echoed.size() < sent.size() && socket.state() == QAbstractSocket::ConnectedState
                   && timer.elapsed() < 60000) {
                socket.waitForReadyRead(50);
                echoed += socket.readAll();
            }
            qInfo("round %d: 8 MB echoed through the tunnel from a stalling node: %lld ms", round, timer.elapsed());
            QCOMPARE(echoed.size(), sent.size());
            QVERIFY(echoed == sent);

            timer.restart();
            const auto result = await(ssh->exec(QStringLiteral("cat"), input, 60000));
            QVERIFY2(result, qPrintable(result ? QString() : result.error().message + QLatin1Char(' ') + result.error().detail));
            QVERIFY(result->standardOutput == input);
            qInfo("round %d: 6 MB through cat and back from a stalling node: %lld ms", round, timer.elapsed());
        }
        QVERIFY(ssh->isConnected());
    }

    void deviceConnectionsKeepOneSessionWithItsTunnels()
    {
        DeviceConnections connections;
        QSignalSpy states(&connections, &DeviceConnections::stateChanged);
        auto connected = connections.connectDevice(m_device);
        QCOMPARE(connections.state(m_device.name), ConnectionState::Connecting);
        QTRY_COMPARE_WITH_TIMEOUT(connections.state(m_device.name), ConnectionState::Connected, 20000);
        QVERIFY(connected.result());
        const quint16 port = freePort(39000);
        auto opened = connections.openTunnel(m_device, TunnelSpec{QStringLiteral("web"), port, HttpPort, QStringLiteral("/")});
        QTRY_VERIFY_WITH_TIMEOUT(opened.isFinished(), 20000);
        QVERIFY2(opened.result(), qPrintable(opened.result() ? QString() : opened.result().error().message));
        QCOMPARE(connections.openTunnels(m_device.name).size(), 1);
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));
        // The same tunnel again is the open one, not a second listener.
        auto again = connections.openTunnel(m_device, TunnelSpec{QStringLiteral("web"), port, HttpPort, QStringLiteral("/")});
        QTRY_VERIFY_WITH_TIMEOUT(again.isFinished(), 5000);
        QVERIFY(again.result());
        QCOMPARE(connections.openTunnels(m_device.name).size(), 1);

        await(connections.disconnectDevice(m_device.name));
        QCOMPARE(connections.state(m_device.name), ConnectionState::Disconnected);
        QVERIFY(connections.openTunnels(m_device.name).isEmpty());
        QVERIFY(isLocalPortFree(port));
    }

    void sparkctlConnect()
    {
        const ProcessResult connected = runProcess(QStringLiteral(SPARKCTL_EXECUTABLE),
                                                   {QStringLiteral("connect"), m_device.name}, {}, 60000);
        QVERIFY2(connected.exitCode == 0, connected.err.constData());
        QVERIFY2(connected.out.contains(QByteArray("Connected to " + m_device.name.toUtf8())), connected.out.constData());
        const ProcessResult unknown = runProcess(QStringLiteral(SPARKCTL_EXECUTABLE),
                                                 {QStringLiteral("connect"), QStringLiteral("no-such-spark")}, {}, 60000);
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("No device is named"));
    }

    void sparkctlTunnelRunsUntilStopped()
    {
        const quint16 port = freePort(36000);
        QProcess tunnel;
        tunnel.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("tunnel"), m_device.name, QStringLiteral("--local"),
                                                          QString::number(port), QStringLiteral("--remote"),
                                                          QString::number(HttpPort)});
        QVERIFY(tunnel.waitForStarted());
        QByteArray out;
        QElapsedTimer timer;
        timer.start();
        while (!out.contains("Forwarding") && timer.elapsed() < 30000 && tunnel.state() == QProcess::Running) {
            tunnel.waitForReadyRead(200);
            out += tunnel.readAllStandardOutput();
        }
        QVERIFY2(out.contains(QByteArray("Forwarding localhost:" + QByteArray::number(port))),
                 QByteArray(out + tunnel.readAllStandardError()).constData());
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("hello-from-the-spark"));
        QTest::qWait(1500);
        QCOMPARE(tunnel.state(), QProcess::Running); // runs until stopped

        ::kill(pid_t(tunnel.processId()), SIGINT);
        QVERIFY(tunnel.waitForFinished(15000));
        QCOMPARE(tunnel.exitStatus(), QProcess::NormalExit);
        QCOMPARE(tunnel.exitCode(), 0);
        QVERIFY(tunnel.readAllStandardOutput().contains("is closed"));
        QVERIFY(isLocalPortFree(port));

        // A taken port: the error and a suggestion, nothing opened.
        QTcpServer other;
        QVERIFY(other.listen(QHostAddress::LocalHost, port));
        const ProcessResult refused = runProcess(QStringLiteral(SPARKCTL_EXECUTABLE),
                                                 {QStringLiteral("tunnel"), m_device.name, QStringLiteral("--local"),
                                                  QString::number(port), QStringLiteral("--remote"),
                                                  QString::number(HttpPort)},
                                                 {}, 60000);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("already in use") && refused.err.contains("Use port"), refused.err.constData());
    }

    void sparkctlOpenDashboardAndEditor()
    {
        // Port 11000 is taken here (as by another tool's tunnel): the dashboard moves to the next free port.
        QTcpServer other;
        const bool tookIt = other.listen(QHostAddress::LocalHost, DashboardPort);
        QVERIFY(tookIt || !isLocalPortFree(DashboardPort));
        QProcess dashboard;
        dashboard.start(QStringLiteral(SPARKCTL_EXECUTABLE),
                        {QStringLiteral("open"), m_device.name, QStringLiteral("dashboard"), QStringLiteral("--no-browser")});
        QVERIFY(dashboard.waitForStarted());
        QByteArray out;
        QElapsedTimer timer;
        timer.start();
        static const QRegularExpression url(QStringLiteral("http://localhost:(\\d+)/\n"));
        while (!url.match(QString::fromUtf8(out)).hasMatch() && timer.elapsed() < 30000
               && dashboard.state() == QProcess::Running) {
            dashboard.waitForReadyRead(200);
            out += dashboard.readAllStandardOutput();
        }
        const auto match = url.match(QString::fromUtf8(out));
        QVERIFY2(match.hasMatch(), QByteArray(out + dashboard.readAllStandardError()).constData());
        const quint16 port = match.captured(1).toUShort();
        QVERIFY(port > DashboardPort);
        QVERIFY(out.contains(QByteArray("Forwarding localhost:" + QByteArray::number(port) + " to port 11000")));
        QCOMPARE(httpGet(port, QStringLiteral("/")).trimmed(), QByteArray("dgx-dashboard-stand-in"));
        dashboard.terminate(); // SIGTERM: stops as Ctrl+C does
        QVERIFY(dashboard.waitForFinished(15000));
        QCOMPARE(dashboard.exitCode(), 0);

        // A stand-in `code` on PATH records how it was started.
        const QString bin = m_home->filePath(QStringLiteral("bin"));
        QDir().mkpath(bin);
        QFile fake(bin + QStringLiteral("/code"));
        QVERIFY(fake.open(QIODevice::WriteOnly));
        fake.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$HOME/code-args\"\n");
        fake.close();
        fake.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QProcess open;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("PATH"), bin + QStringLiteral(":/usr/bin:/bin"));
        open.setProcessEnvironment(environment);
        open.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("open"), m_device.name, QStringLiteral("code")});
        QVERIFY(open.waitForFinished(15000));
        QVERIFY2(open.exitCode() == 0, open.readAllStandardError().constData());
        QFile args(m_home->filePath(QStringLiteral("code-args")));
        for (int i = 0; i < 50 && !args.exists(); ++i)
            QTest::qWait(100);
        QTest::qWait(200);
        QVERIFY(args.open(QIODevice::ReadOnly));
        QCOMPARE(args.readAll(), QByteArray(QByteArray("--remote\nssh-remote+h10-node\n/home/") + m_device.user.toUtf8() + '\n'));

        // Cursor is not installed there: a sentence, not a crash.
        QProcess cursor;
        cursor.setProcessEnvironment(environment);
        cursor.start(QStringLiteral(SPARKCTL_EXECUTABLE), {QStringLiteral("open"), m_device.name, QStringLiteral("cursor")});
        QVERIFY(cursor.waitForFinished(15000));
        QCOMPARE(cursor.exitCode(), 1);
        QVERIFY(cursor.readAllStandardError().contains("Cursor is not installed"));
    }
};

SPARKLAB_MAIN(TestTunnel)
#include "tst_tunnel.moc"
