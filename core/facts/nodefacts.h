// SPDX-License-Identifier: MIT
#pragma once

#include "core/facts/dgxrelease.h"
#include "core/facts/ethtool.h"
#include "core/facts/gidtable.h"
#include "core/facts/ibdev2netdev.h"
#include "core/facts/iproute.h"
#include "core/facts/networkconfig.h"
#include "core/facts/nvidiasmi.h"
#include "core/facts/pcielink.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace spark {

// One CX-7 netdev as the probe saw it. Netdevs may be absent (no cable in,
// CX-7 hot-plug): then only the table fields are set.
struct Cx7InterfaceFacts
{
    // From the CX-7 table (core/hardware/cx7.h).
    QString netdev;
    QString rdmaDevice;
    int port = 0;
    int twin = 0;

    bool present = false;               // /sys/class/net/<netdev> exists
    QString mac;
    std::optional<bool> carrier;        // sysfs carrier (unreadable while the interface is down)
    std::optional<int> sysfsSpeedMbps;  // sysfs speed (-1 there = unknown, kept as nothing)
    int mtu = 0;
    QString operstate;                  // "up", "down", …
    QString physPortName;               // "p0" / "p1" where readable
    QString pciAddress;                 // from the device symlink
    EthtoolLink link;
    EthtoolDriverInfo driverInfo;
    QList<IpAddress> addresses;         // from `ip -j addr`

    bool rdmaPresent = false;           // /sys/class/infiniband/<rdma>/ports/1 exists
    std::optional<bool> rdmaUp;         // from ibdev2netdev, else the port state
    QString rdmaState;                  // "4: ACTIVE"
    QString rdmaFirmware;               // fw_ver, "28.45.4028"
    QList<GidEntry> gids;
    std::optional<int> roceV2Ipv4GidIndex;

    // A cable is in and the link is up: carrier from sysfs, else ethtool's "Link detected".
    bool hasLink() const;
    // Negotiated speed: ethtool's, else sysfs'; nothing without a link (a netdev
    // without carrier has no negotiated speed, whatever sysfs or ethtool print).
    std::optional<int> speedMbps() const;
    QList<IpAddress> ipv4Addresses() const;
};

struct UserFacts
{
    QString name;
    int uid = -1;
    int gid = -1;
    QStringList groups;
};

enum class SudoAccess {
    Unknown,       // could not tell
    NoPassword,    // root, or NOPASSWD
    WithPassword,  // asks for the password; the user is in a sudo group
    Unavailable,   // sudo missing, or the user is not allowed
};

// Everything one probe learnt about one node.
struct NodeFacts
{
    QString node;            // the device's display name (set by the caller)
    bool complete = false;   // the probe ran to its end marker
    int probeFormat = 0;
    QStringList problems;    // technical notes on sections that could not be read

    QString hostname;
    DgxRelease release;
    QString osPrettyName;    // /etc/os-release PRETTY_NAME
    QString kernel;
    NvidiaSmiInfo gpu;

    QList<Cx7InterfaceFacts> cx7; // always the four of cx7::functions, in that order
    QList<RdmaNetdevLink> rdmaLinks;
    QList<IpInterface> interfaces;
    QList<IpRoute> routes;
    NetworkConfigScan networkConfig;
    QList<PcieFunctionFacts> pcie; // cx7::pciAddresses() order; empty from a probe before format 2
    KernelLogFacts kernelLog;

    UserFacts user;
    SudoAccess sudo = SudoAccess::Unknown;
    QString sudoDetail;      // what `sudo -n true` said
    bool sudoPasswordRejected = false; // a password was given on stdin and sudo refused it

    const Cx7InterfaceFacts *cx7Interface(const QString &netdev) const;
    // The CX-7 firmware (ethtool -i of the first netdev that has it, else the RoCE fw_ver).
    QString cx7Firmware() const;
    // Ports (0/1) with a link on at least one twin: a cable is in and the far end is up.
    QList<int> cabledPorts() const;
    // IPv4 networks already in use on the node (addresses and every route).
    QStringList occupiedSubnets() const;
    const PcieFunctionFacts *pcieFunction(const QString &address) const;

    QJsonObject toJson() const;
};

QString sudoAccessKey(SudoAccess access);

} // namespace spark
