// SPDX-License-Identifier: MIT
#include "core/ssh/sshconnection.h"

#include "core/common/logcategories.h"
#include "core/common/linebuffer.h"
#include "core/ssh/knownhosts.h"
#include "core/ssh/nonblockingcalls.h"
#include "core/ssh/sshlibrary.h"

#include <QFileInfo>
#include <QScopeGuard>

#include <libssh2.h>
#include <libssh2_sftp.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace spark {

namespace {

constexpr int PollSliceMs = 50;
// The kernel probes a connection idle for a second, every second, and gives up after two
// minutes: silentMs() sees a gone node within seconds, while only a long silence ends the session.
constexpr int KeepIdleSeconds = 1;
constexpr int KeepIntervalSeconds = 1;
constexpr int KeepProbes = 120;

void answerPrompts(const char *, int, const char *, int, int promptCount, const LIBSSH2_USERAUTH_KBDINT_PROMPT *,
                   LIBSSH2_USERAUTH_KBDINT_RESPONSE *responses, void **abstract)
{
    const auto *password = static_cast<const QByteArray *>(*abstract);
    // Every prompt of a password-only keyboard-interactive exchange gets the password.
    for (int i = 0; i < promptCount; ++i) {
        responses[i].text = strndup(password->constData(), size_t(password->size()));
        responses[i].length = unsigned(password->size());
    }
}

// Hands a stream's lines (LineBuffer's rule) to a LineHandler.
class LineSplitter
{
public:
    void feed(const char *data, qsizetype size, OutputStream stream, const LineHandler &onLine)
    {
        for (const QString &line : m_buffer.feed(QByteArrayView(data, size)))
            onLine(stream, line);
    }
    void finish(OutputStream stream, const LineHandler &onLine)
    {
        for (const QString &line : m_buffer.finish())
            onLine(stream, line);
    }

private:
    LineBuffer m_buffer;
};

} // namespace

SshConnection::~SshConnection()
{
    close();
}

template<typename Call>
int SshConnection::retry(Call call, const QDeadlineTimer &deadline, const CancelCheck &cancelled, Wait *why) const
{
    for (;;) {
        const int rc = call();
        if (rc != LIBSSH2_ERROR_EAGAIN)
            return rc;
        const Wait wait = waitSocket(deadline, cancelled);
        if (wait != Wait::Ready) {
            *why = wait;
            return LIBSSH2_ERROR_EAGAIN;
        }
    }
}

SshConnection::Wait SshConnection::waitSocket(const QDeadlineTimer &deadline, const CancelCheck &cancelled) const
{
    pollfd fd{m_socket, 0, 0};
    const int directions = m_session ? libssh2_session_block_directions(m_session) : 0;
    if (directions & LIBSSH2_SESSION_BLOCK_INBOUND)
        fd.events |= POLLIN;
    if (directions & LIBSSH2_SESSION_BLOCK_OUTBOUND)
        fd.events |= POLLOUT;
    if (fd.events == 0)
        fd.events = POLLIN;
    for (;;) {
        measureSilence();
        if (cancelled && cancelled())
            return Wait::Cancelled;
        if (deadline.hasExpired())
            return Wait::TimedOut;
        const qint64 remaining = deadline.isForever() ? PollSliceMs : deadline.remainingTime();
        const int rc = ::poll(&fd, 1, int(qMin<qint64>(PollSliceMs, remaining)));
        if (rc > 0)
            return Wait::Ready;
        if (rc < 0 && errno != EINTR)
            return Wait::Failed;
    }
}

