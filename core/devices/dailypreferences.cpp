// SPDX-License-Identifier: MIT
#include "core/devices/dailypreferences.h"

#include "core/common/apppaths.h"
#include "core/common/jsonfile.h"

#include <QJsonArray>
#include <QJsonObject>

namespace spark {

DailyPreferences::DailyPreferences(QString filePath)
    : m_filePath(std::move(filePath))
{
}

QString DailyPreferences::defaultFilePath()
{
    return AppPaths::configDir() + QStringLiteral("/daily.json");
}

void DailyPreferences::setDevice(const QString &name, const DevicePreferences &preferences)
{
    if (preferences == DevicePreferences{})
        m_devices.remove(name);
    else
        m_devices.insert(name, preferences);
}

Expected<void> DailyPreferences::load()
{
    m_devices.clear();
    m_terminal.clear();
    m_watchHealth = true;
    const Expected<QJsonObject> read =
        JsonFile::read(m_filePath, tr("Could not read %1 (%2). Check its permissions."),
                       tr("%1 is damaged (%2); fix it or delete it to start with default settings."));
    if (!read)
        return read.error();
    const QJsonObject &root = *read;
    m_terminal = root.value(QStringLiteral("terminal")).toString();
    m_watchHealth = root.value(QStringLiteral("watchHealthInBackground")).toBool(true);
    const QJsonObject devices = root.value(QStringLiteral("devices")).toObject();
    for (auto it = devices.begin(); it != devices.end(); ++it) {
        const QJsonObject object = it.value().toObject();
        DevicePreferences preferences;
        preferences.folder = object.value(QStringLiteral("folder")).toString();
        for (const QJsonValue &tunnel : object.value(QStringLiteral("tunnels")).toArray())
            preferences.tunnels.append(TunnelSpec::fromJson(tunnel.toObject()));
        m_devices.insert(it.key(), preferences);
    }
    return {};
}

Expected<void> DailyPreferences::save() const
{
    QJsonObject devices;
    for (auto it = m_devices.begin(); it != m_devices.end(); ++it) {
        QJsonArray tunnels;
        for (const TunnelSpec &tunnel : it.value().tunnels)
            tunnels.append(tunnel.toJson());
        devices.insert(it.key(), QJsonObject{{QStringLiteral("folder"), it.value().folder},
                                             {QStringLiteral("tunnels"), tunnels}});
    }
    const QJsonObject root{{QStringLiteral("terminal"), m_terminal},
                           {QStringLiteral("watchHealthInBackground"), m_watchHealth},
                           {QStringLiteral("devices"), devices}};
    return JsonFile::write(m_filePath, root, tr("Could not save %1 (%2). Check that the folder is writable."));
}

} // namespace spark
