// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

namespace spark {

struct ArchiveFile
{
    QString path;      // relative, '/'-separated: "nodes/spark-1/probe.txt"
    QByteArray content;
};

// A POSIX ustar archive, the format `tar` reads everywhere: the support
// report is one file a user can attach to a mail and open with any archiver.
// Regular files only; paths up to 255 bytes.
namespace tarArchive {

QByteArray write(const QList<ArchiveFile> &files, const QDateTime &modified);
Expected<QList<ArchiveFile>> read(const QByteArray &archive);

} // namespace tarArchive
} // namespace spark
