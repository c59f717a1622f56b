// SPDX-License-Identifier: MIT
#include "core/ssh/knownhosts.h"

#include "core/common/apppaths.h"
#include "core/ssh/sshlibrary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <libssh2.h>

#include <memory>

namespace spark {

namespace {

int knownHostKeyMask(int hostKeyType)
{
    switch (hostKeyType) {
    case LIBSSH2_HOSTKEY_TYPE_RSA: return LIBSSH2_KNOWNHOST_KEY_SSHRSA;
    case LIBSSH2_HOSTKEY_TYPE_DSS: return LIBSSH2_KNOWNHOST_KEY_SSHDSS;
    case LIBSSH2_HOSTKEY_TYPE_ECDSA_256: return LIBSSH2_KNOWNHOST_KEY_ECDSA_256;
    case LIBSSH2_HOSTKEY_TYPE_ECDSA_384: return LIBSSH2_KNOWNHOST_KEY_ECDSA_384;
    case LIBSSH2_HOSTKEY_TYPE_ECDSA_521: return LIBSSH2_KNOWNHOST_KEY_ECDSA_521;
    case LIBSSH2_HOSTKEY_TYPE_ED25519: return LIBSSH2_KNOWNHOST_KEY_ED25519;
    default: return LIBSSH2_KNOWNHOST_KEY_UNKNOWN;
    }
}

// A knownhost collection needs a session only as its allocator; this one never connects.
struct Collection
{
    LIBSSH2_SESSION *session = nullptr;
    LIBSSH2_KNOWNHOSTS *hosts = nullptr;

    Collection()
    {
        ensureSshLibraryInitialised();
        session = libssh2_session_init();
        if (session)
            hosts = libssh2_knownhost_init(session);
    }
    ~Collection()
    {
        if (hosts)
            libssh2_knownhost_free(hosts);
        if (session)
            libssh2_session_free(session);
    }
    Q_DISABLE_COPY_MOVE(Collection)

    void addLine(const QByteArray &line)
    {
        // A line libssh2 cannot parse is skipped, as OpenSSH skips what it does not know.
        libssh2_knownhost_readline(hosts, line.constData(), size_t(line.size()), LIBSSH2_KNOWNHOST_FILE_OPENSSH);
    }

