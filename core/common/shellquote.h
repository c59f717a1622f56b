// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace spark {

// POSIX single-quote style: 'it'\''s' — safe for any text, including newlines.
// Every argument of a remote command goes through this; nothing is pasted raw.
QString shellQuote(const QString &argument);

// Quotes every argument and joins them with single spaces.
QString shellJoin(const QStringList &arguments);

} // namespace spark
