// SPDX-License-Identifier: MIT
#include "core/devices/deviceenroller.h"

#include "core/common/logcategories.h"
#include "core/common/runonthread.h"
#include "core/common/sudocredential.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/deviceregistry.h"
#include "core/ssh/knownhosts.h"
#include "core/ssh/shellcommand.h"
#include "core/ssh/sshconfigfile.h"
#include "core/ssh/sshkeypair.h"
#include "core/ssh/sshsession.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QMutex>
#include <QProcess>

namespace spark {

namespace {

// Registry, ~/.ssh/config and known_hosts change under one lock: between the
// threads of this process (mutex) and between processes (lock file).
class ConfigLock
{
public:
    explicit ConfigLock(const QString &registryFile)
        : m_locker(&mutex())
        , m_file(registryFile + QStringLiteral(".lock"))
    {
        QDir().mkpath(QFileInfo(registryFile).absolutePath());
        m_file.lock();
    }

private:
    static QMutex &mutex()
    {
        static QMutex m;
        return m;
    }
    QMutexLocker<QMutex> m_locker;
    QLockFile m_file;
};

// Installs the key line once (700/600 modes); prints "added" or "present".
const QString installScript = QStringLiteral(
    "umask 077; k=$1; d=$HOME/.ssh; f=$d/authorized_keys; mkdir -p \"$d\" && chmod 700 \"$d\" && touch \"$f\" "
    "&& chmod 600 \"$f\" || exit 1; if grep -qxF \"$k\" \"$f\"; then echo present; else "
    "if [ -s \"$f\" ] && [ -n \"$(tail -c 1 \"$f\")\" ]; then echo >> \"$f\"; fi; "
    "printf '%s\\n' \"$k\" >> \"$f\" && echo added; fi");
const QString removeScript = QStringLiteral(
    "k=$1; f=$HOME/.ssh/authorized_keys; t=$f.spark-companion.tmp; "
    "grep -vxF \"$k\" \"$f\" > \"$t\"; chmod 600 \"$t\" && mv \"$t\" \"$f\"");

QString scriptCommand(const QString &script, const QString &argument)
{
    return ShellCommand(QStringLiteral("sh")).args({QStringLiteral("-c"), script, QStringLiteral("sh"), argument}).toString();
}

} // namespace

DeviceEnroller::Paths DeviceEnroller::Paths::defaults()
{
    return {DeviceRegistry::defaultFilePath(), SshConfigFile::defaultFilePath(), KnownHosts::defaultFilePath(),
            SshKeyPair::defaultPrivateKeyPath()};
}

DeviceEnroller::DeviceEnroller(Paths paths)
    : m_paths(std::move(paths))
{
}

QFuture<Expected<EnrolmentResult>> DeviceEnroller::enrol(EnrolmentRequest request) const
{
    return runOnThreadWithProgress(
        [self = *this, request = std::move(request)](const ThreadProgress &progress) mutable {
            return self.enrolBlocking(std::move(request), progress);
        });
}

QFuture<Expected<EnrolmentResult>> DeviceEnroller::importAlias(const QString &alias, const QString &name,
                                                               HostKeyApprover approveHostKey) const
{
    return runOnThreadWithProgress(
        [self = *this, alias, name, approve = std::move(approveHostKey)](const ThreadProgress &progress) {
            return self.importBlocking(alias, name, approve, progress);
        });
}

Expected<void> DeviceEnroller::checkFree(const QString &name, const QString &host, quint16 port, bool aliasIsTheUsers) const
{
    DeviceRegistry registry(m_paths.registryFile);
    if (auto loaded = registry.load(); !loaded)
        return loaded;
    Device probe;
    probe.name = name;
    probe.host = host;
    probe.port = port;
    if (auto free = registry.add(probe); !free)
        return free;
    if (!aliasIsTheUsers && SshConfigFile(m_paths.sshConfigFile).hasUserHost(name))
        return Error(tr("Your %1 already has a \"Host %2\" of its own; choose another name, or register that entry with "
                        "\"sparkctl device import %2\".")
                         .arg(m_paths.sshConfigFile, name));
    return {};
}

Expected<void> DeviceEnroller::connectApproved(SshSession &session, const HostKeyApprover &approve) const
{
    auto connected = session.connectToHost().result();
    if (connected)
        return {};
    const HostKey key = session.hostKey();
    if (key.state != HostKey::State::Unknown || !approve || !approve(key))
        return connected;
    session.setAcceptedFingerprint(key.fingerprint);
    return session.connectToHost().result();
}

// The account may use sudo with the password it logged in with (-k: asked
// even when sudo remembers an earlier login).
Expected<void> DeviceEnroller::checkSudo(SshSession &session, const EnrolmentRequest &request)
{
    const SudoCredential credential(request.password);
    const auto sudo = session.exec(credential.prefix() + QStringLiteral(" -k true"), credential.standardInput(), 30000).result();
    if (!sudo)
        return sudo.error();
    if (sudo->succeeded())
        return {};
    const QString detail = QStringLiteral("sudo exit %1: %2").arg(sudo->exitCode).arg(QString::fromUtf8(sudo->standardError));
    if (SudoCredential::refusedPassword(sudo->standardError))
        return Error(tr("sudo on %1 did not accept the password of %2; check the password.").arg(request.host, request.user),
                     detail);
    return Error(tr("The account %1 on %2 may not use sudo, which setting up the network needs; give it sudo rights "
                    "(add it to the sudo group) or use an account that has them.")
                     .arg(request.user, request.host),
                 detail);
}

// A fresh session with the installed key alone (no password, no agent) logs in.
Expected<void> DeviceEnroller::proveKeyLogin(const SshTarget &passwordTarget, const QString &privateKey,
                                             const QString &fingerprint)
{
    SshTarget keyTarget = passwordTarget;
    keyTarget.password.clear();
    keyTarget.identityFiles = {privateKey};
    keyTarget.acceptedFingerprint = fingerprint;
    SshSession keySession(keyTarget);
    const auto proof = keySession.exec(QStringLiteral("true"), {}, 30000).result();
    if (proof && proof->succeeded())
        return {};
    return Error(tr("The key was installed on %1 but logging in with it failed, so it was taken out again; check "
                    "that the SSH server allows key logins (PubkeyAuthentication yes).")
                     .arg(passwordTarget.host),
                 proof ? QStringLiteral("exit %1").arg(proof->exitCode) : proof.error().message);
}

Expected<EnrolmentResult> DeviceEnroller::enrolBlocking(EnrolmentRequest request, const Progress &progress) const
{
    progress(2, tr("Checking the details…"));
    if (auto valid = request.validate(); !valid)
        return valid.error();
    if (auto free = checkFree(request.name, request.host, request.port); !free)
        return free.error();

    progress(8, tr("Preparing this computer's SSH key…"));
    const auto keyPair = SshKeyPair::ensure(m_paths.privateKeyFile);
    if (!keyPair)
        return keyPair.error();

    const auto cancelled = [&] {
        return Error(tr("Adding %1 was cancelled; nothing was changed.").arg(request.name));
    };
    if (!progress(15, tr("Connecting to %1…").arg(request.host)))
        return cancelled();
    SshTarget target;
    target.host = request.host;
    target.port = request.port;
    target.user = request.user;
    target.password = request.password;
    target.useAgent = false; // this login proves the password; the key is proven below
    target.connectTimeoutMs = request.connectTimeoutMs;
    target.knownHostsFile = m_paths.knownHostsFile;
    SshSession session(target);
    if (auto connected = connectApproved(session, request.approveHostKey); !connected)
        return connected.error();
    const HostKey hostKey = session.hostKey();

    if (!progress(30, tr("Checking that %1 may use sudo…").arg(request.user)))
        return cancelled();
    const Expected<void> sudo = checkSudo(session, request);
    request.password.fill(QLatin1Char(' '));
    request.password.clear();
    if (!sudo)
        return sudo.error();

    progress(40, tr("Finding out what %1 is…").arg(request.host));
    const auto identity = DeviceProbe::readIdentity(session);
    if (!identity)
        return identity.error();
    EnrolmentResult result;
    if (!identity->isDgxSpark)
        result.warnings.append(tr("%1 has no /etc/dgx-release, so it is not a DGX Spark; it was added as a generic Linux "
                                  "host and Spark-only steps will skip it.")
                                   .arg(request.host));

    if (!progress(55, tr("Installing this computer's key on %1…").arg(request.host)))
        return cancelled();
    const QString keyLine = keyPair->publicKeyLine();
    const auto installed = session.exec(scriptCommand(installScript, keyLine), {}, 30000).result();
    if (!installed)
        return installed.error();
    if (!installed->succeeded())
        return Error(tr("Could not add the key to ~/.ssh/authorized_keys of %1 on %2; check that the home folder is writable.")
                         .arg(request.user, request.host),
                     QString::fromUtf8(installed->standardError));
    const bool keyAdded = installed->standardOutput.trimmed() == "added";
    const auto undoKey = [&] {
        if (keyAdded)
            session.exec(scriptCommand(removeScript, keyLine), {}, 30000).waitForFinished();
    };

    if (!progress(70, tr("Checking that the key logs in…"))) {
        undoKey();
        return cancelled();
    }
    if (auto proven = proveKeyLogin(target, keyPair->privateKeyPath(), hostKey.fingerprint); !proven) {
        undoKey();
        return proven.error();
    }

    if (!progress(85, tr("Saving %1…").arg(request.name))) {
        undoKey();
        return cancelled();
    }
    Device &device = result.device;
    device.name = request.name;
    device.host = request.host;
    device.port = request.port;
    device.user = request.user;
    device.sshAlias = request.name;
    device.hostKeyFingerprint = hostKey.fingerprint;
    device.cx7Macs = identity->cx7Macs;
    device.isDgxSpark = identity->isDgxSpark;
    device.identityFile = keyPair->privateKeyPath();
    device.managesSshConfig = true;
    if (auto committed = commit(device, hostKey); !committed) {
        undoKey();
        return committed.error();
    }
    progress(100, tr("%1 was added.").arg(request.name));
    qCDebug(lcDevices) << "enrolled" << device.name << device.host << device.port;
    return result;
}

Expected<void> DeviceEnroller::commit(const Device &device, const HostKey &hostKey) const
{
    ConfigLock lock(m_paths.registryFile);
    DeviceRegistry registry(m_paths.registryFile);
    if (auto loaded = registry.load(); !loaded)
        return loaded;
    if (auto added = registry.add(device); !added)
        return added;
    const SshConfigFile config(m_paths.sshConfigFile);
    if (device.managesSshConfig) {
        if (auto written = config.writeBlock({device.sshAlias, device.host, device.port, device.user, device.identityFile});
            !written)
            return written;
    }
    const auto undoConfig = [&] {
        if (device.managesSshConfig)
            config.removeBlock(device.sshAlias);
    };
    if (auto saved = registry.save(); !saved) {
        undoConfig();
        return saved;
    }
    if (hostKey.state == HostKey::State::Unknown) {
        if (auto recorded = KnownHosts(m_paths.knownHostsFile).add(device.host, device.port, hostKey); !recorded) {
            registry.remove(device.name);
            registry.save();
            undoConfig();
            return recorded;
        }
    }
    return {};
}

Expected<Device> DeviceEnroller::remove(const QString &name) const
{
    ConfigLock lock(m_paths.registryFile);
    DeviceRegistry registry(m_paths.registryFile);
    if (auto loaded = registry.load(); !loaded)
        return loaded.error();
    const Device *found = registry.find(name);
    if (!found)
        return Error(tr("No device is named \"%1\"; \"sparkctl device list\" shows the names.").arg(name));
    const Device device = *found;
    if (device.managesSshConfig) {
        if (auto removed = SshConfigFile(m_paths.sshConfigFile).removeBlock(device.sshAlias); !removed)
            return removed.error();
    }
    registry.remove(name);
    if (auto saved = registry.save(); !saved)
        return saved.error();
    return device;
}

Expected<EnrolmentResult> DeviceEnroller::importBlocking(const QString &alias, const QString &name,
                                                         const HostKeyApprover &approve, const Progress &progress) const
{
    progress(5, tr("Reading %1…").arg(m_paths.sshConfigFile));
    if (auto valid = EnrolmentRequest::validateName(name); !valid)
        return valid.error();
    const SshConfigFile config(m_paths.sshConfigFile);
    if (!ShellCommand::isPlainWord(alias) || (!config.hasUserHost(alias) && !config.hasManagedBlock(alias)))
        return Error(tr("%1 has no \"Host %2\"; check the alias, or add the device with its password instead.")
                         .arg(m_paths.sshConfigFile, alias));
    // ssh itself resolves the alias (Include, Match, defaults); -F because ssh ignores $HOME.
    QProcess ssh;
    ssh.start(QStringLiteral("ssh"), {QStringLiteral("-G"), QStringLiteral("-F"), m_paths.sshConfigFile, alias});
    ssh.waitForFinished(10000);
    if (ssh.exitStatus() != QProcess::NormalExit || ssh.exitCode() != 0)
        return Error(tr("ssh could not read the entry \"%1\" in %2; run \"ssh -G %1\" to see why.").arg(alias, m_paths.sshConfigFile),
                     QString::fromLocal8Bit(ssh.readAllStandardError()));
    SshTarget target;
    target.knownHostsFile = m_paths.knownHostsFile;
    for (const QString &line : QString::fromUtf8(ssh.readAllStandardOutput()).split(QLatin1Char('\n'))) {
        const QString key = line.section(QLatin1Char(' '), 0, 0);
        QString value = line.section(QLatin1Char(' '), 1);
        if (key == QLatin1String("hostname"))
            target.host = value;
        else if (key == QLatin1String("port"))
            target.port = quint16(value.toUInt());
        else if (key == QLatin1String("user"))
            target.user = value;
        else if (key == QLatin1String("identityfile")) {
            if (value.startsWith(QLatin1String("~/")))
                value = QDir::homePath() + value.mid(1);
            if (QFileInfo::exists(value))
                target.identityFiles.append(value);
        }
    }
    if (auto free = checkFree(name, target.host, target.port, name == alias); !free)
        return free.error();

    progress(20, tr("Connecting to %1…").arg(target.host));
    SshSession session(target);
    if (auto connected = connectApproved(session, approve); !connected)
        return connected.error();
    progress(50, tr("Finding out what %1 is…").arg(target.host));
    const auto identity = DeviceProbe::readIdentity(session);
    if (!identity)
        return identity.error();
    EnrolmentResult result;
    if (!identity->isDgxSpark)
        result.warnings.append(tr("%1 has no /etc/dgx-release, so it is not a DGX Spark; it was added as a generic Linux "
                                  "host and Spark-only steps will skip it.")
                                   .arg(target.host));
    Device &device = result.device;
    device.name = name;
    device.host = target.host;
    device.port = target.port;
    device.user = target.user;
    device.sshAlias = alias;
    device.hostKeyFingerprint = session.hostKey().fingerprint;
    device.cx7Macs = identity->cx7Macs;
    device.isDgxSpark = identity->isDgxSpark;
    device.identityFile = target.identityFiles.value(0);
    device.managesSshConfig = false;
    progress(85, tr("Saving %1…").arg(name));
    if (auto committed = commit(device, session.hostKey()); !committed)
        return committed.error();
    progress(100, tr("%1 was added.").arg(name));
    return result;
}

} // namespace spark
