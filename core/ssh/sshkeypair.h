// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QString>

namespace spark {

// The program's own ed25519 key pair, in OpenSSH format so the system `ssh`
// can use it too. Made once with `ssh-keygen -t ed25519 -N ''` (openssh-client),
// private key mode 600. Blocking: call it off the GUI thread.
class SshKeyPair
{
    Q_DECLARE_TR_FUNCTIONS(spark::SshKeyPair)

public:
    static QString defaultPrivateKeyPath();

    // Makes the pair when it does not exist yet; returns it either way.
    static Expected<SshKeyPair> ensure(const QString &privateKeyPath = defaultPrivateKeyPath());

    QString privateKeyPath() const { return m_privateKeyPath; }
    QString publicKeyPath() const { return m_privateKeyPath + QStringLiteral(".pub"); }
    // "ssh-ed25519 AAAA… comment", one authorized_keys line.
    QString publicKeyLine() const { return m_publicKeyLine; }

private:
    QString m_privateKeyPath;
    QString m_publicKeyLine;
};

} // namespace spark
