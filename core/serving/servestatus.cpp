// SPDX-License-Identifier: MIT
#include "core/serving/servestatus.h"

#include "core/common/runonthread.h"
#include "core/common/shellquote.h"
#include "core/models/ondevices.h"

#include <QJsonArray>

namespace spark {

QJsonObject ServeStatus::toJson() const
{
    QJsonArray nodeArray;
    for (const Node &node : nodes) {
        QJsonArray containers;
        for (const ServeContainer &container : node.containers)
            containers.append(QJsonObject{{QStringLiteral("name"), container.name},
                                          {QStringLiteral("state"), container.state},
                                          {QStringLiteral("launch_id"), container.launchId}});
        nodeArray.append(QJsonObject{{QStringLiteral("node"), node.node},
                                     {QStringLiteral("error"), node.error ? QJsonValue(node.error->message) : QJsonValue()},
                                     {QStringLiteral("containers"), containers}});
    }
    QJsonArray launchArray;
    for (const Launch &launch : launches) {
        QJsonObject object = launch.launch.toJson();
        object.insert(QStringLiteral("health_status"), launch.healthStatus);
        object.insert(QStringLiteral("running_containers"), launch.running);
        object.insert(QStringLiteral("containers"), launch.containers);
        object.insert(QStringLiteral("healthy"), launch.healthy());
        launchArray.append(object);
    }
    return {{QStringLiteral("nodes"), nodeArray}, {QStringLiteral("launches"), launchArray}};
}

namespace {
struct NodeRead
{
    ServeStatus::Node node;
    QHash<int, int> health; // port → /health status, for the launches whose head this is
};
} // namespace

QFuture<ServeStatus> readServeStatus(const QString &cluster, const QList<Device> &devices)
{
    return runOnThread([cluster, devices] {
        ServeStatus status;
        const QList<ServeLaunch> recorded = ServeLaunches::ofCluster(cluster).valueOr({});
        const QList<NodeRead> reads = onEveryDevice<NodeRead>(
            devices,
            [&](const Device &device, SshSession &session) {
                NodeRead read{{device.name, std::nullopt, {}}, {}};
                QString script = ServeNodeReading::script();
                for (const ServeLaunch &launch : recorded) {
                    if (launch.head == device.name)
                        script += QStringLiteral("echo \"@@health %1 $(curl -s -m 5 -o /dev/null -w '%{http_code}' %2 2>/dev/null)\"\n")
                                      .arg(launch.port)
                                      .arg(shellQuote(QStringLiteral("http://127.0.0.1:%1/health").arg(launch.port)));
                }
                const auto result = session.exec(shellJoin({QStringLiteral("sh"), QStringLiteral("-c"), script})).result();
                if (!result) {
                    read.node.error = result.error();
                    return read;
                }
                const QString output = QString::fromUtf8(result->standardOutput);
                for (const ServeContainer &container : ServeNodeReading::parse(output).containers) {
                    if (container.cluster == cluster)
                        read.node.containers.append(container);
                }
                for (const QString &line : output.split(QLatin1Char('\n'))) {
                    if (line.startsWith(QLatin1String("@@health ")))
                        read.health.insert(line.section(QLatin1Char(' '), 1, 1).toInt(), line.section(QLatin1Char(' '), 2, 2).toInt());
                }
                return read;
            },
            [](const Device &device, const Error &error) { return NodeRead{{device.name, error, {}}, {}}; },
            [](const Device &, const NodeRead &, int) {});
        QList<ServeLaunch> launches = recorded;
        for (const NodeRead &read : reads) {
            status.nodes.append(read.node);
            for (const ServeContainer &container : read.node.containers) {
                const bool known = std::any_of(launches.cbegin(), launches.cend(),
                                               [&](const ServeLaunch &l) { return l.launchId == container.launchId; });
                if (!known)
                    launches.append(ServeLaunch{cluster, container.launchId, {}, {}, {}, 0, {read.node.node}, {}});
            }
        }
        for (const ServeLaunch &launch : std::as_const(launches)) {
            ServeStatus::Launch entry{launch, 0, 0, 0};
            for (const NodeRead &read : reads) {
                if (read.node.node == launch.head)
                    entry.healthStatus = read.health.value(launch.port);
                for (const ServeContainer &container : read.node.containers) {
                    if (container.launchId != launch.launchId)
                        continue;
                    ++entry.containers;
                    entry.running += container.running() ? 1 : 0;
                }
            }
            status.launches.append(entry);
        }
        return status;
    });
}

} // namespace spark
