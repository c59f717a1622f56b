// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/facts/nodefacts.h"
#include "core/netconfig/addressplan.h"
#include "core/topology/cablingplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <array>
#include <optional>

namespace spark {

// TCP with iperf3 (every Spark has it), or RDMA with perftest's ib_write_bw
// (what NVIDIA's bar is measured with; perftest must be installed).
enum class LinkTestMode { Tcp, Rdma };

// One twin of a link: the netdev and address at each end, and for the RDMA
// test the RoCE device behind each netdev with the index of the RoCE v2 GID of
// that address (empty / -1 where the probe did not see them).
struct LinkTwin
{
    QString netdevA;
    QString addressA;
    QString netdevB;
    QString addressB;
    QString rdmaDeviceA;
    int gidIndexA = -1;
    QString rdmaDeviceB;
    int gidIndexB = -1;
    // Where perftest's connection set-up reaches each end when it is not the
    // twin's own address (link-local twins: the node's management address).
    QString setupAddressA;
    QString setupAddressB;
};

// What the link test measures: a direct cable, or a node-to-switch leg paired
// with a peer's leg. End A runs the clients, end B the servers.
struct LinkTarget
{
    QString id;              // "spark-1:0-spark-2:1"
    QString label;           // "cable 1"
    bool throughSwitch = false;
    QString nodeA;
    int portA = 0;
    QString nodeB;
    int portB = 0;
    std::array<LinkTwin, 2> twins;
    int reportedSpeedMbps = 0; // the lowest ethtool speed over the netdevs with carrier (0: unknown)
    QStringList twinsWithoutCarrier; // "enP2p1s0f1np1 on spark-2", from the probe before the test
    QStringList narrowPcie;          // "enP2p1s0f0np0 on spark-1 at Gen5 x2"
    bool pcieKnownFull = false;      // every end's PCIe function read, all at Gen5 x4
};

// Which links to test and with which addresses, from the cabling plan, the
// cluster's address plan and what each node runs now. Switch legs are paired
// node 1 with node 2, node 3 with node 4, …; an odd last node with node 1.
class LinkTestPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::LinkTestPlanner)

public:
    // `facts` give the negotiated speeds (a node missing there: unknown) and
    // each netdev's RoCE device and GID table, read for the planned address. The
    // runner checks that the addresses are up when it starts. Fails, with what
    // to do, when the address plan lacks a link's addresses.
    static Expected<QList<LinkTarget>> plan(const CablingPlan &cabling, const AddressPlan &addresses,
                                            const QList<NodeFacts> &facts);

    // The links a test measures, in order, without their twins: every direct
    // cable, and the switch legs paired as above.
    static QList<LinkTarget> links(const CablingPlan &cabling);

    // What the probe said of the target's ends (its twins' netdevs set): the
    // slowest negotiated speed, twins without carrier, PCIe below Gen5 x4.
    static void describeEnds(LinkTarget &target, const QList<NodeFacts> &facts);

    // The one link named `wanted`, by its label ("cable 2") or id
    // ("spark-1:0-spark-2:1"); an error naming the links there are otherwise.
    static Expected<QList<LinkTarget>> only(const QList<LinkTarget> &links, const QString &wanted);

    // For the RDMA test: the first end without a RoCE device or GID index, as
    // the sentence to show; nothing when every end has both.
    static std::optional<Error> missingRoce(const QList<LinkTarget> &links);
};

} // namespace spark
