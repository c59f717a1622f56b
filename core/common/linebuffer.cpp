// SPDX-License-Identifier: MIT
#include "core/common/linebuffer.h"

namespace spark {

QStringList LineBuffer::feed(QByteArrayView chunk)
{
    m_pending.append(chunk);
    QStringList lines;
    qsizetype start = 0;
    for (qsizetype i = 0; i < m_pending.size(); ++i) {
        const char c = m_pending.at(i);
        if (c != '\n' && c != '\r')
            continue;
        lines.append(QString::fromUtf8(m_pending.constData() + start, i - start));
        if (c == '\r' && i + 1 < m_pending.size() && m_pending.at(i + 1) == '\n')
            ++i;
        start = i + 1;
    }
    // A trailing '\r' may be the first half of "\r\n": the empty line it would
    // make is harmless, so no look-ahead across chunks is needed.
    m_pending.remove(0, start);
    return lines;
}

QStringList LineBuffer::finish()
{
    QStringList lines;
    if (!m_pending.isEmpty())
        lines.append(QString::fromUtf8(m_pending));
    m_pending.clear();
    return lines;
}

} // namespace spark
