// SPDX-License-Identifier: MIT
#include "core/devices/deviceprobe.h"

#include "core/common/runonthread.h"
#include "core/hardware/cx7.h"
#include "core/ssh/sshkeypair.h"
#include "core/ssh/sshsession.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace spark {

namespace {
const QByteArray separator("--spark-companion--");
} // namespace

SshTarget DeviceProbe::sessionTargetFor(const Device &device)
{
    SshTarget target;
    target.host = device.host;
    target.port = device.port;
    target.user = device.user;
    target.useAgent = true;
    if (!device.identityFile.isEmpty())
        target.identityFiles = {device.identityFile};
    target.acceptedFingerprint = device.hostKeyFingerprint;
    if (target.identityFiles.isEmpty()) {
        const QDir ssh(QDir::home().filePath(QStringLiteral(".ssh")));
        for (const QString &path : {SshKeyPair::defaultPrivateKeyPath(), ssh.filePath(QStringLiteral("id_ed25519")),
                                    ssh.filePath(QStringLiteral("id_ecdsa")), ssh.filePath(QStringLiteral("id_rsa"))}) {
            if (QFile::exists(path) && !target.identityFiles.contains(path))
                target.identityFiles.append(path);
        }
    }
    return target;
}

std::unique_ptr<SshSession> DeviceProbe::openSession(const Device &device)
{
    return std::make_unique<SshSession>(sessionTargetFor(device));
}

std::optional<Error> DeviceProbe::hostKeyChanged(const Device &device, const SshSession &session)
{
    if (device.hostKeyFingerprint.isEmpty() || session.hostKey().fingerprint == device.hostKeyFingerprint)
        return std::nullopt;
    return Error(tr("%1 answers with a different host key than when it was added; remove it and add it again if it "
                    "was reinstalled.")
                     .arg(device.name));
}

QString DeviceProbe::identityCommand()
{
    QString command = QStringLiteral("cat /etc/dgx-release 2>/dev/null; echo ") + QString::fromLatin1(separator);
    for (const QString &netdev : cx7::netdevNames())
        command += QStringLiteral("; cat /sys/class/net/%1/address 2>/dev/null").arg(netdev);
    return command + QStringLiteral("; true");
}

DeviceIdentity DeviceProbe::parseIdentity(const QByteArray &output)
{
    DeviceIdentity identity;
    const qsizetype split = output.indexOf(separator);
    const QString release = QString::fromUtf8(split < 0 ? output : output.left(split));
    const QString macs = split < 0 ? QString() : QString::fromUtf8(output.mid(split + separator.size()));
    static const QRegularExpression field(QStringLiteral("^(DGX_NAME|DGX_PRETTY_NAME)=\"?([^\"]*)\"?$"),
                                          QRegularExpression::MultilineOption);
    for (auto it = field.globalMatch(release); it.hasNext();) {
        const auto match = it.next();
        identity.isDgxSpark = true;
        if (identity.release.isEmpty() || match.captured(1) == QLatin1String("DGX_PRETTY_NAME"))
            identity.release = match.captured(2).trimmed();
    }
    static const QRegularExpression mac(QStringLiteral("^([0-9a-f]{2}:){5}[0-9a-f]{2}$"));
    for (const QString &line : macs.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString candidate = line.trimmed().toLower();
        if (mac.match(candidate).hasMatch() && !identity.cx7Macs.contains(candidate))
            identity.cx7Macs.append(candidate);
    }
    return identity;
}

Expected<DeviceIdentity> DeviceProbe::readIdentity(SshSession &session)
{
    auto result = session.exec(identityCommand(), {}, 30000).result();
    if (!result)
        return result.error();
    return parseIdentity(result->standardOutput);
}

namespace {

// Blocking. The session ends inside, before the caller publishes the result:
// a caller that exits right after reading it must find no SSH teardown still
// running (it raced OpenSSL's exit-time clean-up and crashed sparkctl).
DeviceCheck checkNow(const Device &device)
{
    DeviceCheck check;
    SshTarget target = DeviceProbe::sessionTargetFor(device);
    target.connectTimeoutMs = 5000;
    SshSession session(target);
    auto identity = DeviceProbe::readIdentity(session);
    check.hostKeyFingerprint = session.hostKey().fingerprint;
    if (!identity) {
        check.problem = identity.error();
    } else {
        check.identity = *identity;
        check.online = true;
        if (auto changed = DeviceProbe::hostKeyChanged(device, session)) {
            check.online = false;
            check.problem = *changed;
        }
    }
    return check;
}

} // namespace

QFuture<DeviceCheck> DeviceProbe::check(const Device &device)
{
    return runOnThread([device] { return checkNow(device); });
}

} // namespace spark
