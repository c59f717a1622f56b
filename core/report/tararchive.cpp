// SPDX-License-Identifier: MIT
#include "core/report/tararchive.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>

namespace spark::tarArchive {

namespace {

constexpr int blockSize = 512;

QString tr(const char *text)
{
    return QCoreApplication::translate("spark::tarArchive", text);
}

void putField(char *header, int offset, int size, const QByteArray &value)
{
    std::memcpy(header + offset, value.constData(), size_t(std::min<qsizetype>(value.size(), size)));
}

void putOctal(char *header, int offset, int size, qint64 value)
{
    // size - 1 digits and a NUL, as tar writes them.
    putField(header, offset, size, QByteArray::number(value, 8).rightJustified(size - 1, '0') + '\0');
}

qint64 octal(const char *field, int size, bool *ok)
{
    QByteArray text(field, size);
    const qsizetype end = text.indexOf('\0');
    if (end >= 0)
        text.truncate(end);
    text = text.trimmed();
    if (text.isEmpty()) {
        *ok = true;
        return 0;
    }
    return text.toLongLong(ok, 8);
}

QByteArray cString(const char *field, int size)
{
    const char *end = static_cast<const char *>(std::memchr(field, '\0', size_t(size)));
    return QByteArray(field, end ? int(end - field) : size);
}

} // namespace

QByteArray write(const QList<ArchiveFile> &files, const QDateTime &modified)
{
    QByteArray archive;
    for (const ArchiveFile &file : files) {
        QByteArray name = file.path.toUtf8();
        QByteArray prefix;
        if (name.size() > 100) {
            // The first '/' that leaves at most 100 bytes for the name.
            const qsizetype split = name.indexOf('/', name.size() - 101);
            if (split > 0 && split <= 155) {
                prefix = name.left(split);
                name = name.mid(split + 1);
            } else {
                name.truncate(100); // longer than ustar holds: the report never makes such names
            }
        }
        char header[blockSize] = {};
        putField(header, 0, 100, name);
        putOctal(header, 100, 8, 0644);
        putOctal(header, 108, 8, 0);
        putOctal(header, 116, 8, 0);
        putOctal(header, 124, 12, file.content.size());
        putOctal(header, 136, 12, modified.toSecsSinceEpoch());
        std::memset(header + 148, ' ', 8); // the checksum counts itself as spaces
        header[156] = '0';
        putField(header, 257, 6, QByteArrayLiteral("ustar"));
        putField(header, 263, 2, QByteArrayLiteral("00"));
        putField(header, 265, 32, QByteArrayLiteral("spark"));
        putField(header, 297, 32, QByteArrayLiteral("spark"));
        putField(header, 345, 155, prefix);
        unsigned checksum = 0;
        for (unsigned char c : header)
            checksum += c;
        putField(header, 148, 8, QByteArray::number(checksum, 8).rightJustified(6, '0') + QByteArray("\0 ", 2));
        archive.append(header, blockSize);
        archive.append(file.content);
        const qsizetype padding = (blockSize - file.content.size() % blockSize) % blockSize;
        archive.append(QByteArray(padding, '\0'));
    }
    archive.append(QByteArray(2 * blockSize, '\0'));
    return archive;
}

Expected<QList<ArchiveFile>> read(const QByteArray &archive)
{
    QList<ArchiveFile> files;
    qsizetype offset = 0;
    while (offset + blockSize <= archive.size()) {
        const char *header = archive.constData() + offset;
        if (std::all_of(header, header + blockSize, [](char c) { return c == '\0'; }))
            return files;
        bool sizeOk = false, sumOk = false;
        const qint64 size = octal(header + 124, 12, &sizeOk);
        const qint64 stored = octal(header + 148, 8, &sumOk);
        unsigned checksum = 0;
        for (int i = 0; i < blockSize; ++i)
            checksum += (i >= 148 && i < 156) ? unsigned(' ') : static_cast<unsigned char>(header[i]);
        if (!sizeOk || !sumOk || size < 0 || qint64(checksum) != stored)
            return Error(tr("The file is not a report archive, or it is damaged."),
                         QStringLiteral("bad tar header at offset %1").arg(offset));
        offset += blockSize;
        if (offset + size > archive.size())
            return Error(tr("The report archive is cut short."), QStringLiteral("tar entry past the end at %1").arg(offset));
        const char type = header[156];
        if (type == '0' || type == '\0') {
            QByteArray path = cString(header, 100);
            const QByteArray prefix = cString(header + 345, 155);
            if (!prefix.isEmpty())
                path = prefix + '/' + path;
            files.append({QString::fromUtf8(path), archive.mid(offset, size)});
        }
        offset += (size + blockSize - 1) / blockSize * blockSize;
    }
    return Error(tr("The report archive is cut short."), QStringLiteral("no end-of-archive blocks"));
}

} // namespace spark::tarArchive
