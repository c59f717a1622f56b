// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linktestrun.h"

#include <QList>
#include <QString>

namespace spark {

// Earlier link test runs, kept per cluster in linktests.json in the app's
// config folder, written atomically (QSaveFile). The oldest runs of a
// cluster are dropped beyond maxRunsPerCluster.
class LinkTestHistory
{
public:
    static constexpr int maxRunsPerCluster = 20;

    explicit LinkTestHistory(QString filePath = defaultFilePath());
    static QString defaultFilePath();

    Expected<void> load();
    Expected<void> save() const;

    void add(const LinkTestRun &run);
    // Newest first.
    QList<LinkTestRun> runs(const QString &cluster) const;
    QStringList clusters() const;
    void forget(const QString &cluster);

private:
    QString m_filePath;
    QList<LinkTestRun> m_runs; // oldest first
};

} // namespace spark
