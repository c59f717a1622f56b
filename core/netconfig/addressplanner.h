// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/netconfig/addressplan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace spark {

// A network already in use on some node (an address or a route).
struct UsedSubnet
{
    QString node;
    QString cidr;   // "192.168.1.0/24", "172.17.0.0/16", "10.8.0.5"
    QString device; // "enP7s7", "docker0", … (may be empty)
};

struct AddressPlanOptions
{
    // Where the cluster's subnets are taken from (see README: 10.200.0.0/16).
    Ipv4Subnet base = defaultBase();
    int subnetPrefix = 24;
    // A switch keeps MTU 1500 unless the user confirms its ports take jumbo frames.
    bool switchJumboFrames = false;
    // The used subnets come from a probe of the nodes (false: none known yet).
    bool usedSubnetsKnown = true;

    static Ipv4Subnet defaultBase();
};

// Deterministic: the same cabling plan and used subnets always give the same
// addresses. Subnets already on a CX-7 netdev (our own earlier plan) are not
// "in use", so planning again after an apply gives the same plan.
class AddressPlanner
{
    Q_DECLARE_TR_FUNCTIONS(spark::AddressPlanner)

public:
    static constexpr int directMtu = 9000;
    static constexpr int jumboMtu = 9000;
    static constexpr int standardMtu = 1500;

    static Expected<AddressPlan> plan(const CablingPlan &cabling, const QList<UsedSubnet> &used,
                                      const AddressPlanOptions &options = {});
};

} // namespace spark
