// SPDX-License-Identifier: MIT
#include "core/topology/setupprogress.h"

#include "core/common/apppaths.h"
#include "core/common/jsonfile.h"

#include <QDir>
#include <QJsonArray>

#include <algorithm>
#include <array>
#include <utility>

namespace spark {

namespace {

constexpr std::array<std::pair<SetupStep, const char *>, 6> kStepKeys{{
    {SetupStep::Devices, "devices"},
    {SetupStep::Checks, "checks"},
    {SetupStep::Cabling, "cabling"},
    {SetupStep::Configure, "configure"},
    {SetupStep::PeerTrust, "peer-trust"},
    {SetupStep::LinkTest, "link-test"},
}};

} // namespace

QString setupStepKey(SetupStep step)
{
    for (const auto &[value, key] : kStepKeys) {
        if (value == step)
            return QString::fromLatin1(key);
    }
    return {};
}

std::optional<SetupStep> setupStepFromKey(const QString &key)
{
    for (const auto &[value, name] : kStepKeys) {
        if (key == QLatin1String(name))
            return value;
    }
    return std::nullopt;
}

QJsonObject SetupProgress::toJson() const
{
    return {{QStringLiteral("cluster"), cluster.toJson()},
            {QStringLiteral("reached"), setupStepKey(reached)},
            {QStringLiteral("saved"), saved.toUTC().toString(Qt::ISODate)}};
}

std::optional<SetupProgress> SetupProgress::fromJson(const QJsonObject &object)
{
    const auto cluster = ClusterDefinition::fromJson(object.value(QStringLiteral("cluster")).toObject());
    const auto reached = setupStepFromKey(object.value(QStringLiteral("reached")).toString());
    const QDateTime saved = QDateTime::fromString(object.value(QStringLiteral("saved")).toString(), Qt::ISODate);
    if (!cluster || !reached || !saved.isValid())
        return std::nullopt;
    return SetupProgress{*cluster, *reached, saved.toUTC()};
}

SetupProgressStore::SetupProgressStore(QString filePath)
    : m_filePath(std::move(filePath))
{
}

QString SetupProgressStore::defaultFilePath()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("setup-progress.json"));
}

Expected<void> SetupProgressStore::load()
{
    m_progress.clear();
    const auto document = JsonFile::read(
        m_filePath, tr("Could not read the unfinished set-ups in %1: %2. Check the file's permissions."),
        tr("The unfinished set-ups in %1 are damaged (%2). Delete the file; the set-up then starts afresh."));
    if (!document)
        return document.error();
    for (const QJsonValue &value : document->value(QStringLiteral("setups")).toArray()) {
        if (auto progress = SetupProgress::fromJson(value.toObject()))
            put(*progress);
    }
    return {};
}

Expected<void> SetupProgressStore::save() const
{
    QJsonArray array;
    for (const SetupProgress &progress : m_progress)
        array.append(progress.toJson());
    return JsonFile::write(m_filePath, QJsonObject{{QStringLiteral("setups"), array}}, tr("Could not write %1: %2."));
}

void SetupProgressStore::put(const SetupProgress &progress)
{
    forget(progress.cluster.name);
    m_progress.append(progress);
}

void SetupProgressStore::forget(const QString &cluster)
{
    m_progress.removeIf([&](const SetupProgress &kept) { return kept.cluster.name.compare(cluster, Qt::CaseInsensitive) == 0; });
}

std::optional<SetupProgress> SetupProgressStore::latest() const
{
    const auto newest = std::max_element(m_progress.cbegin(), m_progress.cend(),
                                         [](const SetupProgress &a, const SetupProgress &b) { return a.saved < b.saved; });
    if (newest == m_progress.cend())
        return std::nullopt;
    return *newest;
}

} // namespace spark
