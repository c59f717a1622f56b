// SPDX-License-Identifier: MIT
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace spark {

namespace {
class Text
{
    Q_DECLARE_TR_FUNCTIONS(spark::CablingPlan)
};

QJsonObject endJson(const PortEnd &end)
{
    return QJsonObject{{QStringLiteral("node"), end.node}, {QStringLiteral("port"), end.port}};
}
} // namespace

QString layoutKey(ClusterLayout layout)
{
    switch (layout) {
    case ClusterLayout::Direct2:
        return QStringLiteral("direct2");
    case ClusterLayout::Ring3:
        return QStringLiteral("ring3");
    case ClusterLayout::Switch:
        return QStringLiteral("switch");
    }
    return {};
}

std::optional<ClusterLayout> layoutFromKey(const QString &key)
{
    for (ClusterLayout layout : {ClusterLayout::Direct2, ClusterLayout::Ring3, ClusterLayout::Switch}) {
        if (layoutKey(layout) == key)
            return layout;
    }
    return std::nullopt;
}

const Cable *CablingPlan::cableAt(const PortEnd &end) const
{
    for (const Cable &cable : cables) {
        if (cable.from == end || (cable.to && *cable.to == end))
            return &cable;
    }
    return nullptr;
}

QStringList CablingPlan::describe() const
{
    QStringList lines;
    for (const Cable &cable : cables)
        lines.append(CablingText::cable(cable));
    for (const PortEnd &end : emptyPorts)
        lines.append(Text::tr("Stays empty: %1").arg(CablingText::end(end)));
    return lines;
}

QJsonObject CablingPlan::toJson() const
{
    QJsonArray cableArray;
    for (const Cable &cable : cables) {
        QJsonObject object{{QStringLiteral("number"), cable.number},
                           {QStringLiteral("from"), endJson(cable.from)},
                           {QStringLiteral("text"), CablingText::cable(cable)}};
        object.insert(QStringLiteral("to"), cable.to ? QJsonValue(endJson(*cable.to)) : QJsonValue(QStringLiteral("switch")));
        cableArray.append(object);
    }
    QJsonArray emptyArray;
    for (const PortEnd &end : emptyPorts)
        emptyArray.append(endJson(end));
    return QJsonObject{{QStringLiteral("layout"), layoutKey(layout)},
                       {QStringLiteral("nodes"), QJsonArray::fromStringList(nodes)},
                       {QStringLiteral("cables"), cableArray},
                       {QStringLiteral("emptyPorts"), emptyArray}};
}

namespace CablingText {

QString portLabel(int port)
{
    return port == 0 ? Text::tr("left port (Port 0)") : Text::tr("right port (Port 1)");
}

QString end(const PortEnd &end)
{
    return Text::tr("%1, %2").arg(end.node, portLabel(end.port));
}

QString cable(const Cable &cable)
{
    const QString target = cable.to ? end(*cable.to) : Text::tr("a free 200G port on the switch");
    return Text::tr("Cable %1: %2 → %3").arg(cable.number).arg(end(cable.from), target);
}

} // namespace CablingText
} // namespace spark
