// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/ssh/hostkey.h"

#include <QCoreApplication>
#include <QString>

namespace spark {

// The user's OpenSSH known_hosts file, read and written through libssh2's
// knownhost API: hashed entries are understood, "[host]:port" is used for
// ports other than 22 and the key type must match. Lines libssh2 cannot parse
// (markers, unknown key types) are skipped when reading and never rewritten:
// a new key is appended as one line, the rest of the file stays as it was.
class KnownHosts
{
    Q_DECLARE_TR_FUNCTIONS(spark::KnownHosts)

public:
    explicit KnownHosts(QString filePath = {});

    static QString defaultFilePath();
    // "host" for port 22, "[host]:port" otherwise (OpenSSH's spelling).
    static QString hostPattern(const QString &host, quint16 port);
    // LIBSSH2_HOSTKEY_TYPE_* to the OpenSSH name ("ssh-ed25519", …).
    static QString keyTypeName(int hostKeyType);

    QString filePath() const { return m_filePath; }

    // Looks `key` up for host:port and fills key.state, key.knownHostsFile and,
    // for a changed key, key.knownHostsLine. An error only for an unreadable file.
    Expected<void> check(const QString &host, quint16 port, HostKey &key) const;

    // Appends `key` for host:port (creating ~/.ssh with mode 700 and the file
    // with mode 600 when needed).
    Expected<void> add(const QString &host, quint16 port, const HostKey &key) const;

private:
    QString m_filePath;
};

} // namespace spark
