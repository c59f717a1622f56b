// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/jsonfile.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace spark {

// Earlier runs of one kind (link tests, NCCL tests), kept per cluster in a
// JSON file in the app's config folder, written atomically. The oldest runs
// of a cluster are dropped beyond maxRunsPerCluster. Run has `cluster`,
// `started`, toJson() and a static fromJson() giving an optional.
template<typename Run>
class RunHistory
{
public:
    static constexpr int maxRunsPerCluster = 20;

    // The sentences for a file that cannot be read (%1 path, %2 why), is
    // damaged, or cannot be written.
    struct Messages
    {
        QString unreadable;
        QString damaged;
        QString unwritable;
    };

    RunHistory(QString filePath, Messages messages)
        : m_filePath(std::move(filePath))
        , m_messages(std::move(messages))
    {
    }

    Expected<void> load()
    {
        m_runs.clear();
        const auto document = JsonFile::read(m_filePath, m_messages.unreadable, m_messages.damaged);
        if (!document)
            return document.error();
        for (const auto &value : document->value(QStringLiteral("runs")).toArray()) {
            if (auto run = Run::fromJson(value.toObject()))
                m_runs.append(std::move(run).value());
        }
        sortByStart();
        return {};
    }

    Expected<void> save() const
    {
        QJsonArray array;
        for (const Run &run : m_runs)
            array.append(run.toJson());
        return JsonFile::write(m_filePath, QJsonObject{{QStringLiteral("runs"), array}}, m_messages.unwritable);
    }

    void add(const Run &run)
    {
        m_runs.append(run);
        sortByStart();
        qsizetype count = std::count_if(m_runs.cbegin(), m_runs.cend(), [&run](const Run &r) { return r.cluster == run.cluster; });
        for (auto it = m_runs.begin(); it != m_runs.end() && count > maxRunsPerCluster;) {
            if (it->cluster == run.cluster) {
                it = m_runs.erase(it);
                --count;
            } else {
                ++it;
            }
        }
    }

    // Newest first.
    QList<Run> runs(const QString &cluster) const
    {
        QList<Run> result;
        for (auto it = m_runs.crbegin(); it != m_runs.crend(); ++it) {
            if (it->cluster == cluster)
                result.append(*it);
        }
        return result;
    }

    QStringList clusters() const
    {
        QStringList names;
        for (const Run &run : m_runs) {
            if (!names.contains(run.cluster))
                names.append(run.cluster);
        }
        return names;
    }

    void forget(const QString &cluster)
    {
        m_runs.removeIf([&cluster](const Run &run) { return run.cluster == cluster; });
    }

private:
    void sortByStart()
    {
        std::stable_sort(m_runs.begin(), m_runs.end(), [](const Run &a, const Run &b) { return a.started < b.started; });
    }

    QString m_filePath;
    Messages m_messages;
    QList<Run> m_runs; // oldest first
};

} // namespace spark
