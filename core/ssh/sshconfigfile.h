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
// No other line is ever changed. Before each change the previous file is
// kept as config.spark-companion.bak; the file is written atomically, mode 600.
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
    QStringList readLines(bool *ok) const;
    Expected<void> writeLines(const QStringList &lines) const;

    QString m_filePath;
};

} // namespace spark
