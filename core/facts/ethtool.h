// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

namespace spark {

// `ethtool IF`: the negotiated link.
struct EthtoolLink
{
    bool valid = false;                // the output had a "Settings for" block
    std::optional<int> speedMbps;      // "Speed: 200000Mb/s"; nothing for "Unknown!"
    QString duplex;                    // "Full", "Half", or empty when unknown
    QString portType;                  // "Direct Attach Copper", "Other", …
    std::optional<bool> autoNegotiation;
    std::optional<bool> linkDetected;  // "Link detected: yes"
};

// `ethtool -i IF`: the driver and the NIC firmware.
struct EthtoolDriverInfo
{
    bool valid = false;
    QString driver;          // "mlx5_core"
    QString version;         // "6.17.0-1029-nvidia"
    QString firmwareVersion; // "28.45.4028 (NVD0000000087)"
    QString busInfo;         // "0000:01:00.0"

    // The firmware number without the PSID in brackets: "28.45.4028".
    QString firmwareNumber() const;
};

EthtoolLink parseEthtool(const QString &text);
EthtoolDriverInfo parseEthtoolDriverInfo(const QString &text);

} // namespace spark
