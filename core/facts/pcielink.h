// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace spark {

// AER counters since boot, as the kernel keeps them in sysfs
// (aer_dev_correctable / aer_dev_nonfatal / aer_dev_fatal, kernel 4.19+, and
// aer_rootport_total_err_* on root ports). Nothing where the file was absent
// or not recognised: unknown, never zero.
struct AerCounts
{
    std::optional<qint64> correctable;
    std::optional<qint64> nonFatal;
    std::optional<qint64> fatal;
};

// One PCIe function under /sys/bus/pci/devices as the probe read it: a CX-7
// function or a root port above one.
struct PcieFunctionFacts
{
    QString address;                       // "0002:01:00.0"
    bool present = false;                  // the directory exists (CX-7 hot-plug: only with a cable in)
    std::optional<double> currentGts;      // current_link_speed "32.0 GT/s PCIe" → 32
    std::optional<int> currentWidth;       // current_link_width "4"
    std::optional<double> maxGts;
    std::optional<int> maxWidth;
    AerCounts aer;
    QStringList unrecognised;              // files whose text was not understood, with the text

    // "Gen5 x4", "Gen5 x2", "32 GT/s x2": the current link as people say it.
    QString currentLinkText() const;
    // Below Gen5 x4, the link each CX-7 function should have (DGX-SPARK.md); nothing when unknown.
    std::optional<bool> belowCx7Link() const;
    // The link runs below what the function can do (speed or width); nothing when unknown.
    std::optional<bool> belowMaximum() const;
};

// PCIe generation of a per-lane rate (2.5 → 1 … 32 → 5, 64 → 6); 0 when unknown.
int pcieGeneration(double gts);

// The body of the probe's `pcie ADDRESS` section: `grep -H . FILE…` lines.
PcieFunctionFacts parsePcieSysfs(const QString &address, const QString &body, int exitCode);

// Kernel log lines (journalctl -k of this boot, filtered to PCIe/mlx5 errors).
struct KernelLogFacts
{
    bool read = false;          // the log could be read (not: permission denied, no journalctl)
    QString unreadableReason;   // what stopped it, as the tool said it
    int fatalErrors = 0;        // "AER: Uncorrectable (Fatal)" and mlx5 PCI slot resets
    int nonFatalErrors = 0;     // "AER: Uncorrectable (Non-Fatal)"
    int correctedErrors = 0;    // "AER: Corrected error"
    QStringList lines;          // the lines counted, as the kernel wrote them
};

KernelLogFacts parseKernelLog(const QString &body, int exitCode);

} // namespace spark
