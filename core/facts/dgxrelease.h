// SPDX-License-Identifier: MIT
#pragma once

#include <QDate>
#include <QList>
#include <QString>

namespace spark {

// One OTA update recorded in /etc/dgx-release (a DGX_OTA_VERSION/DGX_OTA_DATE pair).
struct DgxOtaUpdate
{
    QString version;
    QString date; // as written: in the system locale, e.g. "Wed Nov 19 05:05:30 PM CET 2025"

    friend bool operator==(const DgxOtaUpdate &, const DgxOtaUpdate &) = default;
};

// What /etc/dgx-release says. DGX_SERIAL_NUMBER is deliberately never kept.
struct DgxRelease
{
    bool present = false;       // the file existed and named at least one DGX_ key
    QString name;               // DGX_NAME, "DGX Spark"
    QString prettyName;         // DGX_PRETTY_NAME
    QString platform;           // DGX_PLATFORM: "DGX Server for KVM" on NVIDIA's own, an OEM's name otherwise
    QString swBuildVersion;     // DGX_SWBUILD_VERSION: the factory image
    QString swBuildDate;        // DGX_SWBUILD_DATE, "2025-09-10-13-50-03"
    QString commitId;           // DGX_COMMIT_ID
    QList<DgxOtaUpdate> otaUpdates; // in file order; the last one is running

    // The running release: the last OTA version, else the factory build.
    QString version() const;
    // The date text that goes with version() (OTA date, else the build date).
    QString versionDateText() const;
    // That date parsed, if its format is understood (see parseReleaseDate).
    QDate versionDate() const;

    // NVIDIA's own DGX Spark ("Founders Edition") or an OEM GB10 box.
    bool isOemPlatform() const;
    // "NVIDIA DGX Spark (Founders Edition)" or the OEM's platform name.
    QString platformDisplayName() const;
};

// Parses /etc/dgx-release: KEY=VALUE lines, values quoted ("…" or '…') or not;
// blank lines, comments and unknown keys are ignored.
DgxRelease parseDgxRelease(const QString &text);

// Parses the dates /etc/dgx-release uses: "2025-09-10-13-50-03", ISO dates,
// and `date` output in common locales ("Wed Nov 19 05:05:30 PM CET 2025",
// "Mi 19. Nov 17:05:30 CET 2025", "2025年 11月 19日 星期三 17:05:30 CET").
// Returns an invalid QDate when it cannot tell.
QDate parseReleaseDate(const QString &text);

} // namespace spark
