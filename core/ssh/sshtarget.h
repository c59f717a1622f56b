// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace spark {

// Where and how to reach one machine over SSH. The password is held in memory
// only; it is sent to the server and never logged, written or put in argv.
struct SshTarget
{
    QString host;                  // hostname, mDNS .local name, IPv4 or IPv6 literal
    quint16 port = 22;
    QString user;
    QString password;              // optional: password / keyboard-interactive auth
    QStringList identityFiles;     // private keys (OpenSSH format), tried in order
    bool useAgent = true;          // try ssh-agent first (SSH_AUTH_SOCK)
    QString knownHostsFile;        // empty: ~/.ssh/known_hosts
    // A first-contact host key the user accepted ("SHA256:…"). The connection
    // proceeds when the server shows exactly this key; nothing is written.
    QString acceptedFingerprint;
    int connectTimeoutMs = 10000;
    int keepaliveSeconds = 15;

    // "user@host" or "user@host port N", for sentences.
    QString displayName() const;
};

} // namespace spark
