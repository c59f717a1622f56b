// SPDX-License-Identifier: MIT
#include "core/ssh/sshsession.h"

#include "core/ssh/sshconnection.h"
#include "core/ssh/sshlibrary.h"

#include <QPromise>
#include <QTimer>

namespace spark {

namespace {
constexpr int KeepaliveCheckMs = 5000;
}

SshSession::SshSession(SshTarget target, QObject *parent)
    : QObject(parent)
    , m_target(std::move(target))
    , m_connection(std::make_shared<SshConnection>())
{
    ensureSshLibraryInitialised();
    m_thread.setObjectName(QStringLiteral("ssh ") + m_target.host);
    m_context = new QObject;
    m_forwarder = new PortForwarder(m_connection, tr("The connection to %1 was lost.").arg(m_target.displayName()),
                                    m_context);
    // On the worker thread, where the forwarder lives; nothing is said once the session is going.
    connect(m_forwarder, &PortForwarder::forwardStopped, m_forwarder,
            [this, alive = m_alive](quint16 localPort, const QString &reason) {
                if (!alive->load())
                    return;
                publishForwards();
                Q_EMIT forwardStopped(localPort, reason);
            });
    connect(m_forwarder, &PortForwarder::connectionEnded, m_forwarder, [this, alive = m_alive] {
        if (!alive->load())
            return;
        const bool wasConnected = isConnected();
        setConnected(false, wasConnected ? tr("The connection to %1 was lost.").arg(this->target().displayName())
                                         : QString());
    });
    m_context->moveToThread(&m_thread);
    // On the worker thread, as its last act: the destructor's wait() then
    // returns only after OpenSSL let go of what it kept for that thread.
    connect(&m_thread, &QThread::finished, m_context, &releaseSshThreadState, Qt::DirectConnection);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

SshSession::~SshSession()
{
    m_alive->store(false);
    cancel();
    // The connection is closed and freed on its own thread, then the thread ends.
    QMetaObject::invokeMethod(
        m_context,
        [connection = m_connection, forwarder = m_forwarder]() mutable {
            forwarder->stopAll();
            connection->close();
            connection.reset();
        },
        Qt::QueuedConnection);
    m_thread.quit();
    m_thread.wait();
    // Only now: a job still in flight when the destructor began (cancelled,
    // but between two calls) reads m_connection on the worker thread.
    m_connection.reset();
}

SshTarget SshSession::target() const
{
    QMutexLocker locker(&m_mutex);
    return m_target;
}

void SshSession::setAcceptedFingerprint(const QString &fingerprint)
{
    QMutexLocker locker(&m_mutex);
    m_target.acceptedFingerprint = fingerprint;
}

HostKey SshSession::hostKey() const
{
    QMutexLocker locker(&m_mutex);
    return m_hostKey;
}

bool SshSession::isConnected() const
{
    QMutexLocker locker(&m_mutex);
    return m_connected;
}

qint64 SshSession::silentMs() const
{
    return m_connection->silentMs(); // an atomic: safe beside the worker
}

QList<PortForward> SshSession::forwards() const
{
    QMutexLocker locker(&m_mutex);
    return m_forwards;
}

void SshSession::setConnected(bool connected, const QString &reason)
{
    {
        QMutexLocker locker(&m_mutex);
        if (m_connected == connected)
            return;
        m_connected = connected;
    }
    Q_EMIT connectedChanged(connected, reason);
}

void SshSession::publishForwards()
{
    const QList<PortForward> forwards = m_forwarder->forwards();
    QMutexLocker locker(&m_mutex);
    m_forwards = forwards;
}

void SshSession::cancel()
{
    ++m_generation;
}

template<typename T, typename Work>
QFuture<T> SshSession::submit(Work work)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    const quint64 generation = m_generation.load();
    QMetaObject::invokeMethod(
        m_context,
        [this, promise, generation, work = std::move(work)]() mutable {
            const CancelCheck cancelled = [this, promise, generation] {
                return m_generation.load() != generation || promise->isCanceled();
            };
            if (cancelled()) {
                promise->addResult(T(Error(tr("The work on %1 was cancelled.").arg(target().displayName()))));
            } else {
                m_forwarder->settle(2000);
                promise->addResult(work(cancelled));
                m_forwarder->pump(); // what the work left queued inside libssh2 for the tunnels
            }
            promise->finish();
        },
        Qt::QueuedConnection);
    return future;
}

Expected<void> SshSession::ensureConnected(const CancelCheck &cancelled)
{
    if (m_connection->isOpen())
        return {};
    auto opened = m_connection->open(target(), cancelled);
    {
        QMutexLocker locker(&m_mutex);
        m_hostKey = m_connection->hostKey();
    }
    if (opened)
        setConnected(true, {});
    if (opened && !m_context->findChild<QTimer *>(QString(), Qt::FindDirectChildrenOnly)) {
        auto *timer = new QTimer(m_context);
        connect(timer, &QTimer::timeout, m_context,
                [weak = std::weak_ptr<SshConnection>(m_connection), forwarder = m_forwarder] {
                    // A busy tunnel keeps the connection alive by itself; a keepalive sent then could
                    // collide with a half-sent tunnel packet.
                    if (const auto connection = weak.lock(); connection && forwarder->isIdle())
                        connection->keepalive();
                });
        timer->start(KeepaliveCheckMs);
    }
    return opened;
}

QFuture<Expected<void>> SshSession::connectToHost()
{
    return submit<Expected<void>>([this](const CancelCheck &cancelled) {
        m_forwarder->stopAll();
        publishForwards();
        setConnected(false, {});
        m_connection->close();
        return ensureConnected(cancelled);
    });
}

QFuture<Expected<ExecResult>> SshSession::exec(const QString &command, const QByteArray &standardInput, int timeoutMs)
{
    return submit<Expected<ExecResult>>([this, command, standardInput, timeoutMs](const CancelCheck &cancelled)
                                            -> Expected<ExecResult> {
        if (auto connected = ensureConnected(cancelled); !connected)
            return connected.error();
        return m_connection->exec(command, standardInput, timeoutMs, {}, cancelled);
    });
}

QFuture<Expected<ExecResult>> SshSession::execStreaming(const QString &command, LineHandler onLine,
                                                        const QByteArray &standardInput, int timeoutMs)
{
    return submit<Expected<ExecResult>>([this, command, onLine = std::move(onLine), standardInput,
                                         timeoutMs](const CancelCheck &cancelled) -> Expected<ExecResult> {
        if (auto connected = ensureConnected(cancelled); !connected)
            return connected.error();
        const LineHandler both = [this, &onLine](OutputStream stream, const QString &line) {
            if (onLine)
                onLine(stream, line);
            Q_EMIT outputLine(stream, line);
        };
        return m_connection->exec(command, standardInput, timeoutMs, both, cancelled);
    });
}

QFuture<Expected<void>> SshSession::upload(const QByteArray &data, const QString &remotePath, int mode, int timeoutMs)
{
    return submit<Expected<void>>([this, data, remotePath, mode, timeoutMs](const CancelCheck &cancelled)
                                      -> Expected<void> {
        if (auto connected = ensureConnected(cancelled); !connected)
            return connected;
        return m_connection->upload(data, remotePath, mode, timeoutMs, cancelled);
    });
}

QFuture<Expected<void>> SshSession::disconnectFromHost()
{
    return submit<Expected<void>>([this](const CancelCheck &) -> Expected<void> {
        m_forwarder->stopAll();
        publishForwards();
        setConnected(false, {}); // asked for: no reason to give
        m_connection->close();
        return {};
    });
}

QFuture<Expected<void>> SshSession::startForwarding(const PortForward &forward)
{
    return submit<Expected<void>>([this, forward](const CancelCheck &cancelled) -> Expected<void> {
        if (auto connected = ensureConnected(cancelled); !connected)
            return connected;
        auto started = m_forwarder->start(forward, target().displayName());
        publishForwards();
        return started;
    });
}

QFuture<Expected<void>> SshSession::stopForwarding(quint16 localPort)
{
    return submit<Expected<void>>([this, localPort](const CancelCheck &) -> Expected<void> {
        m_forwarder->stop(localPort);
        publishForwards();
        return {};
    });
}

} // namespace spark