    int check(const QString &host, quint16 port, const HostKey &key) const
    {
        const QByteArray hostBytes = host.toUtf8();
        struct libssh2_knownhost *found = nullptr;
        return libssh2_knownhost_checkp(hosts, hostBytes.constData(), port == 22 ? -1 : int(port),
                                        key.key.constData(), size_t(key.key.size()),
                                        LIBSSH2_KNOWNHOST_TYPE_PLAIN | LIBSSH2_KNOWNHOST_KEYENC_RAW
                                            | knownHostKeyMask(key.type),
                                        &found);
    }
};

} // namespace

KnownHosts::KnownHosts(QString filePath)
    : m_filePath(filePath.isEmpty() ? defaultFilePath() : std::move(filePath))
{
}

QString KnownHosts::defaultFilePath()
{
    return QDir(AppPaths::sshDir()).filePath(QStringLiteral("known_hosts"));
}

QString KnownHosts::hostPattern(const QString &host, quint16 port)
{
    return port == 22 ? host : QStringLiteral("[%1]:%2").arg(host).arg(port);
}

QString KnownHosts::keyTypeName(int hostKeyType)
{
    switch (hostKeyType) {
    case LIBSSH2_HOSTKEY_TYPE_RSA: return QStringLiteral("ssh-rsa");
    case LIBSSH2_HOSTKEY_TYPE_DSS: return QStringLiteral("ssh-dss");
    case LIBSSH2_HOSTKEY_TYPE_ECDSA_256: return QStringLiteral("ecdsa-sha2-nistp256");
    case LIBSSH2_HOSTKEY_TYPE_ECDSA_384: return QStringLiteral("ecdsa-sha2-nistp384");
    case LIBSSH2_HOSTKEY_TYPE_ECDSA_521: return QStringLiteral("ecdsa-sha2-nistp521");
    case LIBSSH2_HOSTKEY_TYPE_ED25519: return QStringLiteral("ssh-ed25519");
    default: return QStringLiteral("unknown");
    }
}

Expected<void> KnownHosts::check(const QString &host, quint16 port, HostKey &key) const
{
    key.knownHostsFile = m_filePath;
    key.knownHostsLine = 0;
    QList<QByteArray> lines;
    QFile file(m_filePath);
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly))
            return Error(tr("Could not read %1: %2. Check the file's permissions.").arg(m_filePath, file.errorString()));
        lines = file.readAll().split('\n');
    }
    Collection all;
    if (!all.hosts)
        return Error(tr("Could not check the host key: out of memory."));
    for (const QByteArray &line : std::as_const(lines))
        all.addLine(line);
    switch (all.check(host, port, key)) {
    case LIBSSH2_KNOWNHOST_CHECK_MATCH:
        key.state = HostKey::State::Known;
        return {};
    case LIBSSH2_KNOWNHOST_CHECK_NOTFOUND:
        key.state = HostKey::State::Unknown;
        return {};
    case LIBSSH2_KNOWNHOST_CHECK_MISMATCH:
        key.state = HostKey::State::Changed;
        // Find the line that holds the old key, so the user knows what to look at.
        for (int i = 0; i < lines.size(); ++i) {
            Collection one;
            one.addLine(lines.at(i));
            if (one.check(host, port, key) == LIBSSH2_KNOWNHOST_CHECK_MISMATCH) {
                key.knownHostsLine = i + 1;
                break;
            }
        }
        return {};
    default:
        return Error(tr("Could not check the host key of %1 against %2.").arg(host, m_filePath));
    }
}

Expected<void> KnownHosts::add(const QString &host, quint16 port, const HostKey &key) const
{
    Collection collection;
    if (!collection.hosts)
        return Error(tr("Could not record the host key: out of memory."));
    const QByteArray pattern = hostPattern(host, port).toUtf8();
    struct libssh2_knownhost *entry = nullptr;
    int rc = libssh2_knownhost_addc(collection.hosts, pattern.constData(), nullptr, key.key.constData(),
                                    size_t(key.key.size()), nullptr, 0,
                                    LIBSSH2_KNOWNHOST_TYPE_PLAIN | LIBSSH2_KNOWNHOST_KEYENC_RAW
                                        | knownHostKeyMask(key.type),
                                    &entry);
    QByteArray line(8192, '\0');
    size_t length = 0;
    if (rc == 0)
        rc = libssh2_knownhost_writeline(collection.hosts, entry, line.data(), size_t(line.size()), &length,
                                         LIBSSH2_KNOWNHOST_FILE_OPENSSH);
    if (rc != 0)
        return Error(tr("Could not record the host key of %1.").arg(host), QStringLiteral("libssh2 rc %1").arg(rc));
    line.truncate(qsizetype(length));

    const QString dir = QFileInfo(m_filePath).absolutePath();
    if (!QFileInfo::exists(dir)) {
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    QFile file(m_filePath);
    const bool existed = file.exists();
    if (!file.open(QIODevice::ReadWrite))
        return Error(tr("Could not write %1: %2. Check the file's permissions.").arg(m_filePath, file.errorString()));
    if (!existed)
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // Keep the file's last line intact when it lacks a newline.
    if (file.size() > 0) {
        file.seek(file.size() - 1);
        if (file.read(1) != "\n")
            line.prepend('\n');
    }
    file.seek(file.size());
    if (file.write(line) != line.size() || !file.flush())
        return Error(tr("Could not write %1: %2. Check the free disk space.").arg(m_filePath, file.errorString()));
    return {};
}

} // namespace spark
