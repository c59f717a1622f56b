// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"

#include <QCoreApplication>

namespace spark {

// Start at login on Linux desktops: an XDG autostart entry,
// ~/.config/autostart/spark-companion.desktop, that starts the app in the tray.
class Autostart
{
    Q_DECLARE_TR_FUNCTIONS(spark::Autostart)

public:
    // `autostartDir` empty: $XDG_CONFIG_HOME/autostart (~/.config/autostart).
    explicit Autostart(QString autostartDir = {});

    QString filePath() const;
    bool isEnabled() const;
    // Writes the entry for `executable` (started with --minimized), or removes it.
    Expected<void> setEnabled(bool enabled, const QString &executable);

    // The entry's text (pure).
    static QByteArray desktopEntry(const QString &executable);

private:
    QString m_dir;
};

} // namespace spark
