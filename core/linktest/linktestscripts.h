// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// The shell scripts the link test sends to a node (on stdin of `sh -s`, so
// nothing is pasted into a command line) and the readers of what they print.
//
// One script runs a tool per twin at once. Every line it prints is tagged
// with the twin ("t0 …", "t1 …") and each tool's end with "tN exit CODE".
// Each tool's process id goes into a pid file named by a random run tag, so
// cleanup() stops whatever is left, after success, failure or cancel.
class LinkTestScripts
{
    Q_DECLARE_TR_FUNCTIONS(spark::LinkTestScripts)

public:
    struct Tool
    {
        int twin = 0;          // 0 or 1: the tag of its lines
        QStringList command;   // an argument vector from LinkTestCommands
        // The tool reads the script's standard input (fd 3 of a script run
        // with `sh -c`); every other tool reads /dev/null.
        bool readsInput = false;
    };

    // 16 random lower-case letters and digits.
    static QString newTag();
    static bool isValidTag(const QString &tag);
    static QString pidFile(const QString &tag);
    // Where detached() keeps a tool's output.
    static QString logFile(const QString &tag, int twin);

    // Fails when the tag or a program name is not a plain word.
    static Expected<QByteArray> parallel(const QString &tag, const QList<Tool> &tools);
    // The same tools started in the background with their output in files, so
    // that the script ends while they run on (servers a later command on the
    // same node must not wait for). It waits up to `waitSeconds` until every
    // tool's output holds `ready` or the tool ended, then prints what each has
    // printed so far, tagged as parallel() does ("tN exit CODE" for an ended one).
    static Expected<QByteArray> detached(const QString &tag, const QList<Tool> &tools, const QString &ready,
                                         int waitSeconds);
    // Stops every process of the tag (TERM, then KILL) and removes its pid file;
    // prints "left N" with the number that needed KILL. Removes detached()'s files.
    static Expected<QByteArray> cleanup(const QString &tag);

    struct TaggedLine
    {
        int twin = 0;
        QString text;                 // the tool's line, without the tag
        std::optional<int> exitCode;  // set on the "tN exit CODE" line
    };
    static std::optional<TaggedLine> parseTagged(QStringView line);

    // Which tools a node has, the rate scale it declares, its addresses
    // and its listening TCP ports.
    static QByteArray preflight();

    struct NodeFacts
    {
        QSet<QString> tools;
        // An emulated Spark (sparklab) declares how much slower its links run
        // than the real 200G port; a real Spark declares nothing: 1.
        double rateScale = 1.0;
        QSet<int> listeningPorts;
        // "enp1s0f0np0 10.0.0.1": each IPv4 address up, with its interface, and each
        // IPv6 link-local address that passed duplicate address detection.
        QSet<QString> addresses;
        QString sshAddress; // the node's address this SSH connection reached (empty: unknown)
        int cores = 0;      // online CPUs (0: unknown)
    };
    static Expected<NodeFacts> parsePreflight(const QByteArray &output, const QString &node);

    // The tool a node lacks for the TCP test (iperf3) or the RDMA test
    // (perftest's ib_write_bw, stdbuf), as the sentence to show; nothing when all are there.
    static std::optional<Error> missingTool(const NodeFacts &facts, const QString &node, bool rdma);

    // `count` TCP ports from `first` up that nothing listens on.
    static QList<int> freePorts(const QSet<int> &listening, int count, int first = 5201);
};

} // namespace spark
