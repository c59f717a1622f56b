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

// Whether the palette is a dark one (its window colour), and the red that
// marks a failure on it: one colour for every failed state in the program.
bool isDarkPalette(const QPalette &palette);
QColor failureColor(const QPalette &palette);

} // namespace spark::ui
