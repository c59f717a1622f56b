// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// A container one of our launches started, as `docker ps -a` lists it.
struct ServeContainer
{
    QString name;
    QString state;    // Docker's: "running", "exited", "created", …
    QString launchId; // its io.spark-companion.launch label
    QString cluster;  // its io.spark-companion.cluster label

    bool running() const { return state == QLatin1String("running"); }
    friend bool operator==(const ServeContainer &, const ServeContainer &) = default;
};

// What a node says about serving, in one read-only command: whether Docker is
// there and may be used, its images, the containers our launches started, and
// the TCP ports something listens on.
struct ServeNodeState
{
    bool finished = false; // the end marker arrived
    bool dockerInstalled = false;
    QString dockerError; // what docker said when it refused (permission, daemon down)
    QStringList images;  // "repository:tag" and "repository@sha256:…"
    QList<ServeContainer> containers;
    std::optional<QList<int>> listeningPorts; // nullopt: ss is not there

    // Empty when Docker can be used; else the sentence the plan refuses with.
    QString dockerProblem(const QString &node, const QString &user) const;
};

class ServeNodeReading
{
    Q_DECLARE_TR_FUNCTIONS(spark::ServeNodeReading)

public:
    static QString script();
    static ServeNodeState parse(const QString &output);
    // The local port of each line of `ss -Hltn` ("LISTEN 0 4096 0.0.0.0:22 0.0.0.0:*").
    static QList<int> listeningPorts(const QStringList &ssLines);
};

} // namespace spark
