// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

namespace spark {

// The key a server showed during the handshake, and what known_hosts says about it.
struct HostKey
{
    enum class State { Unchecked, Known, Unknown, Changed };

    State state = State::Unchecked;
    int type = 0;              // LIBSSH2_HOSTKEY_TYPE_*
    QString typeName;          // "ssh-ed25519", "ecdsa-sha2-nistp256", …
    QByteArray key;            // raw public key blob
    QString fingerprint;       // "SHA256:…" as OpenSSH prints it
    QString knownHostsFile;    // where it was looked up
    int knownHostsLine = 0;    // for Changed: the line holding the old key (1-based)

    bool isValid() const { return !key.isEmpty(); }
};

} // namespace spark
