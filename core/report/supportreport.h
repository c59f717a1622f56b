// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/finding.h"
#include "core/facts/nodefacts.h"
#include "core/report/tararchive.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

class VersionPolicy;

// What one node said while the report was made, exactly as received.
struct ReportedNode
{
    QString name;
    QString host;
    std::optional<QString> probeOutput;     // ProbeScript's stream
    std::optional<QString> discoveryOutput; // NeighbourDiscovery::command()
    std::optional<QString> healthOutput;    // HealthPoll::script()
    QString error;                          // why the node did not answer (empty: it did)
};

// Everything a support report holds before it is redacted and archived.
struct SupportReportInput
{
    QDateTime created;
    QString programVersion;
    QString desktopOs;
    bool keepMacs = false;
    QStringList secrets;            // passwords used for the run: removed wherever they appear
    QList<ReportedNode> nodes;
    QList<ArchiveFile> programFiles; // the program's own state and logs, under "program/"
};

// One archive per run, with every raw output named after the command that
// made it, the facts and findings the program drew from them, and its logs;
// redacted by design (Redactor). A report replays through the same parsers
// and rules: a real Spark's report is a test fixture as it is.
class SupportReport
{
    Q_DECLARE_TR_FUNCTIONS(spark::SupportReport)

public:
    static constexpr int schemaVersion = 1;

    // The redacted files of the archive, in order.
    static QList<ArchiveFile> files(const SupportReportInput &input, const VersionPolicy &policy);
    static QByteArray archive(const SupportReportInput &input, const VersionPolicy &policy);

    // "probe/07 ethtool enp1s0f0np0.txt": a probe section as a file named after its command.
    static QString sectionFileName(int index, const QString &section, const QString &argument);

    struct Replay
    {
        QList<NodeFacts> facts;       // the nodes that answered, in report order
        QList<Finding> findings;      // drawn now, by today's rules
        QList<Finding> recorded;      // what the program drew when the report was made
        QStringList unanswered;       // "spark-3: <why>"
    };

    // Reads a report archive and replays every node's probe through the parsers and rules.
    static Expected<Replay> replay(const QByteArray &archive, const VersionPolicy &policy);
};

} // namespace spark
