// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/dgxrelease.h"

#include <QByteArray>
#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// What a cluster must run: the minimum DGX OS release and the known-good
// driver and firmware. Kept in resources/data/version-policy.json (embedded
// as :/data/version-policy.json) so that it can change without code.
struct VersionPolicy
{
    struct Release
    {
        QString version;
        QDate date;
        bool certain = false; // false: the date is a best guess (see the file's note)
    };

    // How a node's release was placed in time.
    struct ReleaseDating
    {
        enum class Source { CertainTable, NodeRecord, UncertainTable, Unknown };
        QDate date;
        Source source = Source::Unknown;
    };

    QDate minimumReleaseDate;   // 2026-04-01
    QString minimumReleaseName; // "April 2026" (as NVIDIA names it)
    QList<Release> releases;
    QString minimumDriver;
    QStringList knownGoodDrivers;
    QString minimumFirmware;
    QStringList knownGoodFirmware;
    int linkSpeedMbps = 200000;
    int dashboardPort = 11000;
    QStringList updateCommands; // "sudo apt update", …

    static constexpr const char *defaultPath = ":/data/version-policy.json";

    static Expected<VersionPolicy> fromJson(const QByteArray &json);
    static Expected<VersionPolicy> load(const QString &path = QString::fromLatin1(defaultPath));

    // When the node's running release came out (see the policy file's note on
    // why the node's own record beats an uncertain table entry).
    ReleaseDating dateOf(const DgxRelease &release) const;

    // The update commands joined with " && ", for one paste into a terminal.
    QString updateCommandLine() const;
};

// Compares dotted version strings numerically part by part ("7.10.0" > "7.9.1",
// "580.159.03" > "580.95.05"); a missing part counts as 0, text parts compare
// as text. Returns <0, 0 or >0.
int compareVersions(const QString &a, const QString &b);

} // namespace spark
