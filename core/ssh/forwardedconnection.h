// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QtGlobal>

#include <memory>

class QTcpSocket;
typedef struct _LIBSSH2_CHANNEL LIBSSH2_CHANNEL;

namespace spark {

// One forwarded TCP connection: a local socket that a program opened to the
// tunnel's port, and the direct-tcpip channel that carries it to the node.
// pump() moves bytes both ways as far as it can without blocking; it runs on
// the session's worker thread only (libssh2 is used by one thread per session).
//
// libssh2 rule kept here: a channel write that returned EAGAIN holds a half-sent
// packet; it is repeated with the same bytes at the front of the buffer, and
// a write refused with BAD_USE (another channel's packet is half sent) is
// simply tried again on the next pump.
class ForwardedConnection
{
public:
    ForwardedConnection(QTcpSocket *socket, LIBSSH2_CHANNEL *channel); // takes both
    ~ForwardedConnection();
    Q_DISABLE_COPY_MOVE(ForwardedConnection)

    // Returns false once both sides are finished and the channel is freed.
    // otherPacketHalfSent: another channel of the session left a packet half sent.
    bool pump(bool otherPacketHalfSent);
    // The session is gone (and freed the channel with it): close the local side.
    void abandon();
    // Starts an orderly close; pump() finishes it.
    void close();

    // A channel write is waiting for the socket (a packet may be half sent).
    bool writeBlocked() const { return m_writeBlocked; }
    quint64 bytesToNode() const { return m_bytesToNode; }
    quint64 bytesFromNode() const { return m_bytesFromNode; }

private:
    bool pumpToNode();
    bool pumpFromNode(bool packetHalfSent);
    bool finishChannel();

    std::unique_ptr<QTcpSocket, void (*)(QTcpSocket *)> m_socket;
    LIBSSH2_CHANNEL *m_channel = nullptr;
    QByteArray m_toNode;
    bool m_localClosed = false;   // the local program closed its side
    bool m_eofSent = false;
    bool m_remoteClosed = false;  // the node's side ended
    bool m_closing = false;       // freeing the channel
    bool m_writeBlocked = false;
    quint64 m_bytesToNode = 0;
    quint64 m_bytesFromNode = 0;
};

} // namespace spark
