// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QJsonObject>
#include <QString>

namespace spark {

// The one way the program's JSON files (devices.json, clusters.json,
// linktests.json, setup-progress.json, daily.json) are read and written:
// - read: an absent file is an empty object; a file that cannot be opened is
//   `cannotRead`; a file that does not parse, or holds no JSON object, is
//   damaged (`damaged`): it is reported, never overwritten silently.
// - write: into a folder made if need be, atomically (QSaveFile: a crash
//   leaves the old file whole), indented, with "version": 1.
// The sentences are the store's own, with %1 the file and %2 the reason.
namespace JsonFile {

Expected<QJsonObject> read(const QString &path, const QString &cannotRead, const QString &damaged);
Expected<void> write(const QString &path, QJsonObject object, const QString &cannotWrite);

} // namespace JsonFile

} // namespace spark
