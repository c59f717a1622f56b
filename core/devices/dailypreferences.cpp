// SPDX-License-Identifier: MIT
#include "core/devices/dailypreferences.h"

#include "core/common/apppaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

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
    QFile file(m_filePath);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return Error(tr("Could not read %1. Check its permissions.").arg(m_filePath), file.errorString());
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject())
        return Error(tr("%1 is damaged; fix it or delete it to start with default settings.").arg(m_filePath),
                     parseError.errorString());
    const QJsonObject root = document.object();
    m_terminal = root.value(QStringLiteral("terminal")).toString();
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
    const QJsonObject root{{QStringLiteral("version"), 1},
                           {QStringLiteral("terminal"), m_terminal},
                           {QStringLiteral("devices"), devices}};
    QDir().mkpath(QFileInfo(m_filePath).absolutePath());
    QSaveFile file(m_filePath);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(root).toJson()) < 0 || !file.commit())
        return Error(tr("Could not save %1. Check that the folder is writable.").arg(m_filePath), file.errorString());
    return {};
}

} // namespace spark
