// SPDX-License-Identifier: MIT
#include "core/serving/servelaunches.h"

#include "core/common/apppaths.h"
#include "core/common/jsonfile.h"

#include <QDir>
#include <QJsonArray>

namespace spark {

ServeLaunch ServeLaunch::of(const ServePlan &plan, const QDateTime &started)
{
    ServeLaunch launch{plan.cluster, plan.launchId, plan.recipe, plan.model, plan.head(), plan.port, {}, started};
    for (const ServeNodePlan &node : plan.nodes)
        launch.nodes.append(node.node);
    return launch;
}

QJsonObject ServeLaunch::toJson() const
{
    return {{QStringLiteral("cluster"), cluster},
            {QStringLiteral("launch_id"), launchId},
            {QStringLiteral("recipe"), recipe},
            {QStringLiteral("model"), model},
            {QStringLiteral("head"), head},
            {QStringLiteral("port"), port},
            {QStringLiteral("nodes"), QJsonArray::fromStringList(nodes)},
            {QStringLiteral("started"), started.toUTC().toString(Qt::ISODate)}};
}

ServeLaunch ServeLaunch::fromJson(const QJsonObject &object)
{
    ServeLaunch launch;
    launch.cluster = object.value(QStringLiteral("cluster")).toString();
    launch.launchId = object.value(QStringLiteral("launch_id")).toString();
    launch.recipe = object.value(QStringLiteral("recipe")).toString();
    launch.model = object.value(QStringLiteral("model")).toString();
    launch.head = object.value(QStringLiteral("head")).toString();
    launch.port = object.value(QStringLiteral("port")).toInt();
    for (const QJsonValue &node : object.value(QStringLiteral("nodes")).toArray())
        launch.nodes.append(node.toString());
    launch.started = QDateTime::fromString(object.value(QStringLiteral("started")).toString(), Qt::ISODate);
    return launch;
}

QString ServeLaunches::path()
{
    return QDir(AppPaths::configDir()).filePath(QStringLiteral("serving.json"));
}

Expected<QList<ServeLaunch>> ServeLaunches::all()
{
    const auto object = JsonFile::read(path(), tr("Could not read the running models' record %1: %2"),
                                       tr("The running models' record %1 is damaged (%2); move it away, then stop "
                                          "what runs with sparkctl serve stop --cluster NAME."));
    if (!object)
        return object.error();
    QList<ServeLaunch> launches;
    for (const QJsonValue &value : object->value(QStringLiteral("launches")).toArray())
        launches.append(ServeLaunch::fromJson(value.toObject()));
    return launches;
}

Expected<QList<ServeLaunch>> ServeLaunches::ofCluster(const QString &cluster)
{
    auto launches = all();
    if (!launches)
        return launches.error();
    QList<ServeLaunch> out;
    for (const ServeLaunch &launch : std::as_const(*launches)) {
        if (launch.cluster == cluster)
            out.append(launch);
    }
    return out;
}

namespace {
Expected<void> writeAll(const QList<ServeLaunch> &launches)
{
    QJsonArray array;
    for (const ServeLaunch &launch : launches)
        array.append(launch.toJson());
    return JsonFile::write(ServeLaunches::path(), {{QStringLiteral("launches"), array}},
                           ServeLaunches::tr("Could not record the running model in %1: %2"));
}
} // namespace

Expected<void> ServeLaunches::add(const ServeLaunch &launch)
{
    auto launches = all();
    if (!launches)
        return launches.error();
    launches->removeIf([&](const ServeLaunch &l) { return l.launchId == launch.launchId; });
    launches->append(launch);
    return writeAll(*launches);
}

Expected<void> ServeLaunches::remove(const QString &launchId)
{
    auto launches = all();
    if (!launches)
        return launches.error();
    if (launches->removeIf([&](const ServeLaunch &l) { return l.launchId == launchId; }) == 0)
        return {};
    return writeAll(*launches);
}

} // namespace spark
