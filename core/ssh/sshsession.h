// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/ssh/execresult.h"
#include "core/ssh/hostkey.h"
#include "core/ssh/portforwarder.h"
#include "core/ssh/sshtarget.h"

#include <QFuture>
#include <QMutex>
#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

namespace spark {

class SshConnection;

// One SSH session to one machine, reused across steps. The session lives on
// its own worker thread and only that thread calls libssh2 for it; callers get
// QFutures (the CLI may block on them, the GUI uses continuations) and, for
// streaming commands, queued signals. Operations run one after another in the
// order they were asked for; exec/upload connect first when needed.
//
// Cancelling: cancel() stops the running operation and all queued ones at once
// (they finish with an error); QFuture::cancel() stops that one operation.
class SshSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshSession)

public:
    static constexpr int DefaultTimeoutMs = 60000;

    explicit SshSession(SshTarget target, QObject *parent = nullptr);
    ~SshSession() override;

    SshTarget target() const;
    // A first-contact key the user accepted; used by the next connect.
    void setAcceptedFingerprint(const QString &fingerprint);
    // The key the server showed in the last handshake, with its known_hosts state.
    HostKey hostKey() const;

    QFuture<Expected<void>> connectToHost();
    QFuture<Expected<ExecResult>> exec(const QString &command, const QByteArray &standardInput = {},
                                       int timeoutMs = DefaultTimeoutMs);
    // Like exec, but every output line goes to `onLine` (on the worker thread)
    // and to outputLine() as it arrives; the result then holds only the exit status.
    // timeoutMs 0 means no time limit (a monitor that runs until cancelled).
    QFuture<Expected<ExecResult>> execStreaming(const QString &command, LineHandler onLine,
                                                const QByteArray &standardInput = {}, int timeoutMs = 0);
    QFuture<Expected<void>> upload(const QByteArray &data, const QString &remotePath, int mode = 0644,
                                   int timeoutMs = DefaultTimeoutMs);
    // Closes the tunnels, then the session.
    QFuture<Expected<void>> disconnectFromHost();

    // Tunnels (port forwarding over direct-tcpip channels): connects first when
    // needed. They stay open until stopped, the session disconnects or is lost
    // (forwardStopped then says why); keepalives go on meanwhile.
    QFuture<Expected<void>> startForwarding(const PortForward &forward);
    QFuture<Expected<void>> stopForwarding(quint16 localPort);
    QList<PortForward> forwards() const;
    bool isConnected() const;
    // SshConnection::silentMs(): how long the node's TCP stack has not answered (0: it has).
    qint64 silentMs() const;

    void cancel();

Q_SIGNALS:
    void outputLine(spark::OutputStream stream, const QString &line);
    // The session came up or went away (`reason` says why when it was not asked for).
    void connectedChanged(bool connected, const QString &reason);
    void forwardStopped(quint16 localPort, const QString &reason);

private:
    using CancelCheck = std::function<bool()>;
    template<typename T, typename Work>
    QFuture<T> submit(Work work);
    Expected<void> ensureConnected(const CancelCheck &cancelled);
    void setConnected(bool connected, const QString &reason);
    void publishForwards();

    mutable QMutex m_mutex;
    SshTarget m_target;
    HostKey m_hostKey;
    std::atomic<quint64> m_generation{0};
    std::shared_ptr<std::atomic<bool>> m_alive = std::make_shared<std::atomic<bool>>(true);
    QThread m_thread;
    QObject *m_context = nullptr;                   // lives on m_thread
    PortForwarder *m_forwarder = nullptr;           // lives on m_thread, child of m_context
    QList<PortForward> m_forwards;                  // a copy for other threads, under m_mutex
    bool m_connected = false;                       // under m_mutex
    std::shared_ptr<SshConnection> m_connection;    // used on m_thread only
};

} // namespace spark
