// SPDX-License-Identifier: MIT
#include "core/ssh/forwardedconnection.h"

#include <QTcpSocket>
#include <QTimer>

#include "core/ssh/nonblockingcalls.h"

#include <libssh2.h>

namespace spark {

namespace {
constexpr qsizetype ChunkBytes = 32768;
constexpr qsizetype MaxBufferedBytes = 1 << 20; // per direction, before the other side is paused

void deleteSocket(QTcpSocket *socket)
{
    if (!socket)
        return;
    socket->disconnect();
    if (socket->state() == QAbstractSocket::UnconnectedState || socket->bytesToWrite() == 0) {
        socket->abort();
        socket->deleteLater();
        return;
    }
    // What the node sent last still reaches the program, then the socket goes.
    QObject::connect(socket, &QAbstractSocket::disconnected, socket, &QObject::deleteLater);
    QTimer::singleShot(10000, socket, &QObject::deleteLater);
    socket->disconnectFromHost();
}
} // namespace

ForwardedConnection::ForwardedConnection(QTcpSocket *socket, LIBSSH2_CHANNEL *channel)
    : m_socket(socket, &deleteSocket)
    , m_channel(channel)
{
}

ForwardedConnection::~ForwardedConnection()
{
    if (m_channel) {
        // Best effort without blocking: the session is still alive (abandon() clears
        // m_channel otherwise); a free that would block leaves the channel to the session.
        libssh2_channel_free(m_channel);
        m_channel = nullptr;
    }
}

void ForwardedConnection::abandon()
{
    m_channel = nullptr;
    m_closing = true;
    m_remoteClosed = true;
    if (m_socket)
        m_socket->disconnectFromHost();
}

void ForwardedConnection::close()
{
    m_closing = true;
    if (m_socket)
        m_socket->disconnectFromHost();
}

bool ForwardedConnection::pump(bool otherPacketHalfSent)
{
    if (m_closing)
        return finishChannel();
    bool open = pumpToNode();
    open = pumpFromNode(otherPacketHalfSent || m_writeBlocked) && open;
    // The program closed its socket (QTcpSocket has no half-close: it is gone), or the node's side ended
    // and all it sent reached the program: the channel closes.
    if (!open || (m_localClosed && m_eofSent) || (m_remoteClosed && m_socket->bytesToWrite() == 0)) {
        m_closing = true;
        if (m_socket->state() == QAbstractSocket::ConnectedState)
            m_socket->disconnectFromHost();
        return finishChannel();
    }
    return true;
}

bool ForwardedConnection::pumpToNode()
{
    if (!m_localClosed && m_toNode.size() < MaxBufferedBytes)
        m_toNode.append(m_socket->read(MaxBufferedBytes - m_toNode.size()));
    if (!m_localClosed && m_socket->state() != QAbstractSocket::ConnectedState && m_socket->bytesAvailable() == 0)
        m_localClosed = true;
    m_writeBlocked = false;
    while (!m_toNode.isEmpty()) {
        const ssize_t written = libssh2_channel_write(m_channel, m_toNode.constData(),
                                                      size_t(qMin(m_toNode.size(), ChunkBytes)));
        if (written > 0) {
            m_toNode.remove(0, qsizetype(written));
            m_bytesToNode += quint64(written);
            continue;
        }
        if (callAgainLater(written)) {
            m_writeBlocked = written == LIBSSH2_ERROR_EAGAIN;
            return true;
        }
        if (written == 0)
            return true; // the node's window is full; it reopens it later
        return false;
    }
    if (m_localClosed && !m_eofSent) {
        const int rc = libssh2_channel_send_eof(m_channel);
        if (rc == 0)
            m_eofSent = true;
        else if (!callAgainLater(rc))
            return false;
    }
    return true;
}

bool ForwardedConnection::pumpFromNode(bool packetHalfSent)
{
    char buffer[ChunkBytes];
    while (m_socket->bytesToWrite() < MaxBufferedBytes) {
        const ssize_t got = libssh2_channel_read(m_channel, buffer, sizeof buffer);
        if (got > 0) {
            if (m_socket->state() == QAbstractSocket::ConnectedState)
                m_socket->write(buffer, qint64(got));
            m_bytesFromNode += quint64(got);
            continue;
        }
        if (got == 0 || callAgainLater(got) || readWaitsForHalfSentPacket(got, packetHalfSent))
            break;
        return false;
    }
    if (libssh2_channel_eof(m_channel))
        m_remoteClosed = true;
    return true;
}

bool ForwardedConnection::finishChannel()
{
    if (!m_channel)
        return false;
    const int rc = libssh2_channel_free(m_channel);
    if (callAgainLater(rc))
        return true; // tried again on the next pump
    m_channel = nullptr;
    return false;
}

} // namespace spark
