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

} // namespace spark
