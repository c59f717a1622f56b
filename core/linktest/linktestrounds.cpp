// SPDX-License-Identifier: MIT
#include "core/linktest/linktestrounds.h"

#include <QSet>

#include <algorithm>

namespace spark {

namespace {

constexpr double portGbps = 200;
constexpr double tcpGbpsPerCore = 25;

QString portKey(const QString &node, int port)
{
    return node + QLatin1Char(':') + QString::number(port);
}

struct Round
{
    QList<int> links;
    QSet<QString> ports;
    QHash<QString, int> ends; // node → its link ends in this round
};

bool fits(const Round &round, const LinkTarget &link, const QHash<QString, int> &cores, double endCores)
{
    if (round.ports.contains(portKey(link.nodeA, link.portA)) || round.ports.contains(portKey(link.nodeB, link.portB)))
        return false;
    for (const QString &node : {link.nodeA, link.nodeB}) {
        const int ends = round.ends.value(node) + (link.nodeA == node) + (link.nodeB == node);
        if (ends > 1 && ends * endCores > cores.value(node))
            return false;
    }
    return true;
}

} // namespace

double LinkTestRounds::coresPerEnd(LinkTestMode mode, int streams)
{
    if (mode == LinkTestMode::Rdma)
        return 2 * 2;
    const double carried = 2 * portGbps;
    return std::min(carried / tcpGbpsPerCore, 2.0 * 2 * std::max(streams, 1));
}

QList<QList<int>> LinkTestRounds::plan(const QList<LinkTarget> &links, const QHash<QString, int> &cores,
                                       double endCores, bool sideBySide)
{
    QList<Round> rounds;
    for (int index = 0; index < links.size(); ++index) {
        const LinkTarget &link = links.at(index);
        auto round = sideBySide ? std::find_if(rounds.begin(), rounds.end(),
                                               [&](const Round &r) { return fits(r, link, cores, endCores); })
                                : rounds.end();
        if (round == rounds.end()) {
            rounds.append(Round{});
            round = rounds.end() - 1;
        }
        round->links.append(index);
        round->ports.insert(portKey(link.nodeA, link.portA));
        round->ports.insert(portKey(link.nodeB, link.portB));
        ++round->ends[link.nodeA];
        ++round->ends[link.nodeB];
    }
    QList<QList<int>> planned;
    for (const Round &round : rounds)
        planned.append(round.links);
    return planned;
}

QHash<QString, int> LinkTestRounds::linksPerNode(const QList<LinkTarget> &links, const QList<QList<int>> &rounds)
{
    QHash<QString, int> most;
    for (const QList<int> &round : rounds) {
        QHash<QString, int> count;
        for (int index : round) {
            const LinkTarget &link = links.at(index);
            ++count[link.nodeA];
            if (link.nodeB != link.nodeA)
                ++count[link.nodeB];
        }
        for (auto it = count.cbegin(); it != count.cend(); ++it)
            most[it.key()] = std::max(most.value(it.key()), it.value());
    }
    return most;
}

QList<int> LinkTestRounds::toConfirmAlone(const QList<QList<int>> &rounds, const QList<LinkVerdictReason> &reasons)
{
    QList<int> again;
    for (const QList<int> &round : rounds) {
        if (round.size() < 2)
            continue;
        for (int index : round) {
            const LinkVerdictReason reason = reasons.value(index, LinkVerdictReason::Pass);
            if (reason == LinkVerdictReason::BelowExpected || reason == LinkVerdictReason::OneTwinIdle
                || reason == LinkVerdictReason::Degraded || reason == LinkVerdictReason::NoTraffic)
                again.append(index);
        }
    }
    std::sort(again.begin(), again.end());
    return again;
}

} // namespace spark
