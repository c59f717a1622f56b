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
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

SshSession::~SshSession()
{
    cancel();
    // The connection is closed and freed on its own thread, then the thread ends.
    QMetaObject::invokeMethod(
        m_context,
        [connection = m_connection]() mutable {
            connection->close();
            connection.reset();
        },
        Qt::QueuedConnection);
    m_connection.reset();
    m_thread.quit();
    m_thread.wait();
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
            if (cancelled())
                promise->addResult(T(Error(tr("The work on %1 was cancelled.").arg(target().displayName()))));
            else
                promise->addResult(work(cancelled));
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
    if (opened && !m_context->findChild<QTimer *>()) {
        auto *timer = new QTimer(m_context);
        connect(timer, &QTimer::timeout, m_context, [weak = std::weak_ptr<SshConnection>(m_connection)] {
            if (const auto connection = weak.lock())
                connection->keepalive();
        });
        timer->start(KeepaliveCheckMs);
    }
    return opened;
}

QFuture<Expected<void>> SshSession::connectToHost()
{
    return submit<Expected<void>>([this](const CancelCheck &cancelled) {
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
        m_connection->close();
        return {};
    });
}

} // namespace spark