void SshConnection::measureSilence() const
{
    tcp_info info{};
    socklen_t length = sizeof info;
    qint64 silent = 0;
    if (m_socket >= 0 && ::getsockopt(m_socket, IPPROTO_TCP, TCP_INFO, &info, &length) == 0) {
        if (info.tcpi_unacked > 0) {
            // Counted from when data was first seen waiting (a retransmission restarts the kernel's
            // own "last sent"), and again from now whenever an acknowledgement came since: what
            // waits now was sent after it, and the node answered.
            if (!m_unacknowledgedSince.isValid() || qint64(info.tcpi_last_ack_recv) < m_unacknowledgedSince.elapsed())
                m_unacknowledgedSince.start();
            silent = m_unacknowledgedSince.elapsed();
        } else {
            m_unacknowledgedSince.invalidate();
            // Unanswered keepalive probes: the first went out after the idle second.
            if (info.tcpi_probes > 0)
                silent = qMax<qint64>(0, qint64(info.tcpi_last_ack_recv) - KeepIdleSeconds * 1000);
        }
    }
    m_silentMs.store(silent, std::memory_order_relaxed);
}

Error SshConnection::waitError(Wait why, int timeoutMs) const
{
    const QString who = m_target.displayName();
    switch (why) {
    case Wait::Cancelled:
        return Error(tr("The work on %1 was cancelled.").arg(who));
    case Wait::TimedOut:
        return Error(tr("%1 did not answer within %2 seconds. Check that it is switched on and on the network, then try again.")
                         .arg(who)
                         .arg(qMax(1, timeoutMs / 1000)),
                     QStringLiteral("timeout after %1 ms").arg(timeoutMs));
    default:
        return Error(tr("The connection to %1 broke off. Check the network and try again.").arg(who),
                     QString::fromLocal8Bit(strerror(errno)));
    }
}

QString SshConnection::lastError() const
{
    if (!m_session)
        return {};
    char *message = nullptr;
    int length = 0;
    const int code = libssh2_session_last_error(m_session, &message, &length, 0);
    return QStringLiteral("libssh2 %1: %2").arg(code).arg(QString::fromUtf8(message, length));
}

namespace {
// `wanted`, in its order, without what this libssh2 lacks: libssh2 1.10 drops unknown
// names from a preference list with an overlapping memcpy (undefined behaviour).
QByteArray supportedMethods(LIBSSH2_SESSION *session, int methodType, std::initializer_list<const char *> wanted)
{
    const char **available = nullptr;
    const int count = libssh2_session_supported_algs(session, methodType, &available);
    QByteArrayList kept;
    for (const char *name : wanted) {
        for (int i = 0; i < count; ++i) {
            if (qstrcmp(available[i], name) == 0) {
                kept.append(QByteArray(name));
                break;
            }
        }
    }
    if (available)
        libssh2_free(session, available);
    return kept.join(',');
}
} // namespace

Expected<void> SshConnection::open(const SshTarget &target, const CancelCheck &cancelled)
{
    close();
    ensureSshLibraryInitialised();
    m_target = target;
    m_hostKey = HostKey{};
    m_authMethod.clear();
    const QDeadlineTimer deadline(target.connectTimeoutMs);

    if (auto connected = connectSocket(deadline, cancelled); !connected)
        return connected;

    m_passwordBytes = target.password.toUtf8();
    m_session = libssh2_session_init_ex(nullptr, nullptr, nullptr, &m_passwordBytes);
    if (!m_session) {
        teardown(0);
        return Error(tr("Could not start an SSH session: out of memory."));
    }
    libssh2_session_set_blocking(m_session, 0);
    // OpenSSH's order: ed25519 first, the key type the devices' keys are recorded under.
    const QByteArray hostKeyOrder = supportedMethods(m_session, LIBSSH2_METHOD_HOSTKEY,
                                                     {"ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
                                                      "ecdsa-sha2-nistp521", "rsa-sha2-512", "rsa-sha2-256", "ssh-rsa"});
    if (!hostKeyOrder.isEmpty())
        libssh2_session_method_pref(m_session, LIBSSH2_METHOD_HOSTKEY, hostKeyOrder.constData());
    Wait why = Wait::Ready;
    int rc = retry([&] { return libssh2_session_handshake(m_session, m_socket); }, deadline, cancelled, &why);
    if (rc == LIBSSH2_ERROR_EAGAIN) {
        teardown(0);
        return waitError(why, target.connectTimeoutMs);
    }
    if (rc != 0) {
        const QString detail = lastError();
        teardown(0);
        return Error(tr("%1 answered on port %2 but not as an SSH server. Check the port number.")
                         .arg(target.host)
                         .arg(target.port),
                     detail);
    }
    if (auto verified = verifyHostKey(); !verified) {
        teardown(500);
        return verified;
    }
    // A refused password takes the server a few seconds (PAM's delay): authentication gets its own deadline.
    if (auto authenticated = authenticate(QDeadlineTimer(qMax(target.connectTimeoutMs, 30000)), cancelled);
        !authenticated) {
        teardown(500);
        return authenticated;
    }
    libssh2_keepalive_config(m_session, 1, unsigned(qMax(1, target.keepaliveSeconds)));
    qCDebug(lcSsh) << "connected to" << target.displayName() << "with" << m_authMethod;
    return {};
}

