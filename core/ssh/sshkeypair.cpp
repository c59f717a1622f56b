// SPDX-License-Identifier: MIT
#include "core/ssh/sshkeypair.h"

#include "core/common/apppaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostInfo>
#include <QLockFile>
#include <QProcess>

namespace spark {

QString SshKeyPair::defaultPrivateKeyPath()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("ssh/id_ed25519"));
}

Expected<SshKeyPair> SshKeyPair::ensure(const QString &privateKeyPath)
{
    const QString dir = QFileInfo(privateKeyPath).absolutePath();
    if (!QDir().mkpath(dir))
        return Error(tr("Could not create the folder %1 for the program's SSH key. Check its permissions.").arg(dir));
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);

    // Several enrolments may start at once; only one makes the key.
    QLockFile lock(privateKeyPath + QStringLiteral(".lock"));
    lock.lock();
    const QString publicKeyPath = privateKeyPath + QStringLiteral(".pub");
    if (!QFileInfo::exists(privateKeyPath) || !QFileInfo::exists(publicKeyPath)) {
        QFile::remove(privateKeyPath);
        QFile::remove(publicKeyPath);
        QProcess keygen;
        keygen.start(QStringLiteral("ssh-keygen"),
                     {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                      QStringLiteral("-C"), QStringLiteral("spark-companion@") + QHostInfo::localHostName(),
                      QStringLiteral("-f"), privateKeyPath});
        if (!keygen.waitForStarted())
            return Error(tr("Could not run ssh-keygen to make the program's SSH key. Install the openssh-client package."),
                         keygen.errorString());
        keygen.closeWriteChannel();
        keygen.waitForFinished(30000);
        if (keygen.exitStatus() != QProcess::NormalExit || keygen.exitCode() != 0)
            return Error(tr("ssh-keygen could not make the program's SSH key in %1.").arg(dir),
                         QString::fromLocal8Bit(keygen.readAllStandardError()));
    }
    QFile::setPermissions(privateKeyPath, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QFile publicKey(publicKeyPath);
    if (!publicKey.open(QIODevice::ReadOnly))
        return Error(tr("Could not read the program's public key %1.").arg(publicKeyPath), publicKey.errorString());
    SshKeyPair pair;
    pair.m_privateKeyPath = privateKeyPath;
    pair.m_publicKeyLine = QString::fromUtf8(publicKey.readAll()).trimmed();
    if (!pair.m_publicKeyLine.startsWith(QLatin1String("ssh-ed25519 ")))
        return Error(tr("The program's public key %1 is damaged. Delete it and its private key, then try again.")
                         .arg(publicKeyPath));
    return pair;
}

} // namespace spark
