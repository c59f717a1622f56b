// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/netconfig/peertrustplanner.h"

#include <QCoreApplication>
#include <QList>

#include <functional>

namespace spark {

class SshSession;

struct PeerTrustTarget
{
    PeerNode node;
    SshSession *session = nullptr; // the caller's
};

// Node-to-node SSH without prompts: every node makes its own key pair (no
// private key is ever copied), authorises the others' public keys, learns
// their host keys for the management and CX-7 addresses and uses the cluster
// key for them. Running it again adds nothing twice.
class PeerTrustRunner
{
    Q_DECLARE_TR_FUNCTIONS(spark::PeerTrustRunner)

public:
    using Progress = std::function<void(const QString &node, double fraction, const QString &sentence)>;

    // Blocking, all nodes at once: never call it on the GUI thread.
    static Expected<void> runBlocking(const QList<PeerTrustTarget> &targets, const Progress &progress = {});

    // The node's ed25519 host key ("ssh-ed25519 AAAA…").
    static QString hostKeyCommand();
};

} // namespace spark
