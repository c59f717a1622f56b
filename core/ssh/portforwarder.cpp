// SPDX-License-Identifier: MIT
#include "core/ssh/portforwarder.h"

#include "core/common/logcategories.h"
#include "core/ssh/forwardedconnection.h"
#include "core/ssh/sshconnection.h"

#include <QSocketNotifier>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

namespace spark {

namespace {
constexpr int TickMs = 10;
constexpr int ChannelOpenTimeoutMs = 10000;
constexpr int IdleAfterMs = 5000;
} // namespace

PortForwarder::PortForwarder(std::shared_ptr<SshConnection> connection, QString lostReason, QObject *parent)
    : QObject(parent)
    , m_connection(std::move(connection))
    , m_lostReason(std::move(lostReason))
    , m_tick(new QTimer(this))
{
    m_connection->setTeardownObserver([this] {
        abandonAll(m_lostReason);
        Q_EMIT connectionEnded();
    });
    m_tick->setInterval(TickMs);
    connect(m_tick, &QTimer::timeout, this, &PortForwarder::pump);
}

PortForwarder::~PortForwarder()
{
    m_connection->setTeardownObserver({});
    stopAll(); // while the session still holds the channels
}

PortForwarder::Tunnel *PortForwarder::find(quint16 localPort)
{
    for (const auto &tunnel : m_tunnels)
        if (tunnel->forward.localPort == localPort)
            return tunnel.get();
    return nullptr;
}

Expected<void> PortForwarder::start(const PortForward &forward, const QString &deviceName)
{
    if (find(forward.localPort))
        return Error(QCoreApplication::translate("spark::PortForwarder",
                                                 "A tunnel on local port %1 is already open to %2.")
                         .arg(forward.localPort)
                         .arg(deviceName));
    auto tunnel = std::make_unique<Tunnel>();
    tunnel->forward = forward;
    tunnel->deviceName = deviceName;
    for (const QHostAddress &address : {QHostAddress(QHostAddress::LocalHost), QHostAddress(QHostAddress::LocalHostIPv6)}) {
        auto *server = new QTcpServer(this);
        if (!server->listen(address, forward.localPort)) {
            const bool ipv4 = address.protocol() == QAbstractSocket::IPv4Protocol;
            const auto error = server->serverError();
            const QString detail = server->errorString();
            delete server;
            if (!ipv4)
                continue; // IPv6 is a bonus for browsers that try ::1 first
            for (QTcpServer *opened : tunnel->servers)
                delete opened;
            if (error == QAbstractSocket::AddressInUseError)
                return Error(QCoreApplication::translate("spark::PortForwarder",
                                                         "Port %1 on this computer is already in use by another program, "
                                                         "so the tunnel to %2 was not opened. Choose another local port.")
                                 .arg(forward.localPort)
                                 .arg(deviceName),
                             detail);
            return Error(QCoreApplication::translate("spark::PortForwarder",
                                                     "Could not open port %1 on this computer for the tunnel to %2. "
                                                     "Choose a port from 1024 to 65535.")
                             .arg(forward.localPort)
                             .arg(deviceName),
                         detail);
        }
        Tunnel *raw = tunnel.get();
        connect(server, &QTcpServer::newConnection, this, [this, raw, server] { accept(*raw, server); });
        tunnel->servers.push_back(server);
    }
    qCDebug(lcSsh) << "forwarding localhost:" << forward.localPort << "to" << deviceName << forward.remoteHost
                   << forward.remotePort;
    m_tunnels.push_back(std::move(tunnel));
    return {};
}

void PortForwarder::accept(Tunnel &tunnel, QTcpServer *server)
{
    while (server->hasPendingConnections()) {
        QTcpSocket *socket = server->nextPendingConnection();
        // Closed by its ForwardedConnection, which may outlive the server; a child of
        // the forwarder so that stopAll() can still delete it if it is handing its
        // last bytes to the program when the session (and its thread) ends.
        socket->setParent(this);
        auto channel = m_connection->openDirectTcpip(tunnel.forward.remoteHost, tunnel.forward.remotePort,
                                                    ChannelOpenTimeoutMs, {});
        if (!channel) {
            qCWarning(lcSsh).noquote() << channel.error().message << channel.error().detail;
            socket->abort();
            socket->deleteLater();
            continue;
        }
        connect(socket, &QTcpSocket::readyRead, this, &PortForwarder::pump);
        connect(socket, &QTcpSocket::disconnected, this, &PortForwarder::pump);
        connect(socket, &QTcpSocket::bytesWritten, this, &PortForwarder::pump);
        tunnel.connections.push_back(std::make_unique<ForwardedConnection>(socket, *channel));
    }
    updatePumping();
    pump();
}

void PortForwarder::pump()
{
    if (m_pumping)
        return;
    m_pumping = true;
    quint64 total = 0;
    bool blocked = false;
    // A write left blocked in the last round may hold a half-sent packet until its connection's turn.
    const bool blockedBefore = m_blocked;
    const auto pumpAll = [&](std::vector<std::unique_ptr<ForwardedConnection>> &connections) {
        for (auto it = connections.begin(); it != connections.end();) {
            ForwardedConnection &connection = **it;
            const bool open = connection.pump(blockedBefore || blocked);
            total += connection.bytesToNode() + connection.bytesFromNode();
            blocked = blocked || connection.writeBlocked();
            it = open ? it + 1 : connections.erase(it);
        }
    };
    for (const auto &tunnel : m_tunnels)
        pumpAll(tunnel->connections);
    pumpAll(m_closing);
    if (total != m_lastTotal) {
        m_lastTotal = total;
        m_lastTraffic.restart();
    }
    m_blocked = blocked;
    m_pumping = false;
    updatePumping();
}

void PortForwarder::updatePumping()
{
    const bool active = openConnections() > 0 || !m_closing.empty();
    const int fd = m_connection->socketDescriptor();
    if (m_notifier && (!active || int(m_notifier->socket()) != fd)) {
        delete m_notifier;
        m_notifier = nullptr;
    }
    if (active && !m_notifier && fd >= 0) {
        m_notifier = new QSocketNotifier(fd, QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, &PortForwarder::pump);
    }
    if (active && !m_tick->isActive())
        m_tick->start();
    else if (!active)
        m_tick->stop();
}

bool PortForwarder::stop(quint16 localPort)
{
    for (auto it = m_tunnels.begin(); it != m_tunnels.end(); ++it) {
        Tunnel &tunnel = **it;
        if (tunnel.forward.localPort != localPort)
            continue;
        for (QTcpServer *server : tunnel.servers)
            delete server;
        // Out of the tunnel list before anything closes: closing a socket can
        // emit disconnected at once, and the pump it triggers must not meet a
        // tunnel whose connections are half moved.
        std::vector<std::unique_ptr<ForwardedConnection>> connections;
        connections.swap(tunnel.connections);
        m_tunnels.erase(it);
        for (auto &connection : connections)
            connection->close();
        for (auto &connection : connections)
            m_closing.push_back(std::move(connection));
        pump();
        return true;
    }
    return false;
}

void PortForwarder::stopAll()
{
    while (!m_tunnels.empty())
        stop(m_tunnels.front()->forward.localPort);
    m_closing.clear(); // the session closes next and takes what is left with it
    // Sockets still handing their last bytes to a program: their deleteLater or
    // timer would need this thread's event loop, which may be about to end.
    qDeleteAll(findChildren<QTcpSocket *>(Qt::FindDirectChildrenOnly));
    updatePumping();
}

void PortForwarder::abandonAll(const QString &reason)
{
    delete m_notifier; // before the SSH socket closes
    m_notifier = nullptr;
    m_tick->stop();
    std::vector<std::unique_ptr<Tunnel>> tunnels;
    tunnels.swap(m_tunnels);
    for (auto &connection : m_closing)
        connection->abandon();
    m_closing.clear();
    for (const auto &tunnel : tunnels) {
        for (auto &connection : tunnel->connections)
            connection->abandon();
        tunnel->connections.clear();
        for (QTcpServer *server : tunnel->servers)
            delete server;
        Q_EMIT forwardStopped(tunnel->forward.localPort, reason);
    }
}

QList<PortForward> PortForwarder::forwards() const
{
    QList<PortForward> result;
    for (const auto &tunnel : m_tunnels)
        result.append(tunnel->forward);
    return result;
}

int PortForwarder::openConnections() const
{
    int count = 0;
    for (const auto &tunnel : m_tunnels)
        count += int(tunnel->connections.size());
    return count;
}

void PortForwarder::settle(int ms)
{
    QElapsedTimer waited;
    waited.start();
    while (m_blocked && waited.elapsed() < ms) {
        QThread::msleep(2);
        pump();
    }
}

bool PortForwarder::isIdle() const
{
    return !m_blocked && (!m_lastTraffic.isValid() || m_lastTraffic.elapsed() > IdleAfterMs);
}

} // namespace spark
