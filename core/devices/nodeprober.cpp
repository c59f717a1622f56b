// SPDX-License-Identifier: MIT
#include "core/devices/nodeprober.h"

#include "core/common/runonthread.h"
#include "core/common/shellquote.h"
#include "core/devices/deviceprobe.h"
#include "core/devices/secretstore.h"
#include "core/facts/probeparser.h"
#include "core/ssh/sshsession.h"


#include <memory>

namespace spark {

QString NodeProber::command(ProbeScript::SudoMode sudo, ProbeScript::Depth depth)
{
    ProbeScript::Options options;
    options.sudo = sudo;
    options.depth = depth;
    return QStringLiteral("sh -c ") + shellQuote(ProbeScript::build(options));
}

QString NodeProber::command(const SudoCredential &sudo, ProbeScript::Depth depth)
{
    return command(sudo.hasPassword() ? ProbeScript::SudoMode::PasswordOnStdin : ProbeScript::SudoMode::NonInteractive, depth);
}

Expected<QString> NodeProber::rawOutput(SshSession &session, const QString &node, const SudoCredential &sudo)
{
    auto result = session.exec(command(sudo), sudo.standardInput(), TimeoutMs).result();
    if (!result)
        return result.error();
    QString output = QString::fromUtf8(result->standardOutput);
    if (!output.contains(QLatin1String(ProbeScript::sectionMarker))) {
        return Error(tr("Spark Companion could not run its check on %1; make sure its login shell is a normal shell (bash or sh).")
                         .arg(node),
                     QStringLiteral("exit %1: %2").arg(result->exitCode).arg(QString::fromUtf8(result->standardError).left(500)));
    }
    return output;
}

Expected<NodeFacts> NodeProber::probe(SshSession &session, const QString &node, const SudoCredential &sudo)
{
    const Expected<QString> output = rawOutput(session, node, sudo);
    if (!output)
        return output.error();
    return parseProbeOutput(*output, node);
}

namespace {

// Logs in with the device's key and probes it, checking the host key it was added with.
Expected<NodeFacts> probeDevice(const Device &device, const SudoCredential &sudo)
{
    SshSession session(DeviceProbe::sessionTargetFor(device));
    Expected<NodeFacts> facts = NodeProber::probe(session, device.name, sudo);
    if (facts) {
        if (auto changed = DeviceProbe::hostKeyChanged(device, session))
            facts = *changed;
    }
    return facts;
}

} // namespace

QFuture<Expected<NodeFacts>> NodeProber::probe(const Device &device, const SudoCredential &sudo)
{
    return runOnThread([device, sudo] { return probeDevice(device, sudo); });
}

QFuture<Expected<NodeFacts>> NodeProber::probe(const Device &device, SecretStore &secrets)
{
    return runOnThread([device, secrets = &secrets] {
        // Nothing remembered (or no keychain) is not an error: the probe then
        // tries `sudo -n` and reports what needs the password.
        const Expected<QString> remembered = secrets->sudoPassword(device.name).result();
        return probeDevice(device, remembered ? *remembered : QString());
    });
}

} // namespace spark
