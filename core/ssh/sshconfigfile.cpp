// SPDX-License-Identifier: MIT
#include "core/ssh/sshconfigfile.h"

#include "core/common/apppaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

namespace spark {

namespace {

QString beginMarker(const QString &alias)
{
    return QStringLiteral("# >>> spark-companion: %1 (managed by Spark Companion) >>>").arg(alias);
}

QString endMarker(const QString &alias)
{
    return QStringLiteral("# <<< spark-companion: %1 <<<").arg(alias);
}

// [begin, end] line indexes of our block, or {-1, -1}.
std::pair<int, int> findBlock(const QStringList &lines, const QString &alias)
{
    const int begin = int(lines.indexOf(beginMarker(alias)));
    if (begin < 0)
        return {-1, -1};
    const int end = int(lines.indexOf(endMarker(alias), begin));
    return end < 0 ? std::pair{-1, -1} : std::pair{begin, end};
}

QString configValue(const QString &value)
{
    return value.contains(QLatin1Char(' ')) ? QLatin1Char('"') + value + QLatin1Char('"') : value;
}

} // namespace

SshConfigFile::SshConfigFile(QString filePath)
    : m_filePath(std::move(filePath))
{
}

QString SshConfigFile::defaultFilePath()
{
    return QDir(AppPaths::sshDir()).filePath(QStringLiteral("config"));
}

QString SshConfigFile::render(const HostBlock &block)
{
    QStringList lines{beginMarker(block.alias), QStringLiteral("Host ") + block.alias,
                      QStringLiteral("    HostName ") + block.hostName,
                      QStringLiteral("    Port ") + QString::number(block.port), QStringLiteral("    User ") + block.user};
    if (!block.identityFile.isEmpty()) {
        lines.append(QStringLiteral("    IdentityFile ") + configValue(block.identityFile));
        lines.append(QStringLiteral("    IdentitiesOnly yes"));
    }
    lines.append(endMarker(block.alias));
    return lines.join(QLatin1Char('\n'));
}

QStringList SshConfigFile::readLines(bool *ok) const
{
    *ok = true;
    QFile file(m_filePath);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly)) {
        *ok = false;
        return {};
    }
    QString text = QString::fromUtf8(file.readAll());
    if (text.endsWith(QLatin1Char('\n')))
        text.chop(1);
    return text.isEmpty() ? QStringList{} : text.split(QLatin1Char('\n'));
}

Expected<void> SshConfigFile::writeLines(const QStringList &lines) const
{
    const QString dir = QFileInfo(m_filePath).absolutePath();
    if (!QFileInfo::exists(dir)) {
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    if (QFileInfo::exists(m_filePath)) {
        QFile::remove(backupFilePath());
        if (!QFile::copy(m_filePath, backupFilePath()))
            return Error(tr("Could not keep a backup of %1, so it was not changed. Check the folder's permissions.")
                             .arg(m_filePath));
        QFile::setPermissions(backupFilePath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    QSaveFile file(m_filePath);
    if (!file.open(QIODevice::WriteOnly))
        return Error(tr("Could not write %1: %2.").arg(m_filePath, file.errorString()));
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (!lines.isEmpty())
        file.write((lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
    if (!file.commit())
        return Error(tr("Could not write %1: %2.").arg(m_filePath, file.errorString()));
    return {};
}

Expected<void> SshConfigFile::writeBlock(const HostBlock &block) const
{
    bool ok = false;
    QStringList lines = readLines(&ok);
    if (!ok)
        return Error(tr("Could not read %1. Check the file's permissions.").arg(m_filePath));
    const QStringList blockLines = render(block).split(QLatin1Char('\n'));
    const auto [begin, end] = findBlock(lines, block.alias);
    if (begin >= 0) {
        if (lines.mid(begin, end - begin + 1) == blockLines)
            return {}; // already there, nothing to write
        lines.remove(begin, end - begin + 1);
        for (int i = 0; i < blockLines.size(); ++i)
            lines.insert(begin + i, blockLines.at(i));
    } else {
        static const QRegularExpression section(QStringLiteral("^\\s*(Host|Match)\\s"),
                                                QRegularExpression::CaseInsensitiveOption);
        int at = int(lines.size());
        for (int i = 0; i < lines.size(); ++i) {
            if (section.match(lines.at(i)).hasMatch() || lines.at(i).startsWith(QLatin1String("# >>> spark-companion: "))) {
                at = i;
                break;
            }
        }
        QStringList insert = blockLines;
        if (at < lines.size())
            insert.append(QString()); // a blank line before the user's next section
        else if (!lines.isEmpty() && !lines.constLast().trimmed().isEmpty())
            insert.prepend(QString());
        for (int i = 0; i < insert.size(); ++i)
            lines.insert(at + i, insert.at(i));
    }
    return writeLines(lines);
}

Expected<void> SshConfigFile::removeBlock(const QString &alias) const
{
    bool ok = false;
    QStringList lines = readLines(&ok);
    if (!ok)
        return Error(tr("Could not read %1. Check the file's permissions.").arg(m_filePath));
    const auto [begin, end] = findBlock(lines, alias);
    if (begin < 0)
        return {};
    int last = end;
    // Take the blank separator we added, so add + remove leaves the file as it was.
    if (last + 1 < lines.size() && lines.at(last + 1).isEmpty())
        ++last;
    else if (begin > 0 && lines.at(begin - 1).isEmpty() && last + 1 == lines.size())
        return writeLines(lines.mid(0, begin - 1));
    lines.remove(begin, last - begin + 1);
    return writeLines(lines);
}

bool SshConfigFile::hasManagedBlock(const QString &alias) const
{
    bool ok = false;
    return findBlock(readLines(&ok), alias).first >= 0;
}

QStringList SshConfigFile::userHostAliases() const
{
    bool ok = false;
    const QStringList lines = readLines(&ok);
    static const QRegularExpression hostLine(QStringLiteral("^\\s*Host\\s+(.*)$"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression pattern(QStringLiteral("[*?!]"));
    QStringList aliases;
    bool inOurs = false;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("# >>> spark-companion: ")))
            inOurs = true;
        else if (line.startsWith(QLatin1String("# <<< spark-companion: ")))
            inOurs = false;
        const auto match = hostLine.match(line);
        if (inOurs || !match.hasMatch())
            continue;
        for (const QString &alias : match.captured(1).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
            if (!alias.contains(pattern) && !aliases.contains(alias))
                aliases.append(alias);
        }
    }
    return aliases;
}

bool SshConfigFile::hasUserHost(const QString &alias) const
{
    return userHostAliases().contains(alias);
}

} // namespace spark