Expected<void> SshConnection::connectSocket(const QDeadlineTimer &deadline, const CancelCheck &cancelled)
{
    QString host = m_target.host;
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *addresses = nullptr;
    const int resolved = ::getaddrinfo(host.toUtf8().constData(), QByteArray::number(m_target.port).constData(),
                                       &hints, &addresses);
    if (resolved != 0)
        return Error(tr("Could not find a computer named %1. Check the spelling, or use its IP address.").arg(host),
                     QString::fromLocal8Bit(gai_strerror(resolved)));

    int lastErrno = 0;
    bool timedOut = false;
    for (addrinfo *address = addresses; address && m_socket < 0; address = address->ai_next) {
        const int fd = ::socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
                                address->ai_protocol);
        if (fd < 0) {
            lastErrno = errno;
            continue;
        }
        if (::connect(fd, address->ai_addr, address->ai_addrlen) == 0) {
            m_socket = fd;
            break;
        }
        if (errno != EINPROGRESS) {
            lastErrno = errno;
            ::close(fd);
            continue;
        }
        m_socket = fd; // for waitSocket
        pollfd pfd{fd, POLLOUT, 0};
        int ready = 0;
        while (ready == 0) {
            if (cancelled && cancelled()) {
                ::close(fd);
                m_socket = -1;
                ::freeaddrinfo(addresses);
                return waitError(Wait::Cancelled, 0);
            }
            if (deadline.hasExpired()) {
                timedOut = true;
                break;
            }
            ready = ::poll(&pfd, 1, int(qMin<qint64>(PollSliceMs, deadline.remainingTime())));
            if (ready < 0 && errno == EINTR)
                ready = 0;
        }
        int soError = 0;
        socklen_t length = sizeof soError;
        if (ready > 0 && ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length) == 0 && soError == 0)
            break; // connected
        lastErrno = ready > 0 ? soError : ETIMEDOUT;
        ::close(fd);
        m_socket = -1;
    }
    ::freeaddrinfo(addresses);
    if (m_socket >= 0) {
        // As OpenSSH and curl do: small packets (a keystroke, a request through a tunnel) go out at
        // once instead of waiting for Nagle's algorithm and the peer's delayed ACK (tens of ms each).
        const int noDelay = 1;
        ::setsockopt(m_socket, IPPROTO_TCP, TCP_NODELAY, &noDelay, sizeof noDelay);
        const int on = 1;
        ::setsockopt(m_socket, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
        ::setsockopt(m_socket, IPPROTO_TCP, TCP_KEEPIDLE, &KeepIdleSeconds, sizeof KeepIdleSeconds);
        ::setsockopt(m_socket, IPPROTO_TCP, TCP_KEEPINTVL, &KeepIntervalSeconds, sizeof KeepIntervalSeconds);
        ::setsockopt(m_socket, IPPROTO_TCP, TCP_KEEPCNT, &KeepProbes, sizeof KeepProbes);
        return {};
    }

    const QString detail = QString::fromLocal8Bit(strerror(lastErrno));
    if (timedOut || lastErrno == ETIMEDOUT)
        return Error(tr("%1 did not answer within %2 seconds. Check that it is switched on and on the network, then try again.")
                         .arg(host)
                         .arg(qMax(1, m_target.connectTimeoutMs / 1000)),
                     detail);
    if (lastErrno == ECONNREFUSED)
        return Error(tr("%1 refused the connection on port %2. Check that its SSH server is running and the port is right.")
                         .arg(host)
                         .arg(m_target.port),
                     detail);
    return Error(tr("%1 cannot be reached from this computer. Check the network cable and the address.").arg(host),
                 detail);
}

