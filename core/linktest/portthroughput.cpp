// SPDX-License-Identifier: MIT
#include "core/linktest/portthroughput.h"

#include <QMap>

#include <cmath>
#include <tuple>

namespace spark {

namespace {

struct Key
{
    QString link;
    LinkPhase phase;
    LinkDirection direction;
    friend bool operator==(const Key &, const Key &) = default;
};

qsizetype indexOf(const QList<Key> &keys, const Key &key)
{
    return keys.indexOf(key);
}

} // namespace

QList<PortThroughput> PortThroughput::fromSamples(const QList<LinkSample> &samples)
{
    QList<Key> keys;
    QList<std::array<QList<double>, 2>> values;
    for (const LinkSample &sample : samples) {
        if (sample.twin != 0 && sample.twin != 1)
            continue;
        const Key key{sample.link, sample.phase, sample.direction};
        qsizetype index = indexOf(keys, key);
        if (index < 0) {
            keys.append(key);
            values.append(std::array<QList<double>, 2>{});
            index = keys.size() - 1;
        }
        values[index][size_t(sample.twin)].append(sample.gbps);
    }
    QList<PortThroughput> result;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        PortThroughput port;
        port.link = keys.at(i).link;
        port.phase = keys.at(i).phase;
        port.direction = keys.at(i).direction;
        for (size_t twin = 0; twin < 2; ++twin) {
            const QList<double> &list = values.at(i)[twin];
            const qsizetype skip = list.size() >= 3 ? 1 : 0;
            double sum = 0;
            for (qsizetype k = skip; k < list.size(); ++k)
                sum += list.at(k);
            port.twinSamples[twin] = int(list.size() - skip);
            port.twinGbps[twin] = port.twinSamples[twin] > 0 ? sum / port.twinSamples[twin] : 0;
        }
        port.totalGbps = port.twinGbps[0] + port.twinGbps[1];
        result.append(port);
    }
    return result;
}

QList<LinkSample> PortThroughput::portTotals(const QList<LinkSample> &samples)
{
    // (key, second) → latest value per twin
    QList<Key> keys;
    QList<QMap<qint64, std::array<double, 2>>> buckets;
    for (const LinkSample &sample : samples) {
        if (sample.twin != 0 && sample.twin != 1)
            continue;
        const Key key{sample.link, sample.phase, sample.direction};
        qsizetype index = indexOf(keys, key);
        if (index < 0) {
            keys.append(key);
            buckets.append(QMap<qint64, std::array<double, 2>>{});
            index = keys.size() - 1;
        }
        // An interval ending at 3.00 s (or 3.01 s: iperf3's timer drifts) is second 3.
        const qint64 second = qint64(std::llround(sample.seconds));
        auto &bucket = buckets[index][second];
        bucket[size_t(sample.twin)] = sample.gbps;
    }
    QList<LinkSample> result;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        for (auto it = buckets.at(i).cbegin(); it != buckets.at(i).cend(); ++it) {
            LinkSample total;
            total.seconds = double(it.key());
            total.link = keys.at(i).link;
            total.twin = LinkSample::wholePort;
            total.phase = keys.at(i).phase;
            total.direction = keys.at(i).direction;
            total.gbps = it.value()[0] + it.value()[1];
            result.append(total);
        }
    }
    return result;
}

} // namespace spark
