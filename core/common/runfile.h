// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QJsonObject>
#include <QString>

namespace spark {

// A finished run written where the person chose: CSV when the file's suffix
// says so, else JSON; written whole or not at all (QSaveFile), with the
// sentence to show when the folder refuses it.
Expected<void> saveRunFile(const QString &path, const QString &csv, const QJsonObject &json);
// A text written whole or not at all, the same way (an exported file).
Expected<void> saveTextFile(const QString &path, const QByteArray &text);

// Writes `bytes` to a file the person named: a regular file (or a new one)
// whole or not at all (QSaveFile: a temporary renamed over it), made
// owner-only when `ownerOnly`; something that is not a regular file (a
// device such as /dev/null or /dev/stdout, a FIFO) is written straight into
// and never replaced, renamed or re-moded: as root, a rename over /dev/null
// would replace the device with a file. The error string, or empty.
QString writeWhole(const QString &path, const QByteArray &bytes, bool ownerOnly = false);

} // namespace spark
