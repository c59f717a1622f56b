// SPDX-License-Identifier: MIT
#include "core/health/healthjson.h"

#include "core/hardware/cx7.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace spark::HealthJson {

namespace {

QJsonValue number(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonObject counters(const QMap<QString, quint64> &values)
{
    QJsonObject object;
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        object.insert(it.key(), double(it.value())); // JSON numbers: exact up to 2^53
    return object;
}

QJsonObject perSecond(const QMap<QString, double> &values)
{
    QJsonObject object;
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QJsonObject twin(const NetdevSnapshot &netdev, const NetdevRates *rates)
{
    QJsonObject object{{QStringLiteral("netdev"), netdev.name},
                       {QStringLiteral("twin"), netdev.twin},
                       {QStringLiteral("present"), netdev.present}};
    if (!netdev.present)
        return object;
    object.insert(QStringLiteral("operstate"), netdev.operstate);
    object.insert(QStringLiteral("carrier"), netdev.carrier ? QJsonValue(*netdev.carrier) : QJsonValue(QJsonValue::Null));
    object.insert(QStringLiteral("speedMbps"), netdev.speedMbps ? QJsonValue(double(*netdev.speedMbps)) : QJsonValue(QJsonValue::Null));
    object.insert(QStringLiteral("mtu"), netdev.mtu ? QJsonValue(*netdev.mtu) : QJsonValue(QJsonValue::Null));
    object.insert(QStringLiteral("rxGbps"), number(rates ? rates->rxGbps : std::nullopt));
    object.insert(QStringLiteral("txGbps"), number(rates ? rates->txGbps : std::nullopt));
    object.insert(QStringLiteral("perSecond"), rates ? perSecond(rates->perSecond) : QJsonObject{});
    object.insert(QStringLiteral("counters"), counters(netdev.counters));
    return object;
}

} // namespace

QJsonObject node(const QString &nodeName, const QDateTime &time, const std::optional<NodeSnapshot> &snapshot,
                 const std::optional<NodeRates> &rates, const QList<HealthAlert> &alerts)
{
    QJsonObject object{{QStringLiteral("time"), time.toUTC().toString(Qt::ISODateWithMs)},
                       {QStringLiteral("node"), nodeName},
                       {QStringLiteral("reachable"), snapshot.has_value()}};
    QJsonArray alertArray;
    for (const HealthAlert &alert : alerts) {
        if (alert.node == nodeName)
            alertArray.append(alert.toJson());
    }
    if (snapshot) {
        object.insert(QStringLiteral("uptime"), snapshot->uptimeSeconds);
        object.insert(QStringLiteral("restarted"), rates && rates->restarted);
        QJsonArray ports;
        for (int port = 0; port < cx7::portCount; ++port) {
            const PortRates *portRates = rates ? rates->portRates(port) : nullptr;
            QJsonArray twins;
            for (int t = 0; t < cx7::twinCount; ++t) {
                if (const NetdevSnapshot *netdev = snapshot->netdev(port, t))
                    twins.append(twin(*netdev, rates ? rates->netdev(port, t) : nullptr));
            }
            ports.append(QJsonObject{{QStringLiteral("port"), port},
                                     {QStringLiteral("side"), cx7::sideKey(port)},
                                     {QStringLiteral("rxGbps"), number(portRates ? portRates->rxGbps : std::nullopt)},
                                     {QStringLiteral("txGbps"), number(portRates ? portRates->txGbps : std::nullopt)},
                                     {QStringLiteral("perSecond"), portRates ? perSecond(portRates->perSecond) : QJsonObject{}},
                                     {QStringLiteral("twins"), twins}});
        }
        object.insert(QStringLiteral("ports"), ports);
        QJsonArray roce;
        for (const RoceSnapshot &device : snapshot->roce) {
            const RoceRates *deviceRates = nullptr;
            if (rates) {
                for (const RoceRates &r : rates->roce) {
                    if (r.device == device.device)
                        deviceRates = &r;
                }
            }
            roce.append(QJsonObject{{QStringLiteral("device"), device.device},
                                    {QStringLiteral("port"), device.port},
                                    {QStringLiteral("twin"), device.twin},
                                    {QStringLiteral("perSecond"), deviceRates ? perSecond(deviceRates->perSecond) : QJsonObject{}},
                                    {QStringLiteral("counters"), counters(device.counters)}});
        }
        object.insert(QStringLiteral("roce"), roce);
    }
    object.insert(QStringLiteral("alerts"), alertArray);
    return object;
}

QByteArray line(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace spark::HealthJson
