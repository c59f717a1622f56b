// SPDX-License-Identifier: MIT
#include "core/serving/serveplan.h"

#include <QJsonArray>

namespace spark {

QJsonObject ServePlan::toJson() const
{
    QJsonArray nodeArray;
    for (const ServeNodePlan &node : nodes) {
        QJsonArray environment;
        for (const EnvironmentVariable &variable : node.environment)
            environment.append(QJsonObject{{QStringLiteral("name"), variable.name}, {QStringLiteral("value"), variable.value}});
        nodeArray.append(QJsonObject{{QStringLiteral("node"), node.node},
                                     {QStringLiteral("role"), serveRoleKey(node.role)},
                                     {QStringLiteral("container"), node.container},
                                     {QStringLiteral("address"), node.address},
                                     {QStringLiteral("netdev"), node.netdev},
                                     {QStringLiteral("environment"), environment},
                                     {QStringLiteral("docker_run"), QJsonArray::fromStringList(node.dockerRun)}});
    }
    return {{QStringLiteral("cluster"), cluster},
            {QStringLiteral("recipe"), recipe},
            {QStringLiteral("source"), source},
            {QStringLiteral("model"), model},
            {QStringLiteral("image"), image},
            {QStringLiteral("launch_id"), launchId},
            {QStringLiteral("port"), port},
            {QStringLiteral("tensor_parallel"), tensorParallel},
            {QStringLiteral("pipeline_parallel"), pipelineParallel},
            {QStringLiteral("network"), network},
            {QStringLiteral("nodes"), nodeArray},
            {QStringLiteral("serve"), QJsonArray::fromStringList(serve)},
            {QStringLiteral("fit"), fit},
            {QStringLiteral("notes"), QJsonArray::fromStringList(notes)},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)},
            {QStringLiteral("refusals"), QJsonArray::fromStringList(refusals)},
            {QStringLiteral("can_start"), canStart()}};
}

} // namespace spark
