// SPDX-License-Identifier: MIT
#include "core/linktest/linktesthistory.h"

#include "core/common/apppaths.h"
#include "core/common/jsonfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>

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
    const auto document = JsonFile::read(
        m_filePath, tr("Could not read the earlier link test results %1: %2. Check the file's permissions."),
        tr("The earlier link test results in %1 are damaged (%2); move the file aside to start a new history."));
    if (!document)
        return document.error();
    for (const auto &value : document->value(QStringLiteral("runs")).toArray()) {
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
    QJsonArray array;
    for (const LinkTestRun &run : m_runs)
        array.append(run.toJson());
    return JsonFile::write(m_filePath, QJsonObject{{QStringLiteral("runs"), array}},
                           tr("Could not save the link test results to %1: %2."));
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
