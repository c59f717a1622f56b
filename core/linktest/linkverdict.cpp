// SPDX-License-Identifier: MIT
#include "core/linktest/linkverdict.h"

#include <QCoreApplication>

#include <algorithm>

namespace spark {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("spark::LinkVerdict", text);
}

QString capitalised(QString text)
{
    if (!text.isEmpty())
        text[0] = text.at(0).toUpper();
    return text;
}

constexpr double fullSpeedMbps = 200000;
// NVIDIA's proposed per-twin preflight reports 8–25 Gb/s as the degraded
// initialisation (DGX-SPARK.md; the field saw 12.9–13.2 Gb/s), on real
// hardware where a healthy port carries the 184 Gb/s bar.
constexpr double realPortGbps = 184;
constexpr double degradedTwinLowGbps = 8;
constexpr double degradedTwinHighGbps = 25;
constexpr double idleTwinFraction = 0.25;
constexpr double noTrafficFraction = 0.01;
constexpr double lossPercentLimit = 1.0;
constexpr double retransmitLimit = 0.002;

LinkVerdict make(LinkVerdictReason reason, QString sentence)
{
    return LinkVerdict{reason == LinkVerdictReason::Pass, reason, std::move(sentence)};
}

} // namespace

QString LinkVerdict::formatGbps(double gbps)
{
    if (gbps >= 10)
        return QString::number(gbps, 'f', 0);
    if (gbps >= 1)
        return QString::number(gbps, 'f', 1);
    return QString::number(gbps, 'f', 2);
}

std::pair<QString, QString> LinkVerdict::formatGbpsApart(double first, double second)
{
    const double larger = std::max(first, second);
    int decimals = larger >= 10 ? 0 : larger >= 1 ? 1 : 2;
    for (; decimals < 3; ++decimals) {
        if (QString::number(first, 'f', decimals) != QString::number(second, 'f', decimals))
            break;
    }
    return {QString::number(first, 'f', decimals), QString::number(second, 'f', decimals)};
}

QString LinkVerdict::reasonKey(LinkVerdictReason reason)
{
    switch (reason) {
    case LinkVerdictReason::Pass:
        return QStringLiteral("pass");
    case LinkVerdictReason::NoTraffic:
        return QStringLiteral("no-traffic");
    case LinkVerdictReason::SpeedNegotiation:
        return QStringLiteral("speed-negotiation");
    case LinkVerdictReason::Degraded:
        return QStringLiteral("degraded");
    case LinkVerdictReason::PacketLoss:
        return QStringLiteral("packet-loss");
    case LinkVerdictReason::OneTwinIdle:
        return QStringLiteral("one-twin-idle");
    case LinkVerdictReason::BelowExpected:
        return QStringLiteral("below-expected");
    case LinkVerdictReason::TwinDown:
        return QStringLiteral("twin-down");
    case LinkVerdictReason::PcieLink:
        return QStringLiteral("pcie-link");
    }
    return {};
}

LinkVerdictReason LinkVerdict::reasonFromKey(const QString &key)
{
    for (auto reason : {LinkVerdictReason::Pass, LinkVerdictReason::NoTraffic, LinkVerdictReason::SpeedNegotiation,
                        LinkVerdictReason::Degraded, LinkVerdictReason::PacketLoss, LinkVerdictReason::OneTwinIdle,
                        LinkVerdictReason::BelowExpected, LinkVerdictReason::TwinDown, LinkVerdictReason::PcieLink}) {
        if (reasonKey(reason) == key)
            return reason;
    }
    return LinkVerdictReason::NoTraffic;
}

