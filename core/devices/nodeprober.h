// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/sudocredential.h"
#include "core/devices/device.h"
#include "core/facts/nodefacts.h"
#include "core/facts/probescript.h"

#include <QCoreApplication>
#include <QFuture>
#include <QString>

namespace spark {

class SecretStore;
class SshSession;

// Runs the probe on nodes: ONE SSH exec of ProbeScript per node, parsed with
// parseProbeOutput. Several devices are probed in parallel, each on its own
// thread with its own session.
class NodeProber
{
    Q_DECLARE_TR_FUNCTIONS(spark::NodeProber)

public:
    static constexpr int TimeoutMs = 90000;

    // The remote command line: `sh -c '<script>'`, the script quoted as one word.
    static QString command(ProbeScript::SudoMode sudo, ProbeScript::Depth depth = ProbeScript::Depth::Full);

    // The command line for this credential: the root-only files are read with
    // its sudo prefix; its standard input goes with it.
    static QString command(const SudoCredential &sudo, ProbeScript::Depth depth = ProbeScript::Depth::Full);

    // Blocks on `session` (call it off the GUI thread). With a sudo password,
    // the root-only files are read with `sudo -S` and the password goes to
    // the command's stdin, never into its text.
    static Expected<NodeFacts> probe(SshSession &session, const QString &node, const SudoCredential &sudo = {});
    // The same, without parsing: the probe's output exactly as received (support reports keep it).
    static Expected<QString> rawOutput(SshSession &session, const QString &node, const SudoCredential &sudo = {});

    // Logs in with the device's key (as DeviceProbe does) on a thread of its own.
    static QFuture<Expected<NodeFacts>> probe(const Device &device, const SudoCredential &sudo = {});
    // The same with the sudo password remembered for the device in the
    // keychain, if there is one (else `sudo -n`). `secrets` must outlive the future.
    static QFuture<Expected<NodeFacts>> probe(const Device &device, SecretStore &secrets);
};

} // namespace spark
