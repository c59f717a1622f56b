// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/serving/serveplan.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace spark {

// A launch that was started, kept in serving.json beside clusters.json, so
// that Stop finds it after the app (or sparkctl) was closed and opened again.
// The containers also carry the launch's labels: a lost record loses nothing.
struct ServeLaunch
{
    QString cluster;
    QString launchId;
    QString recipe;
    QString model;
    QString head;
    int port = 0;
    QStringList nodes; // every node that has one of its containers
    QDateTime started;

    static ServeLaunch of(const ServePlan &plan, const QDateTime &started);
    QJsonObject toJson() const;
    static ServeLaunch fromJson(const QJsonObject &object);
};

class ServeLaunches
{
    Q_DECLARE_TR_FUNCTIONS(spark::ServeLaunches)

public:
    static QString path();
    static Expected<QList<ServeLaunch>> all();
    static Expected<QList<ServeLaunch>> ofCluster(const QString &cluster);
    static Expected<void> add(const ServeLaunch &launch);
    static Expected<void> remove(const QString &launchId);
};

} // namespace spark
