// SPDX-License-Identifier: MIT
#include "core/linktest/linktestrun.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <optional>

namespace spark {

namespace {

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvNumber(double value)
{
    return QString::number(value, 'f', 3);
}

LinkPhase phaseFromKey(const QString &key)
{
    if (key == u"b-to-a")
        return LinkPhase::BToA;
    if (key == u"both")
        return LinkPhase::Both;
    return LinkPhase::AToB;
}

QJsonObject throughputToJson(const PortThroughput &port)
{
    return {{QStringLiteral("phase"), linkPhaseKey(port.phase)},
            {QStringLiteral("direction"), linkDirectionKey(port.direction)},
            {QStringLiteral("twin0Gbps"), port.twinGbps[0]},
            {QStringLiteral("twin1Gbps"), port.twinGbps[1]},
            {QStringLiteral("twin0Samples"), port.twinSamples[0]},
            {QStringLiteral("twin1Samples"), port.twinSamples[1]},
            {QStringLiteral("totalGbps"), port.totalGbps}};
}

PortThroughput throughputFromJson(const QJsonObject &object, const QString &link)
{
    PortThroughput port;
    port.link = link;
    port.phase = phaseFromKey(object.value(QStringLiteral("phase")).toString());
    port.direction = object.value(QStringLiteral("direction")).toString() == u"b-to-a" ? LinkDirection::BToA
                                                                                       : LinkDirection::AToB;
    port.twinGbps = {object.value(QStringLiteral("twin0Gbps")).toDouble(),
                     object.value(QStringLiteral("twin1Gbps")).toDouble()};
    port.twinSamples = {object.value(QStringLiteral("twin0Samples")).toInt(),
                        object.value(QStringLiteral("twin1Samples")).toInt()};
    port.totalGbps = object.value(QStringLiteral("totalGbps")).toDouble();
    return port;
}


// A reading as [seconds, twin (-1: the port), phase, direction, Gb/s]: a run
// of a ring keeps some 400 of them per link, so they are kept short.
QJsonArray sampleToJson(const LinkSample &sample)
{
    return {std::round(sample.seconds * 100) / 100, sample.twin, linkPhaseKey(sample.phase),
            linkDirectionKey(sample.direction), std::round(sample.gbps * 10000) / 10000};
}

std::optional<LinkSample> sampleFromJson(const QJsonValue &value, const QString &link)
{
    const QJsonArray fields = value.toArray();
    if (fields.size() != 5 || !fields.at(0).isDouble() || !fields.at(4).isDouble())
        return std::nullopt;
    const int twin = fields.at(1).toInt(-2);
    if (twin != 0 && twin != 1 && twin != LinkSample::wholePort)
        return std::nullopt;
    return LinkSample{fields.at(0).toDouble(), link, twin, phaseFromKey(fields.at(2).toString()),
                      fields.at(3).toString() == u"b-to-a" ? LinkDirection::BToA : LinkDirection::AToB,
                      fields.at(4).toDouble()};
}

} // namespace

double LinkResult::slowestPortGbps() const
{
    double slowest = -1;
    for (const PortThroughput &port : throughput)
        slowest = slowest < 0 ? port.totalGbps : std::min(slowest, port.totalGbps);
    return std::max(slowest, 0.0);
}

QJsonObject LinkResult::toJson() const
{
    QJsonArray measurements;
    for (const PortThroughput &port : throughput)
        measurements.append(throughputToJson(port));
    QJsonObject object{{QStringLiteral("link"), link},
            {QStringLiteral("label"), label},
            {QStringLiteral("nodeA"), nodeA},
            {QStringLiteral("portA"), portA},
            {QStringLiteral("nodeB"), nodeB},
            {QStringLiteral("portB"), portB},
            {QStringLiteral("method"), method},
            {QStringLiteral("throughput"), measurements},
            {QStringLiteral("latencyUs"), latencyUs},
            {QStringLiteral("lossPercent"), lossPercent},
            {QStringLiteral("pass"), verdict.pass},
            {QStringLiteral("reason"), LinkVerdict::reasonKey(verdict.reason)},
            {QStringLiteral("verdict"), verdict.sentence}};
    if (!samples.isEmpty()) {
        QJsonArray readings;
        for (const LinkSample &sample : samples)
            readings.append(sampleToJson(sample));
        object.insert(QStringLiteral("samples"), readings);
    }
    return object;
}

LinkResult LinkResult::fromJson(const QJsonObject &object)
{
    LinkResult result;
    result.link = object.value(QStringLiteral("link")).toString();
    result.label = object.value(QStringLiteral("label")).toString();
    result.nodeA = object.value(QStringLiteral("nodeA")).toString();
    result.portA = object.value(QStringLiteral("portA")).toInt();
    result.nodeB = object.value(QStringLiteral("nodeB")).toString();
    result.portB = object.value(QStringLiteral("portB")).toInt();
    result.method = object.value(QStringLiteral("method")).toString();
    for (const auto &value : object.value(QStringLiteral("throughput")).toArray())
        result.throughput.append(throughputFromJson(value.toObject(), result.link));
    result.latencyUs = object.value(QStringLiteral("latencyUs")).toDouble(-1);
    result.lossPercent = object.value(QStringLiteral("lossPercent")).toDouble();
    result.verdict.pass = object.value(QStringLiteral("pass")).toBool();
    result.verdict.reason = LinkVerdict::reasonFromKey(object.value(QStringLiteral("reason")).toString());
    result.verdict.sentence = object.value(QStringLiteral("verdict")).toString();
    for (const auto &value : object.value(QStringLiteral("samples")).toArray()) {
        if (const auto sample = sampleFromJson(value, result.link))
            result.samples.append(*sample);
    }
    return result;
}

bool LinkTestRun::passed() const
{
    return !links.isEmpty() && std::all_of(links.cbegin(), links.cend(), [](const LinkResult &l) { return l.verdict.pass; });
}

QJsonObject LinkTestRun::toJson() const
{
    QJsonArray array;
    for (const LinkResult &link : links)
        array.append(link.toJson());
    return {{QStringLiteral("cluster"), cluster},
            {QStringLiteral("started"), started.toUTC().toString(Qt::ISODateWithMs)},
            {QStringLiteral("scale"), scale},
            {QStringLiteral("expectedGbps"), expectedGbps},
            {QStringLiteral("passed"), passed()},
            {QStringLiteral("links"), array}};
}

Expected<LinkTestRun> LinkTestRun::fromJson(const QJsonObject &object)
{
    LinkTestRun run;
    run.cluster = object.value(QStringLiteral("cluster")).toString();
    run.started = QDateTime::fromString(object.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    if (run.cluster.isEmpty() || !run.started.isValid())
        return Error(QCoreApplication::translate("spark::LinkTestRun", "A saved link test result is damaged and was skipped."),
                     QStringLiteral("link test run without cluster or start time"));
    run.started = run.started.toUTC();
    run.scale = object.value(QStringLiteral("scale")).toDouble(1.0);
    run.expectedGbps = object.value(QStringLiteral("expectedGbps")).toDouble(184);
    for (const auto &value : object.value(QStringLiteral("links")).toArray())
        run.links.append(LinkResult::fromJson(value.toObject()));
    return run;
}

QString LinkTestRun::toCsv() const
{
    QStringList lines{QStringLiteral(
        "cluster,started,link,label,node_a,port_a,node_b,port_b,method,phase,direction,"
        "twin0_gbps,twin1_gbps,total_gbps,expected_gbps,latency_us,loss_percent,pass,reason,verdict")};
    const QString when = started.toUTC().toString(Qt::ISODate);
    for (const LinkResult &link : links) {
        const auto row = [&](const QString &phase, const QString &direction, const QString &t0, const QString &t1,
                             const QString &total) {
            lines.append(QStringList{csvField(cluster), when, csvField(link.link), csvField(link.label),
                                     csvField(link.nodeA), QString::number(link.portA), csvField(link.nodeB),
                                     QString::number(link.portB), csvField(link.method), phase, direction, t0, t1,
                                     total, csvNumber(expectedGbps * scale),
                                     link.latencyUs < 0 ? QString() : csvNumber(link.latencyUs),
                                     csvNumber(link.lossPercent),
                                     link.verdict.pass ? QStringLiteral("pass") : QStringLiteral("fail"),
                                     LinkVerdict::reasonKey(link.verdict.reason), csvField(link.verdict.sentence)}
                             .join(QLatin1Char(',')));
        };
        if (link.throughput.isEmpty())
            row({}, {}, {}, {}, {});
        for (const PortThroughput &port : link.throughput)
            row(linkPhaseKey(port.phase), linkDirectionKey(port.direction), csvNumber(port.twinGbps[0]),
                csvNumber(port.twinGbps[1]), csvNumber(port.totalGbps));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace spark
