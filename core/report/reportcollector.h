// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/common/job.h"
#include "core/devices/sudotarget.h"

#include <QCoreApplication>
#include <QFuture>
#include <QList>
#include <QString>

#include <functional>

namespace spark {

struct ReportOptions
{
    QString outputPath;
    bool keepMacs = false;
};

struct ReportSummary
{
    QString path;
    qint64 bytes = 0;
    QStringList answered;
    QStringList unanswered; // "spark-3: <why>"
};

// Makes a support report: on every node at once the probe, the neighbour
// discovery and one health poll (all read-only), then the program's own
// state and logs, redacted and written as one archive. A node that does not
// answer is reported; the rest are still saved. Every progress sentence comes
// in order, from the collector's thread.
class ReportCollector final : public Job
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportCollector)

public:
    explicit ReportCollector(QObject *parent = nullptr);

    static constexpr int CommandTimeoutMs = 90000;

    // Each node's sudo password reads its root-only network settings (none:
    // the report says they were unreadable); it is removed from the report.
    // Its progress is about the report as a whole (a fraction and a sentence).
    QFuture<Expected<ReportSummary>> collect(const QList<SudoTarget> &targets, const ReportOptions &options);

    // "spark-companion-report-20261205-0142.tar" in `folder`.
    static QString defaultFileName(const QDateTime &when);
};

} // namespace spark
