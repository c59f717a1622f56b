// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace spark {

// One netdev of the ConnectX-7: each QSFP port appears twice ("twins"), once
// per PCIe x4 link. twin 0 is the PCIe domain 0 function (enp1s0…), twin 1 the
// domain 2 function (enP2p1s0…). Port 0 is the left cage, port 1 the right.
struct Cx7Interface
{
    int port = 0;
    int twin = 0;
    QString netdev;
    QString roceDevice;

    friend bool operator==(const Cx7Interface &, const Cx7Interface &) = default;
};

// The fixed CX-7 naming of a DGX Spark (DGX-SPARK.md). Minimal planning-side
// table: replace by core/facts/cx7.h once that lands.
namespace Cx7Ports {

// All four, ordered port 0 twin 0, port 0 twin 1, port 1 twin 0, port 1 twin 1.
const QList<Cx7Interface> &all();
// Exactly one of the four names, or nothing: the only interface names we ever
// put into a remote command.
std::optional<Cx7Interface> find(const QString &netdev);
Cx7Interface at(int port, int twin);
// The RJ-45 management port.
QString managementInterface();

} // namespace Cx7Ports
} // namespace spark
