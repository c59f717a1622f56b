// SPDX-License-Identifier: MIT
#pragma once

#include "core/devices/dailypreferences.h"
#include "core/launch/launchplanner.h"

#include <QDialog>
#include <QHash>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace spark {
class Autostart;
class DeviceRegistry;
}

namespace spark::ui {

// Settings for daily use: start at login, the background health watch, the
// terminal, VS Code / Cursor, and
// per device the working folder and the user's own ports (tunnels).
class DailySettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DailySettingsDialog)

public:
    DailySettingsDialog(const DeviceRegistry &registry, DailyPreferences &preferences, Autostart &autostart,
                        LaunchPlanner::ProgramLookup lookup, QWidget *parent = nullptr);

    // The program that starts at login (this executable outside tests).
    void setExecutable(const QString &executable) { m_executable = executable; }

    // Checks every device's ports, then writes the settings and the autostart entry.
    // On a problem it shows the sentence, selects that device and returns false.
    bool save();

private:
    void showDevice(const QString &name);
    void keepDevice();   // the table and folder into m_devices
    void addPort();
    void removePort();

    const DeviceRegistry &m_registry;
    DailyPreferences &m_preferences;
    Autostart &m_autostart;
    QString m_executable;
    QHash<QString, DevicePreferences> m_devices;
    QString m_shown;

    QCheckBox *m_startAtLogin = nullptr;
    QCheckBox *m_watchHealth = nullptr;
    QComboBox *m_terminal = nullptr;
    QComboBox *m_device = nullptr;
    QLineEdit *m_folder = nullptr;
    QTableWidget *m_ports = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace spark::ui
