// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace spark {

// What the `nvidia-smi` header says (or why it said nothing useful).
struct NvidiaSmiInfo
{
    enum class Status {
        Ok,              // the header was read
        Missing,         // nvidia-smi is not installed (exit 127, "not found")
        DriverNotLoaded, // "couldn't communicate with the NVIDIA driver"
        VersionMismatch, // "Driver/library version mismatch": driver updated without a reboot
        Failed,          // anything else: a time-out, an unknown error
    };

    Status status = Status::Missing;
    QString driverVersion; // "580.95.05"
    QString cudaVersion;   // "13.0"
    QString gpuName;       // "NVIDIA GB10"
    QString problem;       // the tool's own first error line, when status != Ok

    bool ok() const { return status == Status::Ok; }
};

// Parses plain `nvidia-smi` output (the header table). exitCode is the tool's
// (127 = not found, 124 = killed by `timeout`); -1 when unknown.
NvidiaSmiInfo parseNvidiaSmi(const QString &text, int exitCode = 0);

} // namespace spark
