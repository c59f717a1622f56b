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
// as :/data/version-policy.json) so that it can change without code; a file of
// the same shape in the user's config folder, or else in
// /etc/spark-companion/, overrides it without a rebuild (a newer release out
// before a new version of the program). An override that is not valid is an
// error naming the file, never silently replaced by the built-in one.
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

    QString source; // the file it was read from (defaultPath: the built-in one)

    static constexpr const char *defaultPath = ":/data/version-policy.json";
    static constexpr const char *systemPath = "/etc/spark-companion/version-policy.json";

    static Expected<VersionPolicy> fromJson(const QByteArray &json);
    // The policy in force: the first of overridePaths() that exists, else the built-in one.
    static Expected<VersionPolicy> load();
    static Expected<VersionPolicy> load(const QStringList &overrides);
    static Expected<VersionPolicy> loadFile(const QString &path);
    // The user's config folder's version-policy.json, then systemPath.
    static QStringList overridePaths();
    bool builtIn() const { return source == QLatin1String(defaultPath); }

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