Expected<void> SshConnection::verifyHostKey()
{
    size_t length = 0;
    int type = 0;
    const char *key = libssh2_session_hostkey(m_session, &length, &type);
    const char *hash = libssh2_hostkey_hash(m_session, LIBSSH2_HOSTKEY_HASH_SHA256);
    if (!key || !hash)
        return Error(tr("%1 did not show a host key. Try again.").arg(m_target.host), lastError());
    m_hostKey.type = type;
    m_hostKey.typeName = KnownHosts::keyTypeName(type);
    m_hostKey.key = QByteArray(key, qsizetype(length));
    m_hostKey.fingerprint = QStringLiteral("SHA256:")
        + QString::fromLatin1(QByteArray(hash, 32).toBase64(QByteArray::OmitTrailingEquals));

    const KnownHosts knownHosts(m_target.knownHostsFile);
    if (auto checked = knownHosts.check(m_target.host, m_target.port, m_hostKey); !checked)
        return checked;
    switch (m_hostKey.state) {
    case HostKey::State::Known:
        return {};
    case HostKey::State::Changed:
        return Error(tr("The host key of %1 has changed, so nothing was run: if the device was reinstalled, delete line %2 of %3 and "
                        "connect again; otherwise someone may be intercepting the connection.")
                         .arg(m_target.host)
                         .arg(m_hostKey.knownHostsLine)
                         .arg(m_hostKey.knownHostsFile),
                     QStringLiteral("%1 %2").arg(m_hostKey.typeName, m_hostKey.fingerprint));
    default:
        if (!m_target.acceptedFingerprint.isEmpty() && m_target.acceptedFingerprint == m_hostKey.fingerprint)
            return {};
        if (!m_target.acceptedFingerprint.isEmpty())
            return Error(tr("%1 shows the host key %2, not the one that was accepted (%3); nothing was run. Check that the "
                            "address is right.")
                             .arg(m_target.host, m_hostKey.fingerprint, m_target.acceptedFingerprint));
        return Error(tr("This is the first connection to %1; its host key fingerprint is %2. Accept it only if it matches "
                        "the one the device shows.")
                         .arg(m_target.host, m_hostKey.fingerprint),
                     m_hostKey.typeName);
    }
}

namespace {

bool offers(const QString &methods, const char *method)
{
    return methods.split(QLatin1Char(',')).contains(QLatin1String(method));
}

} // namespace

Expected<void> SshConnection::authenticate(const QDeadlineTimer &deadline, const CancelCheck &cancelled)
{
    const QByteArray user = m_target.user.toUtf8();
    Wait why = Wait::Ready;
    char *list = nullptr;
    const int listed = retry(
        [&] {
            list = libssh2_userauth_list(m_session, user.constData(), unsigned(user.size()));
            return list ? 0 : libssh2_session_last_errno(m_session);
        },
        deadline, cancelled, &why);
    if (listed == LIBSSH2_ERROR_EAGAIN)
        return waitError(why, m_target.connectTimeoutMs);
    if (!list && libssh2_userauth_authenticated(m_session)) {
        m_authenticated = true;
        m_authMethod = QStringLiteral("none");
        return {};
    }
    const QString methods = QString::fromLatin1(list ? list : "");
    if (m_target.useAgent && offers(methods, "publickey") && qEnvironmentVariableIsSet("SSH_AUTH_SOCK")) {
        if (auto tried = authenticateWithAgent(user, deadline, cancelled); !tried)
            return tried;
    }
    if (!m_authenticated && offers(methods, "publickey")) {
        if (auto tried = authenticateWithKeyFiles(user, deadline, cancelled); !tried)
            return tried;
    }
    bool passwordRefused = false;
    if (!m_authenticated && !m_target.password.isEmpty()) {
        if (auto tried = authenticateWithPassword(user, methods, deadline, cancelled, &passwordRefused); !tried)
            return tried;
    }
    if (m_authenticated)
        return {};
    m_authMethod.clear();
    const QString detail = QStringLiteral("offered methods: %1; %2").arg(methods, lastError());
    if (passwordRefused)
        return Error(tr("%1 did not accept the password for user %2. Check the user name and the password.")
                         .arg(m_target.host, m_target.user),
                     detail);
    return Error(tr("%1 did not accept a key login for user %2. Add the device again with its password so its key is "
                    "installed.")
                     .arg(m_target.host, m_target.user),
                 detail);
}

