// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class QCoreApplication;

namespace spark {

// Names the application for QSettings and QStandardPaths; shared by both executables.
void setApplicationIdentity(QCoreApplication &app);

// Installs Qt's own and our translations for the system locale (or the one
// given in SPARK_COMPANION_LANG, which the screenshot tests use).
void installTranslations(QCoreApplication &app);

QString applicationVersion();

} // namespace spark
