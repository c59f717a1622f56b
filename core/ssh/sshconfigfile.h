// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace spark {

// The user's ~/.ssh/config, of which we own only our marked blocks:
//   # >>> spark-companion: ALIAS (managed by Spark Companion) >>>
//   Host ALIAS
//       …
//   # <<< spark-companion: ALIAS <<<
// No other byte is ever changed: the user's lines, their line endings (LF or
// CRLF, which our lines then take too), tabs and the presence of a final
// newline stay as they were. Before each change the previous file is kept as
// config.spark-companion.bak, and before the first one ever the file as it was
// as config.spark-companion.orig (never overwritten); the file is written
// atomically, mode 600.
// A new block goes before the first Host/Match line (so the user's global
// options stay global and a later "Host *" cannot override it), or at the end.
class SshConfigFile
{
    Q_DECLARE_TR_FUNCTIONS(spark::SshConfigFile)

public:
    struct HostBlock
    {
        QString alias;
        QString hostName;
        quint16 port = 22;
        QString user;
        QString identityFile;
    };

    explicit SshConfigFile(QString filePath = defaultFilePath());
    static QString defaultFilePath();

    QString filePath() const { return m_filePath; }
    QString backupFilePath() const { return m_filePath + QStringLiteral(".spark-companion.bak"); }
    QString originalFilePath() const { return m_filePath + QStringLiteral(".spark-companion.orig"); }

    static QString render(const HostBlock &block);

    // Adds or replaces our block for block.alias (idempotent).
    Expected<void> writeBlock(const HostBlock &block) const;
    // Removes our block for `alias`; nothing to do is not an error.
    Expected<void> removeBlock(const QString &alias) const;

    bool hasManagedBlock(const QString &alias) const;
    // True when a Host line outside our blocks names `alias` exactly.
    bool hasUserHost(const QString &alias) const;
    // The plain names (no * ? ! patterns) on Host lines outside our blocks, in file order.
    QStringList userHostAliases() const;

private:
    struct Text
    {
        QStringList lines;       // as in the file, a CRLF file's '\r' kept at each line's end
        bool finalNewline = true;
        QString lineEnd;         // "\r" in a CRLF file: appended to each line we write
    };
    Text read(bool *ok) const;
    QStringList readLines(bool *ok) const;
    Expected<void> write(const Text &text) const;

    QString m_filePath;
};

} // namespace spark