Expected<void> SshConnection::authenticateWithAgent(const QByteArray &user, const QDeadlineTimer &deadline,
                                                    const CancelCheck &cancelled)
{
    LIBSSH2_AGENT *agent = libssh2_agent_init(m_session);
    if (!agent)
        return {};
    const auto freeAgent = qScopeGuard([agent] { libssh2_agent_free(agent); });
    if (libssh2_agent_connect(agent) != 0)
        return {};
    const auto disconnect = qScopeGuard([agent] { libssh2_agent_disconnect(agent); });
    if (libssh2_agent_list_identities(agent) != 0)
        return {};
    Wait why = Wait::Ready;
    libssh2_agent_publickey *identity = nullptr;
    while (!m_authenticated && libssh2_agent_get_identity(agent, &identity, identity) == 0) {
        const int rc = retry([&] { return libssh2_agent_userauth(agent, user.constData(), identity); }, deadline,
                             cancelled, &why);
        if (rc == LIBSSH2_ERROR_EAGAIN)
            return waitError(why, m_target.connectTimeoutMs);
        if (rc == 0) {
            m_authenticated = true;
            m_authMethod = QStringLiteral("agent");
        }
    }
    return {};
}

Expected<void> SshConnection::authenticateWithKeyFiles(const QByteArray &user, const QDeadlineTimer &deadline,
                                                       const CancelCheck &cancelled)
{
    Wait why = Wait::Ready;
    for (const QString &file : m_target.identityFiles) {
        if (m_authenticated)
            break;
        if (!QFileInfo::exists(file))
            continue;
        const QByteArray path = QFile::encodeName(file);
        const int rc = retry(
            [&] {
                return libssh2_userauth_publickey_fromfile_ex(m_session, user.constData(), unsigned(user.size()),
                                                              nullptr, path.constData(), "");
            },
            deadline, cancelled, &why);
        if (rc == LIBSSH2_ERROR_EAGAIN)
            return waitError(why, m_target.connectTimeoutMs);
        if (rc == 0) {
            m_authenticated = true;
            m_authMethod = QStringLiteral("publickey");
        } else {
            qCDebug(lcSsh) << "key" << file << "refused:" << lastError();
        }
    }
    return {};
}

Expected<void> SshConnection::authenticateWithPassword(const QByteArray &user, const QString &methods,
                                                       const QDeadlineTimer &deadline, const CancelCheck &cancelled,
                                                       bool *refused)
{
    Wait why = Wait::Ready;
    int rc = LIBSSH2_ERROR_METHOD_NOT_SUPPORTED;
    if (offers(methods, "password")) {
        rc = retry(
            [&] {
                return libssh2_userauth_password_ex(m_session, user.constData(), unsigned(user.size()),
                                                    m_passwordBytes.constData(), unsigned(m_passwordBytes.size()),
                                                    nullptr);
            },
            deadline, cancelled, &why);
        m_authMethod = QStringLiteral("password");
    } else if (offers(methods, "keyboard-interactive")) {
        rc = retry(
            [&] {
                return libssh2_userauth_keyboard_interactive_ex(m_session, user.constData(), unsigned(user.size()),
                                                                &answerPrompts);
            },
            deadline, cancelled, &why);
        m_authMethod = QStringLiteral("keyboard-interactive");
    }
    if (rc == LIBSSH2_ERROR_EAGAIN)
        return waitError(why, m_target.connectTimeoutMs);
    m_authenticated = rc == 0;
    *refused = rc != 0;
    return {};
}

