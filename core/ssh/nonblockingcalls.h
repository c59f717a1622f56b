// SPDX-License-Identifier: MIT
#pragma once

#include <libssh2.h>

#include <sys/types.h>

namespace spark {

// What libssh2's non-blocking calls return when they are to be called again later.
//
// libssh2 sends one packet at a time. A call that returned EAGAIN may hold a packet
// half sent; until that same call is repeated and finishes it, any other call that
// wants to send is refused:
// - directly with BAD_USE (a channel write, an EOF, a keepalive);
// - by a channel read that first has to grant the node more window with
//   SOCKET_SEND ("unable to send transfer-window adjustment packet, deferring").
//   libssh2 keeps the grant and sends it with a later read.

// The socket would block, or another packet is half sent.
inline bool callAgainLater(ssize_t rc)
{
    return rc == LIBSSH2_ERROR_EAGAIN || rc == LIBSSH2_ERROR_BAD_USE;
}

// A read's window grant waits for a half-sent packet. With nothing half sent, SOCKET_SEND
// is a real send failure: the connection is gone.
inline bool readWaitsForHalfSentPacket(ssize_t rc, bool packetHalfSent)
{
    return rc == LIBSSH2_ERROR_SOCKET_SEND && packetHalfSent;
}

} // namespace spark
