// SPDX-License-Identifier: MIT
#pragma once

#include "core/linktest/portthroughput.h"

#include <QList>
#include <QStringList>
#include <QString>

#include <utility>

namespace spark {

// What a healthy port reaches. NVIDIA Sync passes a link above 184 Gb/s per
// port on real hardware; the emulated cluster runs slower by its rate_scale
// (sparklab reports it), so every threshold is multiplied by scale.
struct LinkExpectation
{
    double portGbps = 184;
    double scale = 1.0;
    double expectedGbps() const { return portGbps * scale; }
};

// What one measurement of one port showed, with the facts the verdict needs.
struct LinkObservation
{
    QString linkLabel;          // how people call the link: "cable 2", "Spark A to the switch"
    QString nodeName;           // the Spark whose port this is: "Spark B"
    int port = 0;               // 0 or 1
    bool throughSwitch = false;
    PortThroughput throughput;
    int reportedSpeedMbps = 0;  // ethtool's Speed over the twins with carrier (0: unknown)
    double retransmitFraction = 0; // TCP: retransmitted / sent segments (0…1)
    double pingLossPercent = 0;
    QStringList twinsWithoutCarrier; // "enP2p1s0f1np1 on Spark B": a twin of either end that is down
    QStringList narrowPcie;          // "enP2p1s0f0np0 on Spark B at Gen5 x2": below PCIe Gen5 x4
    bool pcieKnownFull = false;      // every function of both ends read at Gen5 x4
};

enum class LinkVerdictReason {
    Pass,
    NoTraffic,
    SpeedNegotiation,
    Degraded,
    PacketLoss,
    OneTwinIdle,
    BelowExpected,
    TwinDown,
    PcieLink,
};

struct LinkVerdict
{
    bool pass = false;
    LinkVerdictReason reason = LinkVerdictReason::NoTraffic;
    QString sentence; // one sentence: what was measured and what to do

    static QString reasonKey(LinkVerdictReason reason); // "pass", "one-twin-idle", … (files, JSON)
    static LinkVerdictReason reasonFromKey(const QString &key);

    // The verdict for one measurement. Rules, first match wins:
    // a twin without carrier (from the probe) → that twin is down, named (a
    // netdev without carrier has no speed, so it is never "negotiated 10G");
    // nothing crossed → no traffic;
    // negotiated below 200G → speed advice; below expected on a PCIe link
    // narrower than Gen5 x4 → firmware/BIOS update; both twins at 8–25 Gb/s
    // (scaled) while ethtool says 200G → degraded initialisation, reboot;
    // ping loss ≥ 1 % or TCP retransmits ≥ 0.2 % → reseat the cable;
    // a twin below 25 % of the other → both twins must be addressed;
    // below expected → test again / reseat; else pass.
    static LinkVerdict judge(const LinkObservation &observation, const LinkExpectation &expectation);
    // A link's verdict over all its measurements (directions, both at once):
    // the first failing one, or a pass naming the slowest total.
    static LinkVerdict judge(const QList<LinkObservation> &observations, const LinkExpectation &expectation);

    // "190", "95", "1.8", "0.95": Gb/s figures as people read them.
    static QString formatGbps(double gbps);
    // Two figures at one precision, the least that tells them apart (at most
    // thousandths): "1.47" below "1.50", never "1.5" below "1.5".
    static std::pair<QString, QString> formatGbpsApart(double first, double second);
};

} // namespace spark
