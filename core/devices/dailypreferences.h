// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/tunnels/tunnelspec.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

namespace spark {

// What a device needs for daily use besides its registration: the working
// folder VS Code / Cursor open, and the user's own tunnels.
struct DevicePreferences
{
    QString folder;             // empty: the user's home on the device
    QList<TunnelSpec> tunnels;  // custom ports (the dashboard is always there)

    friend bool operator==(const DevicePreferences &, const DevicePreferences &) = default;
};

// daily.json in the app's config folder: the preferences per device, the
// preferred terminal and whether cluster health is watched with no window
// open. (Starting at login is the autostart file itself.)
class DailyPreferences
{
    Q_DECLARE_TR_FUNCTIONS(spark::DailyPreferences)

public:
    explicit DailyPreferences(QString filePath = defaultFilePath());
    static QString defaultFilePath();

    Expected<void> load();   // a missing file is an empty one
    Expected<void> save() const;

    DevicePreferences device(const QString &name) const { return m_devices.value(name); }
    void setDevice(const QString &name, const DevicePreferences &preferences);
    QString terminal() const { return m_terminal; }
    void setTerminal(const QString &terminal) { m_terminal = terminal; }
    // Watch the configured clusters' health while the program runs, windows
    // closed or not, and tell of alerts in the notification area (on unless
    // turned off).
    bool watchHealthInBackground() const { return m_watchHealth; }
    void setWatchHealthInBackground(bool watch) { m_watchHealth = watch; }

private:
    QString m_filePath;
    QHash<QString, DevicePreferences> m_devices;
    QString m_terminal;
    bool m_watchHealth = true;
};

} // namespace spark
