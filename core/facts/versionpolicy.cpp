// SPDX-License-Identifier: MIT
#include "core/facts/versionpolicy.h"

#include "core/common/apppaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace spark {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("spark::VersionPolicy", text);
}

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array)
        list.append(item.toString());
    return list;
}

QDate isoDate(const QString &text)
{
    return QDate::fromString(text, Qt::ISODate);
}

} // namespace

Expected<VersionPolicy> VersionPolicy::fromJson(const QByteArray &json)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return Error(tr("The version policy file is damaged; reinstall Spark Companion."), parseError.errorString());
    const QJsonObject root = document.object();

    VersionPolicy policy;
    const QJsonObject minimum = root.value(QLatin1String("minimumRelease")).toObject();
    policy.minimumReleaseDate = isoDate(minimum.value(QLatin1String("date")).toString());
    policy.minimumReleaseName = minimum.value(QLatin1String("name")).toString();
    if (!policy.minimumReleaseDate.isValid())
        return Error(tr("The version policy file is damaged; reinstall Spark Companion."),
                     QStringLiteral("minimumRelease.date is missing or not an ISO date"));

    const QJsonArray releases = root.value(QLatin1String("releases")).toArray();
    for (const QJsonValue &value : releases) {
        const QJsonObject object = value.toObject();
        Release release;
        release.version = object.value(QLatin1String("version")).toString();
        release.date = isoDate(object.value(QLatin1String("date")).toString());
        release.certain = object.value(QLatin1String("certain")).toBool();
        if (release.version.isEmpty() || !release.date.isValid())
            return Error(tr("The version policy file is damaged; reinstall Spark Companion."),
                         QStringLiteral("a release entry lacks a version or an ISO date"));
        policy.releases.append(release);
    }

    const QJsonObject driver = root.value(QLatin1String("driver")).toObject();
    policy.minimumDriver = driver.value(QLatin1String("minimum")).toString();
    policy.knownGoodDrivers = stringList(driver.value(QLatin1String("knownGood")));
    const QJsonObject firmware = root.value(QLatin1String("cx7Firmware")).toObject();
    policy.minimumFirmware = firmware.value(QLatin1String("minimum")).toString();
    policy.knownGoodFirmware = stringList(firmware.value(QLatin1String("knownGood")));
    policy.linkSpeedMbps = root.value(QLatin1String("linkSpeedMbps")).toInt(200000);
    const QJsonObject update = root.value(QLatin1String("update")).toObject();
    policy.dashboardPort = update.value(QLatin1String("dashboardPort")).toInt(11000);
    policy.updateCommands = stringList(update.value(QLatin1String("commands")));
    return policy;
}

Expected<VersionPolicy> VersionPolicy::loadFile(const QString &path)
{
    QFile file(path);
    const bool builtIn = path == QLatin1String(defaultPath);
    if (!file.open(QIODevice::ReadOnly))
        return builtIn ? Error(tr("The version policy file is missing; reinstall Spark Companion."),
                               path + QStringLiteral(": ") + file.errorString())
                       : Error(tr("The version policy %1 cannot be read: %2. Fix its permissions, or remove it to use "
                                  "the built-in policy.")
                                   .arg(path, file.errorString()));
    auto policy = fromJson(file.readAll());
    if (!policy) {
        if (builtIn)
            return policy.error();
        return Error(tr("The version policy %1 is not valid (%2): fix it, or remove it to use the built-in policy.")
                         .arg(path, policy.error().detail.isEmpty() ? policy.error().message : policy.error().detail),
                     policy.error().detail);
    }
    policy->source = path;
    return policy;
}

QStringList VersionPolicy::overridePaths()
{
    return {QDir(AppPaths::configDir()).filePath(QStringLiteral("version-policy.json")), QString::fromLatin1(systemPath)};
}

Expected<VersionPolicy> VersionPolicy::load(const QStringList &overrides)
{
    for (const QString &path : overrides) {
        if (QFileInfo::exists(path))
            return loadFile(path);
    }
    return loadFile(QString::fromLatin1(defaultPath));
}

Expected<VersionPolicy> VersionPolicy::load()
{
    return load(overridePaths());
}

VersionPolicy::ReleaseDating VersionPolicy::dateOf(const DgxRelease &release) const
{
    const QString version = release.version();
    const Release *known = nullptr;
    for (const Release &entry : releases) {
        if (entry.version == version)
            known = &entry;
    }
    if (known && known->certain)
        return {known->date, ReleaseDating::Source::CertainTable};
    if (const QDate recorded = release.versionDate(); recorded.isValid())
        return {recorded, ReleaseDating::Source::NodeRecord};
    if (known)
        return {known->date, ReleaseDating::Source::UncertainTable};
    return {};
}

QString VersionPolicy::updateCommandLine() const
{
    return updateCommands.join(QLatin1String(" && "));
}

int compareVersions(const QString &a, const QString &b)
{
    const QStringList left = a.trimmed().split(QLatin1Char('.'));
    const QStringList right = b.trimmed().split(QLatin1Char('.'));
    const qsizetype count = std::max(left.size(), right.size());
    for (qsizetype i = 0; i < count; ++i) {
        const QString x = i < left.size() ? left.at(i) : QStringLiteral("0");
        const QString y = i < right.size() ? right.at(i) : QStringLiteral("0");
        bool xNumber = false;
        bool yNumber = false;
        const qulonglong xValue = x.toULongLong(&xNumber);
        const qulonglong yValue = y.toULongLong(&yNumber);
        if (xNumber && yNumber) {
            if (xValue != yValue)
                return xValue < yValue ? -1 : 1;
        } else if (const int text = x.compare(y); text != 0) {
            return text < 0 ? -1 : 1;
        }
    }
    return 0;
}

} // namespace spark
