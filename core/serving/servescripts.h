// SPDX-License-Identifier: MIT
#pragma once

#include "core/serving/serveplan.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// The remote commands of a launch, built from the plan's validated words
// (every word quoted), and the parsers of what they print. Pure.
class ServeScripts
{
    Q_DECLARE_TR_FUNCTIONS(spark::ServeScripts)

public:
    // Inside the head's container: the serve command's output and, when it
    // ends, its exit status, are appended to this file.
    static QString serveLog(const QString &launchId);
    static constexpr const char *exitMarker = "@@spark-serve-exit ";

    static QString dockerRun(const ServeNodePlan &node);
    // Starts `vllm serve` in the head's container, detached; its output goes to serveLog().
    static QString startServe(const ServePlan &plan);
    // Ray's view from the head: `ray status`.
    static QString rayStatus(const QString &container);
    // One node's containers of this launch: "name|state" lines.
    static QString containerStates(const QString &launchId);
    // The last lines a container printed (docker logs), for a failure's sentence.
    static QString lastLines(const QString &container, int lines);
    // The head: the serve log's tail, then the API's /health status code and
    // /v1/models body, each after a marker.
    static QString headPoll(const ServePlan &plan);
    // Removes every container of the launch (or, launchId empty, every one of
    // the cluster's launches) on one node; prints what it removed.
    static QString removeContainers(const QString &cluster, const QString &launchId);

    // How many nodes `ray status` lists as active (nullopt: not Ray's output).
    static std::optional<int> activeRayNodes(const QString &rayStatusOutput);

    struct HeadPoll
    {
        QStringList serveLog;        // its last lines
        std::optional<int> exitCode; // the serve command ended with this status
        int healthStatus = 0;        // HTTP status of /health (0: no answer)
        QStringList models;          // the ids /v1/models lists
    };
    static HeadPoll parseHeadPoll(const QString &output);
    // "name|state" lines.
    static QList<QPair<QString, QString>> parseStates(const QString &output);
};

} // namespace spark
