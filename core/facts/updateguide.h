// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/finding.h"
#include "core/facts/versionpolicy.h"

#include <QList>
#include <QString>
#include <QStringList>

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

    // Whether the update is the fix for this finding (an old or mismatched
    // release, driver, CUDA or firmware).
    static bool fixes(const Finding &finding);
    // The nodes the update would fix, in `nodes` order: those named by such a
    // finding, and every node for a mismatch across the cluster.
    static QStringList nodesToUpdate(const QList<Finding> &findings, const QStringList &nodes);
};

} // namespace spark
