// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/ssh/sshsession.h"
#include "core/topology/clusterstore.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace sparkctl {

// A planned cluster as the cluster commands use it: its definition, its
// registered devices, one SSH session per device and their sudo passwords.
struct ClusterContext
{
    spark::ClusterDefinition cluster;
    QList<spark::Device> devices;
    std::vector<std::unique_ptr<spark::SshSession>> sessions;
    QStringList passwords; // per device, empty when sudo needs none

    spark::SshSession *session(qsizetype i) const { return sessions.at(size_t(i)).get(); }

    // The named cluster, or the one planned last.
    static spark::Expected<ClusterContext> open(const QString &name);
    // One password for every node from stdin's first line; otherwise each
    // node's remembered one from the keychain, or a prompt on the terminal
    // without echo (Enter: the same as the previous node).
    void askPasswords(bool fromStdin);
};

spark::SshTarget clusterTargetFor(const spark::Device &device);
QCommandLineOption clusterOption();
QCommandLineOption sudoStdinOption();
// "[spark-1     40%] sentence", one line at a time from any thread.
void printProgress(const QString &node, double fraction, const QString &sentence);
// sparkctl cluster plan ARGS… (clusterplancommand.cpp).
int runClusterPlan(const QStringList &arguments);
// Prints the error's sentence (and its detail with SPARKCTL_DEBUG set); returns Failure.
int failWith(const spark::Error &error);

} // namespace sparkctl