Error SshConnection::abandon(LIBSSH2_CHANNEL *channel, Error error)
{
    // After an interrupted exchange the session's state is unknown: start afresh next time.
    if (channel)
        libssh2_channel_free(channel);
    teardown(500);
    return error;
}

Expected<ExecResult> SshConnection::exec(const QString &command, const QByteArray &standardInput, int timeoutMs,
                                         const LineHandler &onLine, const CancelCheck &cancelled)
{
    if (!isOpen())
        return Error(tr("There is no connection to %1. Connect first.").arg(m_target.displayName()));
    const QDeadlineTimer deadline(timeoutMs <= 0 ? QDeadlineTimer(QDeadlineTimer::Forever) : QDeadlineTimer(timeoutMs));
    Wait why = Wait::Ready;
    LIBSSH2_CHANNEL *channel = nullptr;
    int rc = retry(
        [&] {
            channel = libssh2_channel_open_session(m_session);
            return channel ? 0 : libssh2_session_last_errno(m_session);
        },
        deadline, cancelled, &why);
    if (rc == LIBSSH2_ERROR_EAGAIN)
        return abandon(channel, waitError(why, timeoutMs));
    if (rc != 0)
        return abandon(channel, Error(tr("%1 refused to run a command. Try again.").arg(m_target.displayName()), lastError()));

    const QByteArray commandBytes = command.toUtf8();
    rc = retry([&] { return libssh2_channel_process_startup(channel, "exec", 4, commandBytes.constData(),
                                                            unsigned(commandBytes.size())); },
               deadline, cancelled, &why);
    if (rc == LIBSSH2_ERROR_EAGAIN)
        return abandon(channel, waitError(why, timeoutMs));
    if (rc != 0)
        return abandon(channel, Error(tr("%1 refused to run a command. Try again.").arg(m_target.displayName()), lastError()));

    ExecResult result;
    QByteArray pendingInput = standardInput;
    bool eofSent = false;
    bool inputHalfSent = false; // the last input or EOF packet waits for the socket
    LineSplitter outLines, errLines;
    char buffer[32768];
    for (;;) {
        bool progress = false;
        if (!eofSent) {
            if (!pendingInput.isEmpty()) {
                const ssize_t written = libssh2_channel_write(channel, pendingInput.constData(), size_t(pendingInput.size()));
                inputHalfSent = written == LIBSSH2_ERROR_EAGAIN;
                if (written > 0) {
                    pendingInput.remove(0, qsizetype(written));
                    progress = true;
                } else if (written < 0 && !callAgainLater(written)) {
                    pendingInput.clear(); // the command stopped reading: nothing more to give it
                }
            }
            if (pendingInput.isEmpty()) {
                // BAD_USE: another packet (a window adjust) is half sent; the EOF waits its turn.
                const int sent = libssh2_channel_send_eof(channel);
                inputHalfSent = sent == LIBSSH2_ERROR_EAGAIN;
                if (!callAgainLater(sent)) {
                    eofSent = true;
                    progress = true;
                }
            }
        }
        for (const int streamId : {0, SSH_EXTENDED_DATA_STDERR}) {
            const ssize_t got = libssh2_channel_read_ex(channel, streamId, buffer, sizeof buffer);
            if (got > 0) {
                progress = true;
                const OutputStream stream = streamId == 0 ? OutputStream::StandardOutput : OutputStream::StandardError;
                if (onLine)
                    (streamId == 0 ? outLines : errLines).feed(buffer, qsizetype(got), stream, onLine);
                else
                    (streamId == 0 ? result.standardOutput : result.standardError).append(buffer, qsizetype(got));
            } else if (got < 0 && !callAgainLater(got) && !readWaitsForHalfSentPacket(got, inputHalfSent)) {
                return abandon(channel, Error(tr("The connection to %1 broke off. Check the network and try again.")
                                                  .arg(m_target.displayName()),
                                              lastError()));
            }
        }
        if (progress)
            continue;
        if (libssh2_channel_eof(channel))
            break;
        const Wait wait = waitSocket(deadline, cancelled);
        if (wait != Wait::Ready)
            return abandon(channel, waitError(wait, timeoutMs));
    }
    if (onLine) {
        outLines.finish(OutputStream::StandardOutput, onLine);
        errLines.finish(OutputStream::StandardError, onLine);
    }
    // Orderly close, as curl does: EOF both ways, close, wait until closed, then the exit status.
    retry([&] { return libssh2_channel_wait_eof(channel); }, deadline, cancelled, &why);
    retry([&] { return libssh2_channel_close(channel); }, deadline, cancelled, &why);
    rc = retry([&] { return libssh2_channel_wait_closed(channel); }, deadline, cancelled, &why);
    if (rc == LIBSSH2_ERROR_EAGAIN)
        return abandon(channel, waitError(why, timeoutMs));
    result.exitCode = libssh2_channel_get_exit_status(channel);
    char *signal = nullptr;
    size_t signalLength = 0;
    if (libssh2_channel_get_exit_signal(channel, &signal, &signalLength, nullptr, nullptr, nullptr, nullptr) == 0
        && signal) {
        result.exitSignal = QString::fromLatin1(signal, qsizetype(signalLength));
        libssh2_free(m_session, signal);
    }
    retry([&] { return libssh2_channel_free(channel); }, QDeadlineTimer(1000), cancelled, &why);
    return result;
}