LinkVerdict LinkVerdict::judge(const LinkObservation &o, const LinkExpectation &expectation)
{
    const double expected = expectation.expectedGbps();
    const double total = o.throughput.totalGbps;
    const QString label = o.linkLabel;
    const QString measured = formatGbps(total);
    const QString port = QString::number(o.port);

    // Known from the probe before the test: it explains a twin (or a whole
    // phase) that carried nothing better than any measurement can.
    if (o.twinsWithoutCarrier.size() >= 4)
        return make(LinkVerdictReason::NoTraffic,
                    tr("No twin of %1 has carrier (%2): plug the cable in at both ends (pull tab up) and switch both Sparks on.")
                        .arg(label, o.twinsWithoutCarrier.join(QStringLiteral(", "))));
    if (!o.twinsWithoutCarrier.isEmpty())
        return make(LinkVerdictReason::TwinDown,
                    (o.twinsWithoutCarrier.size() == 1
                         ? tr("%1 runs on one twin only: %2 has no carrier (down), so the link carries half of what it should. "
                              "Reseat the cable at both ends (pull tab up); if the interface was switched off, switch it on; "
                              "a restart of both Sparks with the cables in also helps.")
                         : tr("%1 runs on one twin only: %2 have no carrier (down), so the link carries half of what it should. "
                              "Reseat the cable at both ends (pull tab up); if the interface was switched off, switch it on; "
                              "a restart of both Sparks with the cables in also helps."))
                        .arg(capitalised(label), o.twinsWithoutCarrier.join(tr(" and "))));
    if (total <= expected * noTrafficFraction)
        return make(LinkVerdictReason::NoTraffic,
                    tr("No traffic crossed %1: check that the cable is plugged in at both ends and that both Sparks have their link addresses.")
                        .arg(label));
    if (o.reportedSpeedMbps > 0 && o.reportedSpeedMbps < fullSpeedMbps) {
        const QString speed = QString::number(o.reportedSpeedMbps / 1000);
        if (o.throughSwitch)
            return make(LinkVerdictReason::SpeedNegotiation,
                        tr("Port %1 of %2 negotiated %3G instead of 200G: set the switch port to 200G (for example 200G-baseCR4) with auto-negotiation off.")
                            .arg(port, o.nodeName, speed));
        return make(LinkVerdictReason::SpeedNegotiation,
                    tr("Port %1 of %2 negotiated %3G instead of 200G: use a cable rated for 200 Gb/s or more (an approved QSFP112 DAC) and seat it firmly.")
                        .arg(port, o.nodeName, speed));
    }
    if (!o.narrowPcie.isEmpty() && total < expected)
        return make(LinkVerdictReason::PcieLink,
                    tr("%1 reaches %2 Gb/s: %3, below the PCIe Gen5 x4 each twin needs. Update the firmware and BIOS "
                       "through the guided update, then reboot.")
                        .arg(capitalised(label), measured, o.narrowPcie.join(QStringLiteral(", "))));
    const double twinLow = std::min(o.throughput.twinGbps[0], o.throughput.twinGbps[1]);
    const double twinHigh = std::max(o.throughput.twinGbps[0], o.throughput.twinGbps[1]);
    const double bandScale = expected / realPortGbps;
    // Both twins slow alike (one idle twin is its own verdict), each at most
    // 25 Gb/s and together at least 8 Gb/s at real scale.
    if (o.reportedSpeedMbps >= fullSpeedMbps && twinHigh <= degradedTwinHighGbps * bandScale
        && total >= degradedTwinLowGbps * bandScale && twinLow >= twinHigh * idleTwinFraction)
        return make(LinkVerdictReason::Degraded,
                    (o.pcieKnownFull ? tr("%1 carries %2 Gb/s (%3 and %4 per twin) while the link reports 200G and PCIe Gen5 x4: "
                                          "the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in.")
                                     : tr("%1 carries %2 Gb/s (%3 and %4 per twin) while the link reports 200G: "
                                          "the known degraded initialisation after boot or hot-plug — reboot both Sparks with the cables in."))
                        .arg(capitalised(label), measured, formatGbps(o.throughput.twinGbps[0]), formatGbps(o.throughput.twinGbps[1])));
    if (o.pingLossPercent >= lossPercentLimit || o.retransmitFraction >= retransmitLimit)
        return make(LinkVerdictReason::PacketLoss, capitalised(tr("packet loss on %1: reseat or replace the cable.").arg(label)));
    if (twinLow < twinHigh * idleTwinFraction)
        return make(LinkVerdictReason::OneTwinIdle,
                    tr("Port %1 of %2 reaches %3 Gb/s: one twin carries no traffic — both twins must be addressed.")
                        .arg(port, o.nodeName, measured));
    if (total < expected) {
        const auto [shown, bar] = formatGbpsApart(total, expected);
        const int percentBelow = std::max(1, int(std::lround((expected - total) / expected * 100)));
        return make(LinkVerdictReason::BelowExpected,
                    capitalised(tr("%1 reaches %2 Gb/s, %4 % below the %3 Gb/s expected: run the test again with nothing else on the link, and reseat the cable if it stays low.")
                                    .arg(label, shown, bar)
                                    .arg(percentBelow)));
    }
    const auto [shown, bar] = formatGbpsApart(total, expected);
    return make(LinkVerdictReason::Pass, capitalised(tr("%1 reaches %2 Gb/s (%3 Gb/s expected).").arg(label, shown, bar)));
}

LinkVerdict LinkVerdict::judge(const QList<LinkObservation> &observations, const LinkExpectation &expectation)
{
    if (observations.isEmpty())
        return make(LinkVerdictReason::NoTraffic, tr("The link was not measured: run the link test again."));
    std::optional<LinkVerdict> slowestPass;
    double slowest = 0;
    for (const LinkObservation &observation : observations) {
        LinkVerdict verdict = judge(observation, expectation);
        if (!verdict.pass)
            return verdict;
        if (!slowestPass || observation.throughput.totalGbps < slowest) {
            slowest = observation.throughput.totalGbps;
            slowestPass = std::move(verdict);
        }
    }
    return *slowestPass;
}

} // namespace spark
