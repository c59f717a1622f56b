// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/ssh/execresult.h"
#include "core/ssh/hostkey.h"
#include "core/ssh/sshtarget.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>

#include <atomic>
#include <functional>

typedef struct _LIBSSH2_SESSION LIBSSH2_SESSION;
typedef struct _LIBSSH2_CHANNEL LIBSSH2_CHANNEL;

namespace spark {

// One libssh2 session over one socket, driven non-blocking: every call that
// would block waits on the socket (the directions libssh2 asks for) in short
// polls that notice cancellation and the deadline. Not thread-safe: exactly one
// thread (SshSession's worker) uses an instance.
class SshConnection
{
    Q_DECLARE_TR_FUNCTIONS(spark::SshConnection)

public:
    using CancelCheck = std::function<bool()>;

    SshConnection() = default;
    ~SshConnection();
    Q_DISABLE_COPY_MOVE(SshConnection)

    // Connects, checks the host key against known_hosts and authenticates
    // (ssh-agent, then the identity files, then password / keyboard-interactive).
    Expected<void> open(const SshTarget &target, const CancelCheck &cancelled);
    bool isOpen() const { return m_session != nullptr && m_authenticated; }
    const HostKey &hostKey() const { return m_hostKey; }
    QString authMethod() const { return m_authMethod; }

    // Runs one command; stdin is written and then closed. A non-zero exit is a
    // result, not an error. With a line handler the output goes to the handler
    // only (so a long-running stream does not pile up in memory).
    Expected<ExecResult> exec(const QString &command, const QByteArray &standardInput, int timeoutMs,
                              const LineHandler &onLine, const CancelCheck &cancelled);

    // Writes `data` to `remotePath` over SFTP and sets its mode.
    Expected<void> upload(const QByteArray &data, const QString &remotePath, int mode, int timeoutMs,
                          const CancelCheck &cancelled);

    // Opens a direct-tcpip channel: the server connects to `host`:`port` on its side
    // (port forwarding). The channel is the caller's to free before the session goes;
    // when the session is torn down first, the teardown observer is told and the
    // channel is gone with it.
    Expected<LIBSSH2_CHANNEL *> openDirectTcpip(const QString &host, quint16 port, int timeoutMs,
                                                const CancelCheck &cancelled);
    // Called at the start of every teardown while a session exists (close, a
    // keepalive that found the peer gone, a failed exec): whoever holds channels
    // forgets them, as libssh2_session_free frees them.
    void setTeardownObserver(std::function<void()> observer) { m_teardownObserver = std::move(observer); }
    int socketDescriptor() const { return m_socket; }

    // Sends a keepalive when one is due; closes the session if the peer is gone.
    void keepalive();

    // How long the node's TCP stack has left this side unanswered, in ms: data sent and not
    // acknowledged, or (the connection idle) the kernel's keepalive probe unanswered. 0 when
    // nothing waits. The node's kernel answers even when its programs are slow, so this grows
    // only when the node or the network between is gone. Measured while a command waits for
    // the node; the one value any thread may read.
    qint64 silentMs() const { return m_silentMs.load(std::memory_order_relaxed); }

    // Orderly disconnect and free (bounded by a short deadline).
    void close();

private:
    enum class Wait { Ready, Cancelled, TimedOut, Failed };

    Wait waitSocket(const QDeadlineTimer &deadline, const CancelCheck &cancelled) const;
    void measureSilence() const;
    Error waitError(Wait why, int timeoutMs) const;
    QString lastError() const;
    // Frees an exec's channel and tears the session down; returns `error`.
    Error abandon(LIBSSH2_CHANNEL *channel, Error error);

    // Repeats `call` while libssh2 says EAGAIN, waiting on the socket between tries.
    template<typename Call>
    int retry(Call call, const QDeadlineTimer &deadline, const CancelCheck &cancelled, Wait *why) const;

    Expected<void> connectSocket(const QDeadlineTimer &deadline, const CancelCheck &cancelled);
    Expected<void> verifyHostKey();
    Expected<void> authenticate(const QDeadlineTimer &deadline, const CancelCheck &cancelled);
    // The methods authenticate() tries in order; each sets m_authenticated on
    // success and fails only when its wait ran out or was cancelled.
    Expected<void> authenticateWithAgent(const QByteArray &user, const QDeadlineTimer &deadline,
                                         const CancelCheck &cancelled);
    Expected<void> authenticateWithKeyFiles(const QByteArray &user, const QDeadlineTimer &deadline,
                                            const CancelCheck &cancelled);
    // `refused`: a password was tried and the node said no.
    Expected<void> authenticateWithPassword(const QByteArray &user, const QString &methods, const QDeadlineTimer &deadline,
                                            const CancelCheck &cancelled, bool *refused);
    void teardown(int budgetMs);

    SshTarget m_target;
    HostKey m_hostKey;
    QString m_authMethod;
    LIBSSH2_SESSION *m_session = nullptr;
    int m_socket = -1;
    bool m_authenticated = false;
    std::function<void()> m_teardownObserver;
    QByteArray m_passwordBytes; // the session's abstract pointer, for keyboard-interactive
    mutable std::atomic<qint64> m_silentMs{0};
    mutable QElapsedTimer m_unacknowledgedSince; // since data of ours was first seen waiting
};

} // namespace spark
