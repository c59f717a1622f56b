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

// A line as ssh reads it: a CRLF file's lines end in '\r', which is not part of them.
QString withoutCr(const QString &line)
{
    return line.endsWith(QLatin1Char('\r')) ? line.chopped(1) : line;
}

qsizetype indexOfLine(const QStringList &lines, const QString &wanted, qsizetype from = 0)
{
    for (qsizetype i = from; i < lines.size(); ++i) {
        if (withoutCr(lines.at(i)) == wanted)
            return i;
    }
    return -1;
}

// [begin, end] line indexes of our block, or {-1, -1}.
std::pair<int, int> findBlock(const QStringList &lines, const QString &alias)
{
    const int begin = int(indexOfLine(lines, beginMarker(alias)));
    if (begin < 0)
        return {-1, -1};
    const int end = int(indexOfLine(lines, endMarker(alias), begin));
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

SshConfigFile::Text SshConfigFile::read(bool *ok) const
{
    *ok = true;
    Text text;
    QFile file(m_filePath);
    if (!file.exists())
        return text;
    if (!file.open(QIODevice::ReadOnly)) {
        *ok = false;
        return text;
    }
    QString content = QString::fromUtf8(file.readAll());
    if (content.isEmpty())
        return text;
    text.finalNewline = content.endsWith(QLatin1Char('\n'));
    if (text.finalNewline)
        content.chop(1);
    text.lines = content.split(QLatin1Char('\n'));
    // Our lines take the file's own line ending, as its first line has it.
    if (text.lines.constFirst().endsWith(QLatin1Char('\r')))
        text.lineEnd = QStringLiteral("\r");
    return text;
}

QStringList SshConfigFile::readLines(bool *ok) const
{
    return read(ok).lines;
}

Expected<void> SshConfigFile::write(const Text &text) const
{
    const QString dir = QFileInfo(m_filePath).absolutePath();
    if (!QFileInfo::exists(dir)) {
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    if (QFileInfo::exists(m_filePath)) {
        // The file as it was before the program first changed it stays, whatever came after.
        if (!QFileInfo::exists(originalFilePath()) && !QFile::copy(m_filePath, originalFilePath()))
            return Error(tr("Could not keep a backup of %1, so it was not changed. Check the folder's permissions.")
                             .arg(m_filePath));
        QFile::setPermissions(originalFilePath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
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
    if (!text.lines.isEmpty())
        file.write((text.lines.join(QLatin1Char('\n')) + (text.finalNewline ? QStringLiteral("\n") : QString())).toUtf8());
    if (!file.commit())
        return Error(tr("Could not write %1: %2.").arg(m_filePath, file.errorString()));
    return {};
}

Expected<void> SshConfigFile::writeBlock(const HostBlock &block) const
{
    bool ok = false;
    Text text = read(&ok);
    if (!ok)
        return Error(tr("Could not read %1. Check the file's permissions.").arg(m_filePath));
    QStringList &lines = text.lines;
    QStringList blockLines = render(block).split(QLatin1Char('\n'));
    for (QString &line : blockLines)
        line += text.lineEnd;
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
            insert.append(text.lineEnd); // a blank line before the user's next section
        else if (!lines.isEmpty())
            insert.prepend(text.lineEnd); // always ours, also after a blank line: the removal takes exactly it
        for (int i = 0; i < insert.size(); ++i)
            lines.insert(at + i, insert.at(i));
    }
    return write(text);
}

Expected<void> SshConfigFile::removeBlock(const QString &alias) const
{
    bool ok = false;
    Text text = read(&ok);
    if (!ok)
        return Error(tr("Could not read %1. Check the file's permissions.").arg(m_filePath));
    QStringList &lines = text.lines;
    const auto [begin, end] = findBlock(lines, alias);
    if (begin < 0)
        return {};
    int last = end;
    // Take the blank separator we added, so add + remove leaves the file as it was.
    if (last + 1 < lines.size() && withoutCr(lines.at(last + 1)).isEmpty()) {
        ++last;
    } else if (begin > 0 && withoutCr(lines.at(begin - 1)).isEmpty() && last + 1 == lines.size()) {
        lines = lines.mid(0, begin - 1);
        return write(text);
    }
    lines.remove(begin, last - begin + 1);
    return write(text);
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
    for (const QString &raw : lines) {
        const QString line = withoutCr(raw);
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
