// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/netconfig/addressplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace spark {

// One ping from a node's twin to a peer twin on the same subnet, full-size
// with don't-fragment, so a wrong MTU anywhere on the path shows.
struct PingCheck
{
    QString fromNode;
    QString netdev;
    QString toNode;
    QString toNetdev;
    QString address;
    int mtu = 1500;

    int payloadSize() const { return mtu - 28; } // IPv4 header 20 + ICMP header 8
    friend bool operator==(const PingCheck &, const PingCheck &) = default;
};

struct PingResult
{
    QString netdev;
    QString address;
    int transmitted = 0;
    int received = 0;
    double averageMs = 0;
    bool messageTooLong = false; // the local MTU is below the payload
    int exitCode = -1;

    bool ok() const { return exitCode == 0 && transmitted > 0 && received == transmitted; }
    friend bool operator==(const PingResult &, const PingResult &) = default;
};

// Every node pings every peer twin on each of its subnets.
class PingMesh
{
    Q_DECLARE_TR_FUNCTIONS(spark::PingMesh)

public:
    static QList<PingCheck> checks(const AddressPlan &plan);
    static QList<PingCheck> checksFrom(const AddressPlan &plan, const QString &node);
    // `ping -c 3 -i 0.2 -W 1 -M do -s MTU-28 -I IF ADDR`, validated and quoted
    // (0.2 s apart: the shortest interval ping allows a user).
    static Expected<QString> command(const PingCheck &check);
    // All of one node's pings in one remote command, run at once; each result
    // printed in order behind a marker.
    static Expected<QString> batchCommand(const QList<PingCheck> &checks);
    static Expected<QList<PingResult>> parse(const QString &output);
    // One sentence for a failed check: what failed between which ends, and what to do.
    static QString describeFailure(const PingCheck &check, const PingResult &result);
};

} // namespace spark