Expected<void> SshConnection::upload(const QByteArray &data, const QString &remotePath, int mode, int timeoutMs,
                                     const CancelCheck &cancelled)
{
    if (!isOpen())
        return Error(tr("There is no connection to %1. Connect first.").arg(m_target.displayName()));
    const QDeadlineTimer deadline(timeoutMs <= 0 ? QDeadlineTimer(QDeadlineTimer::Forever) : QDeadlineTimer(timeoutMs));
    Wait why = Wait::Ready;
    LIBSSH2_SFTP *sftp = nullptr;
    LIBSSH2_SFTP_HANDLE *handle = nullptr;
    const auto failed = [&](int rc) -> Expected<void> {
        const unsigned long sftpError = sftp && rc == LIBSSH2_ERROR_SFTP_PROTOCOL ? libssh2_sftp_last_error(sftp) : 0;
        const auto fail = [&](Error error) -> Expected<void> {
            if (rc == LIBSSH2_ERROR_SFTP_PROTOCOL) {
                // The server said no; the session itself is fine.
                Wait ignored = Wait::Ready;
                const QDeadlineTimer shortDeadline(1000);
                if (handle)
                    retry([&] { return libssh2_sftp_close_handle(handle); }, shortDeadline, {}, &ignored);
                retry([&] { return libssh2_sftp_shutdown(sftp); }, shortDeadline, {}, &ignored);
            } else {
                teardown(500); // frees the SFTP channel with the session
            }
            return error;
        };
        if (rc == LIBSSH2_ERROR_EAGAIN)
            return fail(waitError(why, timeoutMs));
        const QString detail = QStringLiteral("%1; sftp status %2").arg(lastError()).arg(sftpError);
        if (sftpError == LIBSSH2_FX_PERMISSION_DENIED)
            return fail(Error(tr("%1 does not allow writing %2. Check the folder's permissions.")
                                  .arg(m_target.displayName(), remotePath),
                              detail));
        if (sftpError == LIBSSH2_FX_NO_SUCH_FILE)
            return fail(Error(tr("The folder for %2 does not exist on %1.").arg(m_target.displayName(), remotePath), detail));
        return fail(Error(tr("Could not copy a file to %1. Try again.").arg(m_target.displayName()), detail));
    };

    int rc = retry(
        [&] {
            sftp = libssh2_sftp_init(m_session);
            return sftp ? 0 : libssh2_session_last_errno(m_session);
        },
        deadline, cancelled, &why);
    if (rc != 0)
        return failed(rc);
    const QByteArray path = remotePath.toUtf8();
    rc = retry(
        [&] {
            handle = libssh2_sftp_open_ex(sftp, path.constData(), unsigned(path.size()),
                                          LIBSSH2_FXF_WRITE | LIBSSH2_FXF_CREAT | LIBSSH2_FXF_TRUNC, long(mode),
                                          LIBSSH2_SFTP_OPENFILE);
            return handle ? 0 : libssh2_session_last_errno(m_session);
        },
        deadline, cancelled, &why);
    if (rc != 0)
        return failed(rc);
    qsizetype offset = 0;
    while (offset < data.size()) {
        ssize_t written = 0;
        rc = retry(
            [&] {
                written = libssh2_sftp_write(handle, data.constData() + offset, size_t(data.size() - offset));
                return written < 0 ? int(written) : 0;
            },
            deadline, cancelled, &why);
        if (rc != 0)
            return failed(rc);
        offset += qsizetype(written);
    }
    LIBSSH2_SFTP_ATTRIBUTES attributes{};
    attributes.flags = LIBSSH2_SFTP_ATTR_PERMISSIONS;
    attributes.permissions = static_cast<unsigned long>(mode);
    rc = retry([&] { return libssh2_sftp_fsetstat(handle, &attributes); }, deadline, cancelled, &why);
    if (rc != 0)
        return failed(rc);
    rc = retry([&] { return libssh2_sftp_close_handle(handle); }, deadline, cancelled, &why);
    if (rc != 0)
        return failed(rc);
    retry([&] { return libssh2_sftp_shutdown(sftp); }, deadline, cancelled, &why);
    return {};
}

