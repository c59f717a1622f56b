// SPDX-License-Identifier: MIT
#pragma once

#include <QPalette>

class QApplication;

namespace spark::ui {

// Qt 6.4 follows the desktop's palette only where a platform theme plugin
// passes it on. Desktops that announce a dark preference through the
// freedesktop settings portal (GNOME, KDE, …) get our dark palette here.
enum class ColorScheme { NoPreference, Dark, Light };

ColorScheme desktopColorScheme();
QPalette darkPalette();

// Applies the dark palette when the desktop prefers dark and the current
// palette is still light; leaves everything alone otherwise.
void followDesktopColorScheme(QApplication &app);

} // namespace spark::ui
