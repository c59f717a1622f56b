// SPDX-License-Identifier: MIT
#include "core/nccl/nccltestrun.h"

#include <QJsonArray>

namespace spark {

namespace {

QJsonArray strings(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

QStringList strings(const QJsonValue &value)
{
    QStringList list;
    for (const auto &item : value.toArray())
        list.append(item.toString());
    return list;
}

QJsonObject placementJson(const NcclPlacement &placement)
{
    QJsonObject object{{QStringLiteral("timeUs"), placement.timeUs},
                       {QStringLiteral("algbwGBps"), placement.algbwGBps},
                       {QStringLiteral("busbwGBps"), placement.busbwGBps}};
    object.insert(QStringLiteral("wrong"), placement.wrong ? QJsonValue(double(*placement.wrong)) : QJsonValue());
    return object;
}

NcclPlacement placementFromJson(const QJsonObject &object)
{
    NcclPlacement placement;
    placement.timeUs = object.value(QStringLiteral("timeUs")).toDouble();
    placement.algbwGBps = object.value(QStringLiteral("algbwGBps")).toDouble();
    placement.busbwGBps = object.value(QStringLiteral("busbwGBps")).toDouble();
    if (object.value(QStringLiteral("wrong")).isDouble())
        placement.wrong = qint64(object.value(QStringLiteral("wrong")).toDouble());
    return placement;
}

QJsonArray cableChecksJson(const QList<NcclCableCheck> &checks)
{
    QJsonArray array;
    for (const NcclCableCheck &check : checks)
        array.append(QJsonObject{{QStringLiteral("cable"), check.cable},
                                 {QStringLiteral("method"), check.method},
                                 {QStringLiteral("slowestGbps"), check.slowestGbps},
                                 {QStringLiteral("pass"), check.verdict.pass},
                                 {QStringLiteral("reason"), LinkVerdict::reasonKey(check.verdict.reason)},
                                 {QStringLiteral("sentence"), check.verdict.sentence}});
    return array;
}

QList<NcclCableCheck> cableChecksFromJson(const QJsonValue &value)
{
    QList<NcclCableCheck> checks;
    for (const auto &item : value.toArray()) {
        const QJsonObject object = item.toObject();
        const LinkVerdictReason reason = LinkVerdict::reasonFromKey(object.value(QStringLiteral("reason")).toString());
        checks.append(NcclCableCheck{object.value(QStringLiteral("cable")).toString(),
                                     object.value(QStringLiteral("method")).toString(),
                                     object.value(QStringLiteral("slowestGbps")).toDouble(),
                                     LinkVerdict{object.value(QStringLiteral("pass")).toBool(), reason,
                                                 object.value(QStringLiteral("sentence")).toString()}});
    }
    return checks;
}

} // namespace

QJsonObject NcclTestRun::toJson() const
{
    QJsonArray rowArray;
    for (const NcclSizeRow &row : rows)
        rowArray.append(QJsonObject{{QStringLiteral("bytes"), double(row.bytes)},
                                    {QStringLiteral("count"), double(row.count)},
                                    {QStringLiteral("type"), row.type},
                                    {QStringLiteral("redop"), row.redop},
                                    {QStringLiteral("busbwGBps"), row.busbwGBps()},
                                    {QStringLiteral("outOfPlace"), placementJson(row.outOfPlace)},
                                    {QStringLiteral("inPlace"), placementJson(row.inPlace)}});
    QJsonObject object{
        {QStringLiteral("cluster"), cluster},
        {QStringLiteral("layout"), layoutKey(layout)},
        {QStringLiteral("collective"), NcclTestPlan::collectiveKey(request.collective)},
        {QStringLiteral("minBytes"), double(request.minBytes)},
        {QStringLiteral("maxBytes"), double(request.maxBytes)},
        {QStringLiteral("stepFactor"), request.stepFactor},
        {QStringLiteral("iterations"), request.iterations},
        {QStringLiteral("warmup"), request.warmup},
        {QStringLiteral("started"), started.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("elapsedMs"), double(elapsedMs)},
        {QStringLiteral("mpirunMs"), double(mpirunMs)},
        {QStringLiteral("scale"), scale},
        {QStringLiteral("nodes"), strings(nodes)},
        {QStringLiteral("mpirun"), strings(mpirun)},
        {QStringLiteral("ncclVersions"), strings(ncclVersions)},
        {QStringLiteral("rows"), rowArray},
        {QStringLiteral("network"), network},
        {QStringLiteral("exitCode"), exitCode},
        {QStringLiteral("failureLines"), strings(failureLines)},
        {QStringLiteral("cableChecks"), cableChecksJson(cableChecks)},
        {QStringLiteral("pass"), verdict.pass},
        {QStringLiteral("reason"), NcclVerdict::reasonKey(verdict.reason)},
        {QStringLiteral("sentence"), verdict.sentence},
    };
    object.insert(QStringLiteral("averageBusbwGBps"), averageBusbwGBps ? QJsonValue(*averageBusbwGBps) : QJsonValue());
    return object;
}

QString NcclTestRun::toCsv() const
{
    QString text = QStringLiteral("size,busbw,algbw,time_us,wrong\n");
    for (const NcclSizeRow &row : rows)
        text += QStringLiteral("%1,%2,%3,%4,%5\n")
                    .arg(QString::number(row.bytes), QString::number(row.busbwGBps(), 'g', 6),
                         QString::number(row.algbwGBps(), 'g', 6), QString::number(row.outOfPlace.timeUs, 'g', 8),
                         QString::number(row.wrong()));
    return text;
}

std::optional<NcclTestRun> NcclTestRun::fromJson(const QJsonObject &object)
{
    NcclTestRun run;
    run.cluster = object.value(QStringLiteral("cluster")).toString();
    const auto layout = layoutFromKey(object.value(QStringLiteral("layout")).toString());
    const auto collective = NcclTestPlan::collectiveFromKey(object.value(QStringLiteral("collective")).toString());
    const auto reason = NcclVerdict::reasonFromKey(object.value(QStringLiteral("reason")).toString());
    run.started = QDateTime::fromString(object.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
    if (run.cluster.isEmpty() || !layout || !collective || !reason || !run.started.isValid())
        return std::nullopt;
    run.layout = *layout;
    run.request.collective = *collective;
    run.request.minBytes = qint64(object.value(QStringLiteral("minBytes")).toDouble());
    run.request.maxBytes = qint64(object.value(QStringLiteral("maxBytes")).toDouble());
    run.request.stepFactor = object.value(QStringLiteral("stepFactor")).toInt(2);
    run.request.iterations = object.value(QStringLiteral("iterations")).toInt(20);
    run.request.warmup = object.value(QStringLiteral("warmup")).toInt(5);
    run.elapsedMs = qint64(object.value(QStringLiteral("elapsedMs")).toDouble());
    run.mpirunMs = qint64(object.value(QStringLiteral("mpirunMs")).toDouble());
    run.scale = object.value(QStringLiteral("scale")).toDouble(1.0);
    run.nodes = strings(object.value(QStringLiteral("nodes")));
    run.mpirun = strings(object.value(QStringLiteral("mpirun")));
    run.ncclVersions = strings(object.value(QStringLiteral("ncclVersions")));
    for (const auto &value : object.value(QStringLiteral("rows")).toArray()) {
        const QJsonObject row = value.toObject();
        run.rows.append(NcclSizeRow{qint64(row.value(QStringLiteral("bytes")).toDouble()),
                                    qint64(row.value(QStringLiteral("count")).toDouble()),
                                    row.value(QStringLiteral("type")).toString(), row.value(QStringLiteral("redop")).toString(),
                                    placementFromJson(row.value(QStringLiteral("outOfPlace")).toObject()),
                                    placementFromJson(row.value(QStringLiteral("inPlace")).toObject())});
    }
    if (object.value(QStringLiteral("averageBusbwGBps")).isDouble())
        run.averageBusbwGBps = object.value(QStringLiteral("averageBusbwGBps")).toDouble();
    run.network = object.value(QStringLiteral("network")).toString();
    run.exitCode = object.value(QStringLiteral("exitCode")).toInt(-1);
    run.failureLines = strings(object.value(QStringLiteral("failureLines")));
    run.cableChecks = cableChecksFromJson(object.value(QStringLiteral("cableChecks")));
    run.verdict = NcclVerdict{*reason == NcclVerdictReason::Pass, *reason, object.value(QStringLiteral("sentence")).toString()};
    return run;
}

} // namespace spark
