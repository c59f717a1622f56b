// SPDX-License-Identifier: MIT
#include "core/linktest/linktesthistory.h"

#include "core/common/apppaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>

namespace spark {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("spark::LinkTestHistory", text);
}
} // namespace

LinkTestHistory::LinkTestHistory(QString filePath)
    : m_filePath(std::move(filePath))
{
}

QString LinkTestHistory::defaultFilePath()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("linktests.json"));
}

Expected<void> LinkTestHistory::load()
{
    m_runs.clear();
    QFile file(m_filePath);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return Error(tr("Could not read the earlier link test results %1: %2. Check the file's permissions.")
                         .arg(m_filePath, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return Error(tr("The earlier link test results in %1 are damaged (%2); move the file aside to start a new history.")
                         .arg(m_filePath, parseError.errorString()));
    for (const auto &value : document.object().value(QStringLiteral("runs")).toArray()) {
        auto run = LinkTestRun::fromJson(value.toObject());
        if (run)
            m_runs.append(std::move(run).value());
    }
    std::stable_sort(m_runs.begin(), m_runs.end(),
                     [](const LinkTestRun &a, const LinkTestRun &b) { return a.started < b.started; });
    return {};
}

Expected<void> LinkTestHistory::save() const
{
    QDir().mkpath(QFileInfo(m_filePath).absolutePath());
    QJsonArray array;
    for (const LinkTestRun &run : m_runs)
        array.append(run.toJson());
    QSaveFile file(m_filePath);
    if (!file.open(QIODevice::WriteOnly))
        return Error(tr("Could not save the link test results to %1: %2.").arg(m_filePath, file.errorString()));
    file.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("runs"), array}})
                   .toJson(QJsonDocument::Indented));
    if (!file.commit())
        return Error(tr("Could not save the link test results to %1: %2.").arg(m_filePath, file.errorString()));
    return {};
}

void LinkTestHistory::add(const LinkTestRun &run)
{
    m_runs.append(run);
    std::stable_sort(m_runs.begin(), m_runs.end(),
                     [](const LinkTestRun &a, const LinkTestRun &b) { return a.started < b.started; });
    qsizetype count = std::count_if(m_runs.cbegin(), m_runs.cend(),
                                    [&run](const LinkTestRun &r) { return r.cluster == run.cluster; });
    for (auto it = m_runs.begin(); it != m_runs.end() && count > maxRunsPerCluster;) {
        if (it->cluster == run.cluster) {
            it = m_runs.erase(it);
            --count;
        } else {
            ++it;
        }
    }
}

QList<LinkTestRun> LinkTestHistory::runs(const QString &cluster) const
{
    QList<LinkTestRun> result;
    for (auto it = m_runs.crbegin(); it != m_runs.crend(); ++it) {
        if (it->cluster == cluster)
            result.append(*it);
    }
    return result;
}

QStringList LinkTestHistory::clusters() const
{
    QStringList names;
    for (const LinkTestRun &run : m_runs) {
        if (!names.contains(run.cluster))
            names.append(run.cluster);
    }
    return names;
}

void LinkTestHistory::forget(const QString &cluster)
{
    m_runs.removeIf([&cluster](const LinkTestRun &run) { return run.cluster == cluster; });
}

} // namespace spark
