// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace spark {

// `netplan generate` on a node's real set of files, with our planned file in and
// the files we are to disable out, in a scratch root (--root-dir): nothing on
// the node changes. One file netplan rejects blocks every apply (DGX OS parses
// all of them, Ubuntu's 90-NM-<uuid>.yaml mirrors of NetworkManager included),
// so this runs before anything is touched.
class NetplanCheck
{
    Q_DECLARE_TR_FUNCTIONS(spark::NetplanCheck)

public:
    static constexpr int RejectedExitCode = 65; // EX_DATAERR: netplan's own error is on stderr

    // A root command. `plannedYaml` is our file's text; `disabledPaths` are the
    // /etc/netplan files the apply would move aside (validated paths only).
    static QString command(const QString &plannedYaml, const QStringList &disabledPaths);

    // The sentence for a node whose files netplan rejected: which file, which
    // line, why, and what to do. `netplanOutput` is what the command printed.
    static QString describeRejection(const QString &node, const QString &netplanOutput);
    // The path netplan names first in its error, or empty.
    static QString rejectedFile(const QString &netplanOutput);
};

} // namespace spark
