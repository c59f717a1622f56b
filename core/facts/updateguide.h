// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/versionpolicy.h"

#include <QString>

namespace spark {

// NVIDIA's documented ways to update a DGX Spark, filled in for one node:
// DGX Dashboard through an SSH tunnel to the node's port 11000 (Settings →
// Updates), or the full update in a terminal on the node.
struct UpdateGuide
{
    QString tunnelCommand;   // "ssh -N -L 11000:localhost:11000 spark-1"
    QString dashboardUrl;    // "http://localhost:11000"
    QString terminalCommand; // "sudo apt update && sudo apt dist-upgrade && … && sudo reboot"

    // The steps as sentences, one per line, for a dialog or the terminal.
    QString text() const;

    // `sshAlias` is how the user reaches the node with ssh; anything that is
    // not a plain host name is replaced by a placeholder.
    static UpdateGuide forNode(const VersionPolicy &policy, const QString &sshAlias);
};

} // namespace spark
