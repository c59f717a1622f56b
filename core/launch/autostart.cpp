// SPDX-License-Identifier: MIT
#include "core/launch/autostart.h"

#include <QDir>
#include <QRegularExpression>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace spark {

Autostart::Autostart(QString autostartDir)
    : m_dir(std::move(autostartDir))
{
    if (m_dir.isEmpty())
        m_dir = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/autostart");
}

QString Autostart::filePath() const
{
    return m_dir + QStringLiteral("/spark-companion.desktop");
}

bool Autostart::isEnabled() const
{
    return QFile::exists(filePath());
}

QByteArray Autostart::desktopEntry(const QString &executable)
{
    // Desktop Entry spec: an argument with spaces or reserved characters is quoted, with \ " ` $ escaped.
    QString quoted = executable;
    const bool needsQuotes = executable.contains(QRegularExpression(QStringLiteral("[\\s\"'\\\\><~|&;$*?#()`]")));
    if (needsQuotes) {
        quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\\\\\"));
        for (const char c : {'"', '`', '$'})
            quoted.replace(QLatin1Char(c), QStringLiteral("\\\\") + QLatin1Char(c));
        quoted = QLatin1Char('"') + quoted + QLatin1Char('"');
    }
    return QStringLiteral("[Desktop Entry]\n"
                          "Type=Application\n"
                          "Name=Spark Companion\n"
                          "Comment=Keep DGX Spark devices at hand in the notification area\n"
                          "Exec=%1 --minimized\n"
                          "Icon=io.github.spark_companion.SparkCompanion\n"
                          "Terminal=false\n"
                          "X-GNOME-Autostart-enabled=true\n")
        .arg(quoted)
        .toUtf8();
}

Expected<void> Autostart::setEnabled(bool enabled, const QString &executable)
{
    if (!enabled) {
        if (QFile::exists(filePath()) && !QFile::remove(filePath()))
            return Error(tr("Could not remove %1, so Spark Companion still starts at login. Check the folder's "
                            "permissions.")
                             .arg(filePath()));
        return {};
    }
    if (!QDir().mkpath(m_dir))
        return Error(tr("Could not create %1 for starting at login. Check the folder's permissions.").arg(m_dir));
    QSaveFile file(filePath());
    if (!file.open(QIODevice::WriteOnly) || file.write(desktopEntry(executable)) < 0 || !file.commit())
        return Error(tr("Could not write %1 for starting at login. Check the folder's permissions.").arg(filePath()),
                     file.errorString());
    return {};
}

} // namespace spark
