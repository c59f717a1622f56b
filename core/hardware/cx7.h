// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>

namespace spark {

// One ConnectX-7 function of a DGX Spark as the OS names it. The NIC reaches
// the SoC over two PCIe Gen5 x4 links, so each QSFP port appears twice
// ("twins"): full 200 G needs both twins of a port addressed and used.
struct Cx7Function
{
    const char *netdev;      // "enp1s0f0np0"
    const char *rdmaDevice;  // "rocep1s0f0" (RoCE device under /sys/class/infiniband)
    int port;                // 0 = left QSFP (next to the RJ-45), 1 = right QSFP (outer)
    int twin;                // 0 = PCIe domain 0000, 1 = PCIe domain 0002
    const char *pciAddress;  // "0000:01:00.0" (ethtool -i bus-info)
    const char *physPortName; // sysfs phys_port_name: "p0" / "p1"

    QString netdevName() const { return QString::fromLatin1(netdev); }
    QString rdmaDeviceName() const { return QString::fromLatin1(rdmaDevice); }
    QString pciAddressString() const { return QString::fromLatin1(pciAddress); }
};

// The fixed CX-7 name table of a DGX Spark (and of OEM GB10 boxes, which use
// the same NIC and names). One source for every module that names ports:
// facts, topology, netconfig, linktest, health.
namespace cx7 {

inline constexpr int portCount = 2;
inline constexpr int twinCount = 2;

// In hardware order: port 0 twin 0, port 0 twin 1, port 1 twin 0, port 1 twin 1.
inline constexpr std::array<Cx7Function, 4> functions{{
    {"enp1s0f0np0", "rocep1s0f0", 0, 0, "0000:01:00.0", "p0"},
    {"enP2p1s0f0np0", "roceP2p1s0f0", 0, 1, "0002:01:00.0", "p0"},
    {"enp1s0f1np1", "rocep1s0f1", 1, 0, "0000:01:00.1", "p1"},
    {"enP2p1s0f1np1", "roceP2p1s0f1", 1, 1, "0002:01:00.1", "p1"},
}};

// The PCIe root ports the two CX-7 links hang off (one per PCIe domain). AER
// errors of a CX-7 function are often counted here rather than on the function.
inline constexpr std::array<const char *, 2> rootPorts{{"0000:00:00.0", "0002:00:00.0"}};

// The RJ-45 10 GbE management port (not part of the CX-7).
inline constexpr const char *managementNetdev = "enP7s7";

// The function with this netdev / RoCE device name, or nullptr (case-sensitive:
// "enP2p1s0f0np0" has a capital P).
const Cx7Function *findByNetdev(QStringView netdev);
const Cx7Function *findByRdmaDevice(QStringView rdmaDevice);
const Cx7Function *find(int port, int twin);

// The other function of the same QSFP port.
const Cx7Function &twinOf(const Cx7Function &function);

bool isCx7Netdev(QStringView netdev);

// All four netdev / RoCE device names in hardware order; or those of one port.
QStringList netdevNames();
QStringList rdmaDeviceNames();
QStringList netdevNamesOfPort(int port);
// The four CX-7 PCIe functions, then the two root ports: what the probe reads in /sys/bus/pci.
QStringList pciAddresses();

// Where the port is on the rear panel, seen from behind: "left" or "right"
// (stable keys for JSON and code), and the translated words for people.
QString sideKey(int port);
QString sideLabel(int port);

} // namespace cx7
} // namespace spark
