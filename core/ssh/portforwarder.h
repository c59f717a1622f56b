// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QList>
#include <QObject>

#include <memory>
#include <vector>

class QSocketNotifier;
class QTcpServer;
class QTimer;

namespace spark {

class ForwardedConnection;
class SshConnection;

// One tunnel: a local port on this computer whose connections are carried over
// the SSH session to `remoteHost`:`remotePort` as the node sees it.
struct PortForward
{
    quint16 localPort = 0;
    QString remoteHost = QStringLiteral("localhost");
    quint16 remotePort = 0;

    friend bool operator==(const PortForward &, const PortForward &) = default;
};

// The tunnels of one SSH session. Lives on the session's worker thread and
// uses the session's SshConnection there: local connections are accepted with
// QTcpServer, each gets a direct-tcpip channel, and bytes are pumped between
// them from the worker's event loop (socket readiness, the SSH socket's
// readiness, and a short tick while connections are open), so keepalives and
// the other tunnels go on between pumps.
class PortForwarder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PortForwarder)

public:
    // Watches `connection`'s teardown (so it must be the only observer) and keeps it
    // alive as long as the tunnels may need it.
    explicit PortForwarder(std::shared_ptr<SshConnection> connection, QString lostReason, QObject *parent = nullptr);
    ~PortForwarder() override;

    // Listens on localhost (IPv4, and IPv6 when the machine has it) at forward.localPort.
    Expected<void> start(const PortForward &forward, const QString &deviceName);
    bool stop(quint16 localPort);
    // Closes every tunnel in order while the session is still up.
    void stopAll();
    // The session went away: forget the channels (libssh2 freed them), close everything.
    void abandonAll(const QString &reason);

    QList<PortForward> forwards() const;
    int openConnections() const;
    // Nothing half sent and no traffic lately: a keepalive may go out now.
    bool isIdle() const;
    // Moves what is waiting (run after other work on the session, which may have
    // queued the tunnels' data inside libssh2).
    void pump();
    // Finishes a half-sent tunnel packet (for up to `ms`) so that other work on
    // the session may send its own.
    void settle(int ms);

Q_SIGNALS:
    // A tunnel ended without being asked to (the session was lost).
    void forwardStopped(quint16 localPort, const QString &reason);
    // The session was torn down (asked for or not); the tunnels are gone.
    void connectionEnded();

private:
    struct Tunnel
    {
        PortForward forward;
        QString deviceName;
        std::vector<QTcpServer *> servers;
        std::vector<std::unique_ptr<ForwardedConnection>> connections;
    };

    void accept(Tunnel &tunnel, QTcpServer *server);
    void updatePumping();
    Tunnel *find(quint16 localPort);

    std::shared_ptr<SshConnection> m_connection;
    QString m_lostReason;
    std::vector<std::unique_ptr<Tunnel>> m_tunnels;
    std::vector<std::unique_ptr<ForwardedConnection>> m_closing;
    QTimer *m_tick = nullptr;
    QSocketNotifier *m_notifier = nullptr;
    QElapsedTimer m_lastTraffic;
    quint64 m_lastTotal = 0;
    bool m_blocked = false;
    bool m_pumping = false;
};

} // namespace spark
