// SPDX-License-Identifier: MIT
#include "core/facts/nvidiasmi.h"

#include <QRegularExpression>
#include <QStringList>

namespace spark {

NvidiaSmiInfo parseNvidiaSmi(const QString &text, int exitCode)
{
    NvidiaSmiInfo info;
    // A version is only taken whole: dotted, and followed by the table's
    // spacing or border. Output cut short ("Driver Version: 580") is no version.
    static const QRegularExpression driver(QStringLiteral("Driver Version:\\s*([0-9]+\\.[0-9][0-9A-Za-z.\\-]*)(?=[\\s|])"));
    static const QRegularExpression cuda(QStringLiteral("CUDA Version:\\s*([0-9]+\\.[0-9]+)(?=[\\s|])"));
    // "|   0  NVIDIA GB10                    On  |   0000000F:01:00.0  On |"
    static const QRegularExpression gpu(QStringLiteral("^\\|\\s+\\d+\\s+(.+?)\\s+(?:On|Off)\\s+\\|"));

    const auto driverMatch = driver.match(text);
    if (driverMatch.hasMatch()) {
        info.status = NvidiaSmiInfo::Status::Ok;
        info.driverVersion = driverMatch.captured(1);
        if (const auto m = cuda.match(text); m.hasMatch())
            info.cudaVersion = m.captured(1);
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (const QString &line : lines) {
            if (const auto m = gpu.match(line); m.hasMatch()) {
                info.gpuName = m.captured(1).trimmed();
                break;
            }
        }
        return info;
    }

    QString firstLine;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (!line.trimmed().isEmpty()) {
            firstLine = line.trimmed();
            break;
        }
    }
    info.problem = firstLine;
    if (exitCode == 127 || text.contains(QLatin1String("not found"))
        || text.contains(QLatin1String("No such file or directory"))) {
        info.status = NvidiaSmiInfo::Status::Missing;
    } else if (text.contains(QLatin1String("version mismatch"), Qt::CaseInsensitive)) {
        info.status = NvidiaSmiInfo::Status::VersionMismatch;
    } else if (text.contains(QLatin1String("couldn't communicate with the NVIDIA driver"))) {
        info.status = NvidiaSmiInfo::Status::DriverNotLoaded;
    } else {
        info.status = NvidiaSmiInfo::Status::Failed;
        if (exitCode == 124 && info.problem.isEmpty())
            info.problem = QStringLiteral("timed out");
    }
    return info;
}

} // namespace spark