Expected<LIBSSH2_CHANNEL *> SshConnection::openDirectTcpip(const QString &host, quint16 port, int timeoutMs,
                                                           const CancelCheck &cancelled)
{
    if (!isOpen())
        return Error(tr("There is no connection to %1. Connect first.").arg(m_target.displayName()));
    const QDeadlineTimer deadline(timeoutMs);
    const QByteArray hostBytes = host.toUtf8();
    Wait why = Wait::Ready;
    LIBSSH2_CHANNEL *channel = nullptr;
    const int rc = retry(
        [&] {
            channel = libssh2_channel_direct_tcpip_ex(m_session, hostBytes.constData(), int(port), "127.0.0.1", 0);
            return channel ? 0 : libssh2_session_last_errno(m_session);
        },
        deadline, cancelled, &why);
    if (rc == LIBSSH2_ERROR_EAGAIN)
        return waitError(why, timeoutMs);
    if (!channel)
        return Error(tr("%1 could not reach port %2 of %3 for the tunnel. Check that the service is running there.")
                         .arg(m_target.displayName())
                         .arg(port)
                         .arg(host),
                     lastError());
    return channel;
}

void SshConnection::keepalive()
{
    if (!isOpen())
        return;
    int nextSeconds = 0;
    const int rc = libssh2_keepalive_send(m_session, &nextSeconds);
    // BAD_USE: another packet (a tunnel's) is half sent; the keepalive waits for the next round.
    if (rc != 0 && !callAgainLater(rc)) {
        qCDebug(lcSsh) << "keepalive to" << m_target.displayName() << "failed:" << lastError();
        teardown(0);
    }
}

void SshConnection::close()
{
    teardown(2000);
}

void SshConnection::teardown(int budgetMs)
{
    m_silentMs.store(0, std::memory_order_relaxed);
    m_unacknowledgedSince.invalidate();
    if (m_session) {
        if (m_teardownObserver)
            m_teardownObserver();
        const QDeadlineTimer deadline(budgetMs);
        Wait why = Wait::Ready;
        if (budgetMs > 0)
            retry([&] { return libssh2_session_disconnect(m_session, "Spark Companion closed the session"); },
                  deadline, {}, &why);
        // With the socket shut, whatever free still wants to send fails at once instead of waiting.
        if (m_socket >= 0)
            ::shutdown(m_socket, SHUT_RDWR);
        libssh2_session_set_blocking(m_session, 1);
        libssh2_session_free(m_session);
        m_session = nullptr;
    }
    if (m_socket >= 0) {
        ::close(m_socket);
        m_socket = -1;
    }
    m_authenticated = false;
}

} // namespace spark
