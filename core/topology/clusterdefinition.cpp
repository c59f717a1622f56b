// SPDX-License-Identifier: MIT
#include "core/topology/clusterdefinition.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

namespace spark {

QJsonObject ClusterDefinition::toJson() const
{
    QJsonObject object{{QStringLiteral("name"), name},
                       {QStringLiteral("layout"), layoutKey(layout)},
                       {QStringLiteral("devices"), QJsonArray::fromStringList(devices)},
                       {QStringLiteral("switchJumboFrames"), switchJumboFrames}};
    if (port)
        object.insert(QStringLiteral("port"), *port);
    if (!baseRange.isEmpty())
        object.insert(QStringLiteral("baseRange"), baseRange);
    return object;
}

std::optional<ClusterDefinition> ClusterDefinition::fromJson(const QJsonObject &object)
{
    ClusterDefinition cluster;
    cluster.name = object.value(QStringLiteral("name")).toString();
    const auto layout = layoutFromKey(object.value(QStringLiteral("layout")).toString());
    if (!layout || !isValidName(cluster.name))
        return std::nullopt;
    cluster.layout = *layout;
    for (const QJsonValue &value : object.value(QStringLiteral("devices")).toArray())
        cluster.devices.append(value.toString());
    if (object.contains(QStringLiteral("port")))
        cluster.port = object.value(QStringLiteral("port")).toInt();
    cluster.switchJumboFrames = object.value(QStringLiteral("switchJumboFrames")).toBool();
    cluster.baseRange = object.value(QStringLiteral("baseRange")).toString();
    return cluster;
}

bool ClusterDefinition::isValidName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$"));
    return pattern.match(name).hasMatch();
}

QString ClusterDefinition::nameRule()
{
    return QCoreApplication::translate("spark::ClusterStore",
                                       "A cluster name uses letters, digits, \".\", \"_\" and \"-\", starts with a letter or "
                                       "digit and has at most 63 characters.");
}

} // namespace spark
