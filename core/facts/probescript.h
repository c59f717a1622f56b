// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// One section of the probe's output: "@@spark-probe:section NAME [ARG]" up to
// "@@spark-probe:exit CODE".
struct ProbeSection
{
    QString name;     // "dgx-release", "sysfs", "ethtool", …
    QString argument; // the interface or RoCE device for per-device sections
    QString body;     // what the commands printed (stdout and stderr), without the markers
    int exitCode = -1; // -1 when the exit marker is missing (output cut short)
};

// One file inside a section: "@@spark-probe:file PATH" then its content.
struct ProbeFile
{
    QString path;
    QString content;
};

// The whole probe as ONE remote POSIX shell script, so one SSH exec returns
// every fact about a node. Built only from fixed text and the CX-7 name
// table: it never contains user text. Its output is sectioned with marker
// lines that no tool prints.
class ProbeScript
{
public:
    enum class SudoMode {
        NonInteractive,  // `sudo -n`: root-only files are reported as "needs sudo" if that fails
        PasswordOnStdin, // `sudo -S -p ''`: the caller writes the password and a newline to stdin
    };

    enum class Depth {
        Full,    // everything a check and a report read
        Network, // what planning the network needs (the set-up's read before it applies):
                 // addresses, routes, the CX-7 ports' sysfs, netplan files, NetworkManager
                 // profiles; not nvidia-smi, ethtool, RDMA, PCIe or the kernel log
    };

    struct Options
    {
        SudoMode sudo = SudoMode::NonInteractive;
        Depth depth = Depth::Full;
    };

    static constexpr int formatVersion = 2; // 2: pcie and kernel-log sections
    static constexpr const char *sectionMarker = "@@spark-probe:section ";
    static constexpr const char *exitMarker = "@@spark-probe:exit ";
    static constexpr const char *fileMarker = "@@spark-probe:file ";

    // The script's text (run it with `sh -c SCRIPT`).
    static QString build();
    static QString build(const Options &options);

    // Splits a probe's output into its sections, in order.
    static QList<ProbeSection> sections(const QString &output);
    // Splits a section body into the files it holds.
    static QList<ProbeFile> files(const QString &body);
};

} // namespace spark
